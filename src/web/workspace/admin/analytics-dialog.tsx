import { adminUi } from '#src/shared/admin-messages.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { adminApi } from './admin-api.ts';
import { SignupsChart } from './signups-chart.tsx';
import { useLoad } from './use-load.ts';

function Signups() {
  const signups = useLoad(adminApi.signups, 'signups', adminUi.analyticsFailed);
  if (signups.status === 'error') return <Alert tone="error">{signups.error}</Alert>;
  if (!signups.data) return <GenericLoader />;
  return <SignupsChart days={signups.data.days} />;
}

// Quick Actions' View Analytics: sign-ups per day, loaded when opened.
export function AnalyticsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={adminUi.analyticsTitle}>
      {open ? <Signups /> : null}
    </Dialog>
  );
}
