import type { Kysely } from 'kysely';
import type { PublicCommentEvent, PublicTaskEvent } from '#src/shared/public-api/schemas.ts';
import type { Database } from '#src/server/db/schema.ts';
import { toPublicComment, toPublicTasks } from '#src/server/api-v1/public-task.ts';
import type { RecordedEvent } from '#src/server/events/log.ts';
import { listColumns } from '#src/server/tasks/reads.ts';
import { memberEmails } from '#src/server/workspace-access/memberships.ts';

export type PublicEventData = PublicTaskEvent['data'] | PublicCommentEvent['data'];

// A change's `data` as receivers get it: the task and comment in the public API's shape (the OpenAPI
// document's `webhooks`), never the board's internal one. Read inside the change's transaction, so it
// is the task as that change left it. Null for an event webhooks do not send.
export async function publicEventData(tx: Kysely<Database>, event: RecordedEvent): Promise<PublicEventData | null> {
  const { workspaceId, data } = event;
  const actor = event.actorId === null ? null : ((await memberEmails(tx, workspaceId, [event.actorId])).get(event.actorId) ?? null);
  switch (data.type) {
    case 'task.created':
    case 'task.updated':
    case 'task.deleted': {
      const [task] = await toPublicTasks(tx, workspaceId, [data.task], await listColumns(tx, workspaceId));
      return { task: task!, actor };
    }
    case 'comment.added':
      return { comment: await toPublicComment(tx, workspaceId, data.comment), actor };
    default:
      return null;
  }
}
