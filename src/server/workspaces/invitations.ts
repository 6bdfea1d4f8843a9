import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import {
  INVITATION_TTL_MS,
  invitationLink,
  type AcceptInvitationResponse,
  type InvitationPreviewResponse,
  type PendingInvitation,
} from '#src/shared/workspaces/paths.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { recordSentEmail } from '#src/server/mail/sent-emails.ts';
import { invitationMail, portalInvitationMail } from '#src/server/mail/templates.ts';
import { readWorkspace, withWorkspace } from '#src/server/workspace-access/door.ts';
import { findMember, findMemberByEmail, findSummary } from '#src/server/workspace-access/memberships.ts';
import type { WorkspaceScope } from '#src/server/workspace-access/scope.ts';
import { audited, writeAudit } from './audit.ts';
import { hashInvitationToken, newInvitationToken, sameTokenHash } from './invitation-token.ts';
import { pendingInvitations, toInvitation } from './reads.ts';
import type { Notify } from '#src/server/notifications/notify.ts';
import { joinPortal } from '#src/server/clients/guests.ts';

export interface Log {
  error(obj: object, msg: string): void;
}

// An invitation that can still be used: known, neither accepted nor revoked, not expired. Every other
// case gets the same answer, so a link tells nothing about why it stopped working.
async function findUsable(tx: Kysely<Database>, token: string, now: number) {
  const tokenHash = hashInvitationToken(token);
  const row = await tx
    .selectFrom('invitations as i')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .innerJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select([
      'i.id',
      'i.workspace_id',
      'i.email',
      'i.token_hash',
      'i.expires_at',
      'i.accepted_at',
      'i.revoked_at',
      'i.invited_by',
      'i.contact_id',
    ])
    .select(['w.name as workspace_name', 'inviter.name as invited_by_name'])
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || !sameTokenHash(row.token_hash, tokenHash) || row.accepted_at !== null || row.revoked_at !== null || row.expires_at <= now) {
    throw new HttpError(410, workspaceError.invitationInvalid);
  }
  return row;
}

// Owners invite by email; the link works once, for 7 days, for that address only.
export function createInvitations(db: Db, clock: Clock, mailer: Mailer, log: Log, notify?: Notify) {
  const k = db.kysely;

  return {
    // `allow` is the caller's rate limit. It is counted once the caller is known to own the workspace,
    // so nobody else can spend a workspace's allowance, and outside the transaction, whose connection
    // the counter's own write would otherwise wait for.
    // With `guest`, the invitation makes a client's contact a guest of the client portal instead of a member.
    async invite(
      scope: WorkspaceScope,
      email: string,
      origin: string,
      allow: () => Promise<void>,
      guest?: { contactId: string; clientId: string },
    ): Promise<PendingInvitation> {
      const { workspaceId } = scope;
      await readWorkspace(k, scope, 'owner', allow);
      const { token, tokenHash } = newInvitationToken();
      const now = clock();
      const { invitation, workspaceName, inviter } = await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        const inviter = await tx.selectFrom('users').select('name').where('id', '=', entered.actor.userId).executeTakeFirstOrThrow();
        if (await findMemberByEmail(tx, workspaceId, email)) throw new HttpError(409, workspaceError.alreadyMember(email));
        // Inviting an address again sends a fresh link; the earlier one stops working.
        const replaced = await tx
          .updateTable('invitations')
          .set({ revoked_at: now })
          .where('workspace_id', '=', workspaceId)
          .where('email', '=', email)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        const row = {
          id: randomUUID(),
          workspace_id: workspaceId,
          email,
          token_hash: tokenHash,
          invited_by: entered.actor.userId,
          created_at: now,
          expires_at: now + INVITATION_TTL_MS,
          accepted_at: null,
          accepted_by: null,
          revoked_at: null,
          contact_id: guest?.contactId ?? null,
        };
        await tx.insertInto('invitations').values(row).execute();
        await writeAudit(
          tx,
          {
            ...audited(entered),
            action: 'invitation.create',
            target: email,
            details: { invitationId: row.id, replaced: Number(replaced.numUpdatedRows), portal: !!guest },
          },
          now,
        );
        return { invitation: toInvitation({ ...row, invited_by_name: inviter.name }), workspaceName: entered.workspace.name, inviter };
      });
      // Decision 012: sent now, not kept in a table to send later, whose row would hold the token in plain text.
      try {
        const template = guest ? portalInvitationMail : invitationMail;
        await mailer.send(template(email, inviter.name, workspaceName, invitationLink(origin, token)));
      } catch (error) {
        // The message alone: the token must not reach the log.
        log.error({ err: { message: (error as Error).message }, invitationId: invitation.id }, 'invitation email failed');
        throw new HttpError(502, workspaceError.inviteEmailFailed);
      }
      await recordSentEmail(
        k,
        { workspaceId, kind: guest ? 'portal-invitation' : 'invitation', recipient: email, clientId: guest?.clientId },
        clock(),
      );
      return invitation;
    },

    async revoke(scope: WorkspaceScope, invitationId: string): Promise<void> {
      const { workspaceId } = scope;
      await withWorkspace(k, scope, 'owner', async (tx, entered) => {
        const now = clock();
        const pending = await pendingInvitations(tx, workspaceId, now).where('i.id', '=', invitationId).executeTakeFirst();
        if (!pending) throw new HttpError(404, workspaceError.invitationNotFound);
        await tx.updateTable('invitations').set({ revoked_at: now }).where('id', '=', invitationId).execute();
        await writeAudit(tx, { ...audited(entered), action: 'invitation.revoke', target: pending.email, details: { invitationId } }, now);
      });
    },

    // What the link is for, before accepting; no session needed (the token is the proof).
    async preview(token: string): Promise<InvitationPreviewResponse> {
      const row = await findUsable(k, token, clock());
      return {
        invitation: {
          workspaceName: row.workspace_name,
          invitedBy: row.invited_by_name,
          email: row.email,
          expiresAt: new Date(row.expires_at).toISOString(),
        },
      };
    },

    // Only the invited address joins; the link is spent in the same transaction that adds the
    // membership, so two requests with one token cannot both use it.
    async accept(actor: { user: { id: string; email: string }; ip: string | null }, token: string): Promise<AcceptInvitationResponse> {
      const { workspaceId, alreadyMember, portal } = await k.transaction().execute(async (tx) => {
        const now = clock();
        const row = await findUsable(tx, token, now);
        if (row.email !== actor.user.email.toLowerCase()) throw new HttpError(403, workspaceError.invitationOtherEmail(row.email));
        const spent = await tx
          .updateTable('invitations')
          .set({ accepted_at: now, accepted_by: actor.user.id })
          .where('id', '=', row.id)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw new HttpError(410, workspaceError.invitationInvalid);
        if (row.contact_id !== null) {
          await joinPortal(tx, { workspaceId: row.workspace_id, userId: actor.user.id, contactId: row.contact_id }, now);
          await writeAudit(
            tx,
            {
              workspace: { id: row.workspace_id, name: row.workspace_name },
              actor: { userId: actor.user.id, ip: actor.ip },
              action: 'invitation.accept',
              target: row.email,
              details: { invitationId: row.id, portal: true },
            },
            now,
          );
          return { workspaceId: row.workspace_id, alreadyMember: false, portal: true };
        }
        const existing = await findMember(tx, row.workspace_id, actor.user.id);
        // Either way the app opens the workspace next.
        if (existing) {
          await tx
            .updateTable('memberships')
            .set({ last_opened_at: now })
            .where('workspace_id', '=', row.workspace_id)
            .where('user_id', '=', actor.user.id)
            .execute();
        } else {
          await tx
            .insertInto('memberships')
            .values({ workspace_id: row.workspace_id, user_id: actor.user.id, role: 'member', joined_at: now, last_opened_at: now })
            .onConflict((conflict) => conflict.columns(['workspace_id', 'user_id']).doNothing())
            .execute();
        }
        await writeAudit(
          tx,
          {
            workspace: { id: row.workspace_id, name: row.workspace_name },
            actor: { userId: actor.user.id, ip: actor.ip },
            action: 'invitation.accept',
            target: row.email,
            details: { invitationId: row.id, alreadyMember: !!existing },
          },
          now,
        );
        if (!existing) {
          await notify?.(tx, {
            kind: 'invitation_accepted',
            workspaceId: row.workspace_id,
            recipients: [row.invited_by],
            actorId: actor.user.id,
          });
        }
        return { workspaceId: row.workspace_id, alreadyMember: !!existing, portal: false };
      });
      if (portal) return { workspace: null, alreadyMember: false, portal: true };
      const workspace = await findSummary(k, actor.user.id, workspaceId);
      return { workspace: workspace!, alreadyMember, portal: false };
    },
  };
}
