// The zod schemas of the account security routes' answers (checked by the server outside production;
// the browser's types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';
import { UserResponseSchema } from '#src/shared/accounts/responses.ts';

export const SessionInfoSchema = z.strictObject({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  deviceType: z.string(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime().nullable(),
  current: z.boolean(),
});

export const AccountEventInfoSchema = z.strictObject({ action: z.string(), ip: z.string().nullable(), at: z.iso.datetime() });

export const SecurityOverviewSchema = z.strictObject({
  twoFactor: z.strictObject({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
  signIn: z.strictObject({ password: z.boolean(), google: z.boolean() }),
  sessions: z.array(SessionInfoSchema),
  events: z.array(AccountEventInfoSchema),
});

export const TwoFactorSetupResponseSchema = z.strictObject({ otpauthUri: z.string(), secret: z.string(), qrSvg: z.string() });

export const RecoveryCodesResponseSchema = z.strictObject({ recoveryCodes: z.array(z.string()) });

export const AccountExportInfoSchema = z.strictObject({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  requestedAt: z.iso.datetime(),
  // Set once ready.
  readyAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  sizeBytes: z.number().int().nullable(),
});

export const AccountExportsResponseSchema = z.strictObject({ exports: z.array(AccountExportInfoSchema) });

export const AccountExportResponseSchema = z.strictObject({ export: AccountExportInfoSchema });

// A sign-in that needs its second step answers this instead of the user (U2).
export const SecondStepInfoSchema = z.strictObject({ token: z.string(), expiresAt: z.number().int() });
export const SecondStepResponseSchema = z.strictObject({ secondStep: SecondStepInfoSchema });
// What a sign-in answers (password, Google, or the second step itself): the user, or the step still due.
export const SignInResponseSchema = z.union([UserResponseSchema, SecondStepResponseSchema]);
