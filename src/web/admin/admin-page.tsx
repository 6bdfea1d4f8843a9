import { Database, Settings, TrendingUp, UserPlus } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUser } from '#src/shared/admin/paths.ts';
import { adminUi } from '#src/shared/admin/messages.ts';
import { label } from '#src/shared/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { RetryAlert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { PageHeading, PanelCard } from '#src/web/ui/panel-card.tsx';
import { adminApi, adminKeys } from './admin-api.ts';
import { AnalyticsDialog } from './analytics-dialog.tsx';
import { DatabaseDialog } from './database-dialog.tsx';
import { SettingsDialog } from './settings-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { ActivityPanel, AdminStats, AlertsPanel } from './overview-panels.tsx';
import { UserSheet } from './user-sheet.tsx';
import { UsersPanel } from './users-panel.tsx';

// spec 2, "Admin dashboard": four stat cards, User Management, System Alerts, Recent Activity, Quick
// Actions, all from the server (product rules A). Quick Actions shows the spec's four, each opening
// its dialog.
const [addNewUser, systemSettings, viewAnalytics, databaseTools] = workspaceCopy.adminActions;

export default function AdminPage() {
  const client = useQueryClient();
  const overview = useQuery({ queryKey: adminKeys.overview, queryFn: adminApi.overview });
  const [open, setOpen] = useState<AdminUser | null>(null);
  const [inviting, setInviting] = useState(false);
  const [charting, setCharting] = useState(false);
  const [configuring, setConfiguring] = useState(false);
  const [tooling, setTooling] = useState(false);
  const changed = () => void client.invalidateQueries({ queryKey: adminKeys.all });

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeading title={label.adminPanel} lead={adminUi.lead} />
      {overview.isError ? (
        <RetryAlert retryLabel={adminUi.tryAgain} onRetry={() => void overview.refetch()}>
          {problemText(overview.error, adminUi.loadFailed)}
        </RetryAlert>
      ) : null}
      {overview.data ? <AdminStats overview={overview.data} /> : overview.isPending ? <GenericLoader text={adminUi.loading} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <UsersPanel onOpen={setOpen} />
        {overview.data ? <AlertsPanel alerts={overview.data.alerts} onOpen={setOpen} /> : <div />}
        {overview.data ? <ActivityPanel activity={overview.data.activity} /> : <div className="lg:col-span-2" />}
        <PanelCard title={workspaceCopy.quickActions}>
          <div className="grid gap-2">
            <Button variant="secondary" className="w-full justify-start" onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden="true" />
              {addNewUser}
            </Button>
            <Button variant="secondary" className="w-full justify-start" onClick={() => setConfiguring(true)}>
              <Settings className="size-4" aria-hidden="true" />
              {systemSettings}
            </Button>
            <Button variant="secondary" className="w-full justify-start" onClick={() => setCharting(true)}>
              <TrendingUp className="size-4" aria-hidden="true" />
              {viewAnalytics}
            </Button>
            <Button variant="secondary" className="w-full justify-start" onClick={() => setTooling(true)}>
              <Database className="size-4" aria-hidden="true" />
              {databaseTools}
            </Button>
          </div>
        </PanelCard>
      </div>
      {open ? <UserSheet user={open} onClose={() => setOpen(null)} onChanged={changed} /> : null}
      <InviteDialog open={inviting} onOpenChange={setInviting} onSent={changed} />
      <AnalyticsDialog open={charting} onOpenChange={setCharting} />
      <SettingsDialog
        open={configuring}
        onOpenChange={(open) => {
          setConfiguring(open);
          if (!open) changed();
        }}
      />
      <DatabaseDialog open={tooling} onOpenChange={setTooling} />
    </div>
  );
}
