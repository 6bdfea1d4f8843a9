import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { workspaceError, workspaceNotice } from '#src/shared/workspace-messages.ts';
import {
  CreateWorkspaceSchema,
  type WorkspaceDetailResponse,
  type WorkspaceMember,
  type WorkspaceRole,
  type WorkspacesResponse,
  type WorkspaceSummary,
} from '#src/shared/workspaces.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { enter, requireOwner, type Actor } from './access.ts';
import { audited, writeAudit } from './audit.ts';
import { createInvitations, type Log } from './invitations.ts';
import { findMember, findSummary, listMembers, listPendingInvitations, listSummaries, ownerCount } from './reads.ts';

// A user's name can be longer than a workspace name may be, and may hold characters a workspace name
// may not; then the plain fallback stands in.
function personalName(userName: string): string {
  const parsed = CreateWorkspaceSchema.shape.name.safeParse(workspaceNotice.personalName(userName));
  return parsed.success ? parsed.data : workspaceNotice.personalFallback;
}

// Workspaces and their members (product rules W1, W6; issue 15). Every rule lives here;
// the routes only parse, authenticate and answer.
export function createWorkspaces(db: Db, clock: Clock, mailer: Mailer, log: Log) {
  const k = db.kysely;

  async function insertWorkspace(tx: Kysely<Database>, actor: Actor, name: string, now: number, details: Record<string, unknown> = {}) {
    const workspace = { id: randomUUID(), name };
    await tx
      .insertInto('workspaces')
      .values({ ...workspace, created_by: actor.user.id, created_at: now, updated_at: now })
      .execute();
    // The new workspace is the one the app opens next.
    await tx
      .insertInto('memberships')
      .values({ workspace_id: workspace.id, user_id: actor.user.id, role: 'owner', joined_at: now, last_opened_at: now })
      .execute();
    await writeAudit(tx, { workspace, actor: { userId: actor.user.id, ip: actor.ip }, action: 'workspace.create', details }, now);
    return workspace;
  }

  // Issue 15: a verified user who belongs nowhere gets a workspace of their own, whenever they first
  // ask (accounts made before workspaces existed included). The no-op update locks the user's row, so
  // two first requests at once make one workspace: the second finds the first's membership.
  async function ensurePersonal(actor: Actor): Promise<void> {
    const any = await k.selectFrom('memberships').select('user_id').where('user_id', '=', actor.user.id).limit(1).executeTakeFirst();
    if (any) return;
    await k.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', actor.user.id)
        .execute();
      const raced = await tx.selectFrom('memberships').select('user_id').where('user_id', '=', actor.user.id).limit(1).executeTakeFirst();
      if (raced) return;
      await insertWorkspace(tx, actor, personalName(actor.user.name), clock(), { personal: true });
    });
  }

  async function summaryOf(actor: Actor, workspaceId: string): Promise<WorkspaceSummary> {
    const summary = await findSummary(k, actor.user.id, workspaceId);
    if (!summary) throw new HttpError(404, workspaceError.notFound);
    return summary;
  }

  // The last owner stays: a workspace without an owner could never be managed again.
  async function assertOwnerRemains(tx: Kysely<Database>, workspaceId: string, losing: { role: WorkspaceRole }) {
    if (losing.role === 'owner' && (await ownerCount(tx, workspaceId)) <= 1) throw new HttpError(409, workspaceError.lastOwner);
  }

  async function leave(actor: Actor, workspaceId: string): Promise<void> {
    await k.transaction().execute(async (tx) => {
      const entered = await enter(tx, workspaceId, actor);
      await assertOwnerRemains(tx, workspaceId, entered);
      await tx.deleteFrom('memberships').where('workspace_id', '=', workspaceId).where('user_id', '=', actor.user.id).execute();
      await writeAudit(
        tx,
        { ...audited(entered, actor), action: 'member.leave', target: actor.user.id, details: { role: entered.role } },
        clock(),
      );
    });
  }

  const invitations = createInvitations(db, clock, mailer, log);

  return {
    invitations,

    async list(actor: Actor): Promise<WorkspacesResponse> {
      await ensurePersonal(actor);
      const workspaces = await listSummaries(k, actor.user.id);
      return { workspaces, currentId: workspaces[0]?.id ?? null };
    },

    async create(actor: Actor, name: string): Promise<WorkspaceSummary> {
      const workspace = await k.transaction().execute((tx) => insertWorkspace(tx, actor, name, clock()));
      return summaryOf(actor, workspace.id);
    },

    async detail(actor: Actor, workspaceId: string): Promise<WorkspaceDetailResponse> {
      const workspace = await summaryOf(actor, workspaceId);
      const [members, invitations] = await Promise.all([
        listMembers(k, workspaceId),
        workspace.role === 'owner' ? listPendingInvitations(k, workspaceId, clock()) : [],
      ]);
      return { workspace, members, invitations };
    },

    // Remembered per user, so the app reopens the workspace they were last in (issue 15).
    async open(actor: Actor, workspaceId: string): Promise<WorkspaceSummary> {
      const opened = await k
        .updateTable('memberships')
        .set({ last_opened_at: clock() })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', actor.user.id)
        .executeTakeFirst();
      if (Number(opened.numUpdatedRows) !== 1) throw new HttpError(404, workspaceError.notFound);
      return summaryOf(actor, workspaceId);
    },

    async rename(actor: Actor, workspaceId: string, name: string): Promise<WorkspaceSummary> {
      await k.transaction().execute(async (tx) => {
        const entered = await enter(tx, workspaceId, actor);
        requireOwner(entered);
        if (entered.workspace.name === name) return;
        const now = clock();
        await tx.updateTable('workspaces').set({ name, updated_at: now }).where('id', '=', workspaceId).execute();
        await writeAudit(
          tx,
          { ...audited(entered, actor), action: 'workspace.rename', details: { from: entered.workspace.name, to: name } },
          now,
        );
      });
      return summaryOf(actor, workspaceId);
    },

    // Issue 15: owners only, after typing the name; members and invitations go with it, the audit
    // trail stays.
    async remove(actor: Actor, workspaceId: string, confirmName: string): Promise<void> {
      await k.transaction().execute(async (tx) => {
        const entered = await enter(tx, workspaceId, actor);
        requireOwner(entered);
        if (confirmName.trim() !== entered.workspace.name) throw new HttpError(400, workspaceError.confirmNameMismatch);
        await writeAudit(tx, { ...audited(entered, actor), action: 'workspace.delete' }, clock());
        await tx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
      });
    },

    leave,

    async changeRole(actor: Actor, workspaceId: string, userId: string, role: WorkspaceRole): Promise<WorkspaceMember> {
      await k.transaction().execute(async (tx) => {
        const entered = await enter(tx, workspaceId, actor);
        requireOwner(entered);
        const target = await findMember(tx, workspaceId, userId);
        if (!target) throw new HttpError(404, workspaceError.memberNotFound);
        if (target.role === role) return;
        if (role === 'member') await assertOwnerRemains(tx, workspaceId, target);
        await tx.updateTable('memberships').set({ role }).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
        await writeAudit(
          tx,
          { ...audited(entered, actor), action: 'member.role', target: userId, details: { from: target.role, to: role } },
          clock(),
        );
      });
      return (await findMember(k, workspaceId, userId))!;
    },

    // Removing yourself is leaving (issue 15), which members may do too.
    async removeMember(actor: Actor, workspaceId: string, userId: string): Promise<'left' | 'removed'> {
      if (userId === actor.user.id) {
        await leave(actor, workspaceId);
        return 'left';
      }
      await k.transaction().execute(async (tx) => {
        const entered = await enter(tx, workspaceId, actor);
        requireOwner(entered);
        const target = await findMember(tx, workspaceId, userId);
        if (!target) throw new HttpError(404, workspaceError.memberNotFound);
        await tx.deleteFrom('memberships').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
        await writeAudit(
          tx,
          { ...audited(entered, actor), action: 'member.remove', target: userId, details: { role: target.role } },
          clock(),
        );
      });
      return 'removed';
    },
  };
}

export type Workspaces = ReturnType<typeof createWorkspaces>;
