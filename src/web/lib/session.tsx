import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '#src/web/routing/router-context.tsx';
import { apiPath, type CurrentUserResponse } from '#src/shared/accounts/paths.ts';
import { AUTH_LOADING_CAP_MS } from '#src/shared/limits.ts';
import { flow, success } from '#src/shared/messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { notify } from '#src/web/ui/notify.ts';
import { api, dropEarlyReads } from './api-client.ts';
import { deviceTheme, setDeviceTheme } from './theme.ts';
import { onAccessEnd } from './session-end.ts';
import { forgetReads } from './remembered-reads.ts';

// spec 4: loading, authenticated, unauthenticated.
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Session {
  status: SessionStatus;
  user: PublicUser | null;
  // True between Sign Out and arriving at '/', so guards do not bounce the leaving user to /register.
  signingOut: boolean;
  signIn: (user: PublicUser) => void;
  replaceUser: (user: PublicUser) => void;
  signOut: () => Promise<void>;
}

// spec 4: a value kept in the browser that logout clears; we keep the last signed-in email for the sign-in form.
export const LAST_EMAIL_KEY = 'tessera:last-email';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [signingOut, setSigningOut] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // The router commits the new location in a transition, after navigate() resolves; clearing the flag
  // any earlier would let the protected page being left redirect to /register first.
  if (signingOut && pathname === '/') setSigningOut(false);

  useEffect(() => {
    // Each run of this effect owns its own flag: React's development double-run must not let the
    // first, abandoned request end the loading state before the second one answers.
    let active = true;
    // spec 9: loading is forced off after 5000 ms at most, even if the server never answers. A late
    // answer still counts: a signed-in user who waited is then recognised.
    const cap = setTimeout(() => {
      if (active) setLoading(false);
    }, AUTH_LOADING_CAP_MS);
    api<CurrentUserResponse>('GET', apiPath.currentUser)
      .then(({ user }) => {
        if (active) setUser(user);
      })
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(cap);
        if (active) setLoading(false);
      });
    return () => {
      active = false;
      clearTimeout(cap);
    };
  }, []);

  // A session that ends while a page is open (signed out on another device, suspended, deleted): once
  // the server confirms nobody is signed in here, the page leaves its data for the Sign In dialog, with
  // the reason. Any 401 asks, so a refused password elsewhere (also a 401) signs nobody out.
  const signedIn = user !== null;
  // Set while this tab signs itself out: its own streams end then too, and that is no news to anyone.
  const leaving = useRef(false);
  // In the commit that shows the person signed in, not after it: a call the page makes at once and that
  // is refused would otherwise find nobody listening.
  useLayoutEffect(() => {
    if (!signedIn) return;
    let asking = false;
    return onAccessEnd((reason) => {
      if (reason !== 'signed-out' || asking || leaving.current) return;
      asking = true;
      api<CurrentUserResponse>('GET', apiPath.currentUser)
        .then(({ user: current }) => {
          if (current) return;
          setSigningOut(true);
          setUser(null);
          void navigate('/login', { replace: true, state: { message: flow.sessionEnded } });
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    });
  }, [signedIn, navigate]);

  const signIn = useCallback((next: PublicUser) => {
    dropEarlyReads();
    forgetReads();
    leaving.current = false;
    setUser(next);
    setSigningOut(false);
    setLoading(false);
    try {
      localStorage.setItem(LAST_EMAIL_KEY, next.email);
    } catch {
      // storage can be unavailable (private mode); nothing depends on it
    }
  }, []);

  const signOut = useCallback(async () => {
    dropEarlyReads();
    forgetReads();
    leaving.current = true;
    try {
      await api('GET', apiPath.logout);
      notify.success(success.logout);
      try {
        localStorage.removeItem(LAST_EMAIL_KEY);
      } catch {
        // see above
      }
    } catch (error) {
      // spec 4: on failure the user is still cleared locally; the error is only logged.
      console.error('Logout failed', error);
    }
    setSigningOut(true);
    setUser(null);
    // spec 4: then navigate to / — whether or not the call succeeded.
    await navigate('/');
  }, [navigate]);

  // The account's theme wins over the device's once the person is known (signed in here or on another device).
  const accountTheme = user?.theme;
  useEffect(() => {
    if (accountTheme && accountTheme !== deviceTheme()) setDeviceTheme(accountTheme);
  }, [accountTheme]);

  const value = useMemo<Session>(
    () => ({
      status: loading ? 'loading' : user ? 'authenticated' : 'unauthenticated',
      user,
      signingOut,
      signIn,
      replaceUser: setUser,
      signOut,
    }),
    [loading, user, signingOut, signIn, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
