import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChatMessage } from '#src/shared/chat/paths.ts';
import { chatApi, chatKeys } from './chat-api.ts';
import type { HistoryPage as Page } from './chat-cache.ts';
import { firstPageOf, type Cursor } from './chat-address.ts';

// A history read this recently is shown as it is when its view mounts, not read again: the chat page
// reads the channel its address names beside the channel list, a moment before the view that shows it
// mounts. From then on the live stream keeps it current while the page listens (use-chat-live.ts).
const JUST_READ_MS = 2_000;

// The read of a channel's history: without an anchor from its latest page, with one from the page
// ending at that message.
export const historyQuery = (workspaceId: string, channelId: string, anchor: number | null) =>
  infiniteQueryOptions({
    queryKey: [...chatKeys.messages(workspaceId, channelId), anchor],
    staleTime: JUST_READ_MS,
    queryFn: async ({ pageParam }): Promise<Page> => ({
      ...(await chatApi.messages(workspaceId, channelId, pageParam)),
      newer: pageParam.after !== undefined,
    }),
    initialPageParam: firstPageOf(anchor),
    getNextPageParam: (last): Cursor | undefined => {
      if (last.newer) return undefined;
      return last.nextCursor ? { before: last.nextCursor } : undefined;
    },
    getPreviousPageParam: (first): Cursor | undefined => {
      if (anchor === null) return undefined;
      if (first.newer) return first.nextCursor ? { after: first.nextCursor } : undefined;
      const newest = first.messages[0];
      return newest ? { after: String(newest.seq) } : undefined;
    },
  });

// A channel's history, oldest first. Without an anchor it opens on the latest page and scrolls back;
// with one (a day jumped to, the first unread) it opens on the page ending at that message and can load
// both older pages and newer ones, up to the latest.
export function useHistory(workspaceId: string, channelId: string, anchor: number | null) {
  const query = useInfiniteQuery(historyQuery(workspaceId, channelId, anchor));
  const messages = useMemo(() => {
    const pages = query.data?.pages ?? [];
    const ordered: ChatMessage[] = [];
    // Pages run newest (previous pages) to oldest (next pages); each older page is newest first.
    for (const page of pages.toReversed()) ordered.push(...(page.newer ? page.messages : page.messages.toReversed()));
    return ordered;
  }, [query.data]);
  return { ...query, messages };
}
