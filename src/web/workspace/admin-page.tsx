import { workspaceCopy } from '#src/shared/messages.ts';
import { DataTable, PersonCell } from '#src/web/workspace/components/data-table.tsx';
import { ActivityList, PageHeading, PanelCard, StatCards } from '#src/web/workspace/components/panel-card.tsx';
import { QuickActions } from '#src/web/workspace/components/quick-actions.tsx';
import { StatusBadge } from '#src/web/workspace/components/status-badge.tsx';
import { adminActivity, adminStats, sampleAdminUsers, sampleAlerts } from '#src/web/workspace/sample-data/sample-admin.ts';

// spec 2, "Admin dashboard": four stat cards, User Management, System Alerts, Recent Activity, Quick Actions.
export default function AdminPage() {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeading title="Admin Panel" lead="Users, sessions and the health of the platform." />
      <StatCards stats={adminStats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <DataTable
          title={workspaceCopy.userManagement}
          className="lg:col-span-2"
          rows={sampleAdminUsers}
          rowKey={(user) => user.email}
          columns={[
            { header: 'User', cell: (user) => <PersonCell name={user.name} email={user.email} /> },
            { header: 'Role', cell: (user) => <StatusBadge value={user.role} /> },
            { header: 'Status', cell: (user) => <StatusBadge value={user.status} /> },
            { header: 'Joined', cell: (user) => user.joined },
          ]}
        />
        <PanelCard title={workspaceCopy.systemAlerts}>
          <ul className="space-y-4">
            {sampleAlerts.map((alert) => (
              <li key={alert.message}>
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge value={alert.type} />
                  <StatusBadge value={alert.severity} />
                  <span className="text-xs text-slate-500">{alert.when}</span>
                </div>
                <p className="mt-1 text-sm text-slate-800">{alert.message}</p>
              </li>
            ))}
          </ul>
        </PanelCard>
        <PanelCard title={workspaceCopy.recentActivity} className="lg:col-span-2">
          <ActivityList items={adminActivity} />
        </PanelCard>
        <QuickActions title={workspaceCopy.quickActions} actions={workspaceCopy.adminActions} />
      </div>
    </div>
  );
}
