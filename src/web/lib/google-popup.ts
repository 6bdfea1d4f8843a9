import type { GoogleWebConfig } from '#src/shared/accounts/paths.ts';

export interface GoogleIdentity {
  idToken: string;
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export type GooglePopup = (config: GoogleWebConfig) => Promise<GoogleIdentity>;

// The Firebase SDK loads only here, on click, as its own chunk (product rules B1). Our own session cookie
// is the only sign-in that lasts: Firebase keeps its session in memory, never in storage a script could
// read later, and is signed out as soon as the token is taken.
export const firebaseGooglePopup: GooglePopup = async (config) => {
  const [
    { getApps, initializeApp },
    { GoogleAuthProvider, inMemoryPersistence, initializeAuth, getAuth, signInWithPopup, browserPopupRedirectResolver },
  ] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const existing = getApps()[0];
  const app = existing ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  const auth = existing
    ? getAuth(app)
    : initializeAuth(app, { persistence: inMemoryPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  try {
    const { user } = await signInWithPopup(auth, new GoogleAuthProvider());
    return { idToken: await user.getIdToken(), uid: user.uid, email: user.email, name: user.displayName, picture: user.photoURL };
  } finally {
    await auth.signOut();
  }
};
