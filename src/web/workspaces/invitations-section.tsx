import { useState } from 'react';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import type { PendingInvitation, WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { workspacesApi } from './workspaces-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Button } from '#src/web/ui/button.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PanelCard } from '#src/web/ui/panel-card.tsx';
import { formatDate } from '#src/web/lib/format-time.ts';

// Invitations not yet used; an owner revokes one before it is.
export function InvitationsSection({
  workspace,
  invitations,
  onInvite,
  onChanged,
}: {
  workspace: WorkspaceSummary;
  invitations: PendingInvitation[];
  onInvite: () => void;
  onChanged: () => Promise<void>;
}) {
  const [busyId, setBusyId] = useState<string | null>(null);

  async function revoke(invitation: PendingInvitation) {
    setBusyId(invitation.id);
    try {
      await workspacesApi.revoke(workspace.id, invitation.id);
      notify.success(workspaceUi.revoked(invitation.email));
      await onChanged();
    } catch (error) {
      notify.error(problemText(error, workspaceUi.revokeFailed));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <PanelCard
      title={workspaceUi.invitations}
      action={
        <Button variant="secondary" className="px-3 py-1.5" onClick={onInvite}>
          {workspaceUi.inviteSomeone}
        </Button>
      }
    >
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-500">{workspaceUi.noInvitations}</p>
      ) : (
        <ul className="-my-3 divide-y divide-slate-100">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">{invitation.email}</span>
                <span className="block text-xs text-slate-500">
                  {workspaceUi.invitationMeta(invitation.invitedBy, formatDate(invitation.expiresAt))}
                </span>
              </span>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                aria-label={workspaceUi.revokeLabel(invitation.email)}
                busy={busyId === invitation.id}
                onClick={() => void revoke(invitation)}
              >
                {workspaceUi.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}
