// Account security (issue 20, product rules U): sessions and devices, two-factor sign-in, export and
// deletion. The API both sides share; paths are relative to API_BASE.
import { z } from 'zod';
import { CODE_ALPHABET } from './limits.ts';
import { FirebaseAuthSchema, LoginSchema, text } from './contract.ts';

// U1: last seen is written at most this often, so a busy session costs no write per request.
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
// U2: the second step of a sign-in lives this long and allows this many wrong codes.
export const SECOND_STEP_TTL_MS = 5 * 60 * 1000;
export const SECOND_STEP_MAX_TRIES = 5;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;

export const accountSecurityPaths = {
  // GET: two-factor state, sign-in methods, active sessions and recent security events.
  overview: '/account/security',
  // DELETE: sign out every other session.
  sessions: '/account/sessions',
  // DELETE: sign out one session.
  session: '/account/sessions/:id',
  // POST: start a setup (a new secret); POST confirm { code }: turn it on; DELETE { password | idToken, code }: turn it off.
  twoFactorSetup: '/account/two-factor/setup',
  twoFactorConfirm: '/account/two-factor/confirm',
  twoFactor: '/account/two-factor',
  // POST { token, code }: the second step of a sign-in (no session needed).
  secondStep: '/login/second-step',
  // GET: the account's data as a JSON file.
  export: '/account/export',
  // DELETE { password | idToken }: delete the account.
  account: '/account',
} as const;

export interface SessionInfo {
  id: string;
  browser: string;
  os: string;
  deviceType: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  current: boolean;
}

export interface AccountEventInfo {
  action: string;
  ip: string | null;
  at: string;
}

export interface SecurityOverview {
  twoFactor: { enabled: boolean; recoveryCodesLeft: number };
  signIn: { password: boolean; google: boolean };
  sessions: SessionInfo[];
  events: AccountEventInfo[];
}

export interface TwoFactorSetupResponse {
  otpauthUri: string;
  secret: string;
  qrSvg: string;
}

export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}

// A sign-in that needs its second step answers this instead of the user (U2).
export interface SecondStep {
  token: string;
  expiresAt: number;
}
export interface SecondStepResponse {
  secondStep: SecondStep;
}

const RECOVERY = new RegExp(`^[${CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
const DIGITS = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

export const isTotpCode = (code: string) => DIGITS.test(code);

// A code from the authenticator app, or a recovery code; spaces and dashes as people type them are ignored.
const secondFactorCode = text('Code')
  .max(40, { error: 'Enter the 6-digit code from your app or a recovery code.' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => DIGITS.test(value) || RECOVERY.test(value), { error: 'Enter the 6-digit code from your app or a recovery code.' });

const totpCode = text('Code')
  .max(40, { error: 'Enter the 6-digit code from your app.' })
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => DIGITS.test(value), { error: 'Enter the 6-digit code from your app.' });

const password = LoginSchema.shape.password;
const idToken = FirebaseAuthSchema.shape.idToken;

// U4: a password, or for an account without one a fresh Google sign-in (an ID token).
const proof = { password: password.optional(), idToken: idToken.optional() };
const oneProof = (value: { password?: string; idToken?: string }) => (value.password === undefined) !== (value.idToken === undefined);
const oneProofError = { error: 'Enter your password (or, for an account without one, sign in with Google again).' };

export const ConfirmTwoFactorSchema = z.strictObject({ code: totpCode });
export const DisableTwoFactorSchema = z.strictObject({ ...proof, code: secondFactorCode }).refine(oneProof, oneProofError);
export const SecondStepSchema = z.strictObject({
  token: text('Token').regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This sign-in has expired. Please sign in again.' }),
  code: secondFactorCode,
});
export const DeleteAccountSchema = z.strictObject(proof).refine(oneProof, oneProofError);

export type ConfirmTwoFactorBody = z.input<typeof ConfirmTwoFactorSchema>;
export type DisableTwoFactorBody = z.input<typeof DisableTwoFactorSchema>;
export type SecondStepBody = z.input<typeof SecondStepSchema>;
export type DeleteAccountBody = z.input<typeof DeleteAccountSchema>;
