import type { Kysely } from 'kysely';
import { clientError } from '#src/shared/clients/messages.ts';
import type { MyPortalsResponse, PortalComment, PortalHomeResponse, PortalTask } from '#src/shared/clients/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { CountUsage } from '#src/server/tasks/usage.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { RecordEvent } from '#src/server/events/recorder.ts';
import { insertComment } from '#src/server/tasks/add-comment.ts';
import { commentRows, toComment } from '#src/server/tasks/reads.ts';
import { readWorkspace, withWorkspace } from '#src/server/workspace-access/door.ts';
import { guestPlacesOf, lastOpenedAsMember } from '#src/server/workspace-access/memberships.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';

const COMMENTS_SHOWN = 200;
const TASKS_SHOWN = 200;

// The tasks a guest may see: live, shared with the client, in a project of the guest's client. Only
// names travel: a member's email never reaches the portal.
function portalTaskRows(k: Kysely<Database>, workspaceId: string, clientId: string) {
  return k
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .innerJoin('board_columns as col', 'col.id', 't.column_id')
    .leftJoin('task_approvals as a', 'a.task_id', 't.id')
    .leftJoin('users as approver', 'approver.id', 'a.user_id')
    .select([
      't.id',
      't.title',
      'col.name as status',
      'p.name as project_name',
      't.due_date',
      'a.created_at as approved_at',
      'approver.name as approver',
    ])
    .where('t.workspace_id', '=', workspaceId)
    .where('p.client_id', '=', clientId)
    .where('t.shared_with_client', '=', 1)
    .where('t.deleted_at', 'is', null);
}

type PortalTaskRow = Awaited<ReturnType<ReturnType<typeof portalTaskRows>['executeTakeFirstOrThrow']>>;

const toPortalTask = (row: PortalTaskRow): PortalTask => ({
  id: row.id,
  title: row.title,
  status: row.status,
  projectName: row.project_name,
  dueDate: row.due_date,
  approval: row.approved_at === null ? null : { by: row.approver ?? '', at: new Date(Number(row.approved_at)).toISOString() },
});

// The client portal: what a client's contact sees and does (spec 1). Every call is the guest's own
// client in one workspace; anything else is a 404.
export function createPortal(deps: {
  db: Db;
  clock: Clock;
  recordEvent: RecordEvent;
  bus: { poke: (workspaceId: string) => void };
  countUsage: CountUsage;
}) {
  const { db, clock, recordEvent, bus, countUsage } = deps;

  async function requireTask(k: Kysely<Database>, workspaceId: string, clientId: string, taskId: string): Promise<PortalTask> {
    const row = await portalTaskRows(k, workspaceId, clientId).where('t.id', '=', taskId).executeTakeFirst();
    if (!row) throw new HttpError(404, clientError.taskNotFound);
    return toPortalTask(row);
  }

  const toPortalComment = (comment: ReturnType<typeof toComment>): PortalComment => ({
    id: comment.id,
    taskId: comment.taskId,
    body: comment.body,
    author: comment.author?.name ?? '',
    createdAt: comment.createdAt,
  });

  return {
    // Which portals the person is a guest of; the app opens /portal when one was opened last.
    async mine(userId: string): Promise<MyPortalsResponse> {
      const k = db.kysely;
      const [portals, lastMember] = await Promise.all([guestPlacesOf(k, userId).execute(), lastOpenedAsMember(k, userId)]);
      const lastPortal = portals[0] ? Number(portals[0].last_opened_at) : null;
      return {
        portals: portals.map((row) => ({ workspaceId: row.workspace_id, workspaceName: row.workspace_name, clientName: row.client_name })),
        preferPortal: lastPortal !== null && lastPortal > (lastMember ?? 0),
      };
    },

    async home(scope: WorkspaceScope): Promise<PortalHomeResponse> {
      return readWorkspace(db.kysely, scope, 'client', async (k, { guest }) => {
        const { clientId } = guest;
        const [client, projects, tasks, workspace] = await Promise.all([
          k
            .selectFrom('clients')
            .select(['id', 'name', 'company'])
            .where('workspace_id', '=', scope.workspaceId)
            .where('id', '=', clientId)
            .executeTakeFirstOrThrow(),
          k
            .selectFrom('projects')
            .select(['id', 'name', 'status', 'start_date', 'end_date'])
            .where('workspace_id', '=', scope.workspaceId)
            .where('client_id', '=', clientId)
            .orderBy('created_at')
            .execute(),
          portalTaskRows(k, scope.workspaceId, clientId).orderBy('t.updated_at', 'desc').limit(TASKS_SHOWN).execute(),
          k.selectFrom('workspaces').select('name').where('id', '=', scope.workspaceId).executeTakeFirstOrThrow(),
        ]);
        return {
          workspaceName: workspace.name,
          client,
          projects: projects.map((row) => ({
            id: row.id,
            name: row.name,
            status: row.status,
            startDate: row.start_date,
            endDate: row.end_date,
          })),
          tasks: tasks.map(toPortalTask),
        };
      });
    },

    async comments(scope: WorkspaceScope, taskId: string): Promise<PortalComment[]> {
      return readWorkspace(db.kysely, scope, 'client', async (k, { guest }) => {
        await requireTask(k, scope.workspaceId, guest.clientId, taskId);
        const rows = await commentRows(k)
          .where('c.workspace_id', '=', scope.workspaceId)
          .where('c.task_id', '=', taskId)
          .where('c.for_client', '=', 1)
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(COMMENTS_SHOWN)
          .execute();
        return rows.reverse().map((row) => toPortalComment(toComment(row)));
      });
    },

    // A guest's comment is for the client by nature; the team sees it live on the board (comment.added).
    async addComment(scope: WorkspaceScope, taskId: string, body: string): Promise<PortalComment> {
      const comment = await withWorkspace(db.kysely, scope, 'client', async (tx, entered) => {
        await requireTask(tx, scope.workspaceId, entered.guest.clientId, taskId);
        const added = await insertComment(tx, countUsage, {
          workspaceId: scope.workspaceId,
          taskId,
          authorId: scope.actor.userId,
          body,
          forClient: true,
          at: clock(),
        });
        await recordEvent(tx, {
          workspaceId: scope.workspaceId,
          actorId: scope.actor.userId,
          data: { type: 'comment.added', comment: added },
        });
        return added;
      });
      bus.poke(scope.workspaceId);
      return toPortalComment(comment);
    },

    // The client approves the work; approving again changes nothing and tells nobody.
    async approve(scope: WorkspaceScope, taskId: string): Promise<PortalTask> {
      const task = await withWorkspace(db.kysely, scope, 'client', async (tx, entered) => {
        const { clientId } = entered.guest;
        const current = await requireTask(tx, scope.workspaceId, clientId, taskId);
        if (current.approval) return current;
        await tx
          .insertInto('task_approvals')
          .values({ task_id: taskId, workspace_id: scope.workspaceId, user_id: scope.actor.userId, created_at: clock() })
          .execute();
        const approved = await requireTask(tx, scope.workspaceId, clientId, taskId);
        await recordEvent(tx, {
          workspaceId: scope.workspaceId,
          actorId: scope.actor.userId,
          data: {
            type: 'task.approved',
            task: { id: taskId, title: approved.title },
            clientId,
            by: { id: scope.actor.userId, name: approved.approval!.by },
          },
        });
        return approved;
      });
      bus.poke(scope.workspaceId);
      return task;
    },
  };
}

export type Portal = ReturnType<typeof createPortal>;
