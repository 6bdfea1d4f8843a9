import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { githubError } from '#src/shared/github/messages.ts';
import { githubPaths, type ConnectedRepoResponse, type GithubRepo, type GithubSettings, type TaskLink } from '#src/shared/github/paths.ts';
import { taskError } from '#src/shared/tasks/messages.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database, GithubReposTable } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { listColumns } from '#src/server/tasks/reads.ts';
import { taskIdOf } from '#src/server/tasks/task-keys.ts';
import { readWorkspace, withWorkspace } from '#src/server/workspace-access/door.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const owner = { role: 'owner', refusal: githubError.ownerOnly } as const;
const purpose = (repoId: string) => `github-secret:${repoId}`;
// A commit is shown by its short sha, a pull request by its number.
export const shownRef = (kind: 'commit' | 'pull_request', ref: string) => (kind === 'commit' ? ref.slice(0, 7) : ref);

export interface GithubDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  publicOrigin: string;
}

// Connected repositories, the moves pull requests make, and the links on tasks (product rules G).
export function createGithub({ db, clock, box, publicOrigin }: GithubDeps) {
  const k = db.kysely;

  const toRepo = (row: GithubReposTable): GithubRepo => ({
    id: row.id,
    fullName: row.full_name,
    hookUrl: `${publicOrigin}${API_BASE}${workspacePath(githubPaths.hook, { repoId: row.id })}`,
    createdAt: iso(row.created_at)!,
    lastDeliveryAt: iso(row.last_delivery_at),
    lastEvent: row.last_event,
    lastError: row.last_error,
    lastErrorAt: iso(row.last_error_at),
  });

  // With no choice saved, pull requests move tasks to the board's "In progress" and "Done" columns
  // when it has them (the default board does), and nowhere when it does not.
  async function settingsOf(tx: Kysely<Database>, workspaceId: string): Promise<GithubSettings> {
    const row = await tx.selectFrom('github_settings').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
    if (row) {
      return {
        moveOnOpen: Number(row.move_on_open) === 1,
        openColumnId: row.open_column_id,
        moveOnMerge: Number(row.move_on_merge) === 1,
        mergedColumnId: row.merged_column_id,
      };
    }
    const columns = await listColumns(tx, workspaceId);
    const named = (name: string) => columns.find((column) => column.name.toLowerCase() === name)?.id ?? null;
    return { moveOnOpen: true, openColumnId: named('in progress'), moveOnMerge: true, mergedColumnId: named('done') };
  }

  return {
    settingsOf,

    repos: (scope: WorkspaceScope): Promise<GithubRepo[]> =>
      readWorkspace(k, scope, 'member', async (tx) => {
        const rows = await tx
          .selectFrom('github_repos')
          .selectAll()
          .where('workspace_id', '=', scope.workspaceId)
          .orderBy('created_at')
          .execute();
        return rows.map(toRepo);
      }),

    // The secret is made here and shown once; GitHub signs every delivery with it.
    async connect(scope: WorkspaceScope, fullName: string): Promise<ConnectedRepoResponse> {
      return withWorkspace(k, scope, owner, async (tx) => {
        const taken = await tx
          .selectFrom('github_repos')
          .select('id')
          .where('workspace_id', '=', scope.workspaceId)
          .where('full_name', '=', fullName.toLowerCase())
          .executeTakeFirst();
        if (taken) throw new HttpError(409, githubError.alreadyConnected);
        const id = randomUUID();
        const secret = randomBytes(32).toString('hex');
        const row: GithubReposTable = {
          id,
          workspace_id: scope.workspaceId,
          full_name: fullName.toLowerCase(),
          secret_sealed: box.seal(purpose(id), secret),
          created_by: scope.actor.userId,
          created_at: clock(),
          last_delivery_at: null,
          last_event: null,
          last_error: null,
          last_error_at: null,
        };
        await tx.insertInto('github_repos').values(row).execute();
        return { repo: toRepo(row), secret };
      });
    },

    async disconnect(scope: WorkspaceScope, repoId: string): Promise<void> {
      await withWorkspace(k, scope, owner, async (tx) => {
        const gone = await tx
          .deleteFrom('github_repos')
          .where('id', '=', repoId)
          .where('workspace_id', '=', scope.workspaceId)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) throw new HttpError(404, githubError.repoNotFound);
      });
    },

    settings: (scope: WorkspaceScope): Promise<GithubSettings> =>
      readWorkspace(k, scope, 'member', (tx) => settingsOf(tx, scope.workspaceId)),

    async saveSettings(scope: WorkspaceScope, settings: GithubSettings): Promise<GithubSettings> {
      return withWorkspace(k, scope, owner, async (tx) => {
        const columns = new Set((await listColumns(tx, scope.workspaceId)).map((column) => column.id));
        for (const id of [settings.openColumnId, settings.mergedColumnId]) {
          if (id !== null && !columns.has(id)) throw new HttpError(400, githubError.columnNotFound);
        }
        const values = {
          open_column_id: settings.openColumnId,
          merged_column_id: settings.mergedColumnId,
          move_on_open: settings.moveOnOpen ? 1 : 0,
          move_on_merge: settings.moveOnMerge ? 1 : 0,
        };
        await tx
          .insertInto('github_settings')
          .values({ workspace_id: scope.workspaceId, ...values })
          .onConflict((conflict) => conflict.column('workspace_id').doUpdateSet(values))
          .execute();
        return settings;
      });
    },

    taskLinks: (scope: WorkspaceScope, ref: string): Promise<TaskLink[]> =>
      readWorkspace(k, scope, 'member', async (tx) => {
        const taskId = await taskIdOf(tx, scope.workspaceId, ref);
        const task =
          taskId === null
            ? undefined
            : await tx
                .selectFrom('tasks')
                .select('id')
                .where('id', '=', taskId)
                .where('workspace_id', '=', scope.workspaceId)
                .where('deleted_at', 'is', null)
                .executeTakeFirst();
        if (!task) throw new HttpError(404, taskError.taskNotFound);
        const rows = await tx
          .selectFrom('github_links as l')
          .innerJoin('github_repos as r', 'r.id', 'l.repo_id')
          .select(['l.id', 'l.kind', 'r.full_name', 'l.ref', 'l.title', 'l.url', 'l.state', 'l.updated_at'])
          .where('l.workspace_id', '=', scope.workspaceId)
          .where('l.task_id', '=', task.id)
          .orderBy('l.updated_at', 'desc')
          .execute();
        return rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          repo: row.full_name,
          ref: shownRef(row.kind, row.ref),
          title: row.title,
          url: row.url,
          state: row.state,
          updatedAt: iso(row.updated_at)!,
        }));
      }),

    // The repository a delivery's address names, with its secret opened, or null.
    async hookTarget(repoId: string): Promise<{ row: GithubReposTable; secret: string } | null> {
      const row = await k.selectFrom('github_repos').selectAll().where('id', '=', repoId).executeTakeFirst();
      return row ? { row, secret: box.open(purpose(row.id), row.secret_sealed) } : null;
    },
  };
}

export type Github = ReturnType<typeof createGithub>;
