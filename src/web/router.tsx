import { useEffect } from 'react';
import { AuthLayout, LoginRedirect, RootLayout, SiteLayout } from './layouts';
import { Guard } from './route-guards';
import { routeTable, type RouteEntry } from './route-table';
import { Navigate, preloadable, useLocation } from './routing';

// Each route's code is its own chunk, loaded on demand.
const pages = new Map(routeTable.map((entry) => [entry.path, preloadable(entry.load)]));
const AppShell = preloadable(() => import('./workspace/app-shell'));

// '/about/' is '/about'.
export function findRoute(pathname: string): RouteEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routeTable.find((entry) => entry.path === path);
}

// A route's code is in place before it is shown: a prerendered page hydrates with it, and a new page
// replaces the current one only once it can render.
export async function preloadRoute(pathname: string): Promise<void> {
  const entry = findRoute(pathname);
  if (!entry) return;
  await Promise.all([pages.get(entry.path)!.preload(), entry.layout === 'app' ? AppShell.preload() : null]);
}

function RouteContent({ entry }: { entry: RouteEntry }) {
  const Page = pages.get(entry.path)!;
  // A prerendered page shows its content while the auth check runs, so the HTML and the first render agree.
  const page = (
    <Guard access={entry.access} optimistic={entry.prerender}>
      <Page />
    </Guard>
  );
  if (entry.layout === 'site') return <SiteLayout>{page}</SiteLayout>;
  if (entry.layout === 'auth') return <AuthLayout>{page}</AuthLayout>;
  // The shell is guarded with the rule of the page inside it, so /admin shows the route guard's loader
  // ('Verifying access...') and sends a non-admin away before any of the shell appears.
  return (
    <Guard access={entry.access}>
      <AppShell>{page}</AppShell>
    </Guard>
  );
}

export function App() {
  const { pathname } = useLocation();
  const entry = findRoute(pathname);
  useEffect(() => {
    if (entry) document.title = entry.title;
  }, [entry]);
  let content;
  if (entry) content = <RouteContent entry={entry} />;
  else if (pathname === '/login') content = <LoginRedirect />;
  else content = <Navigate to="/" replace />;
  return <RootLayout>{content}</RootLayout>;
}
