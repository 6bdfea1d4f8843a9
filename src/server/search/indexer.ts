import type { Kysely } from 'kysely';
import type { Task } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { EventHook } from '#src/server/events/recorder.ts';

async function putEntry(
  tx: Kysely<Database>,
  entry: { workspaceId: string; kind: string; refId: string; taskId: string | null; title: string; body: string },
) {
  await tx
    .insertInto('search_entries')
    .values({
      workspace_id: entry.workspaceId,
      kind: entry.kind,
      ref_id: entry.refId,
      task_id: entry.taskId,
      title: entry.title,
      body: entry.body,
    })
    .onConflict((conflict) => conflict.columns(['kind', 'ref_id']).doUpdateSet({ title: entry.title, body: entry.body }))
    .execute();
}

const putTask = (tx: Kysely<Database>, task: Task) =>
  putEntry(tx, { workspaceId: task.workspaceId, kind: 'task', refId: task.id, taskId: task.id, title: task.title, body: task.description });

// A docs page: its title and the plain text of its document (written by the docs domain when either
// changes, in that change's transaction; the text is saved by the collaboration server, not an event).
export const indexPage = (tx: Kysely<Database>, page: { workspaceId: string; id: string; title: string; text: string }) =>
  putEntry(tx, { workspaceId: page.workspaceId, kind: 'page', refId: page.id, taskId: null, title: page.title, body: page.text });

export async function unindexPages(tx: Kysely<Database>, pageIds: string[]): Promise<void> {
  if (pageIds.length > 0) await tx.deleteFrom('search_entries').where('kind', '=', 'page').where('ref_id', 'in', pageIds).execute();
}

// The search index follows every change in the change's own transaction (a recorder hook), so a search
// never finds a deleted task, and never misses a saved one. A deleted task leaves the index with its
// comments; a restored one comes back with them.
export const indexSearchEntries: EventHook = async (tx, event) => {
  const data = event.data;
  switch (data.type) {
    case 'task.created':
      await putTask(tx, data.task);
      if (data.restored) {
        await tx
          .insertInto('search_entries')
          .columns(['workspace_id', 'kind', 'ref_id', 'task_id', 'title', 'body'])
          .expression((eb) =>
            eb
              .selectFrom('comments')
              .select((s) => ['workspace_id', s.val('comment').as('kind'), 'id', 'task_id', s.val('').as('title'), 'body'])
              .where('task_id', '=', data.task.id),
          )
          .onConflict((conflict) => conflict.columns(['kind', 'ref_id']).doNothing())
          .execute();
      }
      return;
    case 'task.updated':
      // A move changes no words.
      if (!data.moved) await putTask(tx, data.task);
      return;
    case 'task.deleted':
      await tx.deleteFrom('search_entries').where('task_id', '=', data.task.id).execute();
      return;
    case 'comment.deleted':
      await tx.deleteFrom('search_entries').where('kind', '=', 'comment').where('ref_id', '=', data.comment.id).execute();
      return;
    case 'comment.added':
    case 'comment.updated':
      await putEntry(tx, {
        workspaceId: data.comment.workspaceId,
        kind: 'comment',
        refId: data.comment.id,
        taskId: data.comment.taskId,
        title: '',
        body: data.comment.body,
      });
      return;
    default:
      return;
  }
};
