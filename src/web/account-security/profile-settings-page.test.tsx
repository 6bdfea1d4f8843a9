import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validation } from '#src/shared/account-messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { ProfileSettingsPage } from './profile-settings-page.tsx';

vi.mock('#src/web/ui/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const replaceUser = vi.fn();
vi.mock('#src/web/lib/session.tsx', () => ({
  useSession: () => ({ user: { name: 'Ada Lovelace', gender: 'female', email: 'ada@example.com' }, replaceUser }),
}));
vi.mock('#src/web/routing/router-context.tsx', () => ({ useLocation: () => ({ hash: '' }) }));

// user-event types key by key; on a loaded machine that outlasts the default 5 s.
describe('Profile Settings forms', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a blank name is told above the form, with the focus on the name, and nothing is sent', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    render(<ProfileSettingsPage />);
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(validation.nameRequired);
    expect(name).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('saves the trimmed name and the gender', async () => {
    const api = fakeApi({ 'PUT /api/update-profile': (body) => [200, { user: body }] });
    const user = userEvent.setup();
    render(<ProfileSettingsPage />);
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, ' Ada King ');
    await user.selectOptions(screen.getByLabelText('Gender'), 'not specified');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(replaceUser).toHaveBeenCalledWith({ name: 'Ada King', gender: 'not specified' }));
    expect(api.calls[0]?.body).toEqual({ name: 'Ada King', gender: 'not specified' });
  });

  it('the password form tells spec 5’s first failure, focused on its field, then clears after a change', async () => {
    const api = fakeApi({ 'PUT /api/change-password': [200, { ok: true }] });
    const user = userEvent.setup();
    render(<ProfileSettingsPage />);
    await user.click(screen.getByRole('tab', { name: workspaceCopy.passwordTab }));
    const current = screen.getByLabelText('Current Password');
    const fresh = screen.getByLabelText('New Password');
    const again = screen.getByLabelText('Confirm New Password');
    const submit = screen.getByRole('button', { name: 'Change Password' });

    await user.type(current, 'old-secret');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(validation.allPasswordFieldsRequired);
    expect(fresh).toHaveFocus();

    await user.type(fresh, 'abc');
    await user.type(again, 'abd');
    await user.click(submit);
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(validation.newPasswordsDiffer));
    expect(again).toHaveFocus();

    await user.clear(again);
    await user.type(again, 'abc');
    await user.click(submit);
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(validation.newPasswordTooShort));
    expect(fresh).toHaveFocus();
    expect(api.calls).toHaveLength(0);

    await user.clear(fresh);
    await user.type(fresh, 'a-new-secret');
    await user.clear(again);
    await user.type(again, 'a-new-secret');
    await user.click(submit);
    await vi.waitFor(() => expect(current).toHaveValue(''));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls[0]?.body).toEqual({ currentPassword: 'old-secret', newPassword: 'a-new-secret' });
  });
});
