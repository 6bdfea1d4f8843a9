import type { Kysely } from 'kysely';
import { mentionedIds } from '#src/shared/notifications/mentions.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { EventHook } from '#src/server/events/recorder.ts';
import type { Notify } from './notify.ts';

const EXCERPT_MAX = 280;

// Creator and assignee follow a task unless they chose not to; anyone may follow or unfollow it.
export async function followersOf(tx: Kysely<Database>, taskId: string, creatorId: string | null, assigneeId: string | null) {
  const choices = await tx.selectFrom('task_follows').select(['user_id', 'following']).where('task_id', '=', taskId).execute();
  const followers = new Set([creatorId, assigneeId].filter((id): id is string => id !== null));
  for (const choice of choices) {
    if (choice.following === 1) followers.add(choice.user_id);
    else followers.delete(choice.user_id);
  }
  return followers;
}

async function saveState(tx: Kysely<Database>, task: Task, mentions: string[]) {
  const state = { assignee_id: task.assignee?.id ?? null, column_id: task.columnId, mentions: JSON.stringify(mentions) };
  await tx
    .insertInto('task_notify_state')
    .values({ task_id: task.id, ...state })
    .onConflict((oc) => oc.column('task_id').doUpdateSet(state))
    .execute();
}

// The recorder's hook (like the webhook outbox): runs in the transaction of every task change, compares
// the task with how it was at its last event, and tells whom it concerns.
export function createTaskNotificationHook(notify: Notify): EventHook {
  return async (tx, event) => {
    const data = event.data;
    const actorId = event.actorId;
    const base = { workspaceId: event.workspaceId, actorId };
    if (data.type === 'task.created' || data.type === 'task.updated') {
      const task = data.task;
      const mentions = mentionedIds(task.description);
      const before =
        data.type === 'task.updated'
          ? await tx.selectFrom('task_notify_state').selectAll().where('task_id', '=', task.id).executeTakeFirst()
          : undefined;
      await saveState(tx, task, mentions);
      if (data.type === 'task.created' && data.restored) return;
      const assigneeId = task.assignee?.id ?? null;
      if (assigneeId && assigneeId !== (before?.assignee_id ?? null)) {
        await notify(tx, { ...base, kind: 'assigned', recipients: [assigneeId], taskId: task.id });
      }
      const known = new Set<string>(before ? (JSON.parse(before.mentions) as string[]) : []);
      const fresh = mentions.filter((id) => !known.has(id));
      if (fresh.length > 0) await notify(tx, { ...base, kind: 'mentioned', recipients: fresh, taskId: task.id });
      if (before && before.column_id !== task.columnId) {
        const column = await tx.selectFrom('board_columns').select('name').where('id', '=', task.columnId).executeTakeFirst();
        const followers = await followersOf(tx, task.id, task.createdBy?.id ?? null, assigneeId);
        await notify(tx, { ...base, kind: 'status_changed', recipients: followers, taskId: task.id, detail: column?.name ?? null });
      }
      return;
    }
    if (data.type === 'comment.added') {
      const comment = data.comment;
      const task = await tx.selectFrom('tasks').select(['created_by', 'assignee_id']).where('id', '=', comment.taskId).executeTakeFirst();
      if (!task) return;
      const excerpt = comment.body.slice(0, EXCERPT_MAX);
      const mentioned = await notify(tx, {
        ...base,
        kind: 'mentioned',
        recipients: mentionedIds(comment.body),
        taskId: comment.taskId,
        excerpt,
      });
      // A follower who is also mentioned hears it once, as the mention.
      const followers = await followersOf(tx, comment.taskId, task.created_by, task.assignee_id);
      mentioned.forEach((id) => followers.delete(id));
      await notify(tx, { ...base, kind: 'commented', recipients: followers, taskId: comment.taskId, excerpt });
    }
  };
}
