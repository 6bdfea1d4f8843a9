import type { NotificationDelivery, NotificationKind } from './paths.ts';

// What a notification says, in the bell, the inbox and the email: who did what, to which task.
export function notificationSentence(
  kind: NotificationKind,
  actor: string,
  task: string,
  detail: string | null,
  workspace: string,
): string {
  switch (kind) {
    case 'assigned':
      return `${actor} assigned you “${task}”`;
    case 'mentioned':
      // A task's title, a docs page's (its detail), or neither for a mention in chat.
      return task || detail ? `${actor} mentioned you in “${task || detail}”` : `${actor} mentioned you in chat`;
    case 'commented':
      return `${actor} commented on “${task}”`;
    case 'status_changed':
      return `${actor} moved “${task}” to ${detail ?? 'another column'}`;
    case 'due':
      return detail === 'overdue' ? `“${task}” is overdue` : `“${task}” is due tomorrow`;
    case 'invitation_accepted':
      return `${actor} accepted your invitation to ${workspace}`;
    case 'role_changed':
      return `${actor} made you ${detail === 'owner' ? 'an owner' : detail === 'client' ? 'a client' : 'a member'} of ${workspace}`;
    case 'thread_reply':
      return `${actor} replied in a chat thread you follow`;
  }
}

export const notificationCopy = {
  someone: 'Someone',
  bell: 'Notifications',
  unreadLabel: (count: number) => (count === 1 ? '1 unread notification' : `${count} unread notifications`),
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  empty: 'Nothing new. When someone assigns you a task, mentions you or comments on a task you follow, it shows up here.',
  emptyFiltered: 'Nothing here with this filter. Choose All to see every notification.',
  viewAll: 'See all notifications',
  inbox: 'Inbox',
  inboxLead: 'Everything that needs you, across your workspaces.',
  loadMore: 'Load more',
  loadFailed: 'Notifications could not be loaded. Try again in a moment.',
  filters: { all: 'All', unread: 'Unread', mentions: 'Mentions', assigned: 'Assigned' },
  follow: 'Follow',
  unfollow: 'Unfollow',
  following: 'Following',
  preferencesTitle: 'Notifications',
  preferencesLead: 'Choose how you hear about each kind of notification. You always see them in the app.',
  preferencesSaved: 'Notification preferences saved.',
  save: 'Save preferences',
  kinds: {
    assigned: 'A task is assigned to me',
    mentioned: 'Someone mentions me',
    commented: 'A comment on a task I follow',
    status_changed: 'A task I follow changes status',
    due: 'A task of mine is due tomorrow or overdue',
    invitation_accepted: 'An invitation I sent is accepted',
    role_changed: 'My role changes',
    thread_reply: 'A reply in a chat thread I follow',
  } satisfies Record<NotificationKind, string>,
  deliveries: {
    app: 'In the app only',
    email: 'Email at once',
    digest: 'Daily digest email',
  } satisfies Record<NotificationDelivery, string>,
  mentionPicker: 'Mention a member',
  noMemberMatches: 'No member matches',
  openPreferences: 'Notification preferences',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: (kind: NotificationKind): string =>
    `Stop emails for “${notificationCopy.kinds[kind]}”? You will still see these in the app.`,
  unsubscribeConfirm: 'Unsubscribe from these emails',
  unsubscribing: 'Unsubscribing…',
  unsubscribeFailed: 'We could not unsubscribe you just now. Try again in a moment.',
  unsubscribeOthers: 'Other kinds of email are unchanged. To choose each one, sign in and open your notification preferences.',
  groupMore: (count: number) => (count === 1 ? '1 more on this task' : `${count} more on this task`),
  unreadTitle: (count: number, title: string) => (count > 0 ? `(${count > 99 ? '99+' : count}) ${title}` : title),
} as const;

export const notificationError = {
  notFound: 'That notification does not exist.',
  badToken: 'That unsubscribe link is not valid.',
} as const;

export const notificationNotice = {
  unsubscribed: (kind: NotificationKind) => `You will no longer get emails for: ${notificationCopy.kinds[kind]}.`,
} as const;
