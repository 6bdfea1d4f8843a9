// The API contract of spec 7: paths and request schemas shared by the client forms and the server routes.
import { z } from 'zod';
import { CODE_LENGTH, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';
import { GENDERS } from './user.ts';

export function text(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });
}

// Control characters have no place in a name or an email and break mail headers.
export const NO_CONTROL = /^\P{Cc}*$/u;
// issue 13: in a name shown to others, direction overrides and isolates (U+202A–202E, U+2066–2069), marks
// (U+200E, U+200F, U+061C) and zero-width characters (U+200B–200D, U+2060, U+FEFF) disguise what it says.
export const NO_DISGUISE = /^[^\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]*$/u;

export const email = text('Email')
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(EMAIL_MAX, { error: `Email must be at most ${EMAIL_MAX} characters.` })
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((value) => value.toLowerCase());

const name = text('Name')
  .trim()
  .min(1, { error: 'Name is required.' })
  .max(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Name contains characters that are not allowed.' })
  .regex(NO_DISGUISE, { error: 'Name contains characters that are not allowed.' });

function password(label: string) {
  return text(label)
    .min(PASSWORD_MIN, { error: `${label} must be at least ${PASSWORD_MIN} characters long.` })
    .max(PASSWORD_MAX, { error: `${label} must be at most ${PASSWORD_MAX} characters.` })
    .regex(NO_CONTROL, { error: `${label} contains characters that cannot be typed.` });
}

// Codes are forced to upper case, as the screens do (spec 5).
const code = text('Code')
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => value.length === CODE_LENGTH, { error: `The code must be ${CODE_LENGTH} characters.` });

// A login password is checked, not judged: any length up to the maximum is compared with the hash.
function suppliedPassword(label: string) {
  return text(label)
    .min(1, { error: `${label} is required.` })
    .max(PASSWORD_MAX, { error: `${label} must be at most ${PASSWORD_MAX} characters.` });
}

export const RegisterSchema = z.strictObject({ name, email, password: password('Password') });
export const LoginSchema = z.strictObject({ email, password: suppliedPassword('Password') });
export const VerifyEmailSchema = z.strictObject({ email, code });
export const EmailOnlySchema = z.strictObject({ email });
export const ResetPasswordSchema = z.strictObject({ email, code, newPassword: password('New password') });
export const UpdateProfileSchema = z.strictObject({
  name,
  gender: z.enum(GENDERS, { error: `Gender must be one of: ${GENDERS.join(', ')}.` }).optional(),
});
export const ChangePasswordSchema = z.strictObject({
  currentPassword: suppliedPassword('Current password'),
  newPassword: password('New password'),
});
// spec 3's sync payload rides along for compatibility; only idToken is trusted (product rules D4).
export const FirebaseAuthSchema = z.strictObject({
  idToken: text('idToken').min(1, { error: 'idToken is required.' }).max(8192, { error: 'idToken is too long.' }),
  uid: z.unknown().optional(),
  email: z.unknown().optional(),
  name: z.unknown().optional(),
  picture: z.unknown().optional(),
});

export type RegisterBody = z.input<typeof RegisterSchema>;
export type LoginBody = z.input<typeof LoginSchema>;
export type VerifyEmailBody = z.input<typeof VerifyEmailSchema>;
export type EmailOnlyBody = z.input<typeof EmailOnlySchema>;
export type ResetPasswordBody = z.input<typeof ResetPasswordSchema>;
export type UpdateProfileBody = z.input<typeof UpdateProfileSchema>;
export type ChangePasswordBody = z.input<typeof ChangePasswordSchema>;
export type FirebaseAuthBody = z.input<typeof FirebaseAuthSchema>;

// The first issue, as one sentence, for `{ "error": … }`.
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${keys}.`;
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'The request body must be a JSON object.';
  return issue.message;
}
