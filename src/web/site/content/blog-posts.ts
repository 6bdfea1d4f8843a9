import { INTRO_POST_PATH, PRODUCT_NAME } from '#src/shared/brand.ts';

// Each post is a page of its own: the route table makes one prerendered row per post from this list.
// The list goes with every page (the route table is in the entry), so the posts' text is in
// blog-post-bodies.ts, loaded with a post's own page.
export interface BlogPost {
  path: string;
  // The browser tab and search results: `${pageTitle} — Tessera`, with the description under it.
  pageTitle: string;
  description: string;
  title: string;
  summary: string;
  readTime: string;
  date: string;
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
  },
  {
    path: '/blog/ai-productivity',
    pageTitle: 'AI and team productivity',
    description: 'How AI task creation saves teams time without taking over.',
    title: 'AI that drafts, people who decide',
    summary: 'How AI task creation takes the chores out of planning without taking over the board.',
    readTime: '4 min read',
    date: 'October 2, 2025',
  },
  {
    path: '/blog/flat-pricing',
    pageTitle: 'Why flat pricing',
    description: 'Why Tessera charges per team, not per seat.',
    title: 'Why we charge per team, not per seat',
    summary: 'Per-seat pricing punishes teams for inviting the people they work with. Flat pricing by team size does not.',
    readTime: '3 min read',
    date: 'October 20, 2025',
  },
];
