import { describe, expect, it } from 'vitest';
import { validation } from '#src/shared/account-messages.ts';
import {
  characterCount,
  isCompleteCode,
  normaliseCode,
  passwordChangeProblem,
  registerBody,
  registerProblem,
  resetProblem,
} from './form-rules.ts';

const register = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'engine42', confirmPassword: 'engine42' };

describe('the password messages (spec 5), built from PASSWORD_MIN, read to the letter', () => {
  it('keeps the exact spec text', () => {
    expect(validation.passwordTooShort).toBe('Password must be at least 6 characters long');
    expect(validation.passwordHelp).toBe('Must be at least 6 characters long');
    expect(validation.newPasswordTooShort).toBe('New password must be at least 6 characters long');
  });
});

describe('Register validation order (spec 5)', () => {
  it('reports differing passwords before anything else', () => {
    expect(registerProblem({ name: '', email: '', password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
  });
  it('then a password under 6 characters', () => {
    expect(registerProblem({ name: '', email: '', password: 'abcde', confirmPassword: 'abcde' })).toBe(
      'Password must be at least 6 characters long',
    );
  });
  it('counts characters, not UTF-16 units: three emoji are three characters, too short', () => {
    expect(characterCount('😀😀😀')).toBe(3);
    expect(registerProblem({ ...register, password: '😀😀😀', confirmPassword: '😀😀😀' })).toBe(validation.passwordTooShort);
    expect(registerProblem({ ...register, password: '😀😀😀😀😀😀', confirmPassword: '😀😀😀😀😀😀' })).toBeNull();
  });
  it('then a blank name, spaces counting as blank', () => {
    expect(registerProblem({ ...register, name: '   ', email: '' })).toBe('Name is required');
  });
  it('then a blank email', () => {
    expect(registerProblem({ ...register, email: ' ' })).toBe('Email is required');
  });
  it('accepts a complete form', () => {
    expect(registerProblem(register)).toBeNull();
  });
  it('sends the name and email trimmed, and no confirmPassword (spec 3)', () => {
    expect(registerBody({ ...register, name: ' Ada Lovelace ', email: ' ada@example.com\t' })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'engine42',
    });
  });
});

describe('Reset validation order (spec 5)', () => {
  it('reports a mismatch, then a short password, then a blank code', () => {
    expect(resetProblem({ code: '', newPassword: 'abc', confirmPassword: 'xyz' })).toBe('Passwords do not match');
    expect(resetProblem({ code: '', newPassword: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long');
    expect(resetProblem({ code: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe('Reset code is required');
    expect(resetProblem({ code: 'ABC123', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});

describe('password change rules (spec 5)', () => {
  it('needs all three fields first', () => {
    expect(passwordChangeProblem({ currentPassword: '', newPassword: 'abc', confirmPassword: 'xyz' })).toBe(
      'Please fill in all three password fields',
    );
  });
  it('then a matching confirmation', () => {
    expect(passwordChangeProblem({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abd' })).toBe(
      'New passwords do not match',
    );
  });
  it('then at least 6 characters', () => {
    expect(passwordChangeProblem({ currentPassword: 'old', newPassword: 'abcde', confirmPassword: 'abcde' })).toBe(
      'New password must be at least 6 characters long',
    );
    expect(passwordChangeProblem({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});

describe('code normalisation (spec 5)', () => {
  it('forces the code to upper case', () => {
    expect(normaliseCode('ab3kx9')).toBe('AB3KX9');
  });
  it('cuts the code to 6 characters', () => {
    expect(normaliseCode('abcdefgh')).toBe('ABCDEF');
  });
  it('drops spaces and dashes from a pasted code before cutting', () => {
    expect(normaliseCode(' abc-123 ')).toBe('ABC123');
    expect(normaliseCode('ABC 123 XYZ')).toBe('ABC123');
  });
  it('leaves an empty input empty', () => {
    expect(normaliseCode('')).toBe('');
  });
  it('counts a code complete only at exactly 6 characters', () => {
    expect(isCompleteCode('ABC12')).toBe(false);
    expect(isCompleteCode('ABC123')).toBe(true);
    expect(isCompleteCode('')).toBe(false);
  });
});
