import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Hash, Lock, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import { CHAT_MESSAGE_MAX, GENERAL_CHANNEL, type Channel } from '#src/shared/chat/paths.ts';
import { SendMessageSchema } from '#src/shared/chat/schemas.ts';
import { firstIssueMessage } from '#src/shared/validation.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { myWorkspacesApi, workspaceKeys } from '#src/web/lib/my-workspaces-api.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { MentionTextarea } from '#src/web/ui/mention-textarea.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { chatApi, chatKeys } from './chat-api.ts';
import { CreateChannelDialog } from './create-channel-dialog.tsx';
import { MessageItem } from './message-item.tsx';
import { useChatChannels } from './use-chat-channels.ts';

// Team chat (product rules C): the current workspace's channels on the left, the open one's messages
// and a composer on the right. The open channel lives in the address (`/chat?channel=<id>`).
export default function ChatPage() {
  const { status, current } = useWorkspaces();
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{chatText.title}</h1>
      {status === 'loading' ? (
        <GenericLoader />
      ) : current ? (
        <WorkspaceChat key={current.id} workspaceId={current.id} role={current.role} />
      ) : null}
    </div>
  );
}

function WorkspaceChat({ workspaceId, role }: { workspaceId: string; role: string }) {
  const { data, error, isPending, refetch } = useChatChannels(workspaceId);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  if (isPending) return <GenericLoader />;
  if (error || !data) {
    return (
      <div className="space-y-2">
        <Alert tone="error">{problemText(error, chatText.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => void refetch()}>
          {chatText.retry}
        </Button>
      </div>
    );
  }
  const open = data.channels.filter((channel) => !channel.archived);
  const selected =
    open.find((channel) => channel.id === params.get('channel')) ?? open.find((channel) => channel.name === GENERAL_CHANNEL) ?? null;
  const choose = (channel: Channel) => setParams({ channel: channel.id });

  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <nav aria-label={chatText.channels} className="space-y-2">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold text-slate-700">{chatText.channels}</h2>
          <Button variant="ghost" className="px-2 whitespace-nowrap" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            {chatText.newChannel}
          </Button>
        </div>
        <ul className="space-y-0.5">
          {open.map((channel) => (
            <li key={channel.id}>
              <button
                type="button"
                aria-current={channel.id === selected?.id ? 'page' : undefined}
                className="flex w-full items-center gap-1.5 rounded-control px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
                onClick={() => choose(channel)}
              >
                {channel.private ? <Lock className="size-3.5" aria-hidden="true" /> : <Hash className="size-3.5" aria-hidden="true" />}
                <span className={cn('truncate', channel.unread > 0 && 'font-semibold')}>{channel.name}</span>
                {channel.unread > 0 ? (
                  <span className="ml-auto rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                    <span aria-hidden="true">{channel.unread}</span>
                    <span className="sr-only">{chatText.unread(channel.unread)}</span>
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {selected ? (
        <ChannelView key={selected.id} workspaceId={workspaceId} channel={selected} isOwner={role === 'owner'} />
      ) : (
        <p className="text-sm text-slate-600">{chatText.noChannel}</p>
      )}
      <CreateChannelDialog
        workspaceId={workspaceId}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(channel) => {
          setCreating(false);
          void refetch();
          choose(channel);
        }}
      />
    </div>
  );
}

function ChannelView({ workspaceId, channel, isOwner }: { workspaceId: string; channel: Channel; isOwner: boolean }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  // The workspace's members (the cached answer the board and settings read): the `@` picker's choices
  // and the current names of those mentioned.
  const { data: detail } = useQuery({ queryKey: workspaceKeys.detail(workspaceId), queryFn: () => myWorkspacesApi.detail(workspaceId) });
  const candidates = useMemo(() => (detail?.members ?? []).map((member) => ({ id: member.userId, name: member.name })), [detail]);
  const names = useMemo(() => new Map(candidates.map((member) => [member.id, member.name])), [candidates]);
  const nameOf = (id: string) => names.get(id);
  const [deleting, setDeleting] = useState<string | null>(null);
  const history = useInfiniteQuery({
    queryKey: chatKeys.messages(workspaceId, channel.id),
    queryFn: ({ pageParam }) => chatApi.messages(workspaceId, channel.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  // Oldest at the top, as a conversation reads.
  const messages = useMemo(() => (history.data?.pages.flatMap((page) => page.messages) ?? []).toReversed(), [history.data]);
  const latest = messages.at(-1)?.seq ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.all(workspaceId) });
  const scroller = useRef<HTMLDivElement>(null);

  // A new message (mine or a teammate's) brings the list to the bottom, where the conversation is.
  useEffect(() => {
    const box = scroller.current;
    if (box && latest !== null) box.scrollTop = box.scrollHeight;
  }, [latest]);

  // Reading the open channel moves my read position to its newest message, on every device.
  useEffect(() => {
    if (!channel.joined || latest === null || channel.unread === 0) return;
    chatApi.markRead(workspaceId, channel.id, latest).then(
      () => queryClient.invalidateQueries({ queryKey: chatKeys.channels(workspaceId) }),
      () => undefined,
    );
  }, [workspaceId, channel.id, channel.joined, channel.unread, latest, queryClient]);

  return (
    <section aria-labelledby={`${channel.id}-title`} className="flex min-h-[24rem] flex-col rounded-card border border-slate-200 bg-white">
      <header className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
        <h2 id={`${channel.id}-title`} className="flex items-center gap-1 font-semibold text-slate-900">
          {channel.private ? <Lock className="size-4" aria-hidden="true" /> : <Hash className="size-4" aria-hidden="true" />}
          {channel.name}
        </h2>
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
      </header>
      <div
        ref={scroller}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={chatText.messagesIn(channel.name)}
        className="max-h-[60dvh] flex-1 space-y-2 overflow-y-auto px-2 py-3"
        aria-live="polite"
      >
        {history.hasNextPage ? (
          <div className="text-center">
            <Button variant="ghost" busy={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {chatText.olderMessages}
            </Button>
          </div>
        ) : null}
        {history.isPending ? (
          <GenericLoader />
        ) : history.error ? (
          <Alert tone="error">{problemText(history.error, chatText.loadFailed)}</Alert>
        ) : messages.length === 0 ? (
          <p className="px-2 text-sm text-slate-600">{chatText.emptyChannel}</p>
        ) : (
          <ol className="space-y-1">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                nameOf={nameOf}
                members={candidates}
                canEdit={message.authorId === user?.id}
                canDelete={message.authorId === user?.id || isOwner}
                onEdit={async (body) => {
                  await chatApi.edit(workspaceId, channel.id, message.id, body);
                  await refresh();
                }}
                onDelete={() => setDeleting(message.id)}
              />
            ))}
          </ol>
        )}
      </div>
      {!channel.joined ? <p className="border-t border-slate-200 px-4 py-2 text-sm text-slate-600">{chatText.notJoined}</p> : null}
      <Composer workspaceId={workspaceId} channel={channel} members={candidates} onSent={refresh} />
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
          setDeleting(null);
          await refresh();
        }}
      />
    </section>
  );
}

// Enter sends, Shift+Enter starts a new line; while the `@` list is open, Enter picks from it instead.
function Composer({
  workspaceId,
  channel,
  members,
  onSent,
}: {
  workspaceId: string;
  channel: Channel;
  members: { id: string; name: string }[];
  onSent: () => Promise<void>;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const parsed = SendMessageSchema.safeParse({ body });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    setBusy(true);
    try {
      await chatApi.send(workspaceId, channel.id, parsed.data.body);
      setBody('');
      setProblem(null);
      await onSent();
    } catch (error) {
      setProblem(problemText(error, chatText.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.currentTarget.hasAttribute('data-picking')) return;
    event.preventDefault();
    if (!busy) void send();
  };

  return (
    <form
      className="space-y-2 border-t border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {chatText.composerLabel(channel.name)}
      </label>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <MentionTextarea
            id={id}
            members={members}
            value={body}
            rows={2}
            maxLength={CHAT_MESSAGE_MAX}
            placeholder={chatText.composerLabel(channel.name)}
            className={cn(controlClass, 'block w-full')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => setBody(event.target.value)}
            onKeyDown={keys}
          />
        </div>
        <Button type="submit" busy={busy} busyLabel={chatText.send}>
          {chatText.send}
        </Button>
      </div>
      {problem ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
