// What the account-security and admin tests share: turning two-factor sign-in on through the API.
import { expect } from 'vitest';
import type { Client } from './test-app.ts';
import { currentStep, totpAt } from './totp.ts';

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

// Two real browsers' user agents, for the device descriptions (Chrome 131 on macOS 10.15.7, Safari 17 on iOS 17.5).
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
