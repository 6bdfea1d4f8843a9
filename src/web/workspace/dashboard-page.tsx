import { MoreHorizontal } from 'lucide-react';
import { workspaceCopy } from '~/shared/messages';
import { firstName } from '~/shared/user';
import { useSession } from '../auth/session';
import { inertAction } from './components/inert-action';
import { DataTable, PersonCell } from './components/data-table';
import { ActivityList, PageHeading, PanelCard, StatCards } from './components/panel-card';
import { QuickActions } from './components/quick-actions';
import { StatusBadge } from './components/status-badge';
import { clientActivity, clientStats, sampleClients } from './sample-data/sample-clients';

// spec 2, "Client dashboard": greeting, four stat cards, Recent Clients, Recent Activity, Quick Actions.
export default function DashboardPage() {
  const { user } = useSession();
  const name = firstName(user?.name);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeading title={name ? `Welcome back, ${name}` : 'Welcome back'} lead="Here is what is happening with your clients today." />
      <StatCards stats={clientStats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <DataTable
          title={workspaceCopy.recentClients}
          className="lg:col-span-2"
          rows={sampleClients}
          rowKey={(client) => client.email}
          columns={[
            { header: workspaceCopy.clientColumns[0], cell: (client) => <PersonCell name={client.name} email={client.email} /> },
            { header: workspaceCopy.clientColumns[1], cell: (client) => client.company },
            { header: workspaceCopy.clientColumns[2], cell: (client) => <StatusBadge value={client.status} /> },
            { header: workspaceCopy.clientColumns[3], cell: (client) => client.lastContact },
            {
              header: workspaceCopy.clientColumns[4],
              cell: (client) => (
                <button type="button" onClick={inertAction(`Actions for ${client.name}`)} aria-label={`Actions for ${client.name}`} className="flex size-8 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100">
                  <MoreHorizontal className="size-4" aria-hidden="true" />
                </button>
              ),
            },
          ]}
        />
        <div className="space-y-6">
          <PanelCard title={workspaceCopy.recentActivity}>
            <ActivityList items={clientActivity} />
          </PanelCard>
          <QuickActions title={workspaceCopy.quickActions} actions={workspaceCopy.clientActions} />
        </div>
      </div>
    </div>
  );
}
