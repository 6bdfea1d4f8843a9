import type { Kysely } from 'kysely';
import type { PublicComment, PublicTask } from '#src/shared/public-api/schemas.ts';
import type { Column, Comment, Task } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { memberEmails } from '#src/server/workspace-access/memberships.ts';

// The one public shape of a task (spec 3's names: assignee by email, due_date, status by column name),
// answered by /api/v1 and sent in webhook payloads alike. People are named by email, as the API takes
// them; someone no longer a member is null.
export async function toPublicTasks(db: Kysely<Database>, workspaceId: string, list: Task[], columns: Column[]): Promise<PublicTask[]> {
  const emails = await memberEmails(
    db,
    workspaceId,
    list.flatMap((task) => (task.assignee ? [task.assignee.id] : [])),
  );
  const names = new Map(columns.map((column) => [column.id, column.name]));
  return list.map((task) => ({
    id: task.id,
    key: task.key,
    title: task.title,
    description: task.description,
    assignee: task.assignee ? (emails.get(task.assignee.id) ?? null) : null,
    priority: task.priority,
    due_date: task.dueDate,
    labels: task.labels,
    status: names.get(task.columnId) ?? '',
    version: task.version,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
  }));
}

export async function toPublicComment(db: Kysely<Database>, workspaceId: string, comment: Comment): Promise<PublicComment> {
  const emails = await memberEmails(db, workspaceId, comment.author ? [comment.author.id] : []);
  return {
    id: comment.id,
    task_id: comment.taskId,
    body: comment.body,
    author: comment.author ? (emails.get(comment.author.id) ?? null) : null,
    created_at: comment.createdAt,
  };
}
