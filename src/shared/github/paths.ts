// GitHub through a repository webhook (no GitHub App, no call from Tessera to GitHub): commits and pull
// requests that name a task key link to the task, and pull requests move it. Paths are relative to
// API_BASE; `:id`, `:repoId`, `:taskId` are filled with workspacePath().
import type { z } from 'zod';
import type {
  ConnectedRepoResponseSchema,
  GithubRepoSchema,
  GithubReposResponseSchema,
  GithubSettingsAnswerSchema,
  GithubSettingsResponseSchema,
  HookResponseSchema,
  TaskLinkSchema,
  TaskLinksResponseSchema,
} from './responses.ts';
export const GITHUB_REPO_NAME_MAX = 140;
// The largest delivery taken; a push of 20 commits is a few tens of kilobytes.
export const GITHUB_PAYLOAD_MAX = 1024 * 1024;
// Commits of one push looked at; GitHub itself lists at most 20.
export const GITHUB_COMMITS_MAX = 100;

export const githubPaths = {
  // GET: the connected repositories (GithubReposResponse); POST: connect one (owner; ConnectRepoSchema),
  // answered once with its webhook address and secret (ConnectedRepoResponse).
  repos: '/workspaces/:id/github/repos',
  // DELETE {}: disconnect (owner); its address refuses deliveries at once.
  repo: '/workspaces/:id/github/repos/:repoId',
  // GET: which columns pull requests move tasks to (GithubSettingsResponse); PUT: change it (owner).
  settings: '/workspaces/:id/github/settings',
  // GET: the commits and pull requests linked to a task (TaskLinksResponse).
  taskLinks: '/workspaces/:id/tasks/:taskId/github',
  // POST: where GitHub delivers, signed with the repository's secret (X-Hub-Signature-256).
  hook: '/github/hooks/:repoId',
} as const;

export const GITHUB_LINK_STATES = ['pushed', 'open', 'draft', 'merged', 'closed'] as const;
export type GithubLinkState = (typeof GITHUB_LINK_STATES)[number];

export type GithubRepo = z.infer<typeof GithubRepoSchema>;
export type GithubReposResponse = z.infer<typeof GithubReposResponseSchema>;
export type ConnectedRepoResponse = z.infer<typeof ConnectedRepoResponseSchema>;
export type GithubSettings = z.infer<typeof GithubSettingsAnswerSchema>;
export type GithubSettingsResponse = z.infer<typeof GithubSettingsResponseSchema>;
export type TaskLink = z.infer<typeof TaskLinkSchema>;
export type TaskLinksResponse = z.infer<typeof TaskLinksResponseSchema>;
export type HookResponse = z.infer<typeof HookResponseSchema>;
