import { PASSWORD_MIN } from '#src/shared/limits.ts';
import { validation } from '#src/shared/messages.ts';

// spec 5, Register: the first failure is shown, in this order.
export function registerProblem(form: { name: string; email: string; password: string; confirmPassword: string }): string | null {
  if (form.password !== form.confirmPassword) return validation.passwordsDiffer;
  if (form.password.length < PASSWORD_MIN) return validation.passwordTooShort;
  if (form.name.trim() === '') return validation.nameRequired;
  if (form.email.trim() === '') return validation.emailRequired;
  return null;
}

// spec 5, Reset: mismatch, then length, then a blank code.
export function resetProblem(form: { code: string; newPassword: string; confirmPassword: string }): string | null {
  if (form.newPassword !== form.confirmPassword) return validation.passwordsDiffer;
  if (form.newPassword.length < PASSWORD_MIN) return validation.passwordTooShort;
  if (form.code === '') return validation.resetCodeRequired;
  return null;
}
