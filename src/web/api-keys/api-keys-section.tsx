import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiKeyUi } from '#src/shared/api-keys/messages.ts';
import type { ApiKeySummary } from '#src/shared/api-keys/paths.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Link } from '#src/web/routing/links.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PanelCard } from '#src/web/ui/panel-card.tsx';
import { apiKeyKeys, apiKeysApi } from './api-keys-api.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { formatDate } from '#src/web/lib/format-time.ts';

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

// Product rules K2: an owner's API keys for this workspace. Members see nothing of it.
export function ApiKeysSection({ workspace }: { workspace: WorkspaceSummary }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const owner = workspace.role === 'owner';
  const client = useQueryClient();
  const key = apiKeyKeys.list(workspace.id);
  const query = useQuery({ queryKey: key, queryFn: () => apiKeysApi.list(workspace.id), enabled: owner });
  const keys = query.data?.apiKeys ?? null;
  const problem = query.error ? problemText(query.error, apiKeyUi.loadFailed) : null;
  const load = () => client.invalidateQueries({ queryKey: key });
  const revoke = useMutation({
    mutationFn: (apiKey: ApiKeySummary) => apiKeysApi.revoke(workspace.id, apiKey.id),
    onSuccess: async (_, apiKey) => {
      notify.success(apiKeyUi.revoked(apiKey.name));
      setRevoking(null);
      await load();
    },
  });

  if (!owner) return null;

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
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking);
        }}
      />
    </PanelCard>
  );
}
