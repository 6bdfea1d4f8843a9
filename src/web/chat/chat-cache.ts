import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Channel, ChannelsResponse, ChatEventData, MessagesResponse } from '#src/shared/chat/paths.ts';
import { chatKeys } from './chat-api.ts';

type NewMessage = Extract<ChatEventData, { type: 'chat.message' }>;
// A page of a channel's history as useHistory keeps it.
export type HistoryPage = MessagesResponse & { newer: boolean };

// A message from the live stream, put where the channel's history is kept without reading it again:
// the history that opens on the latest page gets it at its newest end when its newest message is the
// one the event says came before (or it is already there). Any other history of the channel (one that
// is loading, one that missed a message, one opened at a jump) is read again instead.
export function appendLiveMessage(queryClient: QueryClient, workspaceId: string, event: NewMessage): void {
  const { message, previousSeq } = event;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: chatKeys.messages(workspaceId, event.channelId) })) {
    const anchor = query.queryKey.at(-1);
    const data = query.state.data as InfiniteData<HistoryPage> | undefined;
    const newest = data?.pages[0];
    const fits =
      anchor === null &&
      newest !== undefined &&
      !newest.newer &&
      query.state.fetchStatus === 'idle' &&
      (newest.messages.some((one) => one.id === message.id) || (newest.messages[0]?.seq ?? null) === previousSeq);
    if (!fits) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    if (newest.messages.some((one) => one.id === message.id)) continue;
    queryClient.setQueryData<InfiniteData<HistoryPage>>(query.queryKey, {
      ...data!,
      pages: [{ ...newest, messages: [message, ...newest.messages] }, ...data!.pages.slice(1)],
    });
  }
  void queryClient.invalidateQueries({ queryKey: ['chat', workspaceId, 'search', event.channelId] });
}

const withTotal = (channels: Channel[]): ChannelsResponse => ({
  channels,
  unreadTotal: channels.reduce((sum, channel) => sum + (channel.archived ? 0 : channel.unread), 0),
});

// The newest message counted in each channel's unread number, per cache: the list is heard by every
// component that shows it (the rail's badge and the chat page), and each message counts once.
const counted = new WeakMap<QueryClient, Map<string, number>>();

// A new message from someone else is one more unread in its channel (one I joined), counted without
// reading the list again; a channel the list does not have yet is read again.
export function countLiveMessage(queryClient: QueryClient, workspaceId: string, event: NewMessage, myId: string | undefined): void {
  const list = queryClient.getQueryData<ChannelsResponse>(chatKeys.channels(workspaceId));
  const channel = list?.channels.find((one) => one.id === event.channelId);
  if (!list || !channel) return void queryClient.invalidateQueries({ queryKey: chatKeys.channels(workspaceId) });
  const seen = counted.get(queryClient) ?? new Map<string, number>();
  counted.set(queryClient, seen);
  if ((seen.get(channel.id) ?? 0) >= event.message.seq) return;
  seen.set(channel.id, event.message.seq);
  if (!channel.joined || event.message.authorId === myId) return;
  putChannel(queryClient, workspaceId, { ...channel, unread: channel.unread + 1 });
}

// One channel as the server answered it (after marking it read), in place in the list.
export function putChannel(queryClient: QueryClient, workspaceId: string, channel: Channel): void {
  queryClient.setQueryData<ChannelsResponse>(chatKeys.channels(workspaceId), (list) =>
    list ? withTotal(list.channels.map((one) => (one.id === channel.id ? channel : one))) : list,
  );
}
