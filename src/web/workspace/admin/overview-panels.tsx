import type { AdminActivity, AdminAlert, AdminOverviewResponse } from '#src/shared/admin.ts';
import { activityText, adminUi } from '#src/shared/admin-messages.ts';
import { workspaceCopy } from '#src/shared/messages.ts';
import { PanelCard, StatCards } from '#src/web/workspace/components/panel-card.tsx';
import { StatusBadge } from '#src/web/workspace/components/status-badge.tsx';
import { sampleRevenue } from '#src/web/workspace/sample-data/sample-admin.ts';
import { timeAgo } from './time-ago.ts';

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

export function AlertsPanel({ alerts }: { alerts: AdminAlert[] }) {
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
