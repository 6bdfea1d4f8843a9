import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { chatError, chatText } from '#src/shared/chat/messages.ts';
import { CHANNEL_MENTION, CHAT_MESSAGE_MAX, TYPING_EVERY_MS } from '#src/shared/chat/paths.ts';
import { SendMessageSchema } from '#src/shared/chat/schemas.ts';
import { firstIssueMessage } from '#src/shared/validation.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';
import { MentionTextarea } from '#src/web/ui/mention-textarea.tsx';
import { chatApi } from './chat-api.ts';

// Enter sends, Shift+Enter starts a new line; while the `@` list is open, Enter picks from it instead.
// Typing tells the others at most every few seconds; an `@channel` from a member asks first.
export function Composer({
  workspaceId,
  channelId,
  parentId,
  label,
  members,
  isOwner,
  onSent,
}: {
  workspaceId: string;
  channelId: string;
  parentId: string | null;
  label: string;
  members: MentionCandidate[];
  isOwner: boolean;
  onSent: () => Promise<void>;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const lastTyping = useRef(0);

  const send = async (confirmChannel = false) => {
    const parsed = SendMessageSchema.safeParse({ body });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    if (!isOwner && !confirmChannel && CHANNEL_MENTION.test(parsed.data.body)) return setConfirming(true);
    setBusy(true);
    try {
      await chatApi.send(workspaceId, channelId, {
        body: parsed.data.body,
        ...(parentId ? { parentId } : {}),
        ...(confirmChannel ? { confirmChannel } : {}),
      });
      setBody('');
      setProblem(null);
      lastTyping.current = 0;
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

  const typed = (value: string) => {
    setBody(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      void chatApi.typing(workspaceId, channelId, parentId).catch(() => undefined);
    }
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
        {label}
      </label>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <MentionTextarea
            id={id}
            members={members}
            value={body}
            rows={2}
            maxLength={CHAT_MESSAGE_MAX}
            placeholder={label}
            className={cn(controlClass, 'block w-full')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => typed(event.target.value)}
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
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={chatText.channelConfirmTitle}
        description={chatText.channelConfirm}
        confirmLabel={chatText.sendAnyway}
        busyLabel={chatText.sendAnyway}
        fallback={chatError.confirmChannel}
        onConfirm={async () => {
          setConfirming(false);
          await send(true);
        }}
      />
    </form>
  );
}
