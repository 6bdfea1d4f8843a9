import { useEffect, useId } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import { CHAT_MESSAGE_MAX } from '#src/shared/chat/paths.ts';
import { EditMessageSchema } from '#src/shared/chat/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';
import { MentionTextarea } from '#src/web/ui/mention-textarea.tsx';

// The message's words in a box, checked by the server's own schema: Save sends them, Cancel or Escape
// (once the `@` list is closed) leaves them as they were. A refusal shows above the box, the words kept.
export function EditMessageForm({
  body,
  members,
  onEdit,
  onClose,
}: {
  body: string;
  members: MentionCandidate[];
  onEdit: (body: string) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: EditMessageSchema,
    defaultValues: { body },
    fallback: chatText.editFailed,
    onSubmit: async (values) => {
      await onEdit(values.body);
      onClose();
    },
  });
  const error = errorOf('body');
  // Opens with the caret after the words, ready to change them.
  useEffect(() => {
    const box = document.getElementById(id);
    if (!(box instanceof HTMLTextAreaElement)) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [id]);

  return (
    <form className="mt-1 space-y-2" noValidate onSubmit={submit}>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <MentionTextarea
        id={id}
        aria-label={chatText.edit}
        members={members}
        maxLength={CHAT_MESSAGE_MAX}
        rows={2}
        className={cn(controlClass, 'block w-full')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.currentTarget.hasAttribute('data-picking')) return;
          event.preventDefault();
          onClose();
        }}
        {...form.register('body')}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" busy={busy} busyLabel={chatText.save}>
          {chatText.save}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {chatText.cancel}
        </Button>
      </div>
    </form>
  );
}
