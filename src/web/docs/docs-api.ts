import { API_BASE, type OkResponse } from '#src/shared/accounts/paths.ts';
import {
  docsPaths,
  type PageImageResponse,
  type PageResponse,
  type PagesResponse,
  type PageVersion,
  type VersionResponse,
  type VersionsResponse,
} from '#src/shared/docs/paths.ts';
import { taskPaths, type ColumnsResponse, type TaskListResponse, type TaskResponse } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api, apiUpload } from '#src/web/lib/api-client.ts';

// Tasks the `#` picker shows at most; typing more narrows the list.
export const TASKS_SHOWN = 8;

// Docs' calls for the page tree, Markdown and history; each rejects with the server's sentence
// (ApiError). What a page says goes over the collaboration socket instead (page-editor.tsx).
const at = (template: string, id: string, pageId = '', versionId = '') => workspacePath(template, { id, pageId, versionId });

export const docsApi = {
  pages: (id: string) => api<PagesResponse>('GET', at(docsPaths.pages, id)),
  create: (id: string, body: { title?: string; parentId?: string | null }) => api<PageResponse>('POST', at(docsPaths.pages, id), body),
  update: (id: string, pageId: string, body: { title?: string; icon?: string | null }) =>
    api<PageResponse>('PUT', at(docsPaths.page, id, pageId), body),
  move: (id: string, pageId: string, body: { parentId: string | null; index: number }) =>
    api<PageResponse>('POST', at(docsPaths.move, id, pageId), body),
  remove: (id: string, pageId: string) => api<OkResponse>('DELETE', at(docsPaths.page, id, pageId), {}),
  importMarkdown: (id: string, body: { markdown: string; title?: string; parentId?: string | null }) =>
    api<PageResponse>('POST', at(docsPaths.importMarkdown, id), body),
  // A plain link: the server answers with the file as a download.
  markdownUrl: (id: string, pageId: string) => API_BASE + at(docsPaths.markdown, id, pageId),
  versions: (id: string, pageId: string) => api<VersionsResponse>('GET', at(docsPaths.versions, id, pageId)),
  saveVersion: (id: string, pageId: string) => api<{ version: PageVersion }>('POST', at(docsPaths.versions, id, pageId), {}),
  version: (id: string, pageId: string, versionId: string) => api<VersionResponse>('GET', at(docsPaths.version, id, pageId, versionId)),
  restore: (id: string, pageId: string, versionId: string) => api<OkResponse>('POST', at(docsPaths.restore, id, pageId, versionId), {}),
  // The file's own bytes, its type as Content-Type; the answer names where the page finds it.
  uploadImage: (id: string, pageId: string, file: File) => apiUpload<PageImageResponse>(at(docsPaths.images, id, pageId), file, file.type),
  // Tasks, for the chips a page shows and the `#` picker: one by id or key, a few by title, the board's
  // columns (a chip's status), and a task made from a checklist item.
  task: (id: string, taskId: string) => api<TaskResponse>('GET', workspacePath(taskPaths.task, { id, taskId })),
  // Nothing typed yet: the board's first tasks.
  findTasks: (id: string, q: string) =>
    api<TaskListResponse>(
      'GET',
      `${workspacePath(taskPaths.tasks, { id })}?${new URLSearchParams({ ...(q.trim() ? { q } : {}), limit: String(TASKS_SHOWN) }).toString()}`,
    ),
  columns: (id: string) => api<ColumnsResponse>('GET', workspacePath(taskPaths.columns, { id })),
  createTask: (id: string, title: string) => api<TaskResponse>('POST', workspacePath(taskPaths.tasks, { id }), { title }),
};

export const docsKeys = {
  all: (id: string) => ['docs', id] as const,
  pages: (id: string) => ['docs', id, 'pages'] as const,
  versions: (id: string, pageId: string) => ['docs', id, 'versions', pageId] as const,
  version: (id: string, pageId: string, versionId: string) => ['docs', id, 'versions', pageId, versionId] as const,
  // Outside `all`: the live stream puts each changed task into its chip (and refetches the columns when
  // they change) instead of every chip asking again at each event.
  task: (id: string, taskId: string) => ['docs-tasks', id, 'task', taskId] as const,
  columns: (id: string) => ['docs-tasks', id, 'columns'] as const,
};
