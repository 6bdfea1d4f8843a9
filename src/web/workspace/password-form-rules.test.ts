import { describe, expect, it } from 'vitest';
import { validation } from '#src/shared/messages.ts';
import { ALL_PASSWORD_FIELDS_REQUIRED, passwordFormProblem } from './password-form-rules.ts';

describe('password change rules (spec 5)', () => {
  it('needs all three fields first', () => {
    expect(passwordFormProblem({ currentPassword: '', newPassword: 'abc', confirmPassword: 'xyz' })).toBe(ALL_PASSWORD_FIELDS_REQUIRED);
  });
  it('then a matching confirmation', () => {
    expect(passwordFormProblem({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abd' })).toBe(validation.newPasswordsDiffer);
  });
  it('then at least 6 characters', () => {
    expect(passwordFormProblem({ currentPassword: 'old', newPassword: 'abcde', confirmPassword: 'abcde' })).toBe(
      validation.newPasswordTooShort,
    );
    expect(passwordFormProblem({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
