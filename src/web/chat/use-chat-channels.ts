import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '#src/web/lib/use-live-refresh.ts';
import { chatApi, chatKeys } from './chat-api.ts';

// The channels I can see with my unread counts, kept fresh by the workspace's live stream (it names only
// the channel that changed, and only to those who may read it; this refetches what the server lets me see).
export function useChatChannels(workspaceId: string | null) {
  const queryClient = useQueryClient();
  useLiveEvents(workspaceId, (event) => {
    if (event.type === 'chat.changed' && workspaceId) void queryClient.invalidateQueries({ queryKey: chatKeys.channels(workspaceId) });
  });
  return useQuery({
    queryKey: chatKeys.channels(workspaceId ?? ''),
    queryFn: () => chatApi.channels(workspaceId!),
    enabled: workspaceId !== null,
  });
}
