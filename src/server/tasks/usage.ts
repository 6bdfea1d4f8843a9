import { sql, type Kysely } from 'kysely';
import { taskError } from '#src/shared/tasks/messages.ts';
import type { WorkspaceQuotas } from '#src/server/config.ts';
import type { Database } from '#src/server/db/schema.ts';
import { HttpError } from '#src/server/http/errors.ts';

export interface UsageChange {
  tasks?: number;
  comments?: number;
  textChars?: number;
}

export type CountUsage = (tx: Kysely<Database>, workspaceId: string, change: UsageChange) => Promise<void>;

// What a workspace stores moves inside the write that stores it, under the workspace lock the door
// holds, so two writes cannot both take the last place. A write that would pass a quota is refused
// (413) and its transaction, this count included, rolls back; a write that frees or keeps room never is.
export function createUsageCounter(quotas: WorkspaceQuotas): CountUsage {
  return async (tx, workspaceId, { tasks = 0, comments = 0, textChars = 0 }) => {
    const usage = await tx
      .insertInto('workspace_usage')
      .values({ workspace_id: workspaceId, tasks, comments, text_chars: textChars })
      .onConflict((conflict) =>
        conflict.column('workspace_id').doUpdateSet({
          tasks: sql`workspace_usage.tasks + ${tasks}`,
          comments: sql`workspace_usage.comments + ${comments}`,
          text_chars: sql`workspace_usage.text_chars + ${textChars}`,
        }),
      )
      .returning(['tasks', 'comments', 'text_chars'])
      .executeTakeFirstOrThrow();
    // The quota and where the workspace stands, for a client that wants to tell its people.
    const refuse = (message: string, limit: number) =>
      new HttpError(413, message, { 'X-Quota-Limit': String(limit), 'X-Quota-Remaining': '0' });
    if (tasks > 0 && Number(usage.tasks) > quotas.tasks) throw refuse(taskError.taskQuota(quotas.tasks), quotas.tasks);
    if (comments > 0 && Number(usage.comments) > quotas.comments) throw refuse(taskError.commentQuota(quotas.comments), quotas.comments);
    if (textChars > 0 && Number(usage.text_chars) > quotas.textChars) throw refuse(taskError.textQuota(quotas.textChars), quotas.textChars);
  };
}

// The characters a task's text takes.
export const taskText = (task: { title: string; description: string }) => task.title.length + task.description.length;
