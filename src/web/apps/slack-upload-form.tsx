import { z } from 'zod';
import { slackImportUi } from '#src/shared/chat/slack-import-messages.ts';
import { SLACK_EXPORT_MAX_BYTES, type SlackImport } from '#src/shared/chat/slack-import-paths.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextField } from '#src/web/ui/field.tsx';
import { slackImportApi } from './slack-import-api.ts';

const MAX_MB = Math.round(SLACK_EXPORT_MAX_BYTES / (1024 * 1024));

// The file picker's one field: a zip chosen, within the size the server takes. The body is the file's
// bytes, so there is no JSON request schema to share; the server's refusals land on the field below.
const UploadFormSchema = z.object({ files: z.custom<FileList | null | undefined>() }).transform(({ files }, ctx) => {
  const file = files?.[0];
  const problem = !file ? slackImportUi.chooseFirst : file.size > SLACK_EXPORT_MAX_BYTES ? slackImportUi.tooLarge(MAX_MB) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['files'] });
  return file ?? z.NEVER;
});

export function SlackUploadForm({ workspaceId, onUploaded }: { workspaceId: string; onUploaded: (created: SlackImport) => void }) {
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: UploadFormSchema,
    defaultValues: {},
    fallback: slackImportUi.uploadFailed,
    // What the server says about the file itself (not a zip, too large, not a Slack export) goes under it.
    fieldOf: (error) => (error.status === 400 || error.status === 413 || error.status === 415 ? 'files' : null),
    onSubmit: async (file) => onUploaded((await slackImportApi.upload(workspaceId, file)).import),
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{slackImportUi.howTo}</p>
      <TextField
        type="file"
        accept=".zip,application/zip"
        label={slackImportUi.fileLabel}
        hint={slackImportUi.fileHint(MAX_MB)}
        error={errorOf('files')}
        {...form.register('files')}
      />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button type="submit" busy={busy} busyLabel={slackImportUi.uploading}>
        {slackImportUi.upload}
      </Button>
    </form>
  );
}
