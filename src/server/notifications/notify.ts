import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_DELIVERY, type NotificationKind } from '#src/shared/notifications/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { enqueueAll } from '#src/server/jobs/queue.ts';
import type { NotificationLive } from './live.ts';
import { activeMemberIds } from '#src/server/workspace-access/memberships.ts';

export const NOTIFICATION_EMAIL_JOB = 'notification.email';

export interface NewNotification {
  kind: NotificationKind;
  workspaceId: string;
  // Who is told; the actor is left out, as is anyone who is not an active member of the workspace.
  recipients: Iterable<string>;
  actorId: string | null;
  taskId?: string | null;
  excerpt?: string | null;
  detail?: string | null;
  // Where it happened when that is not a task: an app path (`/chat?channel=…`, `/pages/…`).
  link?: string | null;
  // Makes the notification idempotent: the same key for the same person is one notification
  // (reminders a schedule may raise again).
  key?: string;
}

export type Notify = (tx: Kysely<Database>, notification: NewNotification) => Promise<string[]>;

// The one way in for every domain (tasks, workspaces, and later chat and docs): call it inside the
// transaction of the change, so the change and its notifications commit together. Answers the ids of
// the people told.
export function createNotify({ live, clock }: { live: NotificationLive; clock: () => number }): Notify {
  return async (tx, input) => {
    const wanted = [...new Set(input.recipients)].filter((id) => id !== input.actorId);
    if (wanted.length === 0) return [];
    // product rules: nothing reaches a suspended or deleted account, nor a client (who sees no tasks)
    // nor someone who left the workspace.
    // (A client is a portal guest, never a member.)
    const reachable = await activeMemberIds(tx, input.workspaceId, wanted);
    if (reachable.length === 0) return [];
    const chosen = await tx
      .selectFrom('notification_preferences')
      .select(['user_id', 'delivery'])
      .where('kind', '=', input.kind)
      .where('user_id', 'in', reachable)
      .execute();
    const deliveryOf = new Map(chosen.map((row) => [row.user_id, row.delivery]));
    const people = reachable.map((id) => ({ id, delivery: deliveryOf.get(id) ?? null }));
    const now = clock();
    const rows = people.map((person) => {
      const delivery = person.delivery ?? DEFAULT_DELIVERY[input.kind];
      return {
        id: input.key ? `${input.key}:${person.id}` : randomUUID(),
        user_id: person.id,
        workspace_id: input.workspaceId,
        kind: input.kind,
        task_id: input.taskId ?? null,
        actor_id: input.actorId,
        excerpt: input.excerpt ?? null,
        detail: input.detail ?? null,
        link: input.link ?? null,
        read_at: null,
        email_state: delivery === 'email' ? ('queued' as const) : delivery === 'digest' ? ('digest' as const) : null,
        created_at: now,
      };
    });
    const inserted = await tx
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(['id', 'user_id', 'email_state'])
      .execute();
    await enqueueAll(
      tx,
      inserted
        .filter((row) => row.email_state === 'queued')
        .map((row) => ({
          kind: NOTIFICATION_EMAIL_JOB,
          id: `notification-email:${row.id}`,
          payload: { notificationId: row.id },
          workspaceId: input.workspaceId,
        })),
      now,
    );
    const told = inserted.map((row) => row.user_id);
    await live.touched(tx, told);
    return told;
  };
}
