import { TrendingUp, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '#src/shared/admin.ts';
import { adminUi } from '#src/shared/admin-messages.ts';
import { label, workspaceCopy } from '#src/shared/messages.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { PageHeading, PanelCard } from '#src/web/workspace/components/panel-card.tsx';
import { adminApi } from './admin/admin-api.ts';
import { AnalyticsDialog } from './admin/analytics-dialog.tsx';
import { InviteDialog } from './admin/invite-dialog.tsx';
import { ActivityPanel, AdminStats, AlertsPanel } from './admin/overview-panels.tsx';
import { useLoad } from './admin/use-load.ts';
import { UserSheet } from './admin/user-sheet.tsx';
import { UsersPanel } from './admin/users-panel.tsx';

// spec 2, "Admin dashboard": four stat cards, User Management, System Alerts, Recent Activity, Quick
// Actions, all from the server (issue 19, product rules A). Quick Actions keeps the spec's two actions
// that do something real; System Settings and Database Tools have nothing behind them and are left out.
const [addNewUser, , viewAnalytics] = workspaceCopy.adminActions;

export default function AdminPage() {
  const [version, setVersion] = useState(0);
  const overview = useLoad(adminApi.overview, String(version), adminUi.loadFailed);
  const [open, setOpen] = useState<AdminUser | null>(null);
  const [inviting, setInviting] = useState(false);
  const [charting, setCharting] = useState(false);
  const changed = () => setVersion((value) => value + 1);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeading title={label.adminPanel} lead={adminUi.lead} />
      {overview.status === 'error' ? (
        <Alert tone="error">
          <span>{overview.error} </span>
          <button type="button" className="font-semibold underline" onClick={overview.reload}>
            {adminUi.tryAgain}
          </button>
        </Alert>
      ) : null}
      {overview.data ? (
        <AdminStats overview={overview.data} />
      ) : overview.status === 'loading' ? (
        <GenericLoader text={adminUi.loading} />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <UsersPanel version={version} onOpen={setOpen} />
        {overview.data ? <AlertsPanel alerts={overview.data.alerts} /> : <div />}
        {overview.data ? <ActivityPanel activity={overview.data.activity} /> : <div className="lg:col-span-2" />}
        <PanelCard title={workspaceCopy.quickActions}>
          <div className="grid gap-2">
            <Button variant="secondary" className="w-full justify-start" onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden="true" />
              {addNewUser}
            </Button>
            <Button variant="secondary" className="w-full justify-start" onClick={() => setCharting(true)}>
              <TrendingUp className="size-4" aria-hidden="true" />
              {viewAnalytics}
            </Button>
          </div>
        </PanelCard>
      </div>
      {open ? <UserSheet user={open} onClose={() => setOpen(null)} onChanged={changed} /> : null}
      <InviteDialog open={inviting} onOpenChange={setInviting} onSent={changed} />
      <AnalyticsDialog open={charting} onOpenChange={setCharting} />
    </div>
  );
}
