// spec 5: the checks the account and profile forms make before they call the server, in the spec's order
// (the first failure is the one shown). Anything beyond them the server decides (spec 5: "Other
// server-side validation"); src/web/lib/form-rules.property.test.ts shows how they line up with the
// shared contract.
import { CODE_LENGTH, PASSWORD_MIN } from '#src/shared/limits.ts';
import { validation } from '#src/shared/account-messages.ts';

export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface ResetForm {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

// spec 5 and 9 count characters: an emoji is one, though JavaScript's length counts it as two UTF-16
// units. The shared contract (zod) counts the same way, so the client and the server agree.
export const characterCount = (text: string) => Array.from(text).length;

const tooShort = (password: string) => characterCount(password) < PASSWORD_MIN;

// spec 5, Register: mismatch, length, blank name, blank email (spaces count as blank).
export function registerProblem(form: RegisterForm): string | null {
  if (form.password !== form.confirmPassword) return validation.passwordsDiffer;
  if (tooShort(form.password)) return validation.passwordTooShort;
  if (form.name.trim() === '') return validation.nameRequired;
  if (form.email.trim() === '') return validation.emailRequired;
  return null;
}

// spec 3: what Register sends — trimmed name and email, the password as typed, no confirmPassword.
export function registerBody(form: RegisterForm) {
  return { name: form.name.trim(), email: form.email.trim(), password: form.password };
}

// spec 5, Reset: mismatch, then length, then a blank code.
export function resetProblem(form: ResetForm): string | null {
  if (form.newPassword !== form.confirmPassword) return validation.passwordsDiffer;
  if (tooShort(form.newPassword)) return validation.passwordTooShort;
  if (form.code === '') return validation.resetCodeRequired;
  return null;
}

// spec 5, password change: all three required; then mismatch; then length.
export function passwordChangeProblem(form: PasswordChangeForm): string | null {
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword) return validation.allPasswordFieldsRequired;
  if (form.newPassword !== form.confirmPassword) return validation.newPasswordsDiffer;
  if (tooShort(form.newPassword)) return validation.newPasswordTooShort;
  return null;
}

// spec 5: a verification or reset code is forced to upper case and cut to 6. Spaces and dashes that
// come along with a pasted code are dropped first, so "abc 123" still fits.
export function normaliseCode(input: string): string {
  return input
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, CODE_LENGTH);
}

// spec 4: the Verify and Reset buttons need exactly 6 characters.
export function isCompleteCode(code: string): boolean {
  return code.length === CODE_LENGTH;
}
