import { useQuery } from '@tanstack/react-query';
import { adminUi } from '#src/shared/admin/messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { adminApi, adminKeys } from './admin-api.ts';
import { SignupsChart } from './signups-chart.tsx';

function Signups() {
  const signups = useQuery({ queryKey: adminKeys.signups, queryFn: adminApi.signups });
  if (signups.isError) return <Alert tone="error">{problemText(signups.error, adminUi.analyticsFailed)}</Alert>;
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
