import type { Kysely } from 'kysely';
import { notificationError, notificationNotice } from '#src/shared/notifications/messages.ts';
import {
  DEFAULT_DELIVERY,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type PreferencesResponse,
} from '#src/shared/notifications/paths.ts';
import { taskError } from '#src/shared/tasks/messages.ts';
import { workspaceError } from '#src/shared/workspaces/messages.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { NotificationLive } from './live.ts';
import { countUnread, listNotifications } from './reads.ts';
import { followersOf } from './task-hook.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';
import { findMember } from '#src/server/workspace-access/memberships.ts';

// A workspace's task as one of its members (not a client) may reach it; anything else is a 404.
async function requireTaskOfMember(tx: Kysely<Database>, userId: string, workspaceId: string, taskId: string) {
  // A client (the portal's guest) is no member, and sees no tasks.
  if (!(await findMember(tx, workspaceId, userId))) throw new HttpError(404, workspaceError.notFound);
  const task = await tx
    .selectFrom('tasks')
    .select(['id', 'created_by', 'assignee_id'])
    .where('id', '=', taskId)
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!task) throw new HttpError(404, taskError.taskNotFound);
  return task;
}

// My notifications (the bell, the inbox), my follows and my email preferences.
export function createNotifications({ db, clock, live, appSecret }: { db: Db; clock: Clock; live: NotificationLive; appSecret: string }) {
  const k = db.kysely;

  async function changed(userId: string): Promise<number> {
    await live.touched(k, [userId]);
    live.flush();
    return countUnread(k, userId);
  }

  async function preferencesOf(userId: string): Promise<PreferencesResponse['preferences']> {
    const rows = await k.selectFrom('notification_preferences').select(['kind', 'delivery']).where('user_id', '=', userId).execute();
    const preferences = { ...DEFAULT_DELIVERY };
    for (const row of rows) if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) preferences[row.kind] = row.delivery;
    return preferences;
  }

  async function setPreference(tx: Kysely<Database>, userId: string, kind: NotificationKind, delivery: NotificationDelivery) {
    await tx
      .insertInto('notification_preferences')
      .values({ user_id: userId, kind, delivery })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ delivery }))
      .execute();
    // Nothing already waiting is mailed against the new choice.
    if (delivery === 'app') {
      await tx
        .updateTable('notifications')
        .set({ email_state: 'skipped' })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('email_state', 'in', ['queued', 'digest'])
        .execute();
    }
  }

  return {
    list: (userId: string, query: Parameters<typeof listNotifications>[2]) => listNotifications(k, userId, query),
    unread: (userId: string) => countUnread(k, userId),

    async markRead(userId: string, notificationId: string): Promise<number> {
      const found = await k
        .selectFrom('notifications')
        .select('read_at')
        .where('id', '=', notificationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!found) throw new HttpError(404, notificationError.notFound);
      if (found.read_at === null) {
        await k
          .updateTable('notifications')
          .set({ read_at: clock() })
          .where('id', '=', notificationId)
          .where('user_id', '=', userId)
          .execute();
      }
      return changed(userId);
    },

    async markAllRead(userId: string): Promise<number> {
      await k.updateTable('notifications').set({ read_at: clock() }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
      return changed(userId);
    },

    preferences: preferencesOf,

    async updatePreferences(userId: string, update: Partial<Record<NotificationKind, NotificationDelivery>>) {
      await k.transaction().execute(async (tx) => {
        for (const [kind, delivery] of Object.entries(update) as [NotificationKind, NotificationDelivery][]) {
          await setPreference(tx, userId, kind, delivery);
        }
      });
      return preferencesOf(userId);
    },

    async following(userId: string, workspaceId: string, taskId: string): Promise<boolean> {
      const task = await requireTaskOfMember(k, userId, workspaceId, taskId);
      return (await followersOf(k, taskId, task.created_by, task.assignee_id)).has(userId);
    },

    async follow(userId: string, workspaceId: string, taskId: string, following: boolean): Promise<boolean> {
      await k.transaction().execute(async (tx) => {
        await requireTaskOfMember(tx, userId, workspaceId, taskId);
        const value = following ? 1 : 0;
        await tx
          .insertInto('task_follows')
          .values({ task_id: taskId, user_id: userId, workspace_id: workspaceId, following: value })
          .onConflict((oc) => oc.columns(['task_id', 'user_id']).doUpdateSet({ following: value }))
          .execute();
      });
      return following;
    },

    // RFC 8058 one-click: the signed token names the person and the kind; only that kind changes.
    async unsubscribe(token: string): Promise<string> {
      const named = readUnsubscribeToken(appSecret, token);
      if (!named) throw new HttpError(400, notificationError.badToken);
      const exists = await k.selectFrom('users').select('id').where('id', '=', named.userId).executeTakeFirst();
      if (!exists) throw new HttpError(400, notificationError.badToken);
      await k.transaction().execute((tx) => setPreference(tx, named.userId, named.kind, 'app'));
      return notificationNotice.unsubscribed(named.kind);
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
