import type { ReactNode } from 'react';
import { Navigate } from '#src/web/routing/links.tsx';
import { isAdmin } from '#src/shared/accounts/user.ts';
import { WAITLIST_PAGE } from '#src/shared/accounts/waitlist-page.ts';
import { useSession } from '#src/web/lib/session.tsx';
import type { Access } from './route-table.ts';
import { AuthLoader, RouteGuardLoader } from '#src/web/ui/loaders.tsx';

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
  // product rules A3: an applicant waiting for approval sees the waiting page and nothing else.
  if (access === 'applicant') return user?.awaitingApproval ? children : <Navigate to="/dashboard" replace />;
  if (user?.awaitingApproval) return <Navigate to={WAITLIST_PAGE} replace />;
  if (access === 'admin' && !isAdmin(user)) return <Navigate to="/dashboard" replace />;
  return children;
}
