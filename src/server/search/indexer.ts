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

const words = (...parts: string[]) => parts.filter((part) => part.trim().length > 0).join('\n');

// A client is found by its name, its company, its notes and its contacts' names (not their addresses:
// a hit shows its text, and an address is no word anyone searches a client by).
async function putClient(tx: Kysely<Database>, workspaceId: string, clientId: string) {
  const client = await tx
    .selectFrom('clients')
    .select(['name', 'company', 'notes'])
    .where('id', '=', clientId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!client) return;
  const contacts = await tx
    .selectFrom('client_contacts')
    .select('name')
    .where('client_id', '=', clientId)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .execute();
  const body = words(client.company, client.notes, contacts.map((contact) => contact.name).join(', '));
  await putEntry(tx, { workspaceId, kind: 'client', refId: clientId, taskId: null, title: client.name, body });
}

// A project is found by its name and its client's, so "Acme" finds Acme's projects too.
async function putProjects(tx: Kysely<Database>, workspaceId: string, where: { projectId: string } | { clientId: string }) {
  let query = tx
    .selectFrom('projects as p')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .select(['p.id', 'p.name', 'c.name as client_name', 'c.company'])
    .where('p.workspace_id', '=', workspaceId);
  query = 'projectId' in where ? query.where('p.id', '=', where.projectId) : query.where('p.client_id', '=', where.clientId);
  for (const project of await query.execute()) {
    const body = words(project.client_name, project.company);
    await putEntry(tx, { workspaceId, kind: 'project', refId: project.id, taskId: null, title: project.name, body });
  }
}

// A docs page: its title and the plain text of its document (written by the docs domain when either
// changes, in that change's transaction; the text is saved by the collaboration server, not an event).
export const indexPage = (tx: Kysely<Database>, page: { workspaceId: string; id: string; title: string; text: string }) =>
  putEntry(tx, { workspaceId: page.workspaceId, kind: 'page', refId: page.id, taskId: null, title: page.title, body: page.text });

export async function unindexPages(tx: Kysely<Database>, pageIds: string[]): Promise<void> {
  if (pageIds.length > 0) await tx.deleteFrom('search_entries').where('kind', '=', 'page').where('ref_id', 'in', pageIds).execute();
}

// Chat messages, written by the chat domain (and the Slack import, a slice at a time) in the change's
// transaction. An entry keeps its channel: the query shows it only to who may read that channel.
export async function indexMessages(
  tx: Kysely<Database>,
  messages: { workspaceId: string; id: string; channelId: string; body: string }[],
) {
  if (messages.length === 0) return;
  await tx
    .insertInto('search_entries')
    .values(
      messages.map((message) => ({
        workspace_id: message.workspaceId,
        kind: 'message',
        ref_id: message.id,
        task_id: null,
        channel_id: message.channelId,
        title: '',
        body: message.body,
      })),
    )
    .onConflict((conflict) => conflict.columns(['kind', 'ref_id']).doUpdateSet((eb) => ({ body: eb.ref('excluded.body') })))
    .execute();
}

// A message leaves the index with its thread's replies (they go with it), before the rows do.
export async function unindexMessage(tx: Kysely<Database>, workspaceId: string, messageId: string): Promise<void> {
  await tx
    .deleteFrom('search_entries')
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'message')
    .where('ref_id', 'in', (eb) =>
      eb
        .selectFrom('chat_messages as gone')
        .select('gone.id')
        .where('gone.workspace_id', '=', workspaceId)
        .where((w) => w.or([w('gone.id', '=', messageId), w('gone.parent_id', '=', messageId)])),
    )
    .execute();
}

// The search index follows every change in the change's own transaction (a recorder hook), so a search
// never finds a deleted task, and never misses a saved one (or a client, or a project). A deleted task leaves the index with its
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
    case 'client.created':
      await putClient(tx, event.workspaceId, data.client.id);
      return;
    case 'client.updated':
      // Its projects show its name too.
      await putClient(tx, event.workspaceId, data.client.id);
      await putProjects(tx, event.workspaceId, { clientId: data.client.id });
      return;
    case 'project.created':
    case 'project.updated':
      await putProjects(tx, event.workspaceId, { projectId: data.project.id });
      return;
    default:
      return;
  }
};
