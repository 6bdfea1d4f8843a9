import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { BACKUP_KEEP_MAX, type DatabaseInfoResponse, type IntegrityResponse } from '#src/shared/ops/paths.ts';
import { opsNotice, opsUi } from '#src/shared/ops/messages.ts';
import { BackupScheduleSchema } from '#src/shared/ops/schemas.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert, RetryAlert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { iconButtonClass } from '#src/web/ui/icon-button-class.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { opsApi, opsKeys } from './ops-api.ts';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];
function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Integrity() {
  const check = useMutation<IntegrityResponse>({ mutationFn: opsApi.integrity });
  return (
    <Section title={opsUi.integrity}>
      <Button variant="secondary" busy={check.isPending} busyLabel={opsUi.integrityRunning} onClick={() => check.mutate()}>
        {opsUi.integrityRun}
      </Button>
      <div aria-live="polite">
        {check.isError ? <Alert tone="error">{problemText(check.error, opsUi.actionFailed)}</Alert> : null}
        {check.data?.ok ? <Alert tone="success">{opsUi.integrityOk}</Alert> : null}
        {check.data && !check.data.ok ? (
          <Alert tone="error">
            <p>{opsUi.integrityFailed}</p>
            <ul className="mt-1 list-disc pl-5">
              {check.data.findings.map((finding) => (
                <li key={finding}>{finding}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>
    </Section>
  );
}

function Backups({ info }: { info: DatabaseInfoResponse }) {
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: opsKeys.database });
  const make = useMutation({
    mutationFn: opsApi.backupNow,
    onSuccess: ({ backup }) => {
      notify.success(opsNotice.backupMade(backup.name));
      void refresh();
    },
  });
  return (
    <Section title={opsUi.backups}>
      {info.backupUnavailable ? <Alert tone="info">{info.backupUnavailable}</Alert> : null}
      <Button busy={make.isPending} busyLabel={opsUi.backingUp} disabled={info.backupUnavailable !== null} onClick={() => make.mutate()}>
        {opsUi.backupNow}
      </Button>
      {make.isError ? <Alert tone="error">{problemText(make.error, opsUi.actionFailed)}</Alert> : null}
      {info.backups.length === 0 ? (
        <p className="text-sm text-slate-600">{opsUi.noBackups}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-control border border-slate-200">
          {info.backups.map((file) => (
            <li key={file.name} className="flex items-center gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-mono text-xs text-slate-900">{file.name}</p>
                <p className="text-xs text-slate-600">
                  {formatDateTime(file.at)} · {formatBytes(file.bytes)}
                </p>
              </div>
              <a
                className={iconButtonClass}
                href={opsApi.downloadHref(file.name)}
                download={file.name}
                aria-label={opsUi.download(file.name)}
              >
                <Download className="size-4" aria-hidden="true" />
              </a>
              <button type="button" className={iconButtonClass} aria-label={opsUi.remove(file.name)} onClick={() => setDeleting(file.name)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={opsUi.confirmDeleteTitle(deleting ?? '')}
        description={opsUi.confirmDeleteBody}
        confirmLabel={opsUi.deleteLabel}
        busyLabel={opsUi.deleteLabel}
        fallback={opsUi.actionFailed}
        onConfirm={async () => {
          const { message } = await opsApi.deleteBackup(deleting!);
          notify.success(message);
          setDeleting(null);
          await refresh();
        }}
      />
    </Section>
  );
}

function Schedule({ info }: { info: DatabaseInfoResponse }) {
  const client = useQueryClient();
  const everyId = useId();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: BackupScheduleSchema,
    defaultValues: { every: info.schedule.every, keep: info.schedule.keep },
    fallback: opsUi.actionFailed,
    onSubmit: async (values) => {
      await opsApi.saveSchedule(values);
      notify.success(opsNotice.scheduleSaved);
      await client.invalidateQueries({ queryKey: opsKeys.database });
    },
  });
  return (
    <Section title={opsUi.schedule}>
      <form className="space-y-3" onSubmit={submit} noValidate>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={everyId} className="mb-1.5 block text-sm font-medium text-slate-700">
              {opsUi.scheduleEvery}
            </label>
            <select id={everyId} className={cn(controlClass, 'block w-full py-2.5')} {...form.register('every')}>
              <option value="off">{opsUi.scheduleOff}</option>
              <option value="daily">{opsUi.scheduleDaily}</option>
            </select>
          </div>
          <TextField
            label={opsUi.keep}
            type="number"
            inputMode="numeric"
            min={1}
            max={BACKUP_KEEP_MAX}
            error={errorOf('keep')}
            {...form.register('keep', { valueAsNumber: true })}
          />
        </div>
        {info.schedule.nextAt ? <p className="text-xs text-slate-600">{opsUi.nextBackup(formatDateTime(info.schedule.nextAt))}</p> : null}
        <Button type="submit" variant="secondary" busy={busy} busyLabel={opsUi.saving}>
          {opsUi.saveSchedule}
        </Button>
      </form>
    </Section>
  );
}

function Details({ info }: { info: DatabaseInfoResponse }) {
  return (
    <div className="space-y-4">
      <section>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">{opsUi.engine}</dt>
          <dd className="text-slate-900">{info.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}</dd>
          <dt className="text-slate-600">{opsUi.version}</dt>
          <dd className="text-slate-900">{info.version}</dd>
          <dt className="text-slate-600">{opsUi.size}</dt>
          <dd className="text-slate-900">{formatBytes(info.bytes)}</dd>
          <dt className="text-slate-600">{opsUi.migrations}</dt>
          <dd className="text-slate-900">{opsUi.migrationsSummary(info.migrations.applied.length, info.migrations.pending.length)}</dd>
        </dl>
      </section>
      <Section title={opsUi.tables}>
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 font-medium">
                {opsUi.tableColumn}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {opsUi.rowsColumn}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {info.tables.map((row) => (
              <tr key={row.table}>
                <td className="py-1 font-mono text-xs text-slate-800">{row.table}</td>
                <td className="py-1 text-right text-slate-900 tabular-nums">{row.rows.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Integrity />
      <Backups info={info} />
      <Schedule info={info} />
      <p className="text-xs text-slate-600">{opsUi.restoreHint}</p>
    </div>
  );
}

function Database() {
  const info = useQuery({ queryKey: opsKeys.database, queryFn: opsApi.database });
  if (info.isError) {
    return (
      <RetryAlert retryLabel={opsUi.tryAgain} onRetry={() => void info.refetch()}>
        {problemText(info.error, opsUi.databaseLoadFailed)}
      </RetryAlert>
    );
  }
  if (!info.data) return <GenericLoader />;
  return <Details info={info.data} />;
}

// Quick Actions' Database Tools: what the database is and holds, its integrity, and its backups.
export function DatabaseDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={opsUi.databaseTitle} description={opsUi.databaseLead}>
      {open ? <Database /> : null}
    </Dialog>
  );
}
