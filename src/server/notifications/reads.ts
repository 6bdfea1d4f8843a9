import type { Kysely } from 'kysely';
import { mentionedIds, renderMentions } from '#src/shared/notifications/mentions.ts';
import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationFilter,
  type NotificationItem,
  type NotificationKind,
} from '#src/shared/notifications/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { memberNames, workspaceIdsOf } from '#src/server/workspace-access/memberships.ts';

// What a person may see of their notifications: only those of workspaces they still belong to (not as
// a client), and of tasks still there. Leaving a workspace or losing a task hides them at once.
export function visibleNotifications(k: Kysely<Database>, userId: string) {
  return k
    .selectFrom('notifications as n')
    .leftJoin('tasks as t', 't.id', 'n.task_id')
    .where('n.user_id', '=', userId)
    .where('n.workspace_id', 'in', workspaceIdsOf(k, userId))
    .where((w) => w.or([w('n.task_id', 'is', null), w.and([w('t.id', 'is not', null), w('t.deleted_at', 'is', null)])]));
}

export async function countUnread(k: Kysely<Database>, userId: string): Promise<number> {
  const row = await visibleNotifications(k, userId)
    .where('n.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

// Current names of the members the excerpts mention, per workspace: a mention of someone who is not
// (or no longer) a member reads as plain text.
async function mentionNames(k: Kysely<Database>, rows: { workspace_id: string; excerpt: string | null }[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.excerpt ? mentionedIds(row.excerpt) : [])))];
  return memberNames(k, [...new Set(rows.map((row) => row.workspace_id))], ids);
}

export async function listNotifications(
  k: Kysely<Database>,
  userId: string,
  query: { filter?: NotificationFilter; cursor?: string },
  limit = NOTIFICATION_PAGE_SIZE,
): Promise<{ notifications: NotificationItem[]; nextCursor: string | null }> {
  let q = visibleNotifications(k, userId)
    .innerJoin('workspaces as w', 'w.id', 'n.workspace_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.workspace_id',
      'w.name as workspace_name',
      'n.task_id',
      't.title as task_title',
      'n.actor_id',
      'a.name as actor_name',
      'n.excerpt',
      'n.detail',
      'n.link',
      'n.read_at',
      'n.created_at',
    ]);
  if (query.filter === 'unread') q = q.where('n.read_at', 'is', null);
  if (query.filter === 'mentions') q = q.where('n.kind', '=', 'mentioned');
  if (query.filter === 'assigned') q = q.where('n.kind', '=', 'assigned');
  if (query.cursor) {
    const split = query.cursor.indexOf('_');
    const at = Number(query.cursor.slice(0, split));
    const id = query.cursor.slice(split + 1);
    q = q.where((w) => w.or([w('n.created_at', '<', at), w.and([w('n.created_at', '=', at), w('n.id', '<', id)])]));
  }
  const rows = await q
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const names = await mentionNames(k, page);
  const notifications = page.map((row): NotificationItem => ({
    id: row.id,
    kind: row.kind as NotificationKind,
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    task: row.task_id && row.task_title !== null ? { id: row.task_id, title: row.task_title } : null,
    actor: row.actor_id && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name } : null,
    excerpt: row.excerpt === null ? null : renderMentions(row.excerpt, (id) => names.get(`${row.workspace_id} ${id}`)),
    detail: row.detail,
    link: row.link,
    read: row.read_at !== null,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  }));
  const last = page[page.length - 1];
  return { notifications, nextCursor: rows.length > limit && last ? `${Number(last.created_at)}_${last.id}` : null };
}
