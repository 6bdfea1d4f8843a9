import type { OkResponse } from '#src/shared/accounts/paths.ts';
import {
  githubPaths as paths,
  type ConnectedRepoResponse,
  type GithubReposResponse,
  type GithubSettings,
  type GithubSettingsResponse,
} from '#src/shared/github/paths.ts';
import type { ConnectRepoBody } from '#src/shared/github/schemas.ts';
import { taskPaths, type ColumnsResponse, type TaskPrefixResponse } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

const at = (template: string, id: string, repoId = '') => workspacePath(template, { id, repoId });

// The browser's calls for the GitHub page: its repositories and moves, the board's columns the moves
// name, and the task-key prefix that commits must use.
export const githubApi = {
  repos: (id: string) => api<GithubReposResponse>('GET', at(paths.repos, id)),
  connect: (id: string, body: ConnectRepoBody) => api<ConnectedRepoResponse>('POST', at(paths.repos, id), body),
  disconnect: (id: string, repoId: string) => api<OkResponse>('DELETE', at(paths.repo, id, repoId), {}),
  settings: (id: string) => api<GithubSettingsResponse>('GET', at(paths.settings, id)),
  saveSettings: (id: string, body: GithubSettings) => api<GithubSettingsResponse>('PUT', at(paths.settings, id), body),
  columns: (id: string) => api<ColumnsResponse>('GET', at(taskPaths.columns, id)),
  prefix: (id: string) => api<TaskPrefixResponse>('GET', at(taskPaths.taskPrefix, id)),
  savePrefix: (id: string, prefix: string) => api<TaskPrefixResponse>('PUT', at(taskPaths.taskPrefix, id), { prefix }),
};

export const githubKeys = {
  repos: (id: string) => ['github', id, 'repos'] as const,
  settings: (id: string) => ['github', id, 'settings'] as const,
  columns: (id: string) => ['github', id, 'columns'] as const,
  prefix: (id: string) => ['github', id, 'prefix'] as const,
};
