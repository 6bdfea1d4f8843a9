import { useCallback, useEffect, useState } from 'react';
import { securityUi } from '#src/shared/account-security-messages.ts';
import type { SecurityOverview } from '#src/shared/account-security-paths.ts';
import { accountSecurityApi } from '#src/web/lib/account-security-api.ts';
import { problemText } from '#src/web/lib/workspaces.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Spinner } from '#src/web/ui/spinner.tsx';
import { DeleteAccountSection, ExportSection } from './account-data-section.tsx';
import { formatTime } from './format-time.ts';
import { SecuritySection } from './security-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

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
              <span className="text-slate-500">{formatTime(event.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </SecuritySection>
  );
}

// Issue 20: the Security tab of Profile Settings, beside the spec's two (product rules U).
export function SecurityTab() {
  const [overview, setOverview] = useState<SecurityOverview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(
    () =>
      accountSecurityApi.overview().then(
        (answer) => {
          setOverview(answer);
          setProblem(null);
        },
        (error: unknown) => setProblem(problemText(error, securityUi.loadFailed)),
      ),
    [],
  );

  useEffect(() => {
    let active = true;
    accountSecurityApi.overview().then(
      (answer) => active && setOverview(answer),
      (error: unknown) => active && setProblem(problemText(error, securityUi.loadFailed)),
    );
    return () => {
      active = false;
    };
  }, []);

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
      <ExportSection />
      {overview.events.length > 0 ? <ActivitySection events={overview.events} /> : null}
      <DeleteAccountSection hasPassword={overview.signIn.password} />
    </div>
  );
}
