import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { campaignUi } from '#src/shared/campaigns/messages.ts';
import { clientUi } from '#src/shared/clients/messages.ts';
import type { DashboardResponse } from '#src/shared/clients/paths.ts';
import { firstName } from '#src/shared/accounts/user.ts';
import { timeAgo } from '#src/web/lib/format-time.ts';
import { OnceOpened, usePreloadWhenIdle } from '#src/web/lib/deferred-component.tsx';
import { useLiveRefresh } from '#src/web/lib/use-live-refresh.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Link } from '#src/web/routing/links.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { DataTable } from '#src/web/ui/data-table.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { ActivityList, PageHeading, PanelCard, StatCards } from '#src/web/ui/panel-card.tsx';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';
import { clientKeys, clientsApi, formatMoney } from './clients-api.ts';
import { AddClientDialog, CampaignDialog } from './deferred-dialogs.ts';
import { LoadProblem } from './load-problem.tsx';

const [addClientLabel, campaignLabel, analyticsLabel] = workspaceCopy.clientActions;
const DIALOGS = [AddClientDialog, CampaignDialog];

// spec 5, "Client dashboard": greeting, four stat cards, Recent Clients, Recent Activity, Quick Actions —
// every figure from the workspace's own clients, projects, emails and event log.
export default function DashboardPage() {
  const { user } = useSession();
  const { current, status } = useWorkspaces();
  const workspaceId = current?.id ?? null;
  const [adding, setAdding] = useState(false);
  const [sending, setSending] = useState(false);
  // Campaigns are for owners; a member hears why instead of meeting a refusal in the dialog.
  const onSendCampaign = () => (current?.role === 'owner' ? setSending(true) : notify.error(campaignUi.ownersOnly));
  const dashboard = useQuery({
    queryKey: clientKeys.dashboard(workspaceId ?? ''),
    queryFn: () => clientsApi.dashboard(workspaceId!),
    enabled: workspaceId !== null,
  });
  useLiveRefresh(workspaceId, [clientKeys.dashboard(workspaceId ?? '')]);
  usePreloadWhenIdle(DIALOGS);

  let body;
  if (status === 'ready' && !workspaceId) body = <p className="text-sm text-slate-600">{clientUi.noWorkspace}</p>;
  else if (dashboard.isError) body = <LoadProblem onRetry={() => void dashboard.refetch()} />;
  else if (!dashboard.data) body = <GenericLoader text={clientUi.loading} />;
  else body = <Figures data={dashboard.data} onAddClient={() => setAdding(true)} onSendCampaign={onSendCampaign} />;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeading title={clientUi.greeting(firstName(user?.name))} lead={clientUi.dashboardLead} />
      {body}
      {workspaceId ? (
        <OnceOpened open={adding}>
          <AddClientDialog workspaceId={workspaceId} open={adding} onOpenChange={setAdding} />
        </OnceOpened>
      ) : null}
      {workspaceId ? (
        <OnceOpened open={sending}>
          <CampaignDialog workspaceId={workspaceId} open={sending} onOpenChange={setSending} />
        </OnceOpened>
      ) : null}
    </div>
  );
}

function Figures({ data, onAddClient, onSendCampaign }: { data: DashboardResponse; onAddClient: () => void; onSendCampaign: () => void }) {
  const [totalLabel, emailsLabel, projectsLabel, revenueLabel] = workspaceCopy.clientStats;
  const stats = [
    { label: totalLabel, value: data.totalClients.toLocaleString(), change: clientUi.clientsThisMonth(data.clientsThisMonth) },
    { label: emailsLabel, value: data.emailsSent.toLocaleString(), change: clientUi.emailsWindow },
    { label: projectsLabel, value: data.activeProjects.toLocaleString(), change: clientUi.dueThisWeek(data.dueThisWeek) },
    { label: revenueLabel, value: formatMoney(data.revenue, data.currency), change: clientUi.revenueNote },
  ];
  return (
    <>
      <StatCards stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        {data.totalClients === 0 ? (
          <PanelCard title={workspaceCopy.recentClients} className="lg:col-span-2">
            <div className="py-6 text-center">
              <p className="text-base font-semibold text-slate-900">{clientUi.emptyTitle}</p>
              <p className="mt-1 text-sm text-slate-600">{clientUi.emptyLead}</p>
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                <Button onClick={onAddClient}>{addClientLabel}</Button>
                <Link to="/board" className={buttonClass('secondary')}>
                  {clientUi.goToBoard}
                </Link>
              </div>
            </div>
          </PanelCard>
        ) : (
          <DataTable
            title={workspaceCopy.recentClients}
            className="lg:col-span-2"
            rows={data.recentClients}
            rowKey={(client) => client.id}
            columns={[
              {
                header: workspaceCopy.clientColumns[0],
                cell: (client) => <span className="font-medium text-slate-900">{client.name}</span>,
              },
              { header: workspaceCopy.clientColumns[1], cell: (client) => client.company },
              { header: workspaceCopy.clientColumns[2], cell: (client) => <StatusBadge value={client.status} /> },
              {
                header: workspaceCopy.clientColumns[3],
                cell: (client) => (client.lastContactAt ? timeAgo(client.lastContactAt) : clientUi.neverContacted),
              },
              {
                header: workspaceCopy.clientColumns[4],
                cell: (client) => (
                  <Link to={`/clients/${client.id}`} className={buttonClass('secondary')} aria-label={clientUi.openClient(client.name)}>
                    {clientUi.open}
                  </Link>
                ),
              },
            ]}
          />
        )}
        <div className="space-y-6">
          <PanelCard title={workspaceCopy.recentActivity}>
            {data.recentActivity.length === 0 ? (
              <p className="text-sm text-slate-600">{clientUi.noActivity}</p>
            ) : (
              <ActivityList items={data.recentActivity.map((item) => ({ id: item.id, text: item.text, when: timeAgo(item.at) }))} />
            )}
          </PanelCard>
          <PanelCard title={workspaceCopy.quickActions}>
            <div className="grid gap-2">
              <Button variant="secondary" className="w-full px-4 py-2.5" onClick={onAddClient}>
                {addClientLabel}
              </Button>
              <Button variant="secondary" className="w-full px-4 py-2.5" onClick={onSendCampaign}>
                {campaignLabel}
              </Button>
              <Link to="/analytics" className={`${buttonClass('secondary')} w-full px-4 py-2.5`}>
                {analyticsLabel}
              </Link>
            </div>
          </PanelCard>
        </div>
      </div>
    </>
  );
}
