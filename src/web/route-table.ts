import type { ComponentType } from 'react';
import { INTRO_POST_PATH, PRODUCT_NAME } from '~/shared/brand';

// spec 2, route table — one entry per row; the router and the prerenderer are both built from this.
export type Access = 'public' | 'guest' | 'signed-in' | 'admin';
export type Layout = 'site' | 'auth' | 'app';

export interface RouteEntry {
  path: string;
  access: Access;
  layout: Layout;
  title: string;
  description?: string;
  // Prerendered to HTML at build time (DESIGN decision 8); such a page renders while auth is still loading.
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

const app = (path: string, title: string, load: RouteEntry['load'], access: Access = 'signed-in'): RouteEntry => ({
  path,
  access,
  layout: 'app',
  title: `${title} — ${PRODUCT_NAME}`,
  load,
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
    load: () => import('./site/landing-page'),
  },
  auth('/register', 'Apply for beta', () => import('./auth/register-page')),
  auth('/verify-email', 'Verify your email', () => import('./auth/verify-email-page')),
  auth('/forgot-password', 'Forgot password', () => import('./auth/forgot-password-page')),
  auth('/reset-password', 'Reset password', () => import('./auth/reset-password-page')),

  app('/dashboard', 'Dashboard', () => import('./workspace/dashboard-page')),
  app('/profile', 'Profile', () => import('./workspace/profile-settings-page')),
  app('/profile-settings', 'Profile Settings', () => import('./workspace/profile-settings-page')),
  app('/ai-mode', 'AI Mode', () => import('./workspace/ai-mode-page')),
  app('/calendar', 'Calendar', () => import('./workspace/calendar-page')),
  app('/zoom-meeting', 'Zoom Meeting', () => import('./workspace/zoom-meeting-page')),
  app('/whiteboard', 'Whiteboard', () => import('./workspace/whiteboard-page')),
  app('/apps', 'Apps', () => import('./workspace/apps-page')),
  app('/admin', 'Admin Panel', () => import('./workspace/admin-page'), 'admin'),

  site('/features', 'Features', 'Every Tessera module in eight categories.', () => import('./site/pages/features-page')),
  site('/integrations', 'Integrations', 'Connect Tessera with GitHub, Google Workspace, Figma, Slack and the REST API.', () => import('./site/pages/integrations-page')),
  site('/pricing', 'Pricing', 'Flat pricing by team size: free up to 3 users, $50 up to 15, $200 up to 100.', () => import('./site/pages/pricing-page')),
  site('/changelog', 'Changelog', 'What changed in each Tessera beta release.', () => import('./site/pages/changelog-page')),
  site('/roadmap', 'Roadmap', 'What we finished, what we are building and what comes next.', () => import('./site/pages/roadmap-page')),
  site('/docs', 'Documentation', 'Guides and reference for setting up and running Tessera.', () => import('./site/pages/docs-page')),
  site('/docs/api', 'API reference', 'The Tessera REST API: authentication, rate limits, endpoints and webhooks.', () => import('./site/pages/api-docs-page')),
  site('/guides', 'Guides', 'Step-by-step guides for teams working in Tessera.', () => import('./site/pages/guides-page')),
  site('/blog', 'Blog', 'Product notes and ideas from the Tessera team.', () => import('./site/pages/blog-page')),
  site(INTRO_POST_PATH, `Introducing ${PRODUCT_NAME}`, `Why we built ${PRODUCT_NAME} and what it does for teams.`, () => import('./site/pages/blog-introducing-page')),
  site('/blog/ai-productivity', 'AI and team productivity', 'How AI task creation saves teams time without taking over.', () => import('./site/pages/blog-ai-productivity-page')),
  site('/blog/flat-pricing', 'Why flat pricing', 'Why Tessera charges per team, not per seat.', () => import('./site/pages/blog-flat-pricing-page')),
  site('/community', 'Community', 'Where Tessera users meet, ask and share.', () => import('./site/pages/community-page')),
  site('/about', 'About', 'The team and the idea behind Tessera.', () => import('./site/pages/about-page')),
  site('/careers', 'Careers', 'Join the Tessera team: remote, full-time roles.', () => import('./site/pages/careers-page')),
  site('/contact', 'Contact', 'Reach the Tessera team: general questions and support.', () => import('./site/pages/contact-page')),
  site('/privacy', 'Privacy Policy', 'How Tessera collects, uses and protects your data.', () => import('./site/pages/privacy-page')),
  site('/terms', 'Terms of Service', 'The terms for using Tessera, including billing.', () => import('./site/pages/terms-page')),
];

export const prerenderedPaths = routeTable.filter((entry) => entry.prerender).map((entry) => entry.path);
