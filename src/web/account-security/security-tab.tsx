import { useQuery, useQueryClient } from '@tanstack/react-query';
import { securityUi } from '#src/shared/account-security/messages.ts';
import type { SecurityOverview } from '#src/shared/account-security/paths.ts';
import { accountSecurityApi, accountSecurityKeys } from './account-security-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Spinner } from '#src/web/ui/spinner.tsx';
import { DeleteAccountSection, ExportSection } from './account-data-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { SecuritySection } from './security-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { formatDateTime } from '#src/web/lib/format-time.ts';

function ActivitySection({ events }: { events: SecurityOverview['events'] }) {
  return (
    <SecuritySection id="security-activity" title={securityUi.activityTitle}>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">{securityUi.noActivity}</p>
      ) : (
        <ul className="space-y-1.5 text-sm">
          {events.map((event) => (
            <li key={`${event.at}-${event.action}`} className="flex flex-wrap justify-between gap-x-4 text-slate-700">
              <span>{securityUi.actions[event.action] ?? event.action}</span>
              <span className="text-slate-500">{formatDateTime(event.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </SecuritySection>
  );
}

// The Security tab of Profile Settings, beside the spec's two (product rules U).
export function SecurityTab() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: accountSecurityKeys.overview, queryFn: accountSecurityApi.overview });
  const overview = query.data ?? null;
  const problem = query.error ? problemText(query.error, securityUi.loadFailed) : null;
  const load = () => client.invalidateQueries({ queryKey: accountSecurityKeys.overview });

  if (problem && !overview) {
    return (
      <Alert tone="error">
        <p>{securityUi.loadFailed}</p>
        <Button variant="secondary" className="mt-2 px-3 py-1.5" onClick={() => void load()}>
          {securityUi.tryAgain}
        </Button>
      </Alert>
    );
  }
  if (!overview) {
    return (
      <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-600">
        <Spinner size="sm" decorative />
        {securityUi.loading}
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <SessionsSection sessions={overview.sessions} onChanged={load} />
      <TwoFactorSection overview={overview} onChanged={load} />
      <PasskeysSection />
      <ExportSection />
      {overview.events.length > 0 ? <ActivitySection events={overview.events} /> : null}
      <DeleteAccountSection hasPassword={overview.signIn.password} />
    </div>
  );
}
