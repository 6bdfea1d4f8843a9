// Notifications and mentions: the API both sides share. Paths are relative to API_BASE.
import type { z } from 'zod';
import type {
  FollowResponseSchema,
  NotificationItemSchema,
  NotificationListResponseSchema,
  NotificationPersonSchema,
  PreferencesResponseSchema,
  UnreadCountResponseSchema,
} from './responses.ts';
export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'commented',
  'status_changed',
  'due',
  'invitation_accepted',
  'role_changed',
  'thread_reply',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

// in-app only, an email at once, or in the daily digest.
export const NOTIFICATION_DELIVERIES = ['app', 'email', 'digest'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

// What needs me now is mailed at once; what I can catch up on waits for the digest.
export const DEFAULT_DELIVERY: Record<NotificationKind, NotificationDelivery> = {
  assigned: 'email',
  mentioned: 'email',
  commented: 'digest',
  status_changed: 'digest',
  due: 'digest',
  invitation_accepted: 'digest',
  role_changed: 'digest',
  thread_reply: 'app',
};

export const NOTIFICATION_FILTERS = ['all', 'unread', 'mentions', 'assigned'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NOTIFICATION_PAGE_SIZE = 50;

// A notification's own place (`link`), opened in its workspace, which becomes the current one.
export const linkInWorkspace = (link: string, workspaceId: string) =>
  `${link}${link.includes('?') ? '&' : '?'}${new URLSearchParams({ workspace: workspaceId })}`;
// The daily digest goes out at this hour, UTC.
export const DIGEST_HOUR_UTC = 7;

export const notificationPaths = {
  // GET: my notifications across my workspaces, newest first (?filter=&cursor=; NotificationListResponse).
  list: '/me/notifications',
  // GET: { unread } across my workspaces.
  unreadCount: '/me/notifications/unread-count',
  // POST {}: mark one read.
  read: '/me/notifications/:notificationId/read',
  // POST {}: mark all read.
  readAll: '/me/notifications/read-all',
  // GET: Server-Sent Events of my unread count ({ unread } on connect and on every change).
  events: '/me/notifications/events',
  // GET / PUT: my delivery per kind (UpdatePreferencesSchema).
  preferences: '/me/notification-preferences',
  // GET / PUT { following }: whether I follow a task.
  follow: '/workspaces/:id/tasks/:taskId/follow',
  // POST ?token=: RFC 8058 one-click unsubscribe from one kind of email; no session needed.
  unsubscribe: '/notifications/unsubscribe',
} as const;

// The web pages a notification email links to: the public one-click unsubscribe page (the token in its
// fragment) and the Notifications tab of Profile Settings.
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
export const PREFERENCES_PAGE = '/profile-settings#notifications';

export type NotificationPerson = z.infer<typeof NotificationPersonSchema>;
export type NotificationItem = z.infer<typeof NotificationItemSchema>;
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;
export type UnreadCountResponse = z.infer<typeof UnreadCountResponseSchema>;
export type PreferencesResponse = z.infer<typeof PreferencesResponseSchema>;
export type FollowResponse = z.infer<typeof FollowResponseSchema>;
