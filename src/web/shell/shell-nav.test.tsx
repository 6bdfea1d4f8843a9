import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { label, navCopy } from '#src/shared/messages.ts';
import type { PublicUser } from '#src/shared/accounts/user.ts';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { ShellNavLinks } from './shell-nav.tsx';

const user = (role: string): PublicUser => ({
  id: 'u1',
  name: 'Ada Owner',
  email: 'ada@example.com',
  role,
  gender: 'not specified',
  picture: null,
  emailVerified: true,
  totalProspectsFetched: 0,
  totalProspectsMailed: 0,
  totalProject: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe("The shell's top navigation", () => {
  it('links the board after the spec’s Dashboard and Profile, and the link opens it', async () => {
    for (const [role, links] of [
      ['user', [label.dashboard, label.profile, navCopy.board]],
      ['admin', [label.dashboard, label.adminPanel, label.profile, navCopy.board]],
    ] as const) {
      const history = memoryHistory('/dashboard');
      const { unmount } = render(
        <RouterProvider history={history}>
          <ShellNavLinks user={user(role)} />
        </RouterProvider>,
      );
      const nav = screen.getByRole('navigation', { name: navCopy.mainNav });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(links);
      await userEvent.setup().click(within(nav).getByRole('link', { name: navCopy.board }));
      expect(history.location().pathname).toBe('/board');
      unmount();
    }
  });
});
