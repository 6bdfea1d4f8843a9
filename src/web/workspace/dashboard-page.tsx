import { MoreHorizontal } from 'lucide-react';
import { workspaceCopy } from '#src/shared/messages.ts';
import { firstName } from '#src/shared/user.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { InertIconButton } from '#src/web/workspace/components/inert.tsx';
import { DataTable, PersonCell } from '#src/web/workspace/components/data-table.tsx';
import { ActivityList, PageHeading, PanelCard, StatCards } from '#src/web/workspace/components/panel-card.tsx';
import { QuickActions } from '#src/web/workspace/components/quick-actions.tsx';
import { StatusBadge } from '#src/web/workspace/components/status-badge.tsx';
import { clientActivity, clientStats, sampleClients } from '#src/web/workspace/sample-data/sample-clients.ts';

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
                <InertIconButton name={`Actions for ${client.name}`}>
                  <MoreHorizontal className="size-4" aria-hidden="true" />
                </InertIconButton>
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
