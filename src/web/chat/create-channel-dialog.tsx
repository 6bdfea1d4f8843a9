import { chatText } from '#src/shared/chat/messages.ts';
import { CHANNEL_NAME_MAX, type Channel } from '#src/shared/chat/paths.ts';
import { CreateChannelSchema } from '#src/shared/chat/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { chatApi } from './chat-api.ts';

// A new channel: its name (checked by the same rules as the server) and whether it is private.
export function CreateChannelDialog({
  workspaceId,
  open,
  onOpenChange,
  onCreated,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (channel: Channel) => void;
}) {
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: CreateChannelSchema,
    defaultValues: { name: '', private: false },
    fallback: chatText.loadFailed,
    // A refused name (taken, malformed) is about the one field; what was typed stays to correct.
    fieldOf: (error) => (error.status === 400 || error.status === 409 ? 'name' : null),
    onSubmit: async (values) => {
      const { channel } = await chatApi.createChannel(workspaceId, values);
      form.reset();
      onCreated(channel);
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={chatText.newChannel}>
      <form className="space-y-4" noValidate onSubmit={submit}>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={chatText.channelName}
          autoComplete="off"
          maxLength={CHANNEL_NAME_MAX}
          placeholder="design-reviews"
          aria-required
          error={errorOf('name')}
          {...form.register('name')}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input type="checkbox" {...form.register('private')} />
          {chatText.privateChannel}
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {chatText.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={chatText.create}>
            {chatText.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
