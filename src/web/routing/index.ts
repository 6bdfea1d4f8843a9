// The app's router: a flat table of fixed paths (route-table.ts) needs no more than this, and it
// keeps a general router's 32 KB out of every first visit (docs/decisions/005-own-router.md).
export { browserHistory, memoryHistory, staticHistory, type Location, type NavigateOptions, type To } from './history';
export { Link, Navigate, NavLink } from './links';
export { preloadable } from './preloadable';
export { RouterProvider, useLocation, useNavigate } from './router-context';
export { startScrollMemory } from './scroll-memory';
