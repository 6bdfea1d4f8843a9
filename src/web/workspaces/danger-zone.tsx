import { useState, type ReactNode } from 'react';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { workspacesApi } from './workspaces-api.ts';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';

// Leaving (anyone but the last owner — the server says so) and deleting (owners, after typing
// the name) are kept apart, at the bottom, in red.
export function DangerZone({ workspace, onGone }: { workspace: WorkspaceSummary; onGone: () => Promise<void> }) {
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const [typed, setTyped] = useState('');
  const owner = workspace.role === 'owner';

  const close = (open: boolean) => {
    if (open) return;
    setAsking(null);
    setTyped('');
  };

  return (
    <section aria-labelledby="danger-zone" className="rounded-card border border-red-200 bg-white shadow-sm">
      <h2 id="danger-zone" className="border-b border-red-100 px-5 py-3.5 text-base font-semibold text-red-800">
        {workspaceUi.dangerZone}
      </h2>
      <div className="divide-y divide-slate-100">
        <DangerRow title={workspaceUi.leave} lead={workspaceUi.leaveLead}>
          <Button variant="secondary" className="shrink-0 text-red-700" onClick={() => setAsking('leave')}>
            {workspaceUi.leave}
          </Button>
        </DangerRow>
        <DangerRow title={workspaceUi.deleteWorkspace} lead={owner ? workspaceUi.deleteLead : workspaceUi.ownersOnlyDelete}>
          {owner ? (
            <Button variant="danger" className="shrink-0" onClick={() => setAsking('delete')}>
              {workspaceUi.deleteWorkspace}
            </Button>
          ) : null}
        </DangerRow>
      </div>

      <ConfirmDialog
        open={asking === 'leave'}
        onOpenChange={close}
        title={workspaceUi.leaveTitle(workspace.name)}
        description={workspaceUi.leaveLead}
        confirmLabel={workspaceUi.leave}
        busyLabel={workspaceUi.leaving}
        fallback={workspaceUi.leaveFailed}
        onConfirm={async () => {
          await workspacesApi.leave(workspace.id);
          notify.success(workspaceUi.left(workspace.name));
          await onGone();
        }}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={close}
        title={workspaceUi.deleteTitle(workspace.name)}
        description={workspaceUi.deleteLead}
        confirmLabel={workspaceUi.deleteWorkspace}
        busyLabel={workspaceUi.deleting}
        fallback={workspaceUi.deleteFailed}
        disabled={typed !== workspace.name}
        onConfirm={async () => {
          await workspacesApi.remove(workspace.id, typed);
          notify.success(workspaceUi.deleted(workspace.name));
          await onGone();
        }}
      >
        <TextField
          label={workspaceUi.deleteConfirmLabel(workspace.name)}
          name="confirm-name"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </section>
  );
}

function DangerRow({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">{lead}</p>
      </div>
      {children}
    </div>
  );
}
