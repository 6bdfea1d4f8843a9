import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { chatText } from '#src/shared/chat/messages.ts';
import { DM_PEOPLE_MAX, type Channel } from '#src/shared/chat/paths.ts';
import { DirectMessageSchema } from '#src/shared/chat/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { chatApi } from './chat-api.ts';

// Opens the direct message of the people ticked (made on first use, the same one ever after).
export function NewDirectDialog({
  workspaceId,
  teammates,
  open,
  onOpenChange,
  onOpened,
}: {
  workspaceId: string;
  teammates: { id: string; name: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpened: (channel: Channel) => void;
}) {
  const errorId = useId();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: DirectMessageSchema,
    defaultValues: { userIds: [] },
    fallback: chatText.loadFailed,
    // A refused choice (someone no longer in the workspace) is about the people ticked, which stay ticked.
    fieldOf: (error) => (error.status === 400 ? 'userIds' : null),
    onSubmit: async (values) => {
      const { channel } = await chatApi.openDirect(workspaceId, values.userIds);
      form.reset();
      onOpened(channel);
    },
  });
  const chosen = useWatch({ control: form.control, name: 'userIds' });
  const error = errorOf('userIds');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={chatText.newMessageTitle} description={chatText.newMessageLead}>
      <form className="mt-4 space-y-4" noValidate onSubmit={submit}>
        {teammates.length === 0 ? (
          <p className="text-sm text-slate-600">{chatText.noTeammates}</p>
        ) : (
          <fieldset className="space-y-1">
            <legend className="sr-only">{chatText.people}</legend>
            {teammates.map((teammate) => (
              <label key={teammate.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  value={teammate.id}
                  disabled={!chosen.includes(teammate.id) && chosen.length >= DM_PEOPLE_MAX - 1}
                  aria-describedby={error ? errorId : undefined}
                  aria-invalid={error ? true : undefined}
                  {...form.register('userIds')}
                />
                {teammate.name}
              </label>
            ))}
            {error ? (
              <p id={errorId} className="text-xs font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </fieldset>
        )}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <Button type="submit" busy={busy} busyLabel={chatText.openConversation} disabled={chosen.length === 0}>
          {chatText.openConversation}
        </Button>
      </form>
    </Dialog>
  );
}
