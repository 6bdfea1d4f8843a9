import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { workspaceError, workspaceNotice } from '#src/shared/workspaces/messages.ts';
import { CreateWorkspaceSchema } from '#src/shared/workspaces/schemas.ts';
import {
  type WorkspaceDetailResponse,
  type WorkspaceMember,
  type WorkspaceRole,
  type WorkspacesResponse,
  type WorkspaceSummary,
} from '#src/shared/workspaces/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { announceAccessChange } from '#src/server/events/access-changes.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { readWorkspace, withWorkspace } from '#src/server/workspace-access/door.ts';
import {
  belongsAnywhere,
  findMember,
  findSummary,
  listMembers,
  listSummaries,
  ownerCount,
} from '#src/server/workspace-access/memberships.ts';
import type { ScopeRole, WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { audited, writeAudit } from './audit.ts';
import { createInvitations, type Log } from './invitations.ts';
import type { Notify } from '#src/server/notifications/notify.ts';
import { latestEventIds } from '#src/server/events/log.ts';
import { listPendingInvitations } from './reads.ts';
import { defaultTaskPrefix } from '#src/shared/tasks/task-keys.ts';

// A signed-in person acting outside any one workspace (listing theirs, making a new one).
export interface Person {
  user: { id: string; name: string; email: string };
  ip: string | null;
}

// A user's name can be longer than a workspace name may be, and may hold characters a workspace name
// may not; then the plain fallback stands in.
function personalName(userName: string): string {
  const parsed = CreateWorkspaceSchema.shape.name.safeParse(workspaceNotice.personalName(userName));
  return parsed.success ? parsed.data : workspaceNotice.personalFallback;
}

// Workspaces and their members (product rules W1, W6). Every rule lives here; who may act is the
// door's (workspace-access/), and the routes only parse and answer.
export function createWorkspaces(db: Db, clock: Clock, mailer: Mailer, log: Log, notify?: Notify) {
  const k = db.kysely;

  async function insertWorkspace(tx: Kysely<Database>, actor: Person, name: string, now: number, details: Record<string, unknown> = {}) {
    const workspace = { id: randomUUID(), name };
    await tx
      .insertInto('workspaces')
      .values({ ...workspace, task_prefix: defaultTaskPrefix(name), created_by: actor.user.id, created_at: now, updated_at: now })
      .execute();
    // The new workspace is the one the app opens next.
    await tx
      .insertInto('memberships')
      .values({ workspace_id: workspace.id, user_id: actor.user.id, role: 'owner', joined_at: now, last_opened_at: now })
      .execute();
    await writeAudit(tx, { workspace, actor: { userId: actor.user.id, ip: actor.ip }, action: 'workspace.create', details }, now);
    return workspace;
  }

  // A verified user who belongs nowhere gets a workspace of their own, whenever they first ask
  // (accounts made before workspaces existed included). The no-op update locks the user's row, so two
  // first requests at once make one workspace: the second finds the first's membership.
  async function ensurePersonal(actor: Person): Promise<void> {
    if (await belongsAnywhere(k, actor.user.id)) return;
    await k.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', actor.user.id)
        .execute();
      if (await belongsAnywhere(tx, actor.user.id)) return;
      await insertWorkspace(tx, actor, personalName(actor.user.name), clock(), { personal: true });
    });
  }

  async function summaryOf(userId: string, workspaceId: string): Promise<WorkspaceSummary> {
    const summary = await findSummary(k, userId, workspaceId);
    if (!summary) throw new HttpError(404, workspaceError.notFound);
    return summary;
  }

  // The last owner stays: a workspace without an owner could never be managed again.
  async function assertOwnerRemains(tx: Kysely<Database>, workspaceId: string, losing: { role: ScopeRole }) {
    if (losing.role === 'owner' && (await ownerCount(tx, workspaceId)) <= 1) throw new HttpError(409, workspaceError.lastOwner);
  }

  async function leave(scope: WorkspaceScope): Promise<void> {
    const { workspaceId, actor } = scope;
    await withWorkspace(k, scope, 'member', async (tx, entered) => {
      await assertOwnerRemains(tx, workspaceId, entered);
      await tx.deleteFrom('memberships').where('workspace_id', '=', workspaceId).where('user_id', '=', actor.userId).execute();
      await announceAccessChange(tx, db.engine, [actor.userId]);
      await writeAudit(tx, { ...audited(entered), action: 'member.leave', target: actor.userId, details: { role: entered.role } }, clock());
    });
  }

  const invitations = createInvitations(db, clock, mailer, log, notify);

  return {
    invitations,

    async list(actor: Person): Promise<WorkspacesResponse> {
      await ensurePersonal(actor);
      const workspaces = await listSummaries(k, actor.user.id);
      return {
        workspaces,
        currentId: workspaces[0]?.id ?? null,
        eventIds: await latestEventIds(
          k,
          workspaces.map((one) => one.id),
        ),
      };
    },

    async create(actor: Person, name: string): Promise<WorkspaceSummary> {
      const workspace = await k.transaction().execute((tx) => insertWorkspace(tx, actor, name, clock()));
      return summaryOf(actor.user.id, workspace.id);
    },

    detail: (scope: WorkspaceScope): Promise<WorkspaceDetailResponse> =>
      readWorkspace(k, scope, 'member', async (db) => {
        const workspace = await summaryOf(scope.actor.userId, scope.workspaceId);
        const [members, invitations] = await Promise.all([
          listMembers(db, scope.workspaceId),
          workspace.role === 'owner' ? listPendingInvitations(db, scope.workspaceId, clock()) : [],
        ]);
        return { workspace, members, invitations };
      }),

    // Remembered per user, so the app reopens the workspace they were last in.
    async open(scope: WorkspaceScope): Promise<WorkspaceSummary> {
      const { workspaceId, actor } = scope;
      await withWorkspace(k, scope, 'member', (tx) =>
        tx
          .updateTable('memberships')
          .set({ last_opened_at: clock() })
          .where('workspace_id', '=', workspaceId)
          .where('user_id', '=', actor.userId)
          .execute(),
      );
      return summaryOf(actor.userId, workspaceId);
    },

    async rename(scope: WorkspaceScope, name: string): Promise<WorkspaceSummary> {
      const { workspaceId } = scope;
      await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        if (entered.workspace.name === name) return;
        const now = clock();
        await tx.updateTable('workspaces').set({ name, updated_at: now }).where('id', '=', workspaceId).execute();
        await writeAudit(tx, { ...audited(entered), action: 'workspace.rename', details: { from: entered.workspace.name, to: name } }, now);
      });
      return summaryOf(scope.actor.userId, workspaceId);
    },

    // Owners only, after typing the name; members and invitations go with it, the audit trail stays.
    async remove(scope: WorkspaceScope, confirmName: string): Promise<void> {
      const { workspaceId } = scope;
      await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        if (confirmName.trim() !== entered.workspace.name) throw new HttpError(400, workspaceError.confirmNameMismatch);
        await writeAudit(tx, { ...audited(entered), action: 'workspace.delete' }, clock());
        await tx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
        await announceAccessChange(tx, db.engine, [workspaceId]);
      });
    },

    leave,

    async changeRole(scope: WorkspaceScope, userId: string, role: WorkspaceRole): Promise<WorkspaceMember> {
      const { workspaceId } = scope;
      await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        const target = await findMember(tx, workspaceId, userId);
        if (!target) throw new HttpError(404, workspaceError.memberNotFound);
        if (target.role === role) return;
        if (role === 'member') await assertOwnerRemains(tx, workspaceId, target);
        await tx.updateTable('memberships').set({ role }).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
        // A member made a client stops hearing the board.
        await announceAccessChange(tx, db.engine, [userId]);
        await writeAudit(
          tx,
          { ...audited(entered), action: 'member.role', target: userId, details: { from: target.role, to: role } },
          clock(),
        );
        await notify?.(tx, { kind: 'role_changed', workspaceId, recipients: [userId], actorId: scope.actor.userId, detail: role });
      });
      return (await findMember(k, workspaceId, userId))!;
    },

    // Removing yourself is leaving, which members may do too.
    async removeMember(scope: WorkspaceScope, userId: string): Promise<'left' | 'removed'> {
      if (userId === scope.actor.userId) {
        await leave(scope);
        return 'left';
      }
      const { workspaceId } = scope;
      await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        const target = await findMember(tx, workspaceId, userId);
        if (!target) throw new HttpError(404, workspaceError.memberNotFound);
        await tx.deleteFrom('memberships').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
        await announceAccessChange(tx, db.engine, [userId]);
        await writeAudit(tx, { ...audited(entered), action: 'member.remove', target: userId, details: { role: target.role } }, clock());
      });
      return 'removed';
    },
  };
}

export type Workspaces = ReturnType<typeof createWorkspaces>;
