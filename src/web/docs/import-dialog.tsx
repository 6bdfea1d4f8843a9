import { useId } from 'react';
import { z } from 'zod';
import { docsText } from '#src/shared/docs/messages.ts';
import { MARKDOWN_MAX_BYTES, type Page } from '#src/shared/docs/paths.ts';
import { ImportPageSchema } from '#src/shared/docs/schemas.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextAreaField, TextField } from '#src/web/ui/field.tsx';
import { docsApi } from './docs-api.ts';
import { flatten } from './tree-order.ts';

// The form's fields as typed ('' for no title, the top level), read as the request the server checks.
const ImportFormSchema = z
  .object({
    markdown: z.string().refine((value) => value.trim() !== '', { error: docsText.importEmpty }),
    title: z.string(),
    parentId: z.string(),
  })
  .transform(({ markdown, title, parentId }): z.input<typeof ImportPageSchema> => ({
    markdown,
    parentId: parentId === '' ? null : parentId,
    ...(title.trim() ? { title: title.trim() } : {}),
  }))
  .pipe(ImportPageSchema);

// A Markdown file (or pasted text) made into a new page, converted by the server with the editor's own
// schema; the file's name is the page's title unless one is given.
export function ImportDialog({
  workspaceId,
  pages,
  parentId,
  open,
  onOpenChange,
  onImported,
}: {
  workspaceId: string;
  pages: Page[];
  // Where the new page goes at first (null: the top level).
  parentId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (page: Page) => void;
}) {
  const fileId = useId();
  const parentFieldId = useId();
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: ImportFormSchema,
    defaultValues: { markdown: '', title: '', parentId: parentId ?? '' },
    fallback: docsText.importFailed,
    onSubmit: async (body) => {
      const { page } = await docsApi.importMarkdown(workspaceId, body);
      onOpenChange(false);
      onImported(page);
    },
  });
  const chosen = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MARKDOWN_MAX_BYTES) {
      return form.setError('root.server', { type: 'file', message: docsText.importTooLarge(MARKDOWN_MAX_BYTES / 1024) });
    }
    form.clearErrors('root.server');
    form.setValue('markdown', await file.text());
    if (form.getValues('title').trim() === '') form.setValue('title', file.name.replace(/\.(md|markdown|txt)$/i, ''));
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={docsText.importTitle} description={docsText.importBody}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            {docsText.importFile}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".md,.markdown,.txt,text/markdown,text/plain"
            onChange={(event) => void chosen(event.target.files?.[0])}
            className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-control file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
        </div>
        <TextAreaField
          label={docsText.importText}
          rows={6}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
          error={errorOf('markdown')}
          {...form.register('markdown')}
        />
        <TextField label={docsText.importPageTitle} maxLength={200} error={errorOf('title')} {...form.register('title')} />
        <div>
          <label htmlFor={parentFieldId} className="block text-sm font-medium text-slate-800">
            {docsText.importParent}
          </label>
          <select id={parentFieldId} className={`${controlClass} mt-1.5 w-full`} {...form.register('parentId')}>
            <option value="">{docsText.importAtTop}</option>
            {flatten(pages).map(({ page, depth }) => (
              <option key={page.id} value={page.id}>
                {'\u00a0\u00a0'.repeat(depth)}
                {page.icon ? `${page.icon} ` : ''}
                {page.title}
              </option>
            ))}
          </select>
        </div>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? docsText.importing : docsText.importMarkdown}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
