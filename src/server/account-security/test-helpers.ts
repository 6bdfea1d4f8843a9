// What the account-security tests share: turning two-factor sign-in on through the API.
import { expect } from 'vitest';
import type { Client } from '../../../tests/support/test-app.ts';
import { currentStep, totpAt } from '../../../tests/support/totp.ts';

export interface Enabled {
  secret: string;
  recoveryCodes: string[];
}

// Confirmed with the code of the step before now (inside the accepted window), so the codes of the
// present step and the next stay unused for the test.
export async function enableTwoFactor(c: Client): Promise<Enabled> {
  const setup = await c.post('/account/two-factor/setup', {});
  expect(setup.status).toBe(200);
  const confirmed = await c.post('/account/two-factor/confirm', { code: totpAt(setup.body.secret, currentStep() - 1) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

// The password step of a sign-in for an account with two-factor sign-in on: its second-step token.
export async function firstStep(c: Client, account: { email: string; password: string }): Promise<string> {
  const answer = await c.post('/login', { email: account.email, password: account.password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.user).toBeUndefined();
  expect(answer.headers.getSetCookie()).toEqual([]);
  return answer.body.secondStep.token;
}
