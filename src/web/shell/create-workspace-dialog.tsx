import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { CreateWorkspaceSchema } from '#src/shared/workspaces/schemas.ts';
import { WORKSPACE_NAME_MAX } from '#src/shared/workspaces/paths.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';

// Create Workspace (switcher). The new workspace becomes the current one.
export function CreateWorkspaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { create } = useWorkspaces();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: CreateWorkspaceSchema,
    defaultValues: { name: '' },
    fallback: workspaceUi.createFailed,
    // A refused name (taken, too many) is about the one field; what was typed stays to correct.
    fieldOf: (error) => (error.status === 400 || error.status === 409 ? 'name' : null),
    onSubmit: async ({ name }) => {
      const workspace = await create(name);
      notify.success(workspaceUi.created(workspace.name));
      form.reset();
      onOpenChange(false);
    },
  });

  const change = (next: boolean) => {
    if (busy) return;
    if (!next) form.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change} title={workspaceUi.createTitle} description={workspaceUi.createLead}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField
          label={workspaceUi.nameLabel}
          autoComplete="off"
          maxLength={WORKSPACE_NAME_MAX}
          aria-required
          error={errorOf('name')}
          {...form.register('name')}
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
