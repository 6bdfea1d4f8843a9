import { useCallback, useEffect, useState } from 'react';
import { apiKeyUi } from '#src/shared/api-key-messages.ts';
import type { ApiKeySummary } from '#src/shared/api-keys.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Link } from '#src/web/routing/links.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PanelCard } from '#src/web/workspace/components/panel-card.tsx';
import { apiKeysApi } from './api-keys-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { formatDate } from './format-date.ts';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span className="min-w-0 space-y-0.5">
        <span className="block truncate text-sm font-medium text-slate-900">{apiKey.name}</span>
        <code className="block font-mono text-xs text-slate-700">
          {apiKey.prefix}…{apiKey.lastFour}
        </code>
        <span className="block text-xs text-slate-600">
          {apiKeyUi.createdBy(apiKey.createdBy.name, formatDate(apiKey.createdAt))} ·{' '}
          {apiKey.lastUsedAt ? apiKeyUi.lastUsed(formatDate(apiKey.lastUsedAt)) : apiKeyUi.neverUsed}
          {apiKey.expiresAt ? ` · ${(apiKey.expired ? apiKeyUi.expired : apiKeyUi.expires)(formatDate(apiKey.expiresAt))}` : ''}
        </span>
      </span>
      <Button variant="secondary" className="px-3 py-1.5" aria-label={apiKeyUi.revokeLabel(apiKey.name)} onClick={onRevoke}>
        {apiKeyUi.revoke}
      </Button>
    </li>
  );
}

// Issue 17 (product rules K2): an owner's API keys for this workspace. Members see nothing of it.
export function ApiKeysSection({ workspace }: { workspace: WorkspaceSummary }) {
  const [keys, setKeys] = useState<ApiKeySummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const owner = workspace.role === 'owner';

  const load = useCallback(async () => {
    try {
      setKeys((await apiKeysApi.list(workspace.id)).apiKeys);
      setProblem(null);
    } catch (error) {
      setProblem(problemText(error, apiKeyUi.loadFailed));
    }
  }, [workspace.id]);

  useEffect(() => {
    if (!owner) return;
    let active = true;
    apiKeysApi.list(workspace.id).then(
      (answer) => active && setKeys(answer.apiKeys),
      (error: unknown) => active && setProblem(problemText(error, apiKeyUi.loadFailed)),
    );
    return () => {
      active = false;
    };
  }, [owner, workspace.id]);

  if (!owner) return null;

  async function revoke(key: ApiKeySummary) {
    await apiKeysApi.revoke(workspace.id, key.id);
    notify.success(apiKeyUi.revoked(key.name));
    setRevoking(null);
    await load();
  }

  let body;
  if (problem && !keys) {
    body = (
      <div className="space-y-3">
        <Alert tone="error">{problem}</Alert>
        <Button variant="secondary" onClick={() => void load()}>
          {apiKeyUi.tryAgain}
        </Button>
      </div>
    );
  } else if (!keys) body = <GenericLoader text={apiKeyUi.loading} />;
  else if (keys.length === 0) body = <p className="text-sm text-slate-600">{apiKeyUi.none}</p>;
  else {
    body = (
      <ul className="-my-3 divide-y divide-slate-100">
        {keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
        ))}
      </ul>
    );
  }

  return (
    <PanelCard
      title={apiKeyUi.title}
      action={
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => setCreating(true)}>
          {apiKeyUi.create}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        {apiKeyUi.lead}{' '}
        <Link to="/docs/api" className="font-medium text-accent-700 underline-offset-2 hover:underline">
          {apiKeyUi.docsLink}
        </Link>
      </p>
      {body}
      <CreateApiKeyDialog workspaceId={workspace.id} open={creating} onOpenChange={setCreating} onCreated={() => void load()} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={apiKeyUi.revokeTitle(revoking?.name ?? '')}
        description={apiKeyUi.revokeLead}
        confirmLabel={apiKeyUi.revoke}
        busyLabel={apiKeyUi.revoking}
        fallback={apiKeyUi.revokeFailed}
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
      />
    </PanelCard>
  );
}
