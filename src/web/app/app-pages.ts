import type { ComponentType } from 'react';

// The signed-in app's pages by their path in the route table, and the frames around them. This module is
// a chunk of its own, fetched with the first of them: Vite lists, beside each dynamic import, every file the imported code needs (so
// they download at once rather than one import after another), and the lists of these pages' files were
// a third of the landing page's own code in the entry.
export const appPages = {
  '/dashboard': () => import('#src/web/clients/dashboard-page.tsx'),
  '/clients': () => import('#src/web/clients/clients-page.tsx'),
  '/clients/:clientId': () => import('#src/web/clients/client-page.tsx'),
  '/portal': () => import('#src/web/portal/portal-page.tsx'),
  '/profile': () => import('#src/web/app/profile-settings-page.tsx'),
  '/profile-settings': () => import('#src/web/app/profile-settings-page.tsx'),
  '/ai-mode': () => import('#src/web/ai/ai-mode-page.tsx'),
  '/calendar': () => import('#src/web/calendar/calendar-page.tsx'),
  '/chat': () => import('#src/web/chat/chat-page.tsx'),
  '/pages': () => import('#src/web/docs/docs-page.tsx'),
  '/pages/:pageId': () => import('#src/web/docs/docs-page.tsx'),
  '/analytics': () => import('#src/web/analytics/analytics-page.tsx'),
  '/zoom-meeting': () => import('#src/web/coming-soon/zoom-meeting-page.tsx'),
  '/whiteboard': () => import('#src/web/coming-soon/whiteboard-page.tsx'),
  '/apps': () => import('#src/web/apps/apps-page.tsx'),
  '/apps/github': () => import('#src/web/github/github-page.tsx'),
  '/apps/slack-import': () => import('#src/web/apps/slack-import-page.tsx'),
  '/workspace-settings': () => import('#src/web/app/workspace-settings-page.tsx'),
  '/admin': () => import('#src/web/admin/admin-page.tsx'),
  '/board': () => import('#src/web/board/board-page.tsx'),
  '/my-work': () => import('#src/web/app/my-work-page.tsx'),
  '/notifications': () => import('#src/web/notifications/inbox-page.tsx'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type AppPagePath = keyof typeof appPages;

export const appFrames = {
  shell: () => import('./app-layout.tsx'),
  portal: () => import('./portal-frame.tsx'),
};
