// The zod schemas of the accounts routes' answers (checked by the server outside production; the
// browser's types in paths.ts and user.ts are inferred from them). Apart from schemas.ts, which the
// forms load, and imported by type only on the browser's side: the Sign In dialog's first load stays
// free of them.
import { z } from 'zod';
import { THEMES } from '#src/shared/theme/theme.ts';
import { GENDERS } from './user.ts';

// spec 3: the user as every answer carries it; never the hash or the Google subject. In the order the
// server builds it (toPublicUser), so the checked answer is the same bytes as the unchecked one.
export const PublicUserSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  gender: z.enum(GENDERS),
  picture: z.string().nullable(),
  emailVerified: z.boolean(),
  totalProspectsFetched: z.number(),
  totalProspectsMailed: z.number(),
  totalProject: z.number(),
  createdAt: z.iso.datetime(),
  // Signed in, but the beta application waits for an admin. The server always sends it (and the
  // theme); optional so a user made in a test or a fixture need not name it.
  awaitingApproval: z.boolean().optional(),
  // Light, dark or the device's own.
  theme: z.enum(THEMES).optional(),
});

export const UserResponseSchema = z.strictObject({ user: PublicUserSchema });
// spec 7: GET /current-user answers the user, or null for a guest.
export const CurrentUserResponseSchema = z.strictObject({ user: PublicUserSchema.nullable() });

export const GoogleWebConfigSchema = z.strictObject({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() });
export const PublicConfigSchema = z.strictObject({
  productName: z.string(),
  googleSignIn: GoogleWebConfigSchema.nullable(),
});

// Every refusal: bad input, a missing row, a limit (product rules: one sentence to show).
export const ErrorResponseSchema = z.strictObject({ error: z.string() });

// GET /api/health: the process answers and its database does (a 503 {error} when not).
export const HealthResponseSchema = z.strictObject({ status: z.literal('ok'), database: z.literal('ok') });
