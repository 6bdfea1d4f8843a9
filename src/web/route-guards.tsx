import type { ReactNode } from 'react';
import { Navigate } from './routing';
import { isAdmin } from '~/shared/user';
import { useSession } from './auth/session';
import type { Access } from './route-table';
import { AuthLoader, RouteGuardLoader } from './ui/loaders';

// spec 2 and 6: guest-only pages send a signed-in user to /dashboard; protected pages send a guest to
// /register; /admin sends a non-admin to /dashboard. All redirects replace the history entry.
export function Guard({ access, optimistic = false, children }: { access: Access; optimistic?: boolean; children: ReactNode }) {
  const { status, user, signingOut } = useSession();
  if (access === 'public') return children;
  if (status === 'loading') {
    // A prerendered page shows its content while the check runs, so the HTML and the first render agree.
    if (optimistic) return children;
    return access === 'admin' ? <RouteGuardLoader /> : <AuthLoader />;
  }
  if (access === 'guest') return status === 'authenticated' ? <Navigate to="/dashboard" replace /> : children;
  if (status === 'unauthenticated') return signingOut ? null : <Navigate to="/register" replace />;
  if (access === 'admin' && !isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return children;
}
