import { docsText } from '#src/shared/docs/messages.ts';
import { deferredComponent, withPlaceholder } from '#src/web/lib/deferred-component.tsx';

// The editor (Tiptap, ProseMirror, Yjs and Hocuspocus: most of the Docs code) and what else only an open
// page or a dialog uses stay off the page tree's first load. The editor's code is asked for as soon as
// the address names a page, the rest once the page is idle.
const LoadedEditor = deferredComponent(() => import('./page-editor.tsx').then((module) => module.PageEditor));
export const VersionPreview = deferredComponent(() => import('./page-history.tsx').then((module) => module.VersionPreview));
export const HistoryPanel = deferredComponent(() => import('./page-history.tsx').then((module) => module.HistoryPanel));
export const ImportDialog = deferredComponent(() => import('./import-dialog.tsx').then((module) => module.ImportDialog));

export const preloadEditor = LoadedEditor.preload;
export const LATER = [LoadedEditor, HistoryPanel, ImportDialog];

// Until its code is in, the editor's frame says it is connecting, as the editor itself does next.
export const PageEditor = withPlaceholder(
  LoadedEditor,
  <div className="rounded-card border border-slate-200 bg-white">
    <p role="status" className="border-b border-slate-200 px-3 py-2 text-xs text-slate-600">
      {docsText.connecting}
    </p>
  </div>,
);
