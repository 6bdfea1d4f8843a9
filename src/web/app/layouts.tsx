import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useSignInRequest, type LoginState, type SignInRequest } from '#src/web/auth/flow-state.ts';
import { SessionProvider } from '#src/web/lib/session.tsx';
import { SiteFooter } from '#src/web/site/site-footer.tsx';
import { TopNav } from '#src/web/site/top-nav.tsx';
import { isToasterWanted, subscribeToToaster } from '#src/web/ui/notify.ts';
import { OnceOpened } from '#src/web/lib/deferred-component.tsx';
import { Navigate } from '#src/web/routing/links.tsx';
import { useLocation, useNavigate } from '#src/web/routing/router-context.tsx';

const Toaster = lazy(() => import('#src/web/ui/toaster.tsx'));

// Mounted with the first toast (see notify).
function DeferredToaster() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <DeferredToaster />
    </SessionProvider>
  );
}

// The dialog's code loads the first time someone asks to sign in, not with the landing page.
const SignInDialog = lazy(() => import('#src/web/auth/sign-in-dialog.tsx'));

// product rules D1: the Sign In dialog opens when the location carries a sign-in request (set by /login).
function SignInDialogHost() {
  const request = useSignInRequest();
  const location = useLocation();
  const navigate = useNavigate();
  // Closing drops the request from this history entry, so going back or reloading does not reopen it.
  const close = () =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  return (
    <OnceOpened open={request !== null}>
      <SignInDialog
        open={request !== null}
        message={request?.message}
        email={request?.email}
        secondStep={request?.secondStep}
        onClose={close}
      />
    </OnceOpened>
  );
}

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <SignInDialogHost />
    </div>
  );
}

// spec 2: the top navigation bar is hidden on the auth pages.
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="min-h-screen bg-slate-50">
      {children}
    </main>
  );
}

// product rules D1: /login opens the Sign In dialog on the landing page, carrying any message along.
export function LoginRedirect() {
  const location = useLocation();
  const passed = location.state as LoginState | null;
  const state: SignInRequest = { signIn: true, message: passed?.message, email: passed?.email };
  return <Navigate to="/" replace state={state} />;
}
