import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PRESENCE_EVERY_MS, TYPING_SHOWN_MS } from '#src/shared/chat/paths.ts';
import { useLiveEvents } from '#src/web/lib/use-live-refresh.ts';
import { chatApi, chatKeys } from './chat-api.ts';
import { appendLiveMessage } from './chat-cache.ts';

// Who is typing where: `channelId` or `channelId/threadId` → person id → until when (ms).
export type Typing = Map<string, Map<string, number>>;
export const typingPlace = (channelId: string, threadId: string | null) => (threadId ? `${channelId}/${threadId}` : channelId);

// The chat page's ear on the live stream: a new message joins the open channel's history as it came,
// another change refetches only that channel's reads (and a task's, its preview card; the channel list
// keeps itself, useChatChannels), typing shows for a few seconds, presence refreshes the people lists. While the page
// is open it says this person is here (or away, with the tab hidden), on every device alike.
export function useChatLive(workspaceId: string, myId: string | undefined): Typing {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<Typing>(new Map());
  useLiveEvents(workspaceId, (event) => {
    switch (event.type) {
      case 'chat.message': {
        appendLiveMessage(queryClient, workspaceId, event);
        const typist = event.actorId;
        if (typist) setTyping((now) => without(now, typingPlace(event.channelId, null), typist));
        return;
      }
      case 'chat.changed': {
        const typist = event.actorId;
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(workspaceId, event.channelId) });
        void queryClient.invalidateQueries({ queryKey: ['chat', workspaceId, 'thread', event.channelId] });
        void queryClient.invalidateQueries({ queryKey: ['chat', workspaceId, 'search', event.channelId] });
        // Whoever just sent has stopped typing there.
        if (typist) setTyping((now) => without(now, typingPlace(event.channelId, event.threadId), typist));
        return;
      }
      case 'chat.typing': {
        if (!event.actorId || event.actorId === myId) return;
        const place = typingPlace(event.channelId, event.threadId);
        const who = event.actorId;
        setTyping((now) => new Map(now).set(place, new Map(now.get(place)).set(who, Date.now() + TYPING_SHOWN_MS)));
        setTimeout(() => setTyping((now) => expire(now)), TYPING_SHOWN_MS + 100);
        return;
      }
      case 'chat.presence':
        void queryClient.invalidateQueries({ queryKey: ['chat', workspaceId, 'people'] });
        return;
      default:
        if (event.type.startsWith('task.')) void queryClient.invalidateQueries({ queryKey: ['chat', workspaceId, 'task'] });
    }
  });

  useEffect(() => {
    const say = () => void chatApi.presence(workspaceId, document.hidden ? 'away' : 'online').catch(() => undefined);
    say();
    const every = setInterval(say, PRESENCE_EVERY_MS);
    document.addEventListener('visibilitychange', say);
    return () => {
      clearInterval(every);
      document.removeEventListener('visibilitychange', say);
    };
  }, [workspaceId]);

  // The histories are kept current only while this ear listens: once it stops (the person leaves the
  // chat page), each is read again when it is next shown, however recently it was read.
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: chatKeys.histories(workspaceId), refetchType: 'none' }),
    [queryClient, workspaceId],
  );

  return typing;
}

function without(typing: Typing, place: string, who: string): Typing {
  if (!typing.get(place)?.has(who)) return typing;
  const next = new Map(typing);
  const people = new Map(next.get(place));
  people.delete(who);
  next.set(place, people);
  return next;
}

function expire(typing: Typing): Typing {
  const now = Date.now();
  const next: Typing = new Map();
  for (const [place, people] of typing) next.set(place, new Map([...people].filter(([, until]) => until > now)));
  return next;
}
