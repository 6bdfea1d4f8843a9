// Account security (product rules U): the request schemas of sessions and devices, two-factor
// sign-in, export and deletion. Paths and answers are in account-security-paths.ts.
import { z } from 'zod';
import { CODE_ALPHABET } from '#src/shared/limits.ts';
import { FirebaseAuthSchema, LoginSchema } from '#src/shared/accounts/schemas.ts';
import { text } from '#src/shared/validation.ts';
import { RECOVERY_CODE_LENGTH, TOTP_DIGITS } from './paths.ts';

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

// Asking for a data export carries nothing: `{}`.
export const ExportRequestSchema = z.strictObject({});
