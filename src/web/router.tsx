import type { ComponentType } from 'react';
import { Navigate, useMatches, type RouteObject } from 'react-router';
import { RootLayout, AuthLayout, LoginRedirect, SiteLayout } from './layouts';
import { Guard } from './route-guards';
import { routeTable, type Access, type Layout, type RouteEntry } from './route-table';

export interface RouteHandle {
  title: string;
  description?: string;
  access: Access;
}

function toRoute(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = { title: entry.title, description: entry.description, access: entry.access };
  return {
    path: entry.path,
    handle,
    // Each route's code is its own chunk, loaded on demand.
    lazy: async () => {
      const { default: Page } = await entry.load();
      return {
        Component: () => (
          <Guard access={entry.access} optimistic={entry.prerender}>
            <Page />
          </Guard>
        ),
      };
    },
  };
}

const routesOf = (layout: Layout) => routeTable.filter((entry) => entry.layout === layout).map(toRoute);

// The shell is guarded with the rule of the page inside it, so /admin shows the route guard's loader
// ('Verifying access...') and sends a non-admin away before any of the shell appears.
function GuardedShell({ Shell }: { Shell: ComponentType }) {
  const matches = useMatches();
  const access = (matches.at(-1)?.handle as RouteHandle | undefined)?.access ?? 'signed-in';
  return (
    <Guard access={access}>
      <Shell />
    </Guard>
  );
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      children: [
        { Component: SiteLayout, children: routesOf('site') },
        { Component: AuthLayout, children: routesOf('auth') },
        {
          lazy: async () => {
            const { AppShell: Shell } = await import('./workspace/app-shell');
            return { Component: () => <GuardedShell Shell={Shell} /> };
          },
          children: routesOf('app'),
        },
        { path: '/login', Component: LoginRedirect },
        { path: '*', Component: () => <Navigate to="/" replace /> },
      ],
    },
  ];
}
