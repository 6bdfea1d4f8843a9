import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { githubUi } from '#src/shared/github/messages.ts';
import type { GithubSettings } from '#src/shared/github/paths.ts';
import { GithubSettingsSchema } from '#src/shared/github/schemas.ts';
import type { Column } from '#src/shared/tasks/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { githubApi, githubKeys } from './github-api.ts';

const toColumn = (value: string | null) => (value ? value : null);

function Rule({
  label,
  columns,
  disabled,
  toggle,
  column,
}: {
  label: string;
  columns: Column[];
  disabled: boolean;
  toggle: React.InputHTMLAttributes<HTMLInputElement>;
  column: React.SelectHTMLAttributes<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor={`${id}-on`} className="flex items-center gap-2 text-sm text-slate-800">
        <input id={`${id}-on`} type="checkbox" className="size-4 accent-accent-600" disabled={disabled} {...toggle} />
        {label}
      </label>
      <select aria-label={label} className={controlClass} disabled={disabled} {...column}>
        <option value="">{githubUi.noColumn}</option>
        {columns.map((one) => (
          <option key={one.id} value={one.id}>
            {one.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Moves({
  workspaceId,
  owner,
  settings,
  columns,
}: {
  workspaceId: string;
  owner: boolean;
  settings: GithubSettings;
  columns: Column[];
}) {
  const client = useQueryClient();
  const { form, submit, busy, problem } = useSchemaForm({
    schema: GithubSettingsSchema,
    defaultValues: settings,
    fallback: githubUi.rulesFailed,
    onSubmit: async (body) => {
      const saved = await githubApi.saveSettings(workspaceId, body);
      client.setQueryData(githubKeys.settings(workspaceId), saved);
      notify.success(githubUi.rulesSaved);
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Rule
        label={githubUi.moveOnOpen}
        columns={columns}
        disabled={!owner}
        toggle={form.register('moveOnOpen')}
        column={form.register('openColumnId', { setValueAs: toColumn })}
      />
      <Rule
        label={githubUi.moveOnMerge}
        columns={columns}
        disabled={!owner}
        toggle={form.register('moveOnMerge')}
        column={form.register('mergedColumnId', { setValueAs: toColumn })}
      />
      {owner ? (
        <Button type="submit" busy={busy}>
          {githubUi.saveRules}
        </Button>
      ) : null}
    </form>
  );
}

// Which columns pull requests move tasks to; each rule can be switched off.
export function MovesForm({ workspaceId, owner }: { workspaceId: string; owner: boolean }) {
  const settings = useQuery({ queryKey: githubKeys.settings(workspaceId), queryFn: () => githubApi.settings(workspaceId) });
  const columns = useQuery({ queryKey: githubKeys.columns(workspaceId), queryFn: () => githubApi.columns(workspaceId) });
  const error = settings.error ?? columns.error;
  if (error) return <Alert tone="error">{problemText(error, githubUi.loadFailed)}</Alert>;
  if (!settings.data || !columns.data) return <GenericLoader text={githubUi.loading} />;
  return <Moves workspaceId={workspaceId} owner={owner} settings={settings.data.settings} columns={columns.data.columns} />;
}
