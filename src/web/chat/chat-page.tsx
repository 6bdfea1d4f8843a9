import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Hash, Lock, MessageCircle, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import { GENERAL_CHANNEL, type Channel } from '#src/shared/chat/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { workspaceDetailQuery } from '#src/web/lib/my-workspaces-api.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useWorkspaceFromAddress } from '#src/web/lib/use-workspace-from-address.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { OnceOpened, usePreloadWhenIdle } from '#src/web/lib/deferred-component.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { ChannelView } from './channel-view.tsx';
import { CreateChannelDialog, LATER, NewDirectDialog, preloadComposer } from './deferred-parts.tsx';
import { useChatChannels } from './use-chat-channels.ts';
import { useChatLive } from './use-chat-live.ts';
import { historyQuery } from './use-history.ts';
import { seqIn } from './chat-address.ts';

// Team chat (product rules C): the current workspace's channels and direct messages on the left, the
// open one on the right. The open channel lives in the address (`/chat?channel=<id>`, with a message to
// open at when a search result led here).
export default function ChatPage() {
  const { status, current } = useWorkspaces();
  // A mention's notification may open a channel of another of my workspaces.
  useWorkspaceFromAddress(chatText.loadFailed);
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
  const { user } = useSession();
  const typing = useChatLive(workspaceId, user?.id);
  const { data, error, isPending, refetch } = useChatChannels(workspaceId);
  const { data: detail } = useQuery(workspaceDetailQuery(workspaceId));
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [writing, setWriting] = useState(false);
  const queryClient = useQueryClient();
  const askedChannel = params.get('channel');
  const askedSeq = seqIn(params);
  // The channel the address names is read beside the channel list, not after it: its messages are on
  // their way when the view that shows them mounts, a round trip sooner. (A channel the list turns out
  // not to show is never shown; the server decides what may be read.)
  useEffect(() => {
    if (askedChannel) void queryClient.prefetchInfiniteQuery(historyQuery(workspaceId, askedChannel, askedSeq));
  }, [queryClient, workspaceId, askedChannel, askedSeq]);
  useEffect(() => void preloadComposer(), []);
  usePreloadWhenIdle(LATER);
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
  const opensAt = messageIn(params, selected);
  const teammates = (detail?.members ?? [])
    .filter((member) => member.userId !== user?.id)
    .map((member) => ({ id: member.userId, name: member.name }));

  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <nav aria-label={chatText.title} className="space-y-4">
        <ChannelGroup
          title={chatText.channels}
          action={chatText.newChannel}
          onAction={() => setCreating(true)}
          channels={open.filter((channel) => channel.kind === 'channel')}
          selectedId={selected?.id ?? null}
          onChoose={choose}
        />
        <ChannelGroup
          title={chatText.directMessages}
          action={chatText.newMessage}
          onAction={() => setWriting(true)}
          channels={open.filter((channel) => channel.kind === 'dm')}
          selectedId={selected?.id ?? null}
          onChoose={choose}
        />
      </nav>
      {selected ? (
        <ChannelView
          key={`${selected.id} ${opensAt?.seq ?? ''} ${opensAt?.threadId ?? ''}`}
          workspaceId={workspaceId}
          channel={selected}
          isOwner={role === 'owner'}
          typing={typing}
          opensAt={opensAt}
        />
      ) : (
        <p className="text-sm text-slate-600">{chatText.noChannel}</p>
      )}
      <OnceOpened open={creating}>
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
      </OnceOpened>
      <OnceOpened open={writing}>
        <NewDirectDialog
          workspaceId={workspaceId}
          teammates={teammates}
          open={writing}
          onOpenChange={setWriting}
          onOpened={(channel) => {
            setWriting(false);
            void refetch();
            choose(channel);
          }}
        />
      </OnceOpened>
    </div>
  );
}

// `&message=<seq>` (and `&thread=<id>` for a reply) opens the channel at a message, as a search result
// links it; anything else there opens the channel at its latest.
function messageIn(params: URLSearchParams, selected: Channel | null): { seq: number; threadId: string | null } | null {
  const seq = seqIn(params);
  if (!selected || selected.id !== params.get('channel') || seq === null) return null;
  return { seq, threadId: params.get('thread') };
}

function ChannelGroup({
  title,
  action,
  onAction,
  channels,
  selectedId,
  onChoose,
}: {
  title: string;
  action: string;
  onAction: () => void;
  channels: Channel[];
  selectedId: string | null;
  onChoose: (channel: Channel) => void;
}) {
  const Icon = (channel: Channel) => (channel.kind === 'dm' ? MessageCircle : channel.private ? Lock : Hash);
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
        <Button variant="ghost" className="px-2 whitespace-nowrap" onClick={onAction}>
          <Plus className="size-4" aria-hidden="true" />
          {action}
        </Button>
      </div>
      <ul className="space-y-0.5">
        {channels.map((channel) => {
          const Mark = Icon(channel);
          return (
            <li key={channel.id}>
              <button
                type="button"
                aria-current={channel.id === selectedId ? 'page' : undefined}
                className="flex w-full items-center gap-1.5 rounded-control px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
                onClick={() => onChoose(channel)}
              >
                <Mark className="size-3.5 shrink-0" aria-hidden="true" />
                <span className={cn('truncate', channel.unread > 0 && 'font-semibold')}>{channel.name}</span>
                {channel.unread > 0 ? (
                  <span className="ml-auto rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                    <span aria-hidden="true">{channel.unread}</span>
                    <span className="sr-only">{chatText.unread(channel.unread)}</span>
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
