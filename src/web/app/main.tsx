import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadRoute } from './router.tsx';
import { browserHistory, type Location } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { apiPath } from '#src/shared/accounts/paths.ts';
import { portalPaths } from '#src/shared/clients/paths.ts';
import { workspacePaths, type WorkspacesResponse } from '#src/shared/workspaces/paths.ts';
import { peekEarlyRead, readEarly } from '#src/web/lib/api-client.ts';
import { rememberedReads } from '#src/web/lib/remembered-reads.ts';
import { startScrollMemory } from '#src/web/routing/scroll-memory.ts';

// A navigation shows the next page once its code is in place; should that fail, the router reloads.
const prepare = (location: Location) => preloadRoute(location.pathname);

// The first page's code is fetched before the first render; should that fail, rendering tries again.
const preloadFirst = () => preloadRoute(window.location.pathname).catch(() => undefined);

async function start() {
  const container = document.getElementById('root')!;
  // A public page comes prerendered and shows nothing that waits on the session; an app page's data does,
  // and on the portal check and the workspace list the signed-in layout asks for before any page.
  const prerendered = container.firstElementChild !== null;
  if (!prerendered) {
    const { pathname, search } = window.location;
    // What this page read at this address last time goes out with them, not after the list.
    const remembered = rememberedReads(pathname + search);
    readEarly([apiPath.currentUser, portalPaths.mine, workspacePaths.list, ...remembered]);
    // The page's own first reads follow from the list; should their code fail to load, the page asks itself.
    const list = peekEarlyRead<WorkspacesResponse>(workspacePaths.list);
    import('./page-first-reads.ts').then(({ readPageEarly }) => readPageEarly(list, pathname, search, remembered)).catch(() => undefined);
  }
  await preloadFirst();
  startScrollMemory();
  const app = (
    <StrictMode>
      <RouterProvider history={browserHistory()} prepare={prepare} scroll>
        <App />
      </RouterProvider>
    </StrictMode>
  );
  // Hydrated as a transition, React yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (Lighthouse's total blocking time, docs/performance.md).
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
