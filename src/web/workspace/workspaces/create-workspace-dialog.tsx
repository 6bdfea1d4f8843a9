import { useState, type FormEvent } from 'react';
import { workspaceUi } from '#src/shared/workspace-messages.ts';
import { CreateWorkspaceSchema, WORKSPACE_NAME_MAX } from '#src/shared/workspaces.ts';
import { problemText, useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { firstIssue } from './first-issue.ts';

// Issue 15: Create Workspace (switcher). The new workspace becomes the current one.
export function CreateWorkspaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { create } = useWorkspaces();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setName('');
      setProblem(null);
    }
    onOpenChange(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateWorkspaceSchema.safeParse({ name });
    if (!parsed.success) return setProblem(firstIssue(parsed.error));
    setProblem(null);
    setBusy(true);
    try {
      const workspace = await create(parsed.data.name);
      notify.success(workspaceUi.created(workspace.name));
      setBusy(false);
      setName('');
      onOpenChange(false);
    } catch (error) {
      // What was typed stays, so the person can correct it and try again.
      setProblem(problemText(error, workspaceUi.createFailed));
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={change} title={workspaceUi.createTitle} description={workspaceUi.createLead}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={workspaceUi.nameLabel}
          name="workspace-name"
          autoComplete="off"
          maxLength={WORKSPACE_NAME_MAX}
          aria-required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => change(false)} disabled={busy}>
            {workspaceUi.cancel}
          </Button>
          <Button type="submit" busy={busy} busyLabel={workspaceUi.creating}>
            {workspaceUi.createButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
