import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '#src/shared/notifications/paths.ts';
import { QueryProvider } from '#src/web/lib/query-client.tsx';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { FakeEventSource } from '../../../tests/support/fake-event-source.ts';
import { NotificationBell } from './notification-bell.tsx';

// The count the server pushes on the bell's live stream.
const push = (unread: number) => FakeEventSource.stillOpen().forEach((source) => source.send(JSON.stringify({ unread })));

const ada = { id: 'u-ada', name: 'Ada Owner' };
const item = (
  id: string,
  kind: NotificationItem['kind'],
  task: NotificationItem['task'],
  minute: number,
  read = false,
): NotificationItem => ({
  id,
  kind,
  workspaceId: 'w1',
  workspaceName: 'Studio',
  task,
  actor: ada,
  excerpt: null,
  detail: null,
  link: null,
  read,
  createdAt: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
});
const launch = { id: 't-launch', title: 'Launch notes' };
const budget = { id: 't-budget', title: 'Budget' };
// Newest first, as the server answers.
const notifications = [
  item('n4', 'commented', launch, 40),
  item('n3', 'assigned', budget, 30),
  item('n2', 'mentioned', launch, 20),
  item('n1', 'role_changed', null, 10, true),
  item('n0', 'assigned', launch, 5, true),
];

function renderBell() {
  render(
    <RouterProvider history={memoryHistory('/dashboard')}>
      <QueryProvider>
        <NotificationBell />
      </QueryProvider>
    </RouterProvider>,
  );
}

describe('the notification bell', { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    document.title = 'Dashboard — Tessera';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists one entry per task under its newest notification, and opening it marks the whole task read', async () => {
    const api = fakeApi({
      'GET /api/me/notifications/unread-count': [200, { unread: 3 }],
      'GET /api/me/notifications?filter=all': [200, { notifications, nextCursor: null }],
      'POST /api/me/notifications/n4/read': [200, { unread: 2 }],
      'POST /api/me/notifications/n2/read': [200, { unread: 1 }],
    });
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: /^Notifications \(3 unread notifications\)/ }));
    const entries = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Ada Owner commented on “Launch notes”.*2 more on this task · unread$/),
      expect.stringMatching(/^Ada Owner assigned you “Budget”.*Studio · unread$/),
      expect.stringMatching(/^Ada Owner made you a member of Studio.*Studio$/),
      'Mark all as read',
      'See all notifications',
    ]);
    await user.click(entries[0]!);
    await waitFor(() =>
      expect(api.calls.filter((call) => call.route.startsWith('POST')).map((call) => call.route)).toEqual([
        'POST /api/me/notifications/n4/read',
        'POST /api/me/notifications/n2/read',
      ]),
    );
  });

  it('leads the tab title with the unread count, keeps it through a page change, and drops it at zero', async () => {
    fakeApi({
      'GET /api/me/notifications/unread-count': [200, { unread: 3 }],
      'GET /api/me/notifications?filter=all': [200, { notifications, nextCursor: null }],
    });
    renderBell();
    await waitFor(() => expect(document.title).toBe('(3) Dashboard — Tessera'));
    // The router names the next page; the count comes back in front of it.
    document.title = 'Board — Tessera';
    await waitFor(() => expect(document.title).toBe('(3) Board — Tessera'));
    act(() => push(120));
    await waitFor(() => expect(document.title).toBe('(99+) Board — Tessera'));
    act(() => push(0));
    await waitFor(() => expect(document.title).toBe('Board — Tessera'));
  });
});
