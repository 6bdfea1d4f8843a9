import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { githubUi } from '#src/shared/github/messages.ts';
import type { ConnectedRepoResponse, GithubRepo } from '#src/shared/github/paths.ts';
import { ConnectRepoSchema } from '#src/shared/github/schemas.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PageHeading, PanelCard } from '#src/web/ui/panel-card.tsx';
import { githubApi, githubKeys } from './github-api.ts';
import { GithubSetupDialog } from './github-setup-dialog.tsx';
import { MovesForm } from './moves-form.tsx';
import { TaskPrefixForm } from './task-prefix-form.tsx';

function RepoState({ repo }: { repo: GithubRepo }) {
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-600">
      <p>{repo.lastDeliveryAt ? githubUi.lastDelivery(formatDateTime(repo.lastDeliveryAt), repo.lastEvent ?? '') : githubUi.noDelivery}</p>
      {repo.lastError && repo.lastErrorAt ? (
        <p className="font-medium text-red-700">{githubUi.lastError(formatDateTime(repo.lastErrorAt), repo.lastError)}</p>
      ) : null}
    </div>
  );
}

function ConnectForm({ workspaceId, onConnected }: { workspaceId: string; onConnected: (connected: ConnectedRepoResponse) => void }) {
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: ConnectRepoSchema,
    defaultValues: { fullName: '' },
    fallback: githubUi.connectFailed,
    fieldOf: (error) => (error.status === 400 || error.status === 409 ? 'fullName' : null),
    onSubmit: async (body) => {
      onConnected(await githubApi.connect(workspaceId, body));
      form.reset();
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <TextField
        label={githubUi.repoLabel}
        hint={githubUi.repoHint}
        autoComplete="off"
        error={errorOf('fullName')}
        {...form.register('fullName')}
      />
      <Button type="submit" busy={busy} busyLabel={githubUi.connecting}>
        {githubUi.connect}
      </Button>
    </form>
  );
}

function GithubSettingsView({ workspace }: { workspace: WorkspaceSummary }) {
  const owner = workspace.role === 'owner';
  const client = useQueryClient();
  const repos = useQuery({ queryKey: githubKeys.repos(workspace.id), queryFn: () => githubApi.repos(workspace.id) });
  const [connected, setConnected] = useState<ConnectedRepoResponse | null>(null);
  const [removing, setRemoving] = useState<GithubRepo | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: githubKeys.repos(workspace.id) });

  let list;
  if (repos.error) {
    list = (
      <div className="space-y-3">
        <Alert tone="error">{problemText(repos.error, githubUi.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => void repos.refetch()}>
          {githubUi.tryAgain}
        </Button>
      </div>
    );
  } else if (!repos.data) list = <GenericLoader text={githubUi.loading} />;
  else if (repos.data.repos.length === 0) list = <p className="text-sm text-slate-600">{githubUi.noRepos}</p>;
  else {
    list = (
      <ul className="divide-y divide-slate-100">
        {repos.data.repos.map((repo) => (
          <li key={repo.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="github-repo">
            <div className="min-w-0">
              <p className="font-mono text-sm font-medium break-all text-slate-900">{repo.fullName}</p>
              <RepoState repo={repo} />
            </div>
            {owner ? (
              <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={() => setRemoving(repo)}>
                {githubUi.disconnect}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading title={githubUi.title} lead={githubUi.lead} />
      {owner ? null : <Alert tone="info">{githubUi.ownerOnlyHint}</Alert>}
      <PanelCard title={githubUi.repos}>
        <div className="space-y-5">
          {list}
          {owner ? (
            <div className="border-t border-slate-100 pt-4">
              <ConnectForm
                workspaceId={workspace.id}
                onConnected={(answer) => {
                  setConnected(answer);
                  void reload();
                }}
              />
            </div>
          ) : null}
        </div>
      </PanelCard>
      <PanelCard title={githubUi.prefixTitle}>
        <TaskPrefixForm workspaceId={workspace.id} owner={owner} />
      </PanelCard>
      <PanelCard title={githubUi.rulesTitle}>
        <MovesForm workspaceId={workspace.id} owner={owner} />
      </PanelCard>
      <GithubSetupDialog connected={connected} onClose={() => setConnected(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={githubUi.disconnectTitle(removing?.fullName ?? '')}
        description={githubUi.disconnectBody}
        confirmLabel={githubUi.disconnect}
        busyLabel={githubUi.disconnecting}
        fallback={githubUi.disconnectFailed}
        onConfirm={async () => {
          await githubApi.disconnect(workspace.id, removing!.id);
          setRemoving(null);
          notify.success(githubUi.disconnected);
          await reload();
        }}
      />
    </div>
  );
}

// /apps/github: connect repositories of the current workspace, and choose what pull requests move.
export default function GithubPage() {
  const { status, current, error, refresh } = useWorkspaces();
  if (status === 'loading') return <GenericLoader text={githubUi.loading} />;
  if (status === 'error' || !current) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{error ?? githubUi.loadFailed}</Alert>
        <Button variant="secondary" onClick={() => void refresh()}>
          {githubUi.tryAgain}
        </Button>
      </div>
    );
  }
  return <GithubSettingsView key={current.id} workspace={current} />;
}
