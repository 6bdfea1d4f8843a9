import { useQuery, useQueryClient } from '@tanstack/react-query';
import { githubUi } from '#src/shared/github/messages.ts';
import { TaskPrefixSchema } from '#src/shared/tasks/schemas.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { githubApi, githubKeys } from './github-api.ts';

function PrefixForm({ workspaceId, owner, prefix }: { workspaceId: string; owner: boolean; prefix: string }) {
  const client = useQueryClient();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: TaskPrefixSchema,
    defaultValues: { prefix },
    fallback: githubUi.prefixFailed,
    fieldOf: (error) => (error.status === 400 ? 'prefix' : null),
    onSubmit: async (body) => {
      const saved = await githubApi.savePrefix(workspaceId, body.prefix);
      client.setQueryData(githubKeys.prefix(workspaceId), saved);
      form.reset({ prefix: saved.prefix });
      notify.success(githubUi.prefixSaved);
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">{githubUi.prefixLead}</p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <TextField
        label={githubUi.prefixLabel}
        autoComplete="off"
        readOnly={!owner}
        inputClassName="font-mono uppercase sm:max-w-40"
        error={errorOf('prefix')}
        {...form.register('prefix')}
      />
      {owner ? (
        <Button type="submit" busy={busy}>
          {githubUi.savePrefix}
        </Button>
      ) : null}
    </form>
  );
}

// The prefix of the workspace's task keys: what commit messages and pull requests must name.
export function TaskPrefixForm({ workspaceId, owner }: { workspaceId: string; owner: boolean }) {
  const prefix = useQuery({ queryKey: githubKeys.prefix(workspaceId), queryFn: () => githubApi.prefix(workspaceId) });
  if (prefix.error) return <Alert tone="error">{problemText(prefix.error, githubUi.loadFailed)}</Alert>;
  if (!prefix.data) return <GenericLoader text={githubUi.loading} />;
  return <PrefixForm workspaceId={workspaceId} owner={owner} prefix={prefix.data.prefix} />;
}
