import { useEffect, useMemo } from 'react';
import { AuthLayout, LoginRedirect, RootLayout, SiteLayout } from './layouts.tsx';
import { Guard } from './route-guards.tsx';
import { routeTable } from './route-table.ts';
import { Navigate } from '#src/web/routing/links.tsx';
import { ErrorBoundary } from '#src/web/ui/error-boundary.tsx';
import { PageError } from '#src/web/ui/page-error.tsx';
import { routeMatcher } from '#src/web/routing/match-path.ts';
import { ParamsProvider } from '#src/web/routing/params.tsx';
import { preloadable } from '#src/web/routing/preloadable.tsx';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { useFollowDeviceTheme } from '#src/web/lib/theme.ts';

// Each route's code is its own chunk, loaded on demand; its component is made once, here.
const routes = routeTable.map((entry) => ({ ...entry, Page: preloadable(entry.load) }));
type Route = (typeof routes)[number];
const AppShell = preloadable(async () => (await import('./app-pages.ts')).appFrames.shell());
const PortalFrame = preloadable(async () => (await import('./app-pages.ts')).appFrames.portal());

// The row for a pathname and its decoded params; '/about/' is '/about'.
export const findRoute = routeMatcher(routes);

// A route's code is in place before it is shown: a prerendered page hydrates with it, and a new page
// replaces the current one only once it can render.
export async function preloadRoute(pathname: string): Promise<void> {
  const entry = findRoute(pathname)?.route;
  if (!entry) return;
  const frame = entry.layout === 'app' ? AppShell : entry.layout === 'portal' ? PortalFrame : null;
  await Promise.all([entry.Page.preload(), frame?.preload()]);
}

function RouteContent({ entry }: { entry: Route }) {
  // A prerendered page shows its content while the auth check runs, so the HTML and the first render agree.
  const page = (
    <Guard access={entry.access} optimistic={entry.prerender}>
      <ErrorBoundary resetKey={entry} fallback={<PageError />}>
        <entry.Page />
      </ErrorBoundary>
    </Guard>
  );
  if (entry.layout === 'site') return <SiteLayout>{page}</SiteLayout>;
  if (entry.layout === 'auth') return <AuthLayout>{page}</AuthLayout>;
  if (entry.layout === 'portal')
    return (
      <Guard access={entry.access}>
        <PortalFrame>{page}</PortalFrame>
      </Guard>
    );
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
  const match = useMemo(() => findRoute(pathname), [pathname]);
  useFollowDeviceTheme();
  useEffect(() => {
    if (match) document.title = match.route.title;
  }, [match]);
  let content;
  if (match)
    content = (
      <ParamsProvider params={match.params}>
        <RouteContent entry={match.route} />
      </ParamsProvider>
    );
  else if (pathname === '/login') content = <LoginRedirect />;
  else content = <Navigate to="/" replace />;
  return <RootLayout>{content}</RootLayout>;
}
