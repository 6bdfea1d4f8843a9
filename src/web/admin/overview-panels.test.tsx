import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminAlert, AdminUser } from '#src/shared/admin/paths.ts';
import { AlertsPanel } from './overview-panels.tsx';

const ada: AdminUser = {
  id: '00000000-0000-4000-8000-0000000000ad',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
  status: 'Active',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const alert = (overrides: Partial<AdminAlert>): AdminAlert => ({
  id: crypto.randomUUID(),
  type: 'warning',
  severity: 'medium',
  message: 'An admin account signed in from a new device.',
  at: new Date().toISOString(),
  person: null,
  device: null,
  ...overrides,
});

describe('System Alerts', () => {
  it('names the person (their dialog opens from it) and the browser and system, never a raw id', async () => {
    const opened: AdminUser[] = [];
    render(
      <AlertsPanel
        alerts={[alert({ person: ada, device: { browser: 'Safari 17', os: 'iOS 17.5' } })]}
        onOpen={(user) => opened.push(user)}
      />,
    );
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Safari 17 on iOS 17.5')).toBeTruthy();
    expect(document.body.textContent).not.toContain(ada.id);
    await userEvent.click(screen.getByRole('button', { name: /Ada Admin/ }));
    expect(opened).toEqual([ada]);
  });

  it('shows an alert about no one as its message alone', () => {
    render(<AlertsPanel alerts={[alert({ message: 'Repeated rate-limit refusals.' })]} onOpen={() => undefined} />);
    expect(screen.getByText('Repeated rate-limit refusals.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
