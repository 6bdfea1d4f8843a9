import { useState } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import { DM_PEOPLE_MAX, type Channel } from '#src/shared/chat/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
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
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((one) => one !== id) : [...now, id]));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={chatText.newMessageTitle} description={chatText.newMessageLead}>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          chatApi.openDirect(workspaceId, chosen).then(
            ({ channel }) => {
              setChosen([]);
              setProblem(null);
              setBusy(false);
              onOpened(channel);
            },
            (error) => {
              setProblem(problemText(error, chatText.loadFailed));
              setBusy(false);
            },
          );
        }}
      >
        {teammates.length === 0 ? (
          <p className="text-sm text-slate-600">{chatText.noTeammates}</p>
        ) : (
          <fieldset className="space-y-1">
            <legend className="sr-only">{chatText.people}</legend>
            {teammates.map((teammate) => (
              <label key={teammate.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={chosen.includes(teammate.id)}
                  disabled={!chosen.includes(teammate.id) && chosen.length >= DM_PEOPLE_MAX - 1}
                  onChange={() => toggle(teammate.id)}
                />
                {teammate.name}
              </label>
            ))}
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
