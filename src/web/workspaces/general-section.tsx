import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { RenameWorkspaceSchema } from '#src/shared/workspaces/schemas.ts';
import { WORKSPACE_NAME_MAX, type WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { workspacesApi } from './workspaces-api.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PanelCard } from '#src/web/ui/panel-card.tsx';

// The workspace's name; owners rename it.
export function GeneralSection({ workspace, onChanged }: { workspace: WorkspaceSummary; onChanged: () => Promise<void> }) {
  const owner = workspace.role === 'owner';
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: RenameWorkspaceSchema,
    defaultValues: { name: workspace.name },
    fallback: workspaceUi.renameFailed,
    fieldOf: (error) => (error.status === 400 || error.status === 409 ? 'name' : null),
    onSubmit: async ({ name }) => {
      await workspacesApi.rename(workspace.id, name);
      notify.success(workspaceUi.renamed);
      form.reset({ name });
      await onChanged();
    },
  });
  const unchanged = form.watch('name').trim() === workspace.name;

  return (
    <PanelCard title={workspaceUi.general}>
      <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={workspaceUi.nameLabel}
          autoComplete="off"
          maxLength={WORKSPACE_NAME_MAX}
          readOnly={!owner}
          disabled={!owner}
          hint={owner ? undefined : workspaceUi.ownersOnlyRename}
          error={errorOf('name')}
          {...form.register('name')}
        />
        {owner ? (
          <Button type="submit" busy={busy} busyLabel={workspaceUi.renaming} disabled={unchanged}>
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
