import type { OkResponse } from '#src/shared/accounts/paths.ts';
import {
  taskPaths as paths,
  type BoardResponse,
  type ColumnResponse,
  type CommentResponse,
  type CommentsResponse,
  type MyCommentsResponse,
  type MyTasksResponse,
  type TaskListResponse,
  type TaskResponse,
} from '#src/shared/tasks/paths.ts';
import { notificationPaths, type FollowResponse } from '#src/shared/notifications/paths.ts';
import { type AddCommentBody, type CreateTaskBody, type UpdateTaskBody } from '#src/shared/tasks/schemas.ts';
import { githubPaths, type TaskLinksResponse } from '#src/shared/github/paths.ts';
import { docsPaths, type TaskPagesResponse } from '#src/shared/docs/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// The board's calls to the task endpoints (src/shared/tasks.ts). Each rejects with the server's sentence
// (ApiError, with its status: a 409 is a version conflict). Every state-changing request is JSON (product
// rules S7), so those without data send `{}`.
const NO_BODY = {};
const at = (template: string, workspaceId: string, more: Record<string, string> = {}) =>
  workspacePath(template, { id: workspaceId, ...more });

export const boardApi = {
  // The board's first screen: its columns and the first page of each, in one request.
  board: (workspaceId: string) => api<BoardResponse>('GET', at(paths.board, workspaceId)),
  // One page of one column's tasks, in board order.
  taskPage: (workspaceId: string, columnId: string, cursor: string | null) => {
    const query = new URLSearchParams({ column: columnId, ...(cursor ? { cursor } : {}) });
    return api<TaskListResponse>('GET', `${at(paths.tasks, workspaceId)}?${query.toString()}`);
  },
  task: (workspaceId: string, taskId: string) => api<TaskResponse>('GET', at(paths.task, workspaceId, { taskId })),
  create: (workspaceId: string, body: CreateTaskBody) => api<TaskResponse>('POST', at(paths.tasks, workspaceId), body),
  update: (workspaceId: string, taskId: string, body: UpdateTaskBody) =>
    api<TaskResponse>('PUT', at(paths.task, workspaceId, { taskId }), body),
  move: (workspaceId: string, taskId: string, columnId: string, afterId: string | null) =>
    api<TaskResponse>('POST', at(paths.move, workspaceId, { taskId }), { columnId, afterId }),
  remove: (workspaceId: string, taskId: string) => api<OkResponse>('DELETE', at(paths.task, workspaceId, { taskId }), NO_BODY),
  restore: (workspaceId: string, taskId: string) => api<TaskResponse>('POST', at(paths.restore, workspaceId, { taskId }), NO_BODY),
  comments: (workspaceId: string, taskId: string) => api<CommentsResponse>('GET', at(paths.comments, workspaceId, { taskId })),
  comment: (workspaceId: string, taskId: string, body: AddCommentBody) =>
    api<CommentResponse>('POST', at(paths.comments, workspaceId, { taskId }), body),
  editComment: (workspaceId: string, taskId: string, commentId: string, body: string) =>
    api<CommentResponse>('PUT', at(paths.comment, workspaceId, { taskId, commentId }), { body }),
  deleteComment: (workspaceId: string, taskId: string, commentId: string) =>
    api<OkResponse>('DELETE', at(paths.comment, workspaceId, { taskId, commentId }), NO_BODY),
  addColumn: (workspaceId: string, name: string) => api<ColumnResponse>('POST', at(paths.columns, workspaceId), { name }),
  renameColumn: (workspaceId: string, columnId: string, name: string) =>
    api<ColumnResponse>('PUT', at(paths.column, workspaceId, { columnId }), { name }),
  moveColumn: (workspaceId: string, columnId: string, afterId: string | null) =>
    api<ColumnResponse>('POST', at(paths.moveColumn, workspaceId, { columnId }), { afterId }),
  removeColumn: (workspaceId: string, columnId: string) => api<OkResponse>('DELETE', at(paths.column, workspaceId, { columnId }), NO_BODY),
  // The commits and pull requests that name the task (GitHub).
  links: (workspaceId: string, taskId: string) => api<TaskLinksResponse>('GET', at(githubPaths.taskLinks, workspaceId, { taskId })),
  // The docs pages whose chips name the task.
  pages: (workspaceId: string, taskId: string) => api<TaskPagesResponse>('GET', at(docsPaths.taskPages, workspaceId, { taskId })),
  myTasks: () => api<MyTasksResponse>('GET', paths.myTasks),
  myComments: () => api<MyCommentsResponse>('GET', paths.myComments),
  following: (workspaceId: string, taskId: string) => api<FollowResponse>('GET', at(notificationPaths.follow, workspaceId, { taskId })),
  follow: (workspaceId: string, taskId: string, following: boolean) =>
    api<FollowResponse>('PUT', at(notificationPaths.follow, workspaceId, { taskId }), { following }),
};

// A task's comments (kept current by the live stream) and the three lists of My work.
export const boardKeys = {
  workspace: (workspaceId: string) => ['tasks', workspaceId] as const,
  comments: (workspaceId: string, taskId: string) => ['tasks', workspaceId, taskId, 'comments'] as const,
  following: (workspaceId: string, taskId: string) => ['tasks', workspaceId, taskId, 'following'] as const,
  // With the task's last change, so a pull request that moved it shows its new state at once.
  // Without `updatedAt`: every version's links (what a live event refreshes).
  links: (workspaceId: string, taskId: string, updatedAt?: string) =>
    updatedAt === undefined
      ? (['tasks', workspaceId, taskId, 'links'] as const)
      : (['tasks', workspaceId, taskId, 'links', updatedAt] as const),
  // Read again each time the sheet opens: a page names a task as people type, with no live event.
  pages: (workspaceId: string, taskId: string) => ['tasks', workspaceId, taskId, 'pages'] as const,
  myWork: ['my-work'] as const,
  myWorkView: (view: string) => ['my-work', view] as const,
};
