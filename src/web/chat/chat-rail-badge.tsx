import { chatText } from '#src/shared/chat/messages.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { useChatChannels } from './use-chat-channels.ts';

// The rail's count of unread chat messages in the current workspace; nothing when there are none.
export function ChatRailBadge() {
  const { current } = useWorkspaces();
  const { data } = useChatChannels(current?.id ?? null);
  const count = data?.unreadTotal ?? 0;
  if (count === 0) return null;
  return (
    <span className="absolute top-1 right-2 min-w-5 rounded-full bg-red-600 px-1 text-center text-[10px] leading-5 font-semibold text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{chatText.unread(count)}</span>
    </span>
  );
}
