import { useCallback, useEffect, useState } from 'react';
import { workspaceUi } from '#src/shared/workspace-messages.ts';
import type { WorkspaceDetailResponse, WorkspaceSummary } from '#src/shared/workspaces.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { workspacesApi } from '#src/web/lib/workspaces-api.ts';
import { problemText, useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { PageHeading } from '#src/web/workspace/components/panel-card.tsx';
import { ApiKeysSection } from './workspaces/api-keys-section.tsx';
import { DangerZone } from './workspaces/danger-zone.tsx';
import { GeneralSection } from './workspaces/general-section.tsx';
import { InvitationsSection } from './workspaces/invitations-section.tsx';
import { InviteDialog } from './workspaces/invite-dialog.tsx';
import { MembersSection } from './workspaces/members-section.tsx';

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="max-w-xl space-y-4">
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {workspaceUi.tryAgain}
      </Button>
    </div>
  );
}

// Issue 15: Manage (switcher) — the current workspace's name, members, invitations and the danger zone.
export default function WorkspaceSettingsPage() {
  const { status, current, error, refresh } = useWorkspaces();
  let content;
  if (status === 'loading') content = <GenericLoader text={workspaceUi.loadingWorkspaces} />;
  else if (status === 'error') content = <LoadError message={error || workspaceUi.loadFailed} onRetry={() => void refresh()} />;
  else if (!current) content = <p className="text-sm text-slate-600">{workspaceUi.noWorkspace}</p>;
  else content = <WorkspaceSettings key={current.id} workspace={current} />;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeading title={workspaceUi.settingsTitle} lead={current?.name} />
      {content}
    </div>
  );
}

function WorkspaceSettings({ workspace }: { workspace: WorkspaceSummary }) {
  const { user } = useSession();
  const { refresh } = useWorkspaces();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<WorkspaceDetailResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);

  // After a change: the page and the switcher show what the server now holds. A failed reload keeps what
  // is shown and says so; it never undoes the change that was made.
  const reload = useCallback(async () => {
    try {
      setDetail(await workspacesApi.detail(workspace.id));
      setProblem(null);
    } catch (error) {
      setProblem(problemText(error, workspaceUi.settingsLoadFailed));
    }
  }, [workspace.id]);

  useEffect(() => {
    let active = true;
    workspacesApi.detail(workspace.id).then(
      (answer) => active && setDetail(answer),
      (error: unknown) => active && setProblem(problemText(error, workspaceUi.settingsLoadFailed)),
    );
    return () => {
      active = false;
    };
  }, [workspace.id]);

  const afterChange = async () => {
    await Promise.all([reload(), refresh()]);
  };

  const gone = async () => {
    await refresh();
    await navigate('/dashboard');
  };

  if (!detail) {
    if (!problem) return <GenericLoader />;
    return <LoadError message={problem} onRetry={() => void reload()} />;
  }

  const owner = detail.workspace.role === 'owner';
  return (
    <div className="space-y-6">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <GeneralSection workspace={detail.workspace} onChanged={afterChange} />
      <MembersSection workspace={detail.workspace} members={detail.members} myId={user?.id ?? ''} onChanged={afterChange} />
      {owner ? (
        <InvitationsSection
          workspace={detail.workspace}
          invitations={detail.invitations}
          onInvite={() => setInviting(true)}
          onChanged={reload}
        />
      ) : null}
      <ApiKeysSection workspace={detail.workspace} />
      <DangerZone workspace={detail.workspace} onGone={gone} />
      <InviteDialog open={inviting} onOpenChange={setInviting} onInvited={() => void reload()} />
    </div>
  );
}
