import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, FileUp, History, MoreHorizontal, Plus, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { docsText } from '#src/shared/docs/messages.ts';
import type { Page } from '#src/shared/docs/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { workspaceDetailQuery } from '#src/web/lib/my-workspaces-api.ts';
import { useSession } from '#src/web/lib/session.tsx';
import { useLiveEvents } from '#src/web/lib/use-live-refresh.ts';
import { useWorkspaceFromAddress } from '#src/web/lib/use-workspace-from-address.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { usePreloadWhenIdle } from '#src/web/lib/deferred-component.tsx';
import { useParams } from '#src/web/routing/params.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { ConfirmDialog } from '#src/web/ui/confirm-dialog.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { Menu, MenuItem } from '#src/web/ui/menu.tsx';
import { docsApi, docsKeys } from './docs-api.ts';
import { applyToChips } from './chip-updates.ts';
import { HistoryPanel, ImportDialog, LATER, PageEditor, preloadEditor, VersionPreview } from './deferred-parts.tsx';
import { PageTree } from './page-tree.tsx';
import type { Placement } from './tree-order.ts';

const ICONS = ['📄', '📘', '📝', '💡', '✅', '🚀', '📊', '🗂️', '🎯', '🐛'];

// Docs at /pages and /pages/:pageId: the current workspace's page tree beside the open page, which
// everyone with it open edits together.
export default function DocsPage() {
  const { status, current } = useWorkspaces();
  useWorkspaceFromAddress(docsText.loadFailed);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{docsText.title}</h1>
      {status === 'loading' ? <GenericLoader /> : current ? <WorkspaceDocs key={current.id} workspaceId={current.id} /> : null}
    </div>
  );
}

function WorkspaceDocs({ workspaceId }: { workspaceId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pageId = null } = useParams<'pageId'>();
  // A page in the address: the editor's code loads beside the page list, not after it.
  useEffect(() => {
    if (pageId) void preloadEditor();
  }, [pageId]);
  usePreloadWhenIdle(LATER);
  // A teammate's change refreshes the tree (and the open page's history); a task's, the chips showing it.
  useLiveEvents(workspaceId, (event) => {
    void queryClient.invalidateQueries({ queryKey: docsKeys.all(workspaceId) });
    applyToChips(queryClient, workspaceId, event);
  });
  const { data, error, isPending, refetch } = useQuery({
    queryKey: docsKeys.pages(workspaceId),
    queryFn: () => docsApi.pages(workspaceId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: docsKeys.all(workspaceId) });
  // The import dialog, open with the parent it starts from (null: the top level).
  const [importing, setImporting] = useState<{ parentId: string | null } | null>(null);
  const importDialog = importing ? (
    <Suspense fallback={null}>
      <ImportDialog
        workspaceId={workspaceId}
        pages={data?.pages ?? []}
        parentId={importing.parentId}
        open
        onOpenChange={(open) => !open && setImporting(null)}
        onImported={(page) => {
          void refresh();
          void navigate(`/pages/${page.id}`);
        }}
      />
    </Suspense>
  ) : null;
  const create = useMutation({
    mutationFn: (parentId: string | null) => docsApi.create(workspaceId, { parentId }),
    onSuccess: ({ page }) => {
      void refresh();
      void navigate(`/pages/${page.id}`);
    },
    onError: (failure) => notify.error(problemText(failure, docsText.loadFailed)),
  });
  const move = useMutation({
    mutationFn: ({ page, placement }: { page: Page; placement: Placement }) => docsApi.move(workspaceId, page.id, placement),
    onSuccess: ({ page }) => notify.success(docsText.moved(page.title)),
    onError: (failure) => notify.error(problemText(failure, docsText.loadFailed)),
    onSettled: () => void refresh(),
  });

  if (isPending) return <GenericLoader />;
  if (error || !data) {
    return (
      <div className="space-y-2">
        <Alert tone="error">{problemText(error, docsText.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => void refetch()}>
          {docsText.retry}
        </Button>
      </div>
    );
  }
  const selected = data.pages.find((page) => page.id === pageId) ?? null;
  if (data.pages.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <FileText className="mx-auto size-8 text-slate-500" aria-hidden="true" />
        <h2 className="mt-2 text-lg font-semibold text-slate-900">{docsText.emptyTitle}</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{docsText.emptyBody}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Button onClick={() => create.mutate(null)} disabled={create.isPending}>
            <Plus className="size-4" aria-hidden="true" />
            {docsText.newPage}
          </Button>
          <Button variant="secondary" onClick={() => setImporting({ parentId: null })}>
            <FileUp className="size-4" aria-hidden="true" />
            {docsText.importMarkdown}
          </Button>
        </div>
        {importDialog}
      </div>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <nav aria-label={docsText.pages} className="space-y-2">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold text-slate-700">{docsText.pages}</h2>
          <div className="flex items-center">
            <Button variant="ghost" className="px-2 whitespace-nowrap" onClick={() => create.mutate(null)} disabled={create.isPending}>
              <Plus className="size-4" aria-hidden="true" />
              {docsText.newPage}
            </Button>
            <Button
              variant="ghost"
              className="px-2"
              aria-label={docsText.importMarkdown}
              title={docsText.importMarkdown}
              onClick={() => setImporting({ parentId: null })}
            >
              <FileUp className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
        <PageTree
          pages={data.pages}
          selectedId={selected?.id ?? null}
          onCreate={(parentId) => create.mutate(parentId)}
          onMove={(page, placement) => move.mutate({ page, placement })}
        />
      </nav>
      {selected ? (
        <OpenPage
          key={selected.id}
          workspaceId={workspaceId}
          page={selected}
          onDeleted={() => void navigate('/pages')}
          onImport={() => setImporting({ parentId: selected.id })}
        />
      ) : (
        <p className="text-sm text-slate-600">{docsText.pickPage}</p>
      )}
      {importDialog}
    </div>
  );
}

// Saves the page's Markdown the way a link with `download` would; the server names the file.
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.click();
}

function OpenPage({
  workspaceId,
  page,
  onDeleted,
  onImport,
}: {
  workspaceId: string;
  page: Page;
  onDeleted: () => void;
  onImport: () => void;
}) {
  const { user } = useSession();
  const { data: detail } = useQuery(workspaceDetailQuery(workspaceId));
  const members = useMemo(() => (detail?.members ?? []).map((member) => ({ id: member.userId, name: member.name })), [detail]);
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(page.title);
  const [deleting, setDeleting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // The version shown read-only in place of the editor, which stays connected underneath.
  const [previewing, setPreviewing] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: docsKeys.all(workspaceId) });
  const update = useMutation({
    mutationFn: (body: { title?: string; icon?: string | null }) => docsApi.update(workspaceId, page.id, body),
    onSuccess: () => void refresh(),
    onError: (failure) => {
      setTitle(page.title);
      notify.error(problemText(failure, docsText.loadFailed));
    },
  });
  const remove = async () => {
    const { message } = await docsApi.remove(workspaceId, page.id);
    notify.success(message);
    void refresh();
    onDeleted();
  };
  const saveTitle = () => {
    const next = title.trim();
    if (next !== '' && next !== page.title) update.mutate({ title: next });
    else setTitle(page.title);
  };
  if (!user) return null;
  return (
    <article className="min-w-0 space-y-3">
      <div className="flex items-center gap-2">
        <select
          aria-label={docsText.iconLabel}
          value={page.icon ?? ''}
          onChange={(event) => update.mutate({ icon: event.target.value === '' ? null : event.target.value })}
          className={`${controlClass} w-auto shrink-0 px-2`}
        >
          <option value="">{docsText.noIcon}</option>
          {[...new Set([...(page.icon ? [page.icon] : []), ...ICONS])].map((icon) => (
            <option key={icon} value={icon}>
              {icon}
            </option>
          ))}
        </select>
        <input
          aria-label={docsText.titleLabel}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={saveTitle}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
          className="min-w-0 flex-1 rounded-control border border-transparent px-2 py-1 text-xl font-semibold text-slate-900 hover:border-slate-200 focus:border-slate-400 focus:outline-none"
        />
        <Menu
          label={docsText.pageMenu(page.title)}
          trigger={
            <Button variant="ghost" className="px-2">
              <MoreHorizontal className="size-4" aria-hidden="true" />
            </Button>
          }
        >
          <MenuItem onSelect={() => setHistoryOpen(true)}>
            <History className="size-4" aria-hidden="true" />
            {docsText.history}
          </MenuItem>
          <MenuItem onSelect={() => download(docsApi.markdownUrl(workspaceId, page.id))}>
            <Download className="size-4" aria-hidden="true" />
            {docsText.exportMarkdown}
          </MenuItem>
          <MenuItem onSelect={onImport}>
            <FileUp className="size-4" aria-hidden="true" />
            {docsText.importMarkdown}
          </MenuItem>
        </Menu>
        <Button variant="ghost" className="px-2" aria-label={docsText.deletePage} onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className={historyOpen ? 'grid gap-3 lg:grid-cols-[minmax(0,1fr)_16rem]' : undefined}>
        <div className="min-w-0">
          {previewing ? (
            <Suspense fallback={null}>
              <VersionPreview
                key={previewing}
                workspaceId={workspaceId}
                pageId={page.id}
                versionId={previewing}
                onDone={() => setPreviewing(null)}
              />
            </Suspense>
          ) : null}
          <div hidden={previewing !== null}>
            <PageEditor
              workspaceId={workspaceId}
              pageId={page.id}
              title={page.title}
              me={{ id: user.id, name: user.name }}
              members={members}
            />
          </div>
        </div>
        {historyOpen ? (
          <Suspense fallback={null}>
            <HistoryPanel
              workspaceId={workspaceId}
              pageId={page.id}
              previewing={previewing}
              onPreview={(versionId) => setPreviewing(versionId === previewing ? null : versionId)}
              onClose={() => {
                setHistoryOpen(false);
                setPreviewing(null);
              }}
            />
          </Suspense>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={docsText.deleteTitle(page.title)}
        description={docsText.deleteBody}
        confirmLabel={docsText.deletePage}
        busyLabel={docsText.deleting}
        fallback={docsText.deleteFailed}
        onConfirm={remove}
      />
    </article>
  );
}
