import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '#src/web/lib/use-live-refresh.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { chatApi, chatKeys } from './chat-api.ts';
import { countLiveMessage } from './chat-cache.ts';

// The channels I can see with my unread counts, kept fresh by the workspace's live stream (only those who
// may read a channel hear of it): a new message counts as unread where it belongs, any other change
// refetches what the server lets me see.
export function useChatChannels(workspaceId: string | null) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useLiveEvents(workspaceId, (event) => {
    if (!workspaceId) return;
    if (event.type === 'chat.message') countLiveMessage(queryClient, workspaceId, event, user?.id);
    if (event.type === 'chat.changed') void queryClient.invalidateQueries({ queryKey: chatKeys.channels(workspaceId) });
  });
  return useQuery({
    queryKey: chatKeys.channels(workspaceId ?? ''),
    queryFn: () => chatApi.channels(workspaceId!),
    enabled: workspaceId !== null,
  });
}
