import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { securityError, securityUi } from '#src/shared/account-security/messages.ts';
import type { SecurityOverview } from '#src/shared/account-security/paths.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { TwoFactorSection } from './two-factor-section.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const overview: SecurityOverview = {
  twoFactor: { enabled: false, recoveryCodesLeft: 0 },
  signIn: { password: true, google: false },
  sessions: [],
  events: [],
};
const setup = { otpauthUri: 'otpauth://totp/Tessera', secret: 'JBSWY3DPEHPK3PXP', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };

async function openSetup() {
  const user = userEvent.setup();
  render(<TwoFactorSection overview={overview} onChanged={() => Promise.resolve()} />);
  await user.click(screen.getByRole('button', { name: securityUi.turnOn }));
  const dialog = await screen.findByRole('dialog', { name: securityUi.setupTitle });
  return { user, dialog, code: within(dialog).getByLabelText(securityUi.firstCodeLabel) };
}

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('turning on two-factor sign-in', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a code that is not six digits under the field, focused, before asking the server', async () => {
    const api = fakeApi({ 'POST /api/account/two-factor/setup': [200, setup] });
    const { user, dialog, code } = await openSetup();
    await user.type(code, '12345');
    await user.click(within(dialog).getByRole('button', { name: securityUi.confirm }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your app.'));
    expect(code).toHaveFocus();
    expect(api.called('POST /api/account/two-factor/confirm')).toHaveLength(0);
  });

  it('puts the server’s “not valid” under the code, keeping it', async () => {
    fakeApi({
      'POST /api/account/two-factor/setup': [200, setup],
      'POST /api/account/two-factor/confirm': [400, { error: securityError.codeWrong }],
    });
    const { user, dialog, code } = await openSetup();
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: securityUi.confirm }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(securityError.codeWrong));
    expect(code).toHaveFocus();
    expect(code).toHaveValue('123456');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
