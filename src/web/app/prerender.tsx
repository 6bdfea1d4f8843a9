import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, preloadRoute } from './router.tsx';
import { prerenderedPaths, routeTable } from './route-table.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { staticHistory } from '#src/web/routing/history.ts';

export interface PrerenderedPage {
  path: string;
  html: string;
  title: string;
  description: string;
}

// product rules D8: public pages are rendered to HTML at build time.
export async function renderPage(path: string): Promise<PrerenderedPage> {
  const entry = routeTable.find((candidate) => candidate.path === path);
  if (!entry?.prerender) throw new Error(`${path} is not a prerendered route`);
  await preloadRoute(path);
  const html = renderToString(
    <StrictMode>
      <RouterProvider history={staticHistory(path)}>
        <App />
      </RouterProvider>
    </StrictMode>,
  );
  return { path, html, title: entry.title, description: entry.description ?? '' };
}

export { prerenderedPaths };

// The paths the app shell answers (the server sends every other unknown path to /, spec 2): every row of
// the route table that has no prerendered file, patterns like /invitations/:token included, and /login,
// which the router itself turns into the sign-in dialog.
export const appRoutePaths = [...routeTable.map((entry) => entry.path).filter((path) => !prerenderedPaths.includes(path)), '/login'];
