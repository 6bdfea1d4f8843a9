import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UnreadCountResponse } from '#src/shared/notifications/paths.ts';
import { listenToStream } from '#src/web/lib/shared-stream.ts';
import { notificationsApi } from './notifications-api.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  latest: ['notifications', 'latest'] as const,
};

// The bell's unread count, kept live by the server's stream: it pushes the count on connect and on every
// change (on any instance), and the newest list is refetched when the count moves.
export function useUnreadCount(): number {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: notificationKeys.unread, queryFn: notificationsApi.unread });
  useEffect(
    () =>
      listenToStream(notificationsApi.eventsUrl, {
        message: (data) => {
          const next = JSON.parse(data) as UnreadCountResponse;
          const before = queryClient.getQueryData<UnreadCountResponse>(notificationKeys.unread);
          queryClient.setQueryData(notificationKeys.unread, next);
          if (before?.unread !== next.unread) void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
        },
      }),
    [queryClient],
  );
  return data?.unread ?? 0;
}

export function useLatestNotifications(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.latest, queryFn: () => notificationsApi.page('all', null), enabled });
}
