import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '#src/shared/notifications/paths.ts';
import { addressOf } from './notification-text.ts';

const base: NotificationItem = {
  id: 'n1',
  kind: 'mentioned',
  workspaceId: 'w1',
  workspaceName: 'Studio',
  task: null,
  actor: null,
  excerpt: null,
  detail: null,
  link: null,
  read: false,
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('where a notification opens', () => {
  it('opens where it happened in its own workspace: a channel, a page, else the task, else the board', () => {
    expect(addressOf({ ...base, link: '/chat?channel=c1' })).toBe('/chat?channel=c1&workspace=w1');
    expect(addressOf({ ...base, link: '/pages/p1' })).toBe('/pages/p1?workspace=w1');
    expect(addressOf({ ...base, task: { id: 't1', title: 'Launch' } })).toBe('/board?workspace=w1&task=t1');
    expect(addressOf(base)).toBe('/board?workspace=w1');
  });
});
