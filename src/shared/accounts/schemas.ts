// The API contract of spec 7: paths and request schemas shared by the client forms and the server routes.
import { z } from 'zod';
import { CODE_LENGTH, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '#src/shared/limits.ts';
import { displayName, email, NO_CONTROL, text } from '#src/shared/validation.ts';
import { THEMES } from '#src/shared/theme/theme.ts';
import { GENDERS } from './user.ts';

const name = displayName('Name', NAME_MAX);

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
export const ThemeSchema = z.strictObject({ theme: z.enum(THEMES, 'Theme must be system, light or dark') });
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
export type ThemeBody = z.input<typeof ThemeSchema>;
export type ChangePasswordBody = z.input<typeof ChangePasswordSchema>;
export type FirebaseAuthBody = z.input<typeof FirebaseAuthSchema>;
