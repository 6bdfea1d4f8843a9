import { useState, type FormEvent } from 'react';
import { workspaceUi } from '#src/shared/workspace-messages.ts';
import { RenameWorkspaceSchema, WORKSPACE_NAME_MAX, type WorkspaceSummary } from '#src/shared/workspaces.ts';
import { workspacesApi } from '#src/web/lib/workspaces-api.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PanelCard } from '#src/web/workspace/components/panel-card.tsx';
import { firstIssue } from './first-issue.ts';

// Issue 15: the workspace's name; owners rename it.
export function GeneralSection({ workspace, onChanged }: { workspace: WorkspaceSummary; onChanged: () => Promise<void> }) {
  const owner = workspace.role === 'owner';
  const [name, setName] = useState(workspace.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = RenameWorkspaceSchema.safeParse({ name });
    if (!parsed.success) return setProblem(firstIssue(parsed.error));
    setProblem(null);
    setBusy(true);
    try {
      await workspacesApi.rename(workspace.id, parsed.data.name);
      notify.success(workspaceUi.renamed);
      await onChanged();
    } catch (error) {
      setProblem(problemText(error, workspaceUi.renameFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PanelCard title={workspaceUi.general}>
      <form onSubmit={save} noValidate className="flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={workspaceUi.nameLabel}
          name="workspace-name"
          autoComplete="off"
          maxLength={WORKSPACE_NAME_MAX}
          value={name}
          readOnly={!owner}
          disabled={!owner}
          hint={owner ? undefined : workspaceUi.ownersOnlyRename}
          onChange={(event) => setName(event.target.value)}
        />
        {owner ? (
          <Button type="submit" busy={busy} busyLabel={workspaceUi.renaming} disabled={name.trim() === workspace.name}>
            {workspaceUi.rename}
          </Button>
        ) : null}
      </form>
      {problem ? (
        <Alert tone="error" className="mt-3 max-w-xl">
          {problem}
        </Alert>
      ) : null}
    </PanelCard>
  );
}
