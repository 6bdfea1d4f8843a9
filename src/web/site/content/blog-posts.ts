import { INTRO_POST_PATH, PRODUCT_NAME } from '#src/shared/brand.ts';

// Each post is a page of its own: the route table makes one prerendered row per post from this list.
export interface BlogPost {
  path: string;
  // The browser tab and search results: `${pageTitle} — Tessera`, with the description under it.
  pageTitle: string;
  description: string;
  title: string;
  summary: string;
  readTime: string;
  date: string;
  body: Array<{ heading?: string; paragraphs: string[] }>;
}

// spec 2: three posts — product intro 5 min, AI productivity 4 min, flat pricing 3 min.
export const blogPosts: BlogPost[] = [
  {
    path: INTRO_POST_PATH,
    pageTitle: `Introducing ${PRODUCT_NAME}`,
    description: `Why we built ${PRODUCT_NAME} and what it does for teams.`,
    title: 'Introducing Tessera',
    summary:
      'Boards, chat, docs, a client portal, analytics and AI tasks in one workspace — and why we stopped stitching five tools together.',
    readTime: '5 min read',
    date: 'September 15, 2025',
    body: [
      {
        paragraphs: [
          'Most teams we spoke to ran their week across five tools: a board for tasks, a chat app, a docs tool, a spreadsheet for client updates and a dashboard nobody opened. Each tool was fine. The gaps between them were not: decisions lived in chat, tasks lived on the board, and clients asked for status by email.',
          'Tessera puts those pieces in one workspace, the way the tiles of a mosaic make one picture.',
        ],
      },
      {
        heading: 'What is in the beta',
        paragraphs: [
          'Kanban boards with custom fields and automations. Team chat with threads that link to tasks. Docs that live beside the work they describe. A client portal where clients see progress without a login to your internals. Analytics on cycle time and workload. And AI task creation that turns meeting notes into tasks with owners and dates.',
        ],
      },
      {
        heading: 'Who it is for',
        paragraphs: [
          'Agencies, studios and product teams of 3 to 100 people who work with clients or stakeholders outside the team. Every feature is on every plan; the price depends only on team size.',
        ],
      },
      {
        heading: 'How to join',
        paragraphs: [
          'The beta is invite-only while we work closely with the first teams. Apply, tell us how your team works today, and we will reach out when a slot opens.',
        ],
      },
    ],
  },
  {
    path: '/blog/ai-productivity',
    pageTitle: 'AI and team productivity',
    description: 'How AI task creation saves teams time without taking over.',
    title: 'AI that drafts, people who decide',
    summary: 'How AI task creation takes the chores out of planning without taking over the board.',
    readTime: '4 min read',
    date: 'October 2, 2025',
    body: [
      {
        paragraphs: [
          'The slowest part of a planning meeting is not the discussion; it is turning the discussion into tasks afterwards. Tessera’s AI reads your notes and proposes tasks with a title, an owner, a due date and labels.',
        ],
      },
      {
        heading: 'Drafts, not decisions',
        paragraphs: [
          'Every AI task arrives as a draft. Someone on the team accepts, edits or discards it, and nothing lands on a board without a person saying yes.',
        ],
      },
      {
        heading: 'Where it helps most',
        paragraphs: [
          'Turning meeting notes into tasks, summarising a long chat thread into decisions, and writing the weekly digest for a client. Each of these is a chore with a clear shape, which is where AI is reliable.',
        ],
      },
    ],
  },
  {
    path: '/blog/flat-pricing',
    pageTitle: 'Why flat pricing',
    description: 'Why Tessera charges per team, not per seat.',
    title: 'Why we charge per team, not per seat',
    summary: 'Per-seat pricing punishes teams for inviting the people they work with. Flat pricing by team size does not.',
    readTime: '3 min read',
    date: 'October 20, 2025',
    body: [
      {
        paragraphs: [
          'With per-seat pricing, every new teammate is a purchase decision. Teams respond by sharing logins or leaving people out, and the tool ends up describing only part of the work.',
        ],
      },
      {
        heading: 'Three prices',
        paragraphs: [
          'Tessera is free up to 3 users, $50 a month up to 15 users (about $3.33 per user) and $200 a month up to 100 users ($2 per user). Every feature is on every tier. If your team grows past a tier’s limit, it moves to the next tier automatically.',
        ],
      },
      {
        heading: 'Beta rates stay',
        paragraphs: [
          'Teams that join during the beta keep these rates. Paid plans are billed monthly, you can cancel any time, and we give 30 days’ notice before any price change.',
        ],
      },
    ],
  },
];
