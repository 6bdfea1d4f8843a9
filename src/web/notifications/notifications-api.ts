import { API_BASE, type OkResponse } from '#src/shared/accounts/paths.ts';
import {
  notificationPaths,
  type NotificationFilter,
  type NotificationListResponse,
  type PreferencesResponse,
  type UnreadCountResponse,
} from '#src/shared/notifications/paths.ts';
import type { UpdatePreferencesBody } from '#src/shared/notifications/schemas.ts';
import { api } from '#src/web/lib/api-client.ts';

export const notificationsApi = {
  page: (filter: NotificationFilter, cursor: string | null) =>
    api<NotificationListResponse>('GET', `${notificationPaths.list}?${new URLSearchParams({ filter, ...(cursor ? { cursor } : {}) })}`),
  unread: () => api<UnreadCountResponse>('GET', notificationPaths.unreadCount),
  markRead: (notificationId: string) =>
    api<UnreadCountResponse>('POST', notificationPaths.read.replace(':notificationId', encodeURIComponent(notificationId)), {}),
  markAllRead: () => api<UnreadCountResponse>('POST', notificationPaths.readAll, {}),
  unsubscribe: (token: string) => api<OkResponse>('POST', `${notificationPaths.unsubscribe}?${new URLSearchParams({ token })}`, {}),
  preferences: () => api<PreferencesResponse>('GET', notificationPaths.preferences),
  savePreferences: (body: UpdatePreferencesBody) => api<PreferencesResponse>('PUT', notificationPaths.preferences, body),
  // For EventSource, which sends the session cookie itself.
  eventsUrl: `${API_BASE}${notificationPaths.events}`,
};
