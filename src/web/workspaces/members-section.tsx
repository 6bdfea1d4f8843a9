import { useState } from 'react';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { WORKSPACE_ROLES, type WorkspaceMember, type WorkspaceRole, type WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { workspacesApi } from './workspaces-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Avatar } from '#src/web/ui/avatar.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PanelCard } from '#src/web/ui/panel-card.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { formatDate } from '#src/web/lib/format-time.ts';

const selectClass =
  'rounded-control border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500';

interface RowProps {
  member: WorkspaceMember;
  isMe: boolean;
  canManage: boolean;
  busy: boolean;
  onRole: (member: WorkspaceMember, role: WorkspaceRole) => void;
  onRemove: (member: WorkspaceMember) => void;
}

function RoleControl({ member, canManage, busy, onRole }: RowProps) {
  if (!canManage) return <span className="text-sm text-slate-700">{workspaceUi.roleNames[member.role]}</span>;
  return (
    <select
      aria-label={workspaceUi.roleFor(member.name)}
      className={selectClass}
      value={member.role}
      disabled={busy}
      aria-busy={busy || undefined}
      onChange={(event) => onRole(member, event.target.value as WorkspaceRole)}
    >
      {WORKSPACE_ROLES.map((role) => (
        <option key={role} value={role}>
          {workspaceUi.roleNames[role]}
        </option>
      ))}
    </select>
  );
}

// Owners remove others; anyone leaves through the danger zone instead.
function RemoveControl({ member, isMe, canManage, busy, onRemove }: RowProps) {
  if (!canManage || isMe) return null;
  return (
    <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => onRemove(member)}>
      {workspaceUi.remove}
      <span className="sr-only"> {member.name}</span>
    </Button>
  );
}

function Who({ member, isMe }: { member: WorkspaceMember; isMe: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={member.name} picture={member.picture} size="sm" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">
          {member.name} {isMe ? <span className="font-normal text-slate-500">{workspaceUi.you}</span> : null}
        </span>
        <span className="block truncate text-xs text-slate-500 md:hidden">{member.email}</span>
      </span>
    </span>
  );
}

// Members with role and joined date — a list on a phone, a table from md up.
export function MembersSection({
  workspace,
  members,
  myId,
  onChanged,
}: {
  workspace: WorkspaceSummary;
  members: WorkspaceMember[];
  myId: string;
  onChanged: () => Promise<void>;
}) {
  const canManage = workspace.role === 'owner';
  const [busyId, setBusyId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);

  async function changeRole(member: WorkspaceMember, role: WorkspaceRole) {
    setBusyId(member.userId);
    try {
      await workspacesApi.changeRole(workspace.id, member.userId, role);
      await onChanged();
      notify.success(workspaceUi.roleChanged(member.name, workspaceUi.roleNames[role]));
    } catch (error) {
      notify.error(problemText(error, workspaceUi.roleFailed));
    } finally {
      setBusyId(null);
    }
  }

  const rowProps = (member: WorkspaceMember): RowProps => ({
    member,
    isMe: member.userId === myId,
    canManage,
    busy: busyId === member.userId,
    onRole: (m, role) => void changeRole(m, role),
    onRemove: setRemoving,
  });

  return (
    <PanelCard title={workspaceUi.members}>
      <ul className="-my-3 divide-y divide-slate-100 md:hidden">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <Who member={member} isMe={member.userId === myId} />
            <span className="flex items-center gap-2">
              <RoleControl {...rowProps(member)} />
              <RemoveControl {...rowProps(member)} />
            </span>
            <span className="w-full text-xs text-slate-500">{workspaceUi.joined(formatDate(member.joinedAt))}</span>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm md:table">
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {/* Only owners act on members, so only they see the Actions column. */}
            {workspaceUi.memberColumns.slice(0, canManage ? undefined : -1).map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-semibold last:pr-0 last:text-right">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((member) => (
            <tr key={member.userId}>
              <td className="py-3 pr-4">
                <Who member={member} isMe={member.userId === myId} />
              </td>
              <td className="py-3 pr-4 text-slate-600">{member.email}</td>
              <td className="py-3 pr-4">
                <RoleControl {...rowProps(member)} />
              </td>
              <td className="py-3 pr-4 whitespace-nowrap text-slate-600">{formatDate(member.joinedAt)}</td>
              {canManage ? (
                <td className="py-3 text-right">
                  <RemoveControl {...rowProps(member)} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={workspaceUi.removeTitle(removing?.name ?? '')}
        description={workspaceUi.removeLead(removing?.name ?? '', workspace.name)}
        confirmLabel={workspaceUi.remove}
        busyLabel={workspaceUi.removing}
        fallback={workspaceUi.removeFailed}
        onConfirm={async () => {
          if (!removing) return;
          await workspacesApi.removeMember(workspace.id, removing.userId);
          notify.success(workspaceUi.removed(removing.name));
          setRemoving(null);
          await onChanged();
        }}
      />
    </PanelCard>
  );
}
