import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema, RegisterSchema, ResetPasswordSchema } from '#src/shared/accounts/schemas.ts';
import { NAME_MAX, PASSWORD_MAX } from '#src/shared/limits.ts';
import { NO_DISGUISE, SAYS_SOMETHING } from '#src/shared/validation.ts';
import {
  characterCount,
  isCompleteCode,
  normaliseCode,
  passwordChangeProblem,
  registerBody,
  registerProblem,
  resetProblem,
} from './form-rules.ts';

// What the shared contract checks that the spec's client checks leave to the server (spec 5: "Other
// server-side validation: server decides"): a maximum length, no control characters in a name or a new
// password, and a well-formed email. Apart from these, and the confirmation field the contract never
// sees (spec 3: confirmPassword is not sent), the client and the contract accept and refuse the same forms.
const CONTROL = /\p{Cc}/u;
// Beyond spec 5's checks the server refuses a name too long, with control or invisible characters, or
// with no letter or digit; its own message is shown then.
const nameFitsContract = (name: string) =>
  characterCount(name.trim()) <= NAME_MAX &&
  !CONTROL.test(name.trim()) &&
  NO_DISGUISE.test(name.trim()) &&
  SAYS_SOMETHING.test(name.trim());
const newPasswordFitsContract = (password: string) => characterCount(password) <= PASSWORD_MAX && !CONTROL.test(password);
const suppliedPasswordFitsContract = (password: string) => characterCount(password) <= PASSWORD_MAX;

// Typed text of a length in [minLength, maxLength]: letters, spaces, tabs and other control characters,
// accents, emoji (one character, two UTF-16 units), any code point.
const typed = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '\t', '\n', '\u0007', 'é', '😀', '\u00a0'), minLength, maxLength }),
    fc.string({ unit: 'binary', minLength, maxLength }),
  );
// Names well under the contract's maximum and around it.
const names = fc.oneof(typed(0, 12), typed(NAME_MAX - 3, NAME_MAX + 3));
// Passwords around the spec's minimum (6) and around the contract's maximum (128).
const passwords = fc.oneof(typed(0, 10), typed(PASSWORD_MAX - 3, PASSWORD_MAX + 3));
// The email's format is the server's to judge, so the emails here are well-formed or blank, with the
// spaces a person types around them.
const wellFormedEmails = fc
  .tuple(fc.stringMatching(/^[a-z0-9_+-]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const emails = fc
  .tuple(fc.constantFrom('', ' ', '\t'), fc.oneof(wellFormedEmails, fc.constant('')), fc.constantFrom('', ' '))
  .map((parts) => parts.join(''));
// What the code field holds: whatever was typed or pasted, normalised as the field does.
const codes = fc.string({ unit: fc.constantFrom('a', 'B', '3', '9', 'x', '-', ' ', 'é'), maxLength: 9 }).map(normaliseCode);

const runs = { numRuns: 500 };

describe('the client checks and the shared contract agree (spec 5, spec 7)', () => {
  it('Register: with a matching confirmation, the client accepts exactly what the contract accepts within its bounds', () => {
    fc.assert(
      fc.property(names, emails, passwords, (name, email, password) => {
        const form = { name, email, password, confirmPassword: password };
        const clientAccepts = registerProblem(form) === null;
        const contractAccepts = RegisterSchema.safeParse(registerBody(form)).success;
        expect(contractAccepts).toBe(clientAccepts && nameFitsContract(name) && newPasswordFitsContract(password));
      }),
      runs,
    );
  });

  it('Reset: with a matching confirmation, a form the client would submit is one the contract accepts, and the reverse', () => {
    fc.assert(
      fc.property(wellFormedEmails, codes, passwords, (email, code, newPassword) => {
        // spec 4: submitting also needs a complete code.
        const clientAccepts = resetProblem({ code, newPassword, confirmPassword: newPassword }) === null && isCompleteCode(code);
        const contractAccepts = ResetPasswordSchema.safeParse({ email, code, newPassword }).success;
        expect(contractAccepts).toBe(clientAccepts && newPasswordFitsContract(newPassword));
      }),
      runs,
    );
  });

  it('Change password: with a matching confirmation, the client accepts exactly what the contract accepts within its bounds', () => {
    fc.assert(
      fc.property(passwords, passwords, (currentPassword, newPassword) => {
        const clientAccepts = passwordChangeProblem({ currentPassword, newPassword, confirmPassword: newPassword }) === null;
        const contractAccepts = ChangePasswordSchema.safeParse({ currentPassword, newPassword }).success;
        expect(contractAccepts).toBe(
          clientAccepts && suppliedPasswordFitsContract(currentPassword) && newPasswordFitsContract(newPassword),
        );
      }),
      runs,
    );
  });

  it('the bounds are the only gap: the client lets these through and the contract refuses them', () => {
    const long = 'x'.repeat(PASSWORD_MAX + 1);
    const register = { name: 'Ada', email: 'ada@example.com', password: long, confirmPassword: long };
    expect(registerProblem(register)).toBeNull();
    expect(RegisterSchema.safeParse(registerBody(register)).success).toBe(false);
    const bell = 'secret\u0007';
    expect(passwordChangeProblem({ currentPassword: 'old', newPassword: bell, confirmPassword: bell })).toBeNull();
    expect(ChangePasswordSchema.safeParse({ currentPassword: 'old', newPassword: bell }).success).toBe(false);
  });
});
