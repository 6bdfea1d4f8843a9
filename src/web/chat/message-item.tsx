import { useState } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '#src/shared/chat/paths.ts';
import { renderMentions } from '#src/shared/notifications/mentions.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { MarkdownText } from '#src/web/ui/markdown-text.tsx';
import { MentionTextarea, type MentionCandidate } from '#src/web/ui/mention-textarea.tsx';
import { notify } from '#src/web/ui/notify.ts';

// One message: who, when, the Markdown with mentions as names, "(edited)" once changed; its author may
// edit it in place, its author or an owner delete it.
export function MessageItem({
  message,
  nameOf,
  members,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  message: ChatMessage;
  nameOf: (id: string) => string | undefined;
  members: MentionCandidate[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (body: string) => Promise<void>;
  onDelete: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (draft === null || !draft.trim()) return;
    setBusy(true);
    try {
      await onEdit(draft);
      setDraft(null);
    } catch (error) {
      notify.error(problemText(error, chatText.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="group rounded-control px-2 py-1.5 hover:bg-slate-50">
      <p className="text-sm">
        <span className="font-semibold text-slate-900">{message.authorName}</span>{' '}
        <time dateTime={message.createdAt} className="text-xs text-slate-600">
          {formatDateTime(message.createdAt)}
        </time>
        {message.editedAt ? <span className="ml-1 text-xs text-slate-600">{chatText.edited}</span> : null}
      </p>
      {draft !== null ? (
        <form
          className="mt-1 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <MentionTextarea
            aria-label={chatText.edit}
            members={members}
            value={draft}
            maxLength={CHAT_MESSAGE_MAX}
            rows={2}
            className={cn(controlClass, 'block w-full')}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" busy={busy} busyLabel={chatText.save}>
              {chatText.save}
            </Button>
            <Button variant="secondary" onClick={() => setDraft(null)}>
              {chatText.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <MarkdownText source={renderMentions(message.body, nameOf)} />
      )}
      {draft === null && (canEdit || canDelete) ? (
        <p className="mt-0.5 flex gap-3 text-xs">
          {canEdit ? (
            <button
              type="button"
              aria-label={chatText.editOf(message.authorName)}
              className="font-medium text-slate-600 underline hover:text-slate-900"
              onClick={() => setDraft(message.body)}
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
    </li>
  );
}
