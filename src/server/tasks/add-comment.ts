import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Comment } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { commentRows, toComment } from './reads.ts';
import type { CountUsage } from './usage.ts';

// A comment written inside the caller's workspace transaction, counted against the workspace's quotas
// in the same write: the board's and the portal's comments are one kind of row.
export async function insertComment(
  tx: Kysely<Database>,
  countUsage: CountUsage,
  comment: { workspaceId: string; taskId: string; authorId: string; body: string; forClient: boolean; at: number },
): Promise<Comment> {
  await countUsage(tx, comment.workspaceId, { comments: 1, textChars: comment.body.length });
  const id = randomUUID();
  await tx
    .insertInto('comments')
    .values({
      id,
      workspace_id: comment.workspaceId,
      task_id: comment.taskId,
      author_id: comment.authorId,
      body: comment.body,
      for_client: comment.forClient ? 1 : 0,
      created_at: comment.at,
    })
    .execute();
  return toComment(await commentRows(tx).where('c.id', '=', id).executeTakeFirstOrThrow());
}
