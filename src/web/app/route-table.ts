import type { ComponentType } from 'react';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { hasParams } from '#src/web/routing/match-path.ts';
import type { AppPagePath } from './app-pages.ts';
import { blogPosts } from '#src/web/site/content/blog-posts.ts';
import { INVITATION_PAGE } from '#src/shared/workspaces/invitation-link.ts';
import { UNSUBSCRIBE_UPDATES_PAGE } from '#src/shared/campaigns/paths.ts';
import { UNSUBSCRIBE_PAGE } from '#src/shared/notifications/paths.ts';

// spec 2, route table — one entry per row; the router and the prerenderer are both built from this.
// 'applicant': signed in, waiting for beta approval (product rules A3).
export type Access = 'public' | 'guest' | 'signed-in' | 'admin' | 'applicant';
// 'portal': the client portal's own frame, never the member shell.
export type Layout = 'site' | 'auth' | 'app' | 'portal';

export interface RouteEntry {
  // A fixed path, or a pattern with `:name` segments (`/invitations/:token`) read with useParams.
  path: string;
  access: Access;
  layout: Layout;
  title: string;
  description?: string;
  // Prerendered to HTML at build time (product rules D8); such a page renders while auth is still loading.
  // Only a fixed path can be: a pattern names no file to write.
  prerender?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

const site = (path: string, title: string, description: string, load: RouteEntry['load']): RouteEntry => ({
  path,
  access: 'public',
  layout: 'site',
  title: `${title} — ${PRODUCT_NAME}`,
  description,
  prerender: true,
  load,
});

const app = (path: AppPagePath, title: string, access: Access = 'signed-in'): RouteEntry => ({
  path,
  access,
  layout: 'app',
  title: `${title} — ${PRODUCT_NAME}`,
  load: () => import('./app-pages.ts').then((pages) => pages.appPages[path]()),
});

const auth = (path: string, title: string, load: RouteEntry['load']): RouteEntry => ({
  path,
  access: 'guest',
  layout: 'auth',
  title: `${title} — ${PRODUCT_NAME}`,
  load,
});

export const routeTable: RouteEntry[] = [
  {
    path: '/',
    access: 'guest',
    layout: 'site',
    title: `${PRODUCT_NAME} — Kanban, chat, docs and a client portal for your team`,
    description: `${PRODUCT_NAME} brings boards, chat, docs, analytics, AI tasks and a client portal into one workspace, at one flat price per team.`,
    prerender: true,
    load: () => import('#src/web/site/landing-page.tsx'),
  },
  auth('/register', 'Apply for beta', () => import('#src/web/auth/register-page.tsx')),
  auth('/verify-email', 'Verify your email', () => import('#src/web/auth/verify-email-page.tsx')),
  auth('/forgot-password', 'Forgot password', () => import('#src/web/auth/forgot-password-page.tsx')),
  auth('/reset-password', 'Reset password', () => import('#src/web/auth/reset-password-page.tsx')),

  app('/dashboard', 'Dashboard'),
  app('/clients', 'Clients'),
  app('/clients/:clientId', 'Client'),
  { ...app('/portal', 'Client portal'), layout: 'portal' },
  app('/profile', 'Profile'),
  app('/profile-settings', 'Profile Settings'),
  app('/ai-mode', 'AI Mode'),
  app('/calendar', 'Calendar'),
  app('/chat', 'Chat'),
  // Docs: the page tree and the live editor (Tiptap and Yjs load with these two routes only).
  app('/pages', 'Docs'),
  app('/pages/:pageId', 'Docs'),
  // The workspace's analytics (its chart library loads with this page only).
  app('/analytics', 'Analytics'),
  app('/zoom-meeting', 'Zoom Meeting'),
  app('/whiteboard', 'Whiteboard'),
  app('/apps', 'Apps'),
  app('/apps/github', 'GitHub'),
  app('/apps/slack-import', 'Import from Slack'),
  app('/workspace-settings', 'Workspace settings'),
  // Open to everyone — the page itself tells a guest, the invited person and anyone else apart.
  { ...auth(INVITATION_PAGE, 'Workspace invitation', () => import('#src/web/workspaces/invitation-page.tsx')), access: 'public' },
  // A campaign email's unsubscribe link: works for anyone holding it, signed in or not.
  { ...auth(UNSUBSCRIBE_UPDATES_PAGE, 'Unsubscribe', () => import('#src/web/clients/unsubscribe-updates-page.tsx')), access: 'public' },
  // A notification email's one-click unsubscribe: the signed token is the proof, no sign-in.
  { ...auth(UNSUBSCRIBE_PAGE, 'Unsubscribe', () => import('#src/web/notifications/unsubscribe-page.tsx')), access: 'public' },
  app('/admin', 'Admin Panel', 'admin'),
  // The board of the current workspace, and the Home panel's Inbox, Assigned Comments and My Tasks.
  app('/board', 'Board'),
  app('/my-work', 'My work'),
  app('/notifications', 'Notifications'),

  site('/features', 'Features', 'Every Tessera module in eight categories.', () => import('#src/web/site/pages/features-page.tsx')),
  site(
    '/integrations',
    'Integrations',
    'Connect Tessera with GitHub, Google Workspace, Figma, Slack and the REST API.',
    () => import('#src/web/site/pages/integrations-page.tsx'),
  ),
  site(
    '/pricing',
    'Pricing',
    'Flat pricing by team size: free up to 3 users, $50 up to 15, $200 up to 100.',
    () => import('#src/web/site/pages/pricing-page.tsx'),
  ),
  site('/changelog', 'Changelog', 'What changed in each Tessera beta release.', () => import('#src/web/site/pages/changelog-page.tsx')),
  site(
    '/roadmap',
    'Roadmap',
    'What we finished, what we are building and what comes next.',
    () => import('#src/web/site/pages/roadmap-page.tsx'),
  ),
  site(
    '/docs',
    'Documentation',
    'Guides and reference for setting up and running Tessera.',
    () => import('#src/web/site/pages/docs-page.tsx'),
  ),
  site(
    '/docs/api',
    'API reference',
    'The Tessera REST API: authentication, rate limits, endpoints and webhooks.',
    () => import('#src/web/site/pages/api-docs-page.tsx'),
  ),
  site('/guides', 'Guides', 'Step-by-step guides for teams working in Tessera.', () => import('#src/web/site/pages/guides-page.tsx')),
  site('/blog', 'Blog', 'Product notes and ideas from the Tessera team.', () => import('#src/web/site/pages/blog-page.tsx')),
  // spec 2: one page per post, all drawn by one component from the posts list.
  ...blogPosts.map((post) => site(post.path, post.pageTitle, post.description, () => import('#src/web/site/pages/blog-post-page.tsx'))),
  site('/community', 'Community', 'Where Tessera users meet, ask and share.', () => import('#src/web/site/pages/community-page.tsx')),
  site('/about', 'About', 'The team and the idea behind Tessera.', () => import('#src/web/site/pages/about-page.tsx')),
  site('/careers', 'Careers', 'Join the Tessera team: remote, full-time roles.', () => import('#src/web/site/pages/careers-page.tsx')),
  site(
    '/contact',
    'Contact',
    'Reach the Tessera team: general questions and support.',
    () => import('#src/web/site/pages/contact-page.tsx'),
  ),
  site(
    '/privacy',
    'Privacy Policy',
    'How Tessera collects, uses and protects your data.',
    () => import('#src/web/site/pages/privacy-page.tsx'),
  ),
  site('/terms', 'Terms of Service', 'The terms for using Tessera, including billing.', () => import('#src/web/site/pages/terms-page.tsx')),
  // WAITLIST_PAGE (src/shared/waitlist-page.ts), written out so this table imports nothing more.
  { ...auth('/on-the-list', "You're on the list", () => import('#src/web/auth/waitlist-page.tsx')), access: 'applicant' },
];

export const prerenderedPaths = routeTable.filter((entry) => entry.prerender && !hasParams(entry.path)).map((entry) => entry.path);
