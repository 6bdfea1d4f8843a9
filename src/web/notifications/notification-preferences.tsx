import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { notificationCopy } from '#src/shared/notifications/messages.ts';
import { NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS, type PreferencesResponse } from '#src/shared/notifications/paths.ts';
import { UpdatePreferencesSchema } from '#src/shared/notifications/schemas.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert, RetryAlert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { notificationsApi } from './notifications-api.ts';

const preferencesKey = ['notifications', 'preferences'] as const;

// Profile Settings' Notifications tab: how I hear about each kind (in the app only, an email at once, or
// the daily digest). The form starts from what is saved, so it mounts once that has loaded.
export function NotificationPreferences() {
  const saved = useQuery({ queryKey: preferencesKey, queryFn: notificationsApi.preferences });
  return (
    <section aria-labelledby="notification-preferences" className="max-w-2xl space-y-4">
      <h2 id="notification-preferences" className="text-lg font-semibold text-slate-900">
        {notificationCopy.preferencesTitle}
      </h2>
      <p className="text-sm text-slate-600">{notificationCopy.preferencesLead}</p>
      {saved.isPending ? <GenericLoader /> : null}
      {saved.isError ? (
        <RetryAlert retryLabel="Try again" onRetry={() => void saved.refetch()}>
          {problemText(saved.error, notificationCopy.loadFailed)}
        </RetryAlert>
      ) : null}
      {saved.data ? <PreferencesForm saved={saved.data} /> : null}
    </section>
  );
}

function PreferencesForm({ saved }: { saved: PreferencesResponse }) {
  const queryClient = useQueryClient();
  const id = useId();
  const { form, submit, busy, problem } = useSchemaForm({
    schema: UpdatePreferencesSchema,
    defaultValues: saved,
    fallback: notificationCopy.loadFailed,
    onSubmit: async (values) => {
      const answer = await notificationsApi.savePreferences(values);
      queryClient.setQueryData(preferencesKey, answer);
      form.reset(answer);
      notify.success(notificationCopy.preferencesSaved);
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {NOTIFICATION_KINDS.map((kind) => (
        <div key={kind} className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:justify-between">
          <label htmlFor={`${id}-${kind}`} className="text-slate-800">
            {notificationCopy.kinds[kind]}
          </label>
          <select id={`${id}-${kind}`} className={`${controlClass} sm:w-56`} {...form.register(`preferences.${kind}`)}>
            {NOTIFICATION_DELIVERIES.map((delivery) => (
              <option key={delivery} value={delivery}>
                {notificationCopy.deliveries[delivery]}
              </option>
            ))}
          </select>
        </div>
      ))}
      <Button type="submit" busy={busy} disabled={!form.formState.isDirty}>
        {notificationCopy.save}
      </Button>
    </form>
  );
}
