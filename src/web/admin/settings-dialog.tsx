import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type InputHTMLAttributes } from 'react';
import { SETTING_KEYS, type SettingKey, type SystemSettingsResponse } from '#src/shared/ops/paths.ts';
import { opsNotice, opsUi } from '#src/shared/ops/messages.ts';
import { BANNER_MAX, MAIL_FROM_MAX, ORIGIN_MAX, SystemSettingsFormSchema, type SystemSettingsInput } from '#src/shared/ops/schemas.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { opsApi, opsKeys } from './ops-api.ts';

function Toggle({
  label,
  hint,
  locked,
  ...props
}: { label: string; hint: string; locked: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300 accent-accent-600"
        aria-describedby={`${id}-hint`}
        {...props}
      />
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {locked ?? hint}
        </p>
      </div>
    </div>
  );
}

function SettingsForm({ current, onDone }: { current: SystemSettingsResponse; onDone: () => void }) {
  const client = useQueryClient();
  const { settings, fromEnvironment } = current;
  const locked = (key: SettingKey) => (fromEnvironment[key] ? opsUi.fromEnvironment(fromEnvironment[key]) : null);
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: SystemSettingsFormSchema,
    // Only what this page may change; a field the environment fixes is shown, not part of the form.
    defaultValues: Object.fromEntries(
      SETTING_KEYS.filter((key) => !fromEnvironment[key]).map((key) => [
        key,
        key === 'publicOrigin' ? (settings.publicOrigin ?? '') : settings[key],
      ]),
    ),
    fallback: opsUi.saveFailed,
    onSubmit: async (values) => {
      // Only what changed, and never what the environment fixes (the server would refuse it).
      const changes = Object.fromEntries(
        SETTING_KEYS.filter((key) => !fromEnvironment[key] && values[key] !== undefined && values[key] !== settings[key]).map((key) => [
          key,
          values[key],
        ]),
      ) as SystemSettingsInput;
      if (Object.keys(changes).length > 0) {
        client.setQueryData(opsKeys.settings, await opsApi.saveSettings(changes));
        void client.invalidateQueries({ queryKey: opsKeys.banner });
        notify.success(opsNotice.settingsSaved);
      }
      onDone();
    },
  });
  const hint = (key: SettingKey, text: string) => locked(key) ?? text;
  const field = <K extends SettingKey>(key: K, options: { valueAsNumber?: true } = {}) => {
    if (!locked(key)) return form.register(key, options);
    const value = settings[key];
    return typeof value === 'boolean'
      ? { disabled: true, readOnly: true, checked: value }
      : { disabled: true, readOnly: true, value: String(value ?? '') };
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Toggle label={opsUi.betaApproval} hint={opsUi.betaApprovalHint} locked={locked('betaApproval')} {...field('betaApproval')} />
      <Toggle label={opsUi.signupsOpen} hint={opsUi.signupsOpenHint} locked={locked('signupsOpen')} {...field('signupsOpen')} />
      <TextField
        label={opsUi.publicOrigin}
        hint={hint('publicOrigin', opsUi.publicOriginHint)}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://tessera.example.com"
        maxLength={ORIGIN_MAX}
        error={errorOf('publicOrigin')}
        {...field('publicOrigin')}
      />
      <TextField
        label={opsUi.rateLimitMultiplier}
        hint={hint('rateLimitMultiplier', opsUi.rateLimitMultiplierHint)}
        type="number"
        inputMode="decimal"
        step="any"
        error={errorOf('rateLimitMultiplier')}
        {...field('rateLimitMultiplier', { valueAsNumber: true })}
      />
      <TextField
        label={opsUi.mailFrom}
        hint={hint('mailFrom', opsUi.mailFromHint)}
        autoComplete="off"
        maxLength={MAIL_FROM_MAX}
        error={errorOf('mailFrom')}
        {...field('mailFrom')}
      />
      <TextField
        label={opsUi.maintenanceBanner}
        hint={opsUi.maintenanceBannerHint}
        autoComplete="off"
        maxLength={BANNER_MAX}
        error={errorOf('maintenanceBanner')}
        {...field('maintenanceBanner')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onDone}>
          {opsUi.cancel}
        </Button>
        <Button type="submit" busy={busy} busyLabel={opsUi.saving}>
          {opsUi.save}
        </Button>
      </div>
    </form>
  );
}

function Settings({ onDone }: { onDone: () => void }) {
  const settings = useQuery({ queryKey: opsKeys.settings, queryFn: opsApi.settings });
  if (settings.isError) return <Alert tone="error">{problemText(settings.error, opsUi.loadFailed)}</Alert>;
  if (!settings.data) return <GenericLoader />;
  return <SettingsForm current={settings.data} onDone={onDone} />;
}

// Quick Actions' System Settings: loaded when opened, saved for every instance at once.
export function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={opsUi.settingsTitle} description={opsUi.settingsLead}>
      {open ? <Settings onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
