import { useInfiniteQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { chatText } from '#src/shared/chat/messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';
import { chatApi, chatKeys } from './chat-api.ts';
import { Composer } from './deferred-parts.tsx';
import type { MessageActions } from './message-item.tsx';
import type { ChatMessage } from '#src/shared/chat/paths.ts';
import { useMemo, type ReactNode } from 'react';

// A message's thread beside the channel: the message, its replies oldest first (the latest page, with
// earlier ones on request), and a composer that replies there. Live like the channel (the stream names the thread that changed).
export function ThreadPanel({
  workspaceId,
  channelId,
  messageId,
  members,
  isOwner,
  typingLine,
  renderMessage,
  onClose,
}: {
  workspaceId: string;
  channelId: string;
  messageId: string;
  members: MentionCandidate[];
  isOwner: boolean;
  typingLine: ReactNode;
  renderMessage: (message: ChatMessage, actions?: Partial<MessageActions>) => ReactNode;
  onClose: () => void;
}) {
  // Opens on the latest replies; earlier ones come a page at a time, above them.
  const { data, error, isPending, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery({
    queryKey: chatKeys.thread(workspaceId, channelId, messageId),
    queryFn: ({ pageParam }) => chatApi.thread(workspaceId, channelId, messageId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.olderCursor ?? undefined,
  });
  const latest = data?.pages[0];
  const replies = useMemo(() => (data?.pages ?? []).toReversed().flatMap((page) => page.replies), [data]);
  return (
    <section aria-labelledby={`${messageId}-thread`} className="flex flex-col rounded-card border border-slate-200 bg-white">
      <header className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
        <h3 id={`${messageId}-thread`} className="font-semibold text-slate-900">
          {chatText.thread}
        </h3>
        <button
          type="button"
          aria-label={chatText.closeThread}
          className="rounded-control p-1 text-slate-600 hover:bg-slate-100"
          onClick={onClose}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
      <div className="max-h-[50dvh] overflow-y-auto px-2 py-3">
        {isPending ? (
          <GenericLoader />
        ) : error || !latest ? (
          <Alert tone="error">{problemText(error, chatText.loadFailed)}</Alert>
        ) : (
          <>
            {renderMessage(latest.parent, { onOpenThread: undefined })}
            <p className="my-2 border-t border-slate-200 pt-2 text-xs font-semibold text-slate-600">
              {chatText.replies(latest.parent.replyCount)}
            </p>
            {hasNextPage ? (
              <div className="mb-1 text-center">
                <Button variant="ghost" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                  {chatText.earlierReplies}
                </Button>
              </div>
            ) : null}
            <ol aria-label={chatText.replies(latest.parent.replyCount)} className="space-y-1">
              {replies.map((reply) => (
                <li key={reply.id}>{renderMessage(reply)}</li>
              ))}
            </ol>
          </>
        )}
      </div>
      <div className="min-h-5 px-4 text-xs text-slate-600" aria-live="polite">
        {typingLine}
      </div>
      <Composer
        workspaceId={workspaceId}
        channelId={channelId}
        parentId={messageId}
        label={chatText.replyLabel}
        members={members}
        isOwner={isOwner}
        onSent={async () => void (await refetch())}
      />
    </section>
  );
}
