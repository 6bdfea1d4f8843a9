import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { docsPaths, type PageResponse, type PagesResponse } from '#src/shared/docs/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// Docs' calls for the page tree; each rejects with the server's sentence (ApiError). What a page says
// goes over the collaboration socket instead (page-editor.tsx).
const at = (template: string, id: string, pageId = '') => workspacePath(template, { id, pageId });

export const docsApi = {
  pages: (id: string) => api<PagesResponse>('GET', at(docsPaths.pages, id)),
  create: (id: string, body: { title?: string; parentId?: string | null }) => api<PageResponse>('POST', at(docsPaths.pages, id), body),
  update: (id: string, pageId: string, body: { title?: string; icon?: string | null }) =>
    api<PageResponse>('PUT', at(docsPaths.page, id, pageId), body),
  move: (id: string, pageId: string, body: { parentId: string | null; index: number }) =>
    api<PageResponse>('POST', at(docsPaths.move, id, pageId), body),
  remove: (id: string, pageId: string) => api<OkResponse>('DELETE', at(docsPaths.page, id, pageId), {}),
};

export const docsKeys = {
  all: (id: string) => ['docs', id] as const,
  pages: (id: string) => ['docs', id, 'pages'] as const,
};
