import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { activityText, adminNotice, adminUi } from '#src/shared/admin/messages.ts';
import type { AdminUser } from '#src/shared/admin/paths.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { adminApi, adminKeys } from './admin-api.ts';
import { formatDate, timeAgo } from '#src/web/lib/format-time.ts';

type Confirming = 'suspend' | 'demote' | 'decline' | null;

// One account in a dialog: their workspaces, sessions and trail, and what an admin may do to
// them. Suspending, demoting and declining ask first.
export function UserSheet({ user, onClose, onChanged }: { user: AdminUser; onClose: () => void; onChanged: () => void }) {
  const { user: me } = useSession();
  const detail = useQuery({ queryKey: adminKeys.user(user.id), queryFn: () => adminApi.user(user.id) });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const shown = detail.data?.user ?? user;
  const yourself = me?.id === user.id;

  async function run(change: () => Promise<{ user: AdminUser }>, notice: (name: string) => string) {
    const { user: after } = await change();
    notify.success(notice(after.name));
    // The admin page refreshes every admin read, this account's detail with them.
    onChanged();
  }

  async function act(change: () => Promise<{ user: AdminUser }>, notice: (name: string) => string) {
    setBusy(true);
    setProblem(null);
    try {
      await run(change, notice);
    } catch (error) {
      setProblem(problemText(error, adminUi.actionFailed));
    } finally {
      setBusy(false);
    }
  }

  const confirmed = (change: () => Promise<{ user: AdminUser }>, notice: (name: string) => string) => async () => {
    await run(change, notice);
    setConfirming(null);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={shown.name} description={shown.email}>
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge value={shown.role} />
          <StatusBadge value={shown.status} />
          {shown.emailVerified ? null : <span className="text-xs text-slate-600">{adminUi.unverified}</span>}
        </div>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {detail.isError ? <Alert tone="error">{problemText(detail.error, adminUi.detailFailed)}</Alert> : null}
        {yourself ? (
          <p className="text-sm text-slate-600">{adminUi.yourself}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {shown.status === 'Pending' || shown.status === 'Declined' ? (
              <Button
                busy={busy}
                busyLabel={adminUi.working}
                onClick={() => void act(() => adminApi.act('approve', user.id), adminNotice.approved)}
              >
                {adminUi.approve}
              </Button>
            ) : null}
            {shown.status === 'Pending' ? (
              <Button variant="secondary" disabled={busy} onClick={() => setConfirming('decline')}>
                {adminUi.decline}
              </Button>
            ) : null}
            {shown.role === 'user' ? (
              <Button
                variant="secondary"
                busy={busy}
                busyLabel={adminUi.working}
                onClick={() =>
                  void act(
                    () => adminApi.setRole(user.id, 'admin'),
                    (name) => adminNotice.roleChanged(name, 'admin'),
                  )
                }
              >
                {adminUi.makeAdmin}
              </Button>
            ) : (
              <Button variant="secondary" disabled={busy} onClick={() => setConfirming('demote')}>
                {adminUi.makeUser}
              </Button>
            )}
            {shown.status === 'Suspended' ? (
              <Button
                variant="secondary"
                busy={busy}
                busyLabel={adminUi.working}
                onClick={() => void act(() => adminApi.act('reactivate', user.id), adminNotice.reactivated)}
              >
                {adminUi.reactivate}
              </Button>
            ) : (
              <Button variant="danger" disabled={busy} onClick={() => setConfirming('suspend')}>
                {adminUi.suspend}
              </Button>
            )}
          </div>
        )}

        <section aria-labelledby="admin-user-sessions">
          <h3 id="admin-user-sessions" className="text-sm font-semibold text-slate-900">
            {adminUi.sessions}
          </h3>
          {detail.data ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
              <dt className="text-slate-600">{adminUi.signedIn}</dt>
              <dd>{adminUi.sessionSummary(detail.data.sessions.count)}</dd>
              {detail.data.sessions.newestAt ? (
                <>
                  <dt className="text-slate-600">{adminUi.newestSession}</dt>
                  <dd>{timeAgo(detail.data.sessions.newestAt)}</dd>
                </>
              ) : null}
              {detail.data.sessions.lastActiveAt ? (
                <>
                  <dt className="text-slate-600">{adminUi.lastActive}</dt>
                  <dd>{timeAgo(detail.data.sessions.lastActiveAt)}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-slate-600">{adminUi.loading}</p>
          )}
        </section>

        <section aria-labelledby="admin-user-workspaces">
          <h3 id="admin-user-workspaces" className="text-sm font-semibold text-slate-900">
            {adminUi.workspaces}
          </h3>
          {detail.data && detail.data.workspaces.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{adminUi.noWorkspaces}</p>
          ) : null}
          <ul className="mt-2 space-y-1 text-sm">
            {detail.data?.workspaces.map((workspace) => (
              <li key={workspace.id} className="flex justify-between gap-3">
                <span className="truncate text-slate-800">{workspace.name}</span>
                <span className="shrink-0 text-slate-600 capitalize">
                  {workspace.role} · {formatDate(workspace.joinedAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="admin-user-activity">
          <h3 id="admin-user-activity" className="text-sm font-semibold text-slate-900">
            {adminUi.recentEntries}
          </h3>
          {detail.data && detail.data.activity.length === 0 ? <p className="mt-2 text-sm text-slate-600">{adminUi.noEntries}</p> : null}
          <ol className="mt-2 space-y-2 text-sm">
            {detail.data?.activity.map((item) => (
              <li key={item.id}>
                <p className="text-slate-800">{activityText(item)}</p>
                <p className="text-xs text-slate-600">
                  {timeAgo(item.at)}
                  {item.ip ? ` · ${item.ip}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <ConfirmDialog
        open={confirming === 'suspend'}
        onOpenChange={(open) => setConfirming(open ? 'suspend' : null)}
        title={adminUi.confirmSuspendTitle(shown.name)}
        description={adminUi.confirmSuspendBody}
        confirmLabel={adminUi.suspend}
        busyLabel={adminUi.working}
        fallback={adminUi.actionFailed}
        onConfirm={confirmed(() => adminApi.act('suspend', user.id), adminNotice.suspended)}
      />
      <ConfirmDialog
        open={confirming === 'demote'}
        onOpenChange={(open) => setConfirming(open ? 'demote' : null)}
        title={adminUi.confirmDemoteTitle(shown.name)}
        description={adminUi.confirmDemoteBody}
        confirmLabel={adminUi.makeUser}
        busyLabel={adminUi.working}
        fallback={adminUi.actionFailed}
        onConfirm={confirmed(
          () => adminApi.setRole(user.id, 'user'),
          (name) => adminNotice.roleChanged(name, 'user'),
        )}
      />
      <ConfirmDialog
        open={confirming === 'decline'}
        onOpenChange={(open) => setConfirming(open ? 'decline' : null)}
        title={adminUi.confirmDeclineTitle(shown.name)}
        description={adminUi.confirmDeclineBody}
        confirmLabel={adminUi.decline}
        busyLabel={adminUi.working}
        fallback={adminUi.actionFailed}
        onConfirm={confirmed(() => adminApi.act('decline', user.id), adminNotice.declined)}
      />
    </Dialog>
  );
}
