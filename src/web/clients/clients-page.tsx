import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { clientUi } from '#src/shared/clients/messages.ts';
import { timeAgo } from '#src/web/lib/format-time.ts';
import { OnceOpened, usePreloadWhenIdle } from '#src/web/lib/deferred-component.tsx';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Link } from '#src/web/routing/links.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { DataTable } from '#src/web/ui/data-table.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';
import { clientKeys, clientsApi } from './clients-api.ts';
import { AddClientDialog } from './deferred-dialogs.ts';
import { LoadProblem } from './load-problem.tsx';

const SEARCH_DELAY_MS = 250;
const DIALOGS = [AddClientDialog];

// Every client of the workspace, searched by name or company, a page at a time; the search and the page
// live in the address, so a reload or a shared link shows the same list.
export default function ClientsPage() {
  const { current } = useWorkspaces();
  const workspaceId = current?.id ?? '';
  const navigate = useNavigate();
  usePreloadWhenIdle(DIALOGS);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => setParams(typed ? { q: typed } : {}, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const list = useQuery({
    queryKey: clientKeys.list(workspaceId, q, page),
    queryFn: () => clientsApi.list(workspaceId, q, page),
    enabled: workspaceId !== '',
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const goTo = (next: number) => setParams({ ...(q ? { q } : {}), ...(next > 1 ? { page: String(next) } : {}) });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading title={clientUi.clientsTitle} lead={clientUi.clientsLead} />
        <Button className="mb-6" onClick={() => setAdding(true)} disabled={!workspaceId}>
          {workspaceCopy.clientActions[0]}
        </Button>
      </div>
      <TextField
        label={clientUi.searchLabel}
        type="search"
        placeholder={clientUi.searchPlaceholder}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        className="max-w-md"
      />
      {list.isError ? (
        <LoadProblem onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <GenericLoader text={clientUi.loading} />
      ) : list.data.total === 0 ? (
        <p className="text-sm text-slate-600">{q ? clientUi.noMatches : clientUi.emptyLead}</p>
      ) : (
        <>
          <DataTable
            title={clientUi.allClients}
            rows={list.data.clients}
            rowKey={(client) => client.id}
            columns={[
              {
                header: workspaceCopy.clientColumns[0],
                cell: (client) => (
                  <Link to={`/clients/${client.id}`} className="font-medium text-accent-700 hover:underline">
                    {client.name}
                  </Link>
                ),
              },
              { header: workspaceCopy.clientColumns[1], cell: (client) => client.company },
              { header: workspaceCopy.clientColumns[2], cell: (client) => <StatusBadge value={client.status} /> },
              {
                header: workspaceCopy.clientColumns[3],
                cell: (client) => (client.lastContactAt ? timeAgo(client.lastContactAt) : clientUi.neverContacted),
              },
            ]}
          />
          <nav aria-label={clientUi.pageOf(page, pages)} className="flex items-center justify-between gap-3 text-sm text-slate-700">
            <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {clientUi.previous}
            </Button>
            <span>{clientUi.pageOf(page, pages)}</span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              {clientUi.next}
            </Button>
          </nav>
        </>
      )}
      {workspaceId ? (
        <OnceOpened open={adding}>
          <AddClientDialog
            workspaceId={workspaceId}
            open={adding}
            onOpenChange={setAdding}
            onAdded={(client) => void navigate(`/clients/${client.id}`)}
          />
        </OnceOpened>
      ) : null}
    </div>
  );
}
