import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from './notifications-api.ts';
import { notificationKeys } from './use-notifications.ts';

// Marking read answers the new unread count; every list of notifications reads again.
export function useMarkRead() {
  const queryClient = useQueryClient();
  const settle = {
    onSuccess: (answer: { unread: number }) => {
      queryClient.setQueryData(notificationKeys.unread, answer);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  };
  const one = useMutation({ mutationFn: notificationsApi.markRead, ...settle });
  const all = useMutation({ mutationFn: notificationsApi.markAllRead, ...settle });
  return { markRead: one.mutate, markAllRead: () => all.mutate(), pending: one.isPending || all.isPending };
}
