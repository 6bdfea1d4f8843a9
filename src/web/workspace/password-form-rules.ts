import { PASSWORD_MIN } from '#src/shared/limits.ts';
import { validation } from '#src/shared/messages.ts';

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const ALL_PASSWORD_FIELDS_REQUIRED = 'Please fill in all three password fields';

// spec 5, password change: all three required; then mismatch; then length. First failure wins.
export function passwordFormProblem(form: PasswordForm): string | null {
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword) return ALL_PASSWORD_FIELDS_REQUIRED;
  if (form.newPassword !== form.confirmPassword) return validation.newPasswordsDiffer;
  if (form.newPassword.length < PASSWORD_MIN) return validation.newPasswordTooShort;
  return null;
}
