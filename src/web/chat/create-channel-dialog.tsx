import { useId, useState } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import { CHANNEL_NAME_MAX, type Channel } from '#src/shared/chat/paths.ts';
import { CreateChannelSchema } from '#src/shared/chat/schemas.ts';
import { firstIssueMessage } from '#src/shared/validation.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { Dialog } from '#src/web/ui/dialog.tsx';
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
  const id = useId();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = CreateChannelSchema.safeParse({ name, private: secret });
    if (!parsed.success) return setProblem(firstIssueMessage(parsed.error));
    setBusy(true);
    try {
      const { channel } = await chatApi.createChannel(workspaceId, parsed.data);
      setName('');
      setSecret(false);
      setProblem(null);
      onCreated(channel);
    } catch (error) {
      setProblem(problemText(error, chatText.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={chatText.newChannel}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            {chatText.channelName}
          </label>
          <input
            id={id}
            value={name}
            maxLength={CHANNEL_NAME_MAX}
            placeholder="design-reviews"
            className={cn(controlClass, 'block w-full')}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={secret} onChange={(event) => setSecret(event.target.checked)} />
          {chatText.privateChannel}
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
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
