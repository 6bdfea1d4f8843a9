import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import { History, X } from 'lucide-react';
import { useState } from 'react';
import { docsNotice, docsText } from '#src/shared/docs/messages.ts';
import { pageExtensions } from '#src/shared/docs/page-schema.ts';
import type { PageVersion, VersionResponse } from '#src/shared/docs/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { docsApi, docsKeys } from './docs-api.ts';

interface Where {
  workspaceId: string;
  pageId: string;
}

// The side panel of a page's versions, newest first: save one now, pick one to read it in place of the
// page (onPreview), and say how many are kept.
export function HistoryPanel({
  workspaceId,
  pageId,
  previewing,
  onPreview,
  onClose,
}: Where & { previewing: string | null; onPreview: (versionId: string | null) => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery({
    queryKey: docsKeys.versions(workspaceId, pageId),
    queryFn: () => docsApi.versions(workspaceId, pageId),
  });
  const save = useMutation({
    mutationFn: () => docsApi.saveVersion(workspaceId, pageId),
    onSuccess: () => {
      notify.success(docsNotice.versionSaved);
      void queryClient.invalidateQueries({ queryKey: docsKeys.versions(workspaceId, pageId) });
    },
    onError: (failure) => notify.error(problemText(failure, docsText.historyFailed)),
  });
  return (
    // On a phone the panel comes first, above the page it is about; beside it on a wide screen.
    <aside
      aria-label={docsText.history}
      className="order-first space-y-3 self-start rounded-card border border-slate-200 bg-white p-3 lg:order-none"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <History className="size-4" aria-hidden="true" />
          {docsText.history}
        </h2>
        <Button variant="ghost" className="px-2" aria-label={docsText.historyClose} onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <Button variant="secondary" className="w-full" onClick={() => save.mutate()} disabled={save.isPending}>
        {save.isPending ? docsText.saving : docsText.saveVersion}
      </Button>
      {isPending ? (
        <GenericLoader />
      ) : error || !data ? (
        <Alert tone="error">{problemText(error, docsText.historyFailed)}</Alert>
      ) : data.versions.length === 0 ? (
        <p className="text-sm text-slate-600">{docsText.historyEmpty}</p>
      ) : (
        <ol className="max-h-60 space-y-1 overflow-y-auto lg:max-h-[28rem]">
          {data.versions.map((version) => (
            <li key={version.id}>
              <VersionRow version={version} current={version.id === previewing} onPick={() => onPreview(version.id)} />
            </li>
          ))}
        </ol>
      )}
      {data ? <p className="text-xs text-slate-600">{docsText.historyKept(data.kept)}</p> : null}
    </aside>
  );
}

function VersionRow({ version, current, onPick }: { version: PageVersion; current: boolean; onPick: () => void }) {
  return (
    <button
      type="button"
      onClick={onPick}
      aria-current={current ? 'true' : undefined}
      className={cn(
        'w-full rounded-control px-2.5 py-2 text-left text-sm hover:bg-slate-100',
        current && 'bg-slate-900 text-white hover:bg-slate-800',
      )}
    >
      <span className="block font-medium">{formatDateTime(version.createdAt)}</span>
      <span className={cn('block text-xs', current ? 'text-slate-200' : 'text-slate-600')}>
        {docsText.versionKind[version.kind]}
        {version.author ? ` ${docsText.versionBy(version.author.name)}` : ''}
      </span>
    </button>
  );
}

// One version, read-only where the page's editor was, with the way to restore it for everyone.
export function VersionPreview({ workspaceId, pageId, versionId, onDone }: Where & { versionId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { data, error, isPending } = useQuery({
    queryKey: docsKeys.version(workspaceId, pageId, versionId),
    queryFn: () => docsApi.version(workspaceId, pageId, versionId),
  });
  const restore = async () => {
    const { message } = await docsApi.restore(workspaceId, pageId, versionId);
    notify.success(message);
    void queryClient.invalidateQueries({ queryKey: docsKeys.versions(workspaceId, pageId) });
    onDone();
  };
  if (isPending) return <GenericLoader />;
  if (error || !data) return <Alert tone="error">{problemText(error, docsText.historyFailed)}</Alert>;
  return (
    <section
      aria-label={docsText.preview(formatDateTime(data.version.createdAt))}
      className="rounded-card border border-amber-300 bg-white"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-200 bg-amber-50 px-3 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{docsText.preview(formatDateTime(data.version.createdAt))}</h2>
        <Button onClick={() => setConfirming(true)}>{docsText.restore}</Button>
      </div>
      <ReadOnlyContent content={data.content} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={docsText.restoreTitle}
        description={docsText.restoreBody}
        confirmLabel={docsText.restore}
        busyLabel={docsText.restoring}
        fallback={docsText.restoreFailed}
        onConfirm={restore}
      />
    </section>
  );
}

function ReadOnlyContent({ content }: { content: VersionResponse['content'] }) {
  const editor = useEditor(
    {
      extensions: pageExtensions(),
      content,
      editable: false,
      editorProps: {
        attributes: { role: 'document', 'aria-label': docsText.previewLabel, class: 'doc-prose min-h-64 px-4 py-3' },
      },
    },
    [content],
  );
  return <EditorContent editor={editor} />;
}
