import { useQuery } from '@tanstack/react-query';
import { useLiveRefresh } from '#src/web/lib/use-live-refresh.ts';
import { chatApi, chatKeys } from './chat-api.ts';

// The channels I can see with my unread counts, kept fresh by the workspace's live stream (it names only
// the channel that changed; this refetches what the server lets me see).
export function useChatChannels(workspaceId: string | null) {
  useLiveRefresh(workspaceId, workspaceId ? [chatKeys.all(workspaceId)] : []);
  return useQuery({
    queryKey: chatKeys.channels(workspaceId ?? ''),
    queryFn: () => chatApi.channels(workspaceId!),
    enabled: workspaceId !== null,
  });
}
