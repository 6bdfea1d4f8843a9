import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { securityUi } from '#src/shared/account-security/messages.ts';
import { deviceName } from '#src/shared/account-security/device-name.ts';
import type { SessionInfo } from '#src/shared/account-security/paths.ts';
import { accountSecurityApi } from './account-security-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Button } from '#src/web/ui/button.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { SecuritySection } from './security-section.tsx';
import { formatDateTime } from '#src/web/lib/format-time.ts';

const icons: Record<string, typeof Monitor> = { mobile: Smartphone, tablet: Tablet };

// product rules U1: every session, this device marked; sign out any other one, or all others at once.
export function SessionsSection({ sessions, onChanged }: { sessions: SessionInfo[]; onChanged: () => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, call: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await call();
      notify.success(done);
      await onChanged();
    } catch (error) {
      notify.error(problemText(error, securityUi.loadFailed));
    } finally {
      setBusy(null);
    }
  }

  const others = sessions.filter((session) => !session.current);
  return (
    <SecuritySection
      id="security-sessions"
      title={securityUi.sessionsTitle}
      lead={securityUi.sessionsLead}
      action={
        others.length > 0 ? (
          <Button
            variant="secondary"
            className="shrink-0"
            busy={busy === 'others'}
            disabled={busy !== null}
            onClick={() => run('others', accountSecurityApi.signOutOthers, securityUi.othersEnded)}
          >
            {securityUi.signOutOthers}
          </Button>
        ) : null
      }
    >
      <ul className="divide-y divide-slate-100 rounded-control border border-slate-200">
        {sessions.map((session) => {
          const Icon = icons[session.deviceType] ?? Monitor;
          const name = deviceName(session);
          return (
            <li key={session.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                    {name}
                    {session.current ? (
                      <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-200">
                        {securityUi.thisDevice}
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-xs break-words text-slate-600">
                    {[
                      session.ip ? securityUi.ipAddress(session.ip) : null,
                      securityUi.signedIn(formatDateTime(session.createdAt)),
                      session.lastSeenAt ? securityUi.lastSeen(formatDateTime(session.lastSeenAt)) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
              </div>
              {session.current ? null : (
                <Button
                  variant="secondary"
                  className="shrink-0 self-start px-3 py-1.5 sm:self-center"
                  aria-label={securityUi.signOutSessionLabel(name)}
                  busy={busy === session.id}
                  disabled={busy !== null}
                  onClick={() => run(session.id, () => accountSecurityApi.signOutSession(session.id), securityUi.sessionEnded)}
                >
                  {securityUi.signOutSession}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </SecuritySection>
  );
}
