import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { workspaceUi } from '#src/shared/workspaces/messages.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { workspaceKeys, workspaceDetailQuery } from '#src/web/lib/my-workspaces-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { DangerZone } from './danger-zone.tsx';
import { GeneralSection } from './general-section.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { MembersSection } from './members-section.tsx';

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

// Manage (switcher) — the current workspace's name, members, invitations and the danger zone.
// The API key and webhook sections belong to their own features; the app layer hands them in
// (`integrations`), drawn between the invitations and the danger zone.
export type IntegrationSections = (workspace: WorkspaceSummary) => ReactNode;

export function WorkspaceSettingsPage({ integrations }: { integrations: IntegrationSections }) {
  const { status, current, error, refresh } = useWorkspaces();
  let content;
  if (status === 'loading') content = <GenericLoader text={workspaceUi.loadingWorkspaces} />;
  else if (status === 'error') content = <LoadError message={error || workspaceUi.loadFailed} onRetry={() => void refresh()} />;
  else if (!current) content = <p className="text-sm text-slate-600">{workspaceUi.noWorkspace}</p>;
  else content = <WorkspaceSettings key={current.id} workspace={current} integrations={integrations} />;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeading title={workspaceUi.settingsTitle} lead={current?.name} />
      {content}
    </div>
  );
}

function WorkspaceSettings({ workspace, integrations }: { workspace: WorkspaceSummary; integrations: IntegrationSections }) {
  const { user } = useSession();
  const { refresh } = useWorkspaces();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const query = useQuery(workspaceDetailQuery(workspace.id));
  const detail = query.data;
  const problem = query.error ? problemText(query.error, workspaceUi.settingsLoadFailed) : null;

  // After a change: the page and the switcher show what the server now holds (the detail sits under the
  // list's key). A failed reload keeps what is shown and says so; it never undoes the change that was made.
  const reload = async () => {
    await query.refetch();
  };
  const afterChange = () => client.invalidateQueries({ queryKey: workspaceKeys.list });

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
      {integrations(detail.workspace)}
      <DangerZone workspace={detail.workspace} onGone={gone} />
      <InviteDialog open={inviting} onOpenChange={setInviting} onInvited={() => void reload()} />
    </div>
  );
}
