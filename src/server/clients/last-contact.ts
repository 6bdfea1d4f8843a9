import type { Kysely } from 'kysely';
import type { Database } from '#src/server/db/schema.ts';
import type { EventHook } from '#src/server/events/recorder.ts';

// The client a task belongs to (through its project), if any.
async function clientOfTask(tx: Kysely<Database>, workspaceId: string, taskId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select('p.client_id')
    .where('t.id', '=', taskId)
    .where('t.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.client_id ?? null;
}

async function clientOfProject(tx: Kysely<Database>, workspaceId: string, projectId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('projects')
    .select('client_id')
    .where('id', '=', projectId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.client_id ?? null;
}

// spec 5's Last Contact: the latest activity with a client — a task of theirs changed, a comment shared
// with them, an invitation or approval, an email update sent to them. Kept on the client row in the change's own transaction, so
// Recent Clients reads one indexed column instead of searching the log.
export const touchLastContact: EventHook = async (tx, event) => {
  const data = event.data;
  if (data.type === 'campaign.sent') {
    // An email sent is contact with each client it reached.
    if (data.clientIds.length === 0) return;
    await tx
      .updateTable('clients')
      .set({ last_contact_at: event.occurredAt })
      .where('workspace_id', '=', event.workspaceId)
      .where('id', 'in', data.clientIds)
      .execute();
    return;
  }
  let clientId: string | null = null;
  switch (data.type) {
    case 'task.created':
    case 'task.updated':
    case 'task.deleted':
      clientId = data.task.projectId ? await clientOfProject(tx, event.workspaceId, data.task.projectId) : null;
      break;
    case 'comment.added':
      clientId = data.comment.forClient ? await clientOfTask(tx, event.workspaceId, data.comment.taskId) : null;
      break;
    case 'contact.invited':
      clientId = data.client.id;
      break;
    case 'task.approved':
      clientId = data.clientId;
      break;
    default:
      return;
  }
  if (!clientId) return;
  await tx
    .updateTable('clients')
    .set({ last_contact_at: event.occurredAt })
    .where('id', '=', clientId)
    .where('workspace_id', '=', event.workspaceId)
    .execute();
};
