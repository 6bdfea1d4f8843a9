import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import type { ChatMessage } from '#src/shared/chat/paths.ts';
import { renderMentions } from '#src/shared/notifications/mentions.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { cn } from '#src/web/ui/cn.ts';
import { MarkdownText } from '#src/web/ui/markdown-text.tsx';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';
import { EditMessageForm } from './deferred-parts.tsx';
import { taskKeysIn } from './task-preview.tsx';

// The reactions one click away; any emoji a teammate used shows beside them.
const QUICK_REACTIONS = ['👍', '🎉', '❤️', '😄', '👀'];

export interface MessageActions {
  onEdit: (body: string) => Promise<void>;
  onDelete: () => void;
  onReact: (emoji: string) => void;
  // Absent inside a thread (a reply has no thread of its own).
  onOpenThread?: () => void;
  onMakeTask: () => void;
}

// One message: who, when, the Markdown with mentions as names, "(edited)" once changed, its reactions,
// its thread's reply count, live cards of the tasks it names; its author may edit it in place, its
// author or an owner delete it, anyone react, reply in its thread or make a task of it.
export function MessageItem({
  message,
  nameOf,
  members,
  canEdit,
  canDelete,
  actions,
  preview,
}: {
  message: ChatMessage;
  nameOf: (id: string) => string | undefined;
  members: MentionCandidate[];
  canEdit: boolean;
  canDelete: boolean;
  actions: MessageActions;
  preview?: (key: string) => ReactNode;
}) {
  const { onEdit, onDelete, onReact, onOpenThread, onMakeTask } = actions;
  const [editing, setEditing] = useState(false);
  // Closing the editor (saved, Cancel or Escape) puts the focus back on the Edit link it came from.
  const editLink = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editLink.current?.focus();
  }, [editing]);
  const closeEditor = () => {
    refocus.current = true;
    setEditing(false);
  };

  const shown = [...message.reactions.map((reaction) => reaction.emoji), ...QUICK_REACTIONS].filter(
    (emoji, index, all) => all.indexOf(emoji) === index,
  );
  const linkClass = 'font-medium text-slate-600 underline hover:text-slate-900';
  return (
    <div className="group rounded-control px-2 py-1.5 hover:bg-slate-50">
      <p className="text-sm">
        <span className="font-semibold text-slate-900">{message.authorName}</span>{' '}
        <time dateTime={message.createdAt} className="text-xs text-slate-600">
          {formatDateTime(message.createdAt)}
        </time>
        {message.editedAt ? <span className="ml-1 text-xs text-slate-600">{chatText.edited}</span> : null}
      </p>
      {editing ? (
        <Suspense fallback={<MarkdownText source={renderMentions(message.body, nameOf)} />}>
          <EditMessageForm body={message.body} members={members} onEdit={onEdit} onClose={closeEditor} />
        </Suspense>
      ) : (
        <>
          <MarkdownText source={renderMentions(message.body, nameOf)} />
          {preview ? taskKeysIn(message.body).map((key) => <div key={key}>{preview(key)}</div>) : null}
        </>
      )}
      <ul aria-label={chatText.reactions} className="mt-1 flex flex-wrap gap-1">
        {shown.map((emoji) => {
          const reaction = message.reactions.find((one) => one.emoji === emoji);
          return (
            <li key={emoji}>
              <button
                type="button"
                aria-pressed={reaction?.mine ?? false}
                aria-label={reaction ? chatText.reactionCount(emoji, reaction.count, reaction.mine) : chatText.react(emoji)}
                className={cn(
                  'rounded-full border px-1.5 text-xs leading-5',
                  reaction
                    ? reaction.mine
                      ? 'border-slate-900 bg-slate-100 text-slate-900'
                      : 'border-slate-300 text-slate-700'
                    : 'border-transparent text-slate-600 opacity-60 hover:border-slate-300 hover:opacity-100 focus-visible:opacity-100',
                )}
                onClick={() => onReact(emoji)}
              >
                <span aria-hidden="true">{emoji}</span>
                {reaction ? <span aria-hidden="true"> {reaction.count}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {!editing ? (
        <p className="mt-0.5 flex flex-wrap gap-3 text-xs">
          {onOpenThread ? (
            <button type="button" className={linkClass} onClick={onOpenThread}>
              {message.replyCount > 0 ? chatText.replies(message.replyCount) : chatText.reply}
            </button>
          ) : null}
          <button type="button" className={linkClass} onClick={onMakeTask}>
            {chatText.makeTask}
          </button>
          {canEdit ? (
            <button
              ref={editLink}
              type="button"
              aria-label={chatText.editOf(message.authorName)}
              className={linkClass}
              onClick={() => setEditing(true)}
            >
              {chatText.edit}
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              aria-label={chatText.deleteOf(message.authorName)}
              className="font-medium text-red-700 underline hover:text-red-900"
              onClick={onDelete}
            >
              {chatText.delete}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
