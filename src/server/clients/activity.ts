import type { Kysely } from 'kysely';
import { activityText } from '#src/shared/clients/messages.ts';
import type { ActivityItem } from '#src/shared/clients/paths.ts';
import { githubUi } from '#src/shared/github/messages.ts';
import type { LiveEventData } from '#src/shared/tasks/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { EVENT_COLUMNS, fromEventRow, type RecordedEvent } from '#src/server/events/log.ts';

function sentence(data: LiveEventData, who: string): string {
  switch (data.type) {
    case 'task.created':
      return (data.restored ? activityText.taskRestored : activityText.taskCreated)(who, data.task.title);
    case 'task.updated':
      return (data.moved ? activityText.taskMoved : activityText.taskUpdated)(who, data.task.title);
    case 'task.deleted':
      return activityText.taskDeleted(who, data.task.title);
    case 'comment.added':
      return activityText.commented(who);
    case 'column.created':
    case 'column.updated':
    case 'column.deleted':
      return activityText.columnChanged(who, data.column.name);
    case 'client.created':
      return activityText.clientCreated(who, data.client.name);
    case 'client.updated':
      return activityText.clientUpdated(who, data.client.name);
    case 'project.created':
      return activityText.projectCreated(who, data.project.name);
    case 'project.updated':
      return activityText.projectUpdated(who, data.project.name);
    case 'contact.invited':
      return activityText.contactInvited(who, data.contactName, data.client.name);
    case 'task.approved':
      return activityText.taskApproved(data.by.name, data.task.title);
    case 'github.linked': {
      const { link } = data;
      return link.kind === 'commit'
        ? activityText.githubCommit(link.ref, link.repo, data.task.title)
        : activityText.githubPull(link.ref, link.repo, githubUi.linkState[link.state].toLowerCase(), data.task.title);
    }
    case 'campaign.sent':
      return activityText.campaignSent(who, data.sent, data.skipped);
    default:
      // Events other domains add later read as a change until they get their own sentence.
      return activityText.other(who);
  }
}

// The events as Recent Activity lines, with the names of who made them (read once for the lot).
export async function toActivity(db: Kysely<Database>, events: RecordedEvent[]): Promise<ActivityItem[]> {
  const ids = [...new Set(events.map((event) => event.actorId).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return events.map((event) => ({
    id: String(event.id),
    text: sentence(event.data, (event.actorId && names.get(event.actorId)) || activityText.someone),
    at: new Date(event.occurredAt).toISOString(),
  }));
}

// The latest events of the workspace, newest first.
export async function latestEvents(db: Kysely<Database>, workspaceId: string, limit: number): Promise<RecordedEvent[]> {
  const rows = await db
    .selectFrom('workspace_events')
    .select(EVENT_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    // Chat is conversation, not activity: every message would push the work out, and a private
    // channel's goings-on are not for every member to see.
    .where('type', 'not like', 'chat.%')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(fromEventRow);
}
