import { Check, ChevronDown } from 'lucide-react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { LogoMark } from '#src/web/ui/logo.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '#src/web/ui/menu.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { InertMenuItem } from '#src/web/ui/inert.tsx';

type SpecItem = (typeof workspaceCopy.workspaceItems)[number];

// spec 2: the workspace switcher and its items. Manage, Invite and Create Workspace are real, and it
// lists the workspaces I belong to. Settings opens the same workspace settings as Manage (a person
// looking for them reaches for Settings first). The others say they are coming soon.
export function WorkspaceSwitcher({ onInvite, onCreate }: { onInvite: () => void; onCreate: () => void }) {
  const { status, workspaces, current, error, switchTo, refresh } = useWorkspaces();
  const navigate = useNavigate();

  const openSettings = () => void navigate('/workspace-settings');
  const actions: Partial<Record<SpecItem, () => void>> = {
    Settings: openSettings,
    Manage: openSettings,
    Invite: onInvite,
    'Create Workspace': onCreate,
  };

  async function choose(id: string, name: string) {
    if (id === current?.id) return;
    try {
      await switchTo(id);
      notify.success(workspaceUi.switched(name));
    } catch (failure) {
      notify.error(problemText(failure, workspaceUi.switchFailed));
    }
  }

  return (
    <Menu
      label={workspaceUi.switcherLabel}
      align="start"
      trigger={
        <button
          type="button"
          className="flex min-w-0 items-center gap-2 rounded-control px-2 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100"
        >
          <LogoMark className="size-6 shrink-0" />
          <span className="hidden max-w-48 truncate lg:inline" data-testid="current-workspace">
            {current?.name ?? workspaceCopy.workspaceName}
          </span>
          <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        </button>
      }
    >
      <MenuLabel>{workspaceUi.yourWorkspaces}</MenuLabel>
      {status === 'loading' ? <p className="px-2.5 pb-2 text-sm text-slate-500">{workspaceUi.loadingWorkspaces}</p> : null}
      {status === 'error' ? (
        <>
          <p className="px-2.5 pb-1 text-sm text-red-700">{error || workspaceUi.loadFailed}</p>
          <MenuItem onSelect={() => void refresh()}>{workspaceUi.tryAgain}</MenuItem>
        </>
      ) : null}
      {workspaces.map((workspace) => (
        <MenuItem key={workspace.id} onSelect={() => void choose(workspace.id, workspace.name)}>
          <Check className={`size-4 shrink-0 ${workspace.id === current?.id ? 'text-accent-600' : 'invisible'}`} aria-hidden="true" />
          <span className="flex min-w-0 flex-col">
            <span className="max-w-60 truncate font-medium">
              {workspace.name}
              {workspace.id === current?.id ? <span className="sr-only"> ({workspaceUi.current})</span> : null}
            </span>
            <span className="text-xs text-slate-500">{workspaceUi.roleNames[workspace.role]}</span>
          </span>
        </MenuItem>
      ))}
      <MenuSeparator />
      {workspaceCopy.workspaceItems.map((item) =>
        actions[item] ? (
          <MenuItem key={item} onSelect={actions[item]}>
            {item}
          </MenuItem>
        ) : (
          <InertMenuItem key={item} name={item} />
        ),
      )}
    </Menu>
  );
}
