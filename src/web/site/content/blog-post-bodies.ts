import { INTRO_POST_PATH } from '#src/shared/brand.ts';

export interface BlogPostPart {
  heading?: string;
  paragraphs: string[];
}

// Each post's text by its path (the posts themselves are listed in blog-posts.ts).
export const blogPostBodies: Record<string, BlogPostPart[]> = {
  [INTRO_POST_PATH]: [
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
  '/blog/ai-productivity': [
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
  '/blog/flat-pricing': [
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
};
