import { describe, expect, it } from 'vitest';
import { registerProblem, resetProblem } from './validation.ts';

const register = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'engine42', confirmPassword: 'engine42' };

describe('Register validation order (spec 5)', () => {
  it('reports differing passwords before anything else', () => {
    expect(registerProblem({ name: '', email: '', password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
  });
  it('then a password under 6 characters', () => {
    expect(registerProblem({ name: '', email: '', password: 'abcde', confirmPassword: 'abcde' })).toBe(
      'Password must be at least 6 characters long',
    );
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
});

describe('Reset validation order (spec 5)', () => {
  it('reports a mismatch, then a short password, then a blank code', () => {
    expect(resetProblem({ code: '', newPassword: 'abc', confirmPassword: 'xyz' })).toBe('Passwords do not match');
    expect(resetProblem({ code: '', newPassword: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long');
    expect(resetProblem({ code: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe('Reset code is required');
    expect(resetProblem({ code: 'ABC123', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
