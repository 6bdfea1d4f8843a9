import { deviceName } from '#src/shared/account-security/device-name.ts';
import type { AdminActivity, AdminAlert, AdminOverviewResponse, AdminUser } from '#src/shared/admin/paths.ts';
import { activityText, adminUi } from '#src/shared/admin/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { PanelCard, StatCards } from '#src/web/ui/panel-card.tsx';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';
import { PersonCell } from '#src/web/ui/data-table.tsx';
import { sampleRevenue } from './sample-admin.ts';
import { timeAgo } from '#src/web/lib/format-time.ts';

// spec 2's four stat cards, from the server's figures; Revenue alone is sample (product rules A4).
export function AdminStats({ overview }: { overview: AdminOverviewResponse }) {
  const { totalUsers, newThisWeek, pendingApplications, activeSessions, health } = overview.stats;
  const [users, sessions, revenue, system] = workspaceCopy.adminStats;
  const healthy = health.database && health.mailReachable !== false;
  const parts = [
    health.database ? adminUi.databaseUp : adminUi.databaseDown,
    health.mailReachable === false ? adminUi.mailDown : health.mailTransport === 'smtp' ? adminUi.mailSmtp : adminUi.mailConsole,
    ...(health.outboxBacklog === null ? [] : [adminUi.outbox(health.outboxBacklog)]),
  ];
  const growth = [adminUi.newThisWeek(newThisWeek), ...(overview.betaApproval ? [adminUi.pending(pendingApplications)] : [])];
  return (
    <StatCards
      stats={[
        { label: users, value: totalUsers.toLocaleString(), change: growth.join(' · ') },
        { label: sessions, value: activeSessions.toLocaleString(), change: adminUi.sessionsNote },
        { label: revenue, value: sampleRevenue.value, change: `${sampleRevenue.change} · ${adminUi.revenueNote}` },
        { label: system, value: healthy ? adminUi.healthy : adminUi.degraded, change: adminUi.healthDetail(parts) },
      ]}
    />
  );
}

// An alert about a person names them (their dialog opens from the name) and the device they used.
export function AlertsPanel({ alerts, onOpen }: { alerts: AdminAlert[]; onOpen: (user: AdminUser) => void }) {
  return (
    <PanelCard title={workspaceCopy.systemAlerts}>
      {alerts.length === 0 ? <p className="text-sm text-slate-600">{adminUi.noAlerts}</p> : null}
      <ul className="space-y-4">
        {alerts.map((alert) => (
          <li key={alert.id}>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge value={alert.type} />
              <StatusBadge value={alert.severity} />
              <span className="text-xs text-slate-600">{timeAgo(alert.at)}</span>
            </div>
            <p className="mt-1 text-sm break-words text-slate-800">{alert.message}</p>
            {alert.person ? (
              <button
                type="button"
                className="mt-1 rounded-sm text-left focus-visible:ring-2 focus-visible:ring-accent-600/40 focus-visible:outline-none"
                aria-label={adminUi.open(alert.person.name)}
                onClick={() => onOpen(alert.person!)}
              >
                <PersonCell name={alert.person.name} email={alert.person.email} />
              </button>
            ) : null}
            {alert.device ? <p className="mt-1 text-xs text-slate-600">{deviceName(alert.device)}</p> : null}
          </li>
        ))}
      </ul>
    </PanelCard>
  );
}

export function ActivityPanel({ activity }: { activity: AdminActivity[] }) {
  return (
    <PanelCard title={workspaceCopy.recentActivity} className="lg:col-span-2">
      {activity.length === 0 ? <p className="text-sm text-slate-600">{adminUi.noActivity}</p> : null}
      <ol className="space-y-4">
        {activity.map((item) => (
          <li key={item.id} className="flex gap-3">
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent-500" aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-sm break-words text-slate-800">{activityText(item)}</p>
              <p className="text-xs text-slate-600">{timeAgo(item.at)}</p>
            </div>
          </li>
        ))}
      </ol>
    </PanelCard>
  );
}
