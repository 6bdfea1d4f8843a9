import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { docsText } from '#src/shared/docs/messages.ts';
import { MARKDOWN_MAX_BYTES, type Page } from '#src/shared/docs/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { Dialog } from '#src/web/ui/dialog.tsx';
import { TextAreaField, TextField } from '#src/web/ui/field.tsx';
import { docsApi } from './docs-api.ts';
import { flatten } from './tree-order.ts';

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
  const [markdown, setMarkdown] = useState('');
  const [title, setTitle] = useState('');
  const [parent, setParent] = useState(parentId ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      docsApi.importMarkdown(workspaceId, {
        markdown,
        parentId: parent === '' ? null : parent,
        ...(title.trim() ? { title: title.trim() } : {}),
      }),
    onSuccess: ({ page }) => {
      onOpenChange(false);
      onImported(page);
    },
    onError: (failure) => setProblem(problemText(failure, docsText.importFailed)),
  });
  const chosen = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MARKDOWN_MAX_BYTES) return setProblem(docsText.importTooLarge(MARKDOWN_MAX_BYTES / 1024));
    setProblem(null);
    setMarkdown(await file.text());
    if (title.trim() === '') setTitle(file.name.replace(/\.(md|markdown|txt)$/i, ''));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (markdown.trim() === '') return setProblem(docsText.importEmpty);
    save.mutate();
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
          value={markdown}
          rows={6}
          onChange={(event) => setMarkdown(event.target.value)}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
        />
        <TextField label={docsText.importPageTitle} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
        <div>
          <label htmlFor={parentFieldId} className="block text-sm font-medium text-slate-800">
            {docsText.importParent}
          </label>
          <select
            id={parentFieldId}
            value={parent}
            onChange={(event) => setParent(event.target.value)}
            className={`${controlClass} mt-1.5 w-full`}
          >
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
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? docsText.importing : docsText.importMarkdown}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
