import type { Kysely } from 'kysely';
import { HOME_LIST_SIZE, type HomeComment, type HomeTask, type InboxItem } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { workspaceIdsOf } from '#src/server/workspace-access/memberships.ts';
import { commentRows, taskRows, toComment, toTask } from './reads.ts';

// The Home panel, across every workspace the person belongs to now: a workspace they
// left shows nothing, even where a task still names them (product rules T1).
export async function myTasks(db: Kysely<Database>, userId: string): Promise<HomeTask[]> {
  const rows = await taskRows(db)
    .innerJoin('workspaces as w', 'w.id', 't.workspace_id')
    .select('w.name as workspace_name')
    .where('t.workspace_id', 'in', workspaceIdsOf(db, userId))
    .where('t.assignee_id', '=', userId)
    .where('t.deleted_at', 'is', null)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id')
    .limit(HOME_LIST_SIZE)
    .execute();
  return rows.map((row) => ({ ...toTask(row), workspaceName: row.workspace_name }));
}

// Comments others wrote on the tasks assigned to me, newest first.
export async function commentsOnMyTasks(db: Kysely<Database>, userId: string): Promise<HomeComment[]> {
  const rows = await commentRows(db)
    .innerJoin('tasks as t', 't.id', 'c.task_id')
    .innerJoin('workspaces as w', 'w.id', 'c.workspace_id')
    .select(['w.name as workspace_name', 't.title as task_title'])
    .where('c.workspace_id', 'in', workspaceIdsOf(db, userId))
    .where('t.assignee_id', '=', userId)
    .where('t.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('c.author_id', 'is', null), eb('c.author_id', '!=', userId)]))
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .limit(HOME_LIST_SIZE)
    .execute();
  return rows.map((row) => ({ ...toComment(row), workspaceName: row.workspace_name, taskTitle: row.task_title }));
}

// The latest of both, newest first: a task by its last change, a comment by when it was written.
export async function inbox(db: Kysely<Database>, userId: string): Promise<InboxItem[]> {
  const [tasks, comments] = await Promise.all([myTasks(db, userId), commentsOnMyTasks(db, userId)]);
  const items: InboxItem[] = [
    ...tasks.map((task): InboxItem => ({ kind: 'task', at: task.updatedAt, task })),
    ...comments.map((comment): InboxItem => ({ kind: 'comment', at: comment.createdAt, comment })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, HOME_LIST_SIZE);
}
