import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Hash, Lock, MessageCircle } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import type { Channel, ChatMessage } from '#src/shared/chat/paths.ts';
import { renderMentions } from '#src/shared/notifications/mentions.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { workspaceDetailQuery } from '#src/web/lib/my-workspaces-api.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { chatApi, chatKeys } from './chat-api.ts';
import { putChannel } from './chat-cache.ts';
import { Composer } from './deferred-parts.tsx';
import { MessageItem, type MessageActions } from './message-item.tsx';
import { MessageList } from './message-list.tsx';
import { PeopleList } from './people-list.tsx';
import { TaskPreview } from './task-preview.tsx';
import { ThreadPanel } from './thread-panel.tsx';
import { typingPlace, type Typing } from './use-chat-live.ts';
import { useHistory } from './use-history.ts';

const TASK_TITLE_MAX = 120;

// One open channel or direct message: its history (a virtual list with the "New messages" line), who
// is typing, the composer, its people with their presence, a search, a jump to a day or to the first
// unread, and a thread beside it.
export function ChannelView({
  workspaceId,
  channel,
  isOwner,
  typing,
  opensAt,
}: {
  workspaceId: string;
  channel: Channel;
  isOwner: boolean;
  typing: Typing;
  // A message to open on (a search result): its position in the channel, and the thread to open beside
  // it when the result was a reply.
  opensAt: { seq: number; threadId: string | null } | null;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { data: detail } = useQuery(workspaceDetailQuery(workspaceId));
  const candidates = useMemo(() => (detail?.members ?? []).map((member) => ({ id: member.userId, name: member.name })), [detail]);
  const names = useMemo(() => new Map(candidates.map((member) => [member.id, member.name])), [candidates]);
  const nameOf = (id: string) => names.get(id);
  // Where the "New messages" line goes: my read position when I opened the channel, kept while I read.
  const [firstUnreadSeq] = useState(channel.unread > 0 && channel.lastReadSeq !== null ? channel.lastReadSeq + 1 : null);
  const [anchor, setAnchor] = useState<number | null>(opensAt?.seq ?? null);
  const [focusSeq, setFocusSeq] = useState<number | null>(opensAt?.seq ?? null);
  const [threadId, setThreadId] = useState<string | null>(opensAt?.threadId ?? null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [day, setDay] = useState('');
  const ids = useId();
  const history = useHistory(workspaceId, channel.id, anchor);
  const messages = history.messages;
  const latest = messages.at(-1)?.seq ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.all(workspaceId) });
  const results = useQuery({
    queryKey: chatKeys.search(workspaceId, channel.id, searched ?? ''),
    queryFn: () => chatApi.messages(workspaceId, channel.id, { q: searched! }),
    enabled: searched !== null,
  });

  // Reading the open channel moves my read position to its newest message, on every device (not while
  // a jump shows older messages only).
  const atLatest = !history.hasPreviousPage;
  useEffect(() => {
    if (!channel.joined || latest === null || channel.unread === 0 || !atLatest) return;
    chatApi.markRead(workspaceId, channel.id, latest).then(
      (answer) => putChannel(queryClient, workspaceId, answer.channel),
      () => undefined,
    );
  }, [workspaceId, channel.id, channel.joined, channel.unread, latest, atLatest, queryClient]);

  const jumpTo = (seq: number) => {
    if (!messages.some((message) => message.seq === seq)) setAnchor(seq);
    setFocusSeq(seq);
  };

  const actionsFor = (message: ChatMessage): MessageActions => ({
    onEdit: async (body) => {
      await chatApi.edit(workspaceId, channel.id, message.id, body);
      await refresh();
    },
    onDelete: () => setDeleting(message.id),
    onReact: (emoji) =>
      void chatApi
        .react(workspaceId, channel.id, message.id, emoji)
        .then(refresh, (error) => notify.error(problemText(error, chatText.loadFailed))),
    ...(message.parentId === null ? { onOpenThread: () => setThreadId(message.id) } : {}),
    onMakeTask: () => {
      const text = renderMentions(message.body, nameOf);
      const firstLine = text.split('\n').find((line) => line.trim()) ?? text;
      const title = firstLine.trim().slice(0, TASK_TITLE_MAX);
      const description = `${chatText.taskFromChat(message.authorName, formatDateTime(message.createdAt))}\n\n${text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`;
      chatApi.createTask(workspaceId, { title, description }).then(
        ({ task }) => notify.success(chatText.taskMade(task.key)),
        (error) => notify.error(problemText(error, chatText.loadFailed)),
      );
    },
  });

  const renderMessage = (message: ChatMessage, overrides: Partial<MessageActions> = {}) => (
    <MessageItem
      message={message}
      nameOf={nameOf}
      members={candidates}
      canEdit={message.authorId === user?.id}
      canDelete={message.authorId === user?.id || isOwner}
      actions={{ ...actionsFor(message), ...overrides }}
      preview={(key) => <TaskPreview workspaceId={workspaceId} taskKey={key} />}
    />
  );

  const typingLine = (threadId: string | null) => {
    const people = [...(typing.get(typingPlace(channel.id, threadId)) ?? new Map<string, number>()).keys()];
    return people.length > 0 ? chatText.typing(people.map((id) => names.get(id) ?? chatText.presence.online)) : null;
  };
  const dm = channel.kind === 'dm';

  return (
    <div className={cn('grid gap-4', threadId && 'xl:grid-cols-[1fr_22rem]')}>
      <section aria-labelledby={`${channel.id}-title`} className="flex min-w-0 flex-col rounded-card border border-slate-200 bg-white">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
          <h2 id={`${channel.id}-title`} className="flex items-center gap-1 font-semibold text-slate-900">
            {channel.kind === 'dm' ? (
              <MessageCircle className="size-4" aria-hidden="true" />
            ) : channel.private ? (
              <Lock className="size-4" aria-hidden="true" />
            ) : (
              <Hash className="size-4" aria-hidden="true" />
            )}
            {channel.name}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            {firstUnreadSeq !== null ? (
              <Button variant="ghost" onClick={() => jumpTo(firstUnreadSeq)}>
                {chatText.jumpToUnread}
              </Button>
            ) : null}
            {!channel.joined ? (
              <Button
                variant="secondary"
                onClick={() =>
                  void chatApi.join(workspaceId, channel.id).then(refresh, (error) => notify.error(problemText(error, chatText.loadFailed)))
                }
              >
                {chatText.join}
              </Button>
            ) : null}
          </div>
        </header>
        <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 px-4 py-2">
          <form
            role="search"
            aria-label={chatText.search}
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              setSearched(search.trim() || null);
            }}
          >
            <label htmlFor={`${ids}-search`} className="sr-only">
              {chatText.search}
            </label>
            <input
              id={`${ids}-search`}
              type="search"
              value={search}
              maxLength={200}
              placeholder={chatText.search}
              className={cn(controlClass, 'w-48')}
              onChange={(event) => {
                setSearch(event.target.value);
                if (!event.target.value) setSearched(null);
              }}
            />
          </form>
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!day) return;
              chatApi.jump(workspaceId, channel.id, day).then(
                ({ seq }) => (seq === null ? notify.error(chatText.noMessagesSince) : jumpTo(seq)),
                (error) => notify.error(problemText(error, chatText.loadFailed)),
              );
            }}
          >
            <label htmlFor={`${ids}-day`} className="sr-only">
              {chatText.jumpToDate}
            </label>
            <input id={`${ids}-day`} type="date" value={day} className={controlClass} onChange={(event) => setDay(event.target.value)} />
            <Button type="submit" variant="secondary">
              {chatText.jumpToDate}
            </Button>
          </form>
          {anchor !== null ? (
            <Button
              variant="ghost"
              onClick={() => {
                setAnchor(null);
                setFocusSeq(null);
              }}
            >
              {chatText.backToLatest}
            </Button>
          ) : null}
        </div>
        {searched !== null ? (
          <SearchResults
            found={results.data?.messages ?? null}
            error={results.error}
            onClear={() => {
              setSearch('');
              setSearched(null);
            }}
            renderMessage={renderMessage}
          />
        ) : null}
        {history.isPending ? (
          <GenericLoader />
        ) : history.error ? (
          <Alert tone="error">{problemText(history.error, chatText.loadFailed)}</Alert>
        ) : messages.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">{chatText.emptyChannel}</p>
        ) : (
          <MessageList
            label={dm ? chatText.messagesWith(channel.name) : chatText.messagesIn(channel.name)}
            messages={messages}
            hasOlder={history.hasNextPage}
            loadingOlder={history.isFetchingNextPage}
            loadOlder={() => void history.fetchNextPage()}
            firstUnreadSeq={firstUnreadSeq}
            focusSeq={focusSeq}
            renderMessage={(message) => renderMessage(message)}
          />
        )}
        {history.hasPreviousPage ? (
          <div className="border-t border-slate-200 text-center">
            <Button variant="ghost" busy={history.isFetchingPreviousPage} onClick={() => void history.fetchPreviousPage()}>
              {chatText.newerMessages}
            </Button>
          </div>
        ) : null}
        <div className="min-h-5 px-4 text-xs text-slate-600" aria-live="polite">
          {typingLine(null)}
        </div>
        {!channel.joined ? <p className="border-t border-slate-200 px-4 py-2 text-sm text-slate-600">{chatText.notJoined}</p> : null}
        <Composer
          workspaceId={workspaceId}
          channelId={channel.id}
          parentId={null}
          label={dm ? chatText.directLabel(channel.name) : chatText.composerLabel(channel.name)}
          members={candidates}
          isOwner={isOwner}
          onSent={async () => {
            setAnchor(null);
            setFocusSeq(null);
            await refresh();
          }}
        />
        <PeopleList workspaceId={workspaceId} channelId={channel.id} />
      </section>
      {threadId ? (
        <ThreadPanel
          key={threadId}
          workspaceId={workspaceId}
          channelId={channel.id}
          messageId={threadId}
          members={candidates}
          isOwner={isOwner}
          typingLine={typingLine(threadId)}
          renderMessage={renderMessage}
          onClose={() => setThreadId(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={chatText.delete}
        description={chatText.deleteConfirm}
        confirmLabel={chatText.delete}
        busyLabel={chatText.delete}
        fallback={chatText.loadFailed}
        onConfirm={async () => {
          await chatApi.remove(workspaceId, channel.id, deleting!);
          if (deleting === threadId) setThreadId(null);
          setDeleting(null);
          await refresh();
        }}
      />
    </div>
  );
}

function SearchResults({
  found,
  error,
  onClear,
  renderMessage,
}: {
  found: ChatMessage[] | null;
  error: unknown;
  onClear: () => void;
  renderMessage: (message: ChatMessage) => ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 px-2 py-2">
      <div className="flex items-center justify-between px-2">
        <p className="text-sm font-semibold text-slate-700" aria-live="polite">
          {found ? (found.length === 0 ? chatText.noResults : chatText.searchResults(found.length)) : null}
        </p>
        <Button variant="ghost" onClick={onClear}>
          {chatText.clearSearch}
        </Button>
      </div>
      {error ? <Alert tone="error">{problemText(error, chatText.loadFailed)}</Alert> : null}
      {found && found.length > 0 ? (
        <ol className="max-h-[30dvh] space-y-1 overflow-y-auto">
          {found.map((message) => (
            <li key={message.id}>{renderMessage(message)}</li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
