// Passkeys (product rules U7): paths, answers and words both sides share. No zod here, so the Sign In
// dialog can carry its passkey button without the validation library. Paths are relative to API_BASE.
export const passkeyPaths = {
  // GET: the account's passkeys. POST { name, response }: add the one just made.
  list: '/account/passkeys',
  // POST: the options for making a new passkey (a fresh, single-use challenge).
  registrationOptions: '/account/passkeys/options',
  // PUT { name }: rename. DELETE: remove (needs a recent sign-in).
  one: '/account/passkeys/:id',
  // POST: the options for signing in with a passkey; POST { challengeId, response }: sign in.
  signInOptions: '/login/passkey/options',
  signIn: '/login/passkey',
} as const;

// A challenge lives this long and answers once.
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
// Removing a passkey needs a sign-in at most this old: a session left open on a shared computer must
// not be enough to take a way in away from its owner.
export const PASSKEY_RECENT_SIGN_IN_MS = 15 * 60 * 1000;
export const PASSKEY_NAME_MAX = 60;
export const MAX_PASSKEYS = 20;

export interface PasskeyInfo {
  id: string;
  name: string;
  // The browser and system it was made on, as the sessions list names them.
  device: string;
  // Synced by its provider to other devices (a backed-up, multi-device passkey).
  synced: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeysResponse {
  passkeys: PasskeyInfo[];
}
export interface PasskeyResponse {
  passkey: PasskeyInfo;
}
// The WebAuthn options as JSON (the browser library's own shape), and for a sign-in the id of its challenge.
export interface PasskeyOptionsResponse {
  options: Record<string, unknown>;
  challengeId: string;
}

export const passkeyError = {
  challengeExpired: 'This passkey request has expired. Please try again.',
  notVerified: 'That passkey could not be verified. Please try again.',
  unknownPasskey: 'That passkey is not registered with any account. Sign in another way.',
  notFound: 'That passkey was not found. It may have been removed already.',
  tooMany: `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`,
  needsRecentSignIn: 'For your safety, sign out and sign in again to remove a passkey (your last sign-in was more than 15 minutes ago).',
} as const;

export const passkeyNotice = {
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
} as const;

export const passkeyUi = {
  title: 'Passkeys',
  lead: 'Sign in with your fingerprint, face or device PIN instead of a password. A passkey counts as both steps of two-factor sign-in.',
  empty: 'No passkeys yet. Add one to sign in here without typing your password.',
  add: 'Add a passkey',
  adding: 'Waiting for your device...',
  nameLabel: 'Passkey name',
  namePlaceholder: 'e.g. Work laptop',
  unsupported: 'This browser cannot make passkeys.',
  cancelled: 'The passkey was not made: the request was cancelled or timed out.',
  made: (device: string) => `Made on ${device}`,
  synced: 'Synced',
  created: (when: string) => `Added ${when}`,
  lastUsed: (when: string) => `Last used ${when}`,
  neverUsed: 'Not used yet',
  rename: 'Rename',
  renameLabel: (name: string) => `Rename passkey ${name}`,
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove passkey ${name}`,
  removeTitle: 'Remove this passkey?',
  removeBody: (name: string) => `"${name}" will no longer sign you in. You can add it again later.`,
  signIn: 'Sign in with a passkey',
  signInFailed: 'Signing in with a passkey did not work. Try again, or sign in another way.',
  signingIn: 'Waiting for your passkey...',
} as const;
