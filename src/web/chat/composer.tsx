import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { chatError, chatText } from '#src/shared/chat/messages.ts';
import { CHANNEL_MENTION, CHAT_MESSAGE_MAX, TYPING_EVERY_MS } from '#src/shared/chat/paths.ts';
import { SendMessageSchema } from '#src/shared/chat/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';
import { MentionTextarea } from '#src/web/ui/mention-textarea.tsx';
import { chatApi } from './chat-api.ts';

// Enter sends, Shift+Enter starts a new line; while the `@` list is open, Enter picks from it instead.
// Typing tells the others at most every few seconds; an `@channel` from a member asks first. The text
// is checked by the server's own schema; a refusal shows above the box and the words stay in it.
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
  const [confirming, setConfirming] = useState(false);
  // Set while "Send to everyone" submits again, so that this one send carries the confirmation.
  const channelConfirmed = useRef(false);
  const lastTyping = useRef(0);
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: SendMessageSchema,
    defaultValues: { body: '' },
    fallback: chatText.sendFailed,
    onSubmit: async ({ body }) => {
      const confirmChannel = channelConfirmed.current;
      if (!isOwner && !confirmChannel && CHANNEL_MENTION.test(body)) return setConfirming(true);
      await chatApi.send(workspaceId, channelId, {
        body,
        ...(parentId ? { parentId } : {}),
        ...(confirmChannel ? { confirmChannel } : {}),
      });
      form.reset();
      lastTyping.current = 0;
      await onSent();
    },
  });
  const error = errorOf('body');
  const field = form.register('body');

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.currentTarget.hasAttribute('data-picking')) return;
    event.preventDefault();
    if (!busy) void submit();
  };

  const typed = (value: string) => {
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      void chatApi.typing(workspaceId, channelId, parentId).catch(() => undefined);
    }
  };

  return (
    <>
      <form className="space-y-2 border-t border-slate-200 p-3" noValidate onSubmit={submit}>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <MentionTextarea
              id={id}
              members={members}
              rows={2}
              maxLength={CHAT_MESSAGE_MAX}
              placeholder={label}
              className={cn(controlClass, 'block w-full')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onKeyDown={keys}
              {...field}
              onChange={(event) => {
                void field.onChange(event);
                typed(event.target.value);
              }}
            />
          </div>
          <Button type="submit" busy={busy} busyLabel={chatText.send}>
            {chatText.send}
          </Button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-xs font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </form>
      {/* Outside the form: a submit in the dialog would otherwise bubble (through the portal) to the composer's. */}
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
          channelConfirmed.current = true;
          try {
            await submit();
          } finally {
            channelConfirmed.current = false;
          }
        }}
      />
    </>
  );
}
