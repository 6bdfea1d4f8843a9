// Account security (product rules U): paths, answers and limits both sides share. Kept apart
// from the zod schemas (account-security.ts), like api-paths.ts, so the Sign In dialog does not carry
// the validation library. Paths are relative to API_BASE.
// U1: last seen is written at most this often, so a busy session costs no write per request.
import type { z } from 'zod';
import type {
  AccountEventInfoSchema,
  AccountExportInfoSchema,
  AccountExportResponseSchema,
  AccountExportsResponseSchema,
  RecoveryCodesResponseSchema,
  SecondStepInfoSchema,
  SecondStepResponseSchema,
  SecurityOverviewSchema,
  SessionInfoSchema,
  TwoFactorSetupResponseSchema,
} from './responses.ts';
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
  // GET: my data exports still in reach; POST {}: ask for a new one (made in the background).
  exports: '/account/exports',
  // GET: the file of a ready export, by its owner, until it expires.
  exportDownload: '/account/exports/:id/download',
  // DELETE { password | idToken }: delete the account.
  account: '/account',
} as const;

export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export type AccountEventInfo = z.infer<typeof AccountEventInfoSchema>;

export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;

export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

// A sign-in that needs its second step answers this instead of the user (U2).
export type SecondStep = z.infer<typeof SecondStepInfoSchema>;
export type SecondStepResponse = z.infer<typeof SecondStepResponseSchema>;

// product rules U4: a ready export can be downloaded this long, then its file is deleted.
export const EXPORT_AVAILABLE_MS = 24 * 60 * 60 * 1000;

export type AccountExportStatus = AccountExportInfo['status'];

export type AccountExportInfo = z.infer<typeof AccountExportInfoSchema>;

export type AccountExportsResponse = z.infer<typeof AccountExportsResponseSchema>;

export type AccountExportResponse = z.infer<typeof AccountExportResponseSchema>;
