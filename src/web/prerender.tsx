import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routeTable } from './route-table';
import { buildRoutes } from './router';

export interface PrerenderedPage {
  path: string;
  html: string;
  title: string;
  description: string;
}

// DESIGN decision 8: public pages are rendered to HTML at build time.
export async function renderPage(path: string): Promise<PrerenderedPage> {
  const entry = routeTable.find((candidate) => candidate.path === path);
  if (!entry?.prerender) throw new Error(`${path} is not a prerendered route`);
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { path, html, title: entry.title, description: entry.description ?? '' };
}

export { prerenderedPaths } from './route-table';
