import type { GoogleWebConfig } from '#src/shared/api-paths.ts';

export interface GoogleIdentity {
  idToken: string;
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export type GooglePopup = (config: GoogleWebConfig) => Promise<GoogleIdentity>;

// The Firebase SDK loads only here, on click, as its own chunk (DESIGN: budgets).
export const firebaseGooglePopup: GooglePopup = async (config) => {
  const [{ getApps, initializeApp }, { getAuth, GoogleAuthProvider, signInWithPopup }] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const app = getApps()[0] ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  const { user } = await signInWithPopup(getAuth(app), new GoogleAuthProvider());
  return { idToken: await user.getIdToken(), uid: user.uid, email: user.email, name: user.displayName, picture: user.photoURL };
};
