// GitHub through a repository webhook (no GitHub App, no call from Tessera to GitHub): commits and pull
// requests that name a task key link to the task, and pull requests move it. Paths are relative to
// API_BASE; `:id`, `:repoId`, `:taskId` are filled with workspacePath().
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

export interface GithubRepo {
  id: string;
  fullName: string;
  // The address to paste into GitHub's "Payload URL".
  hookUrl: string;
  createdAt: string;
  lastDeliveryAt: string | null;
  lastEvent: string | null;
  // The last delivery Tessera refused after checking its signature, and why.
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface GithubReposResponse {
  repos: GithubRepo[];
}

export interface ConnectedRepoResponse {
  repo: GithubRepo;
  // Shown once: GitHub's "Secret" field.
  secret: string;
}

export interface GithubSettings {
  moveOnOpen: boolean;
  openColumnId: string | null;
  moveOnMerge: boolean;
  mergedColumnId: string | null;
}

export interface GithubSettingsResponse {
  settings: GithubSettings;
}

export const GITHUB_LINK_STATES = ['pushed', 'open', 'draft', 'merged', 'closed'] as const;
export type GithubLinkState = (typeof GITHUB_LINK_STATES)[number];

export interface TaskLink {
  id: string;
  kind: 'commit' | 'pull_request';
  repo: string;
  // A commit's short sha or a pull request's number.
  ref: string;
  title: string;
  url: string;
  state: GithubLinkState;
  updatedAt: string;
}

export interface TaskLinksResponse {
  links: TaskLink[];
}

export interface HookResponse {
  ok: true;
  linked: number;
  moved: number;
}
