import type { Kysely } from 'kysely';
import type { SlackImportChannel, SlackImportPreview } from '#src/shared/chat/slack-import-paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import { listMembers } from '#src/server/workspace-access/memberships.ts';
import { messageBody } from './message-body.ts';
import { channelNameFor, peopleOf, readPlan } from './plan.ts';
import { readDay } from './slack-export.ts';
import type { ExportArchive } from './zip-archive.ts';

// The channels of this workspace an earlier import made, by Slack id, and every name taken.
export async function channelsHere(db: Kysely<Database>, workspaceId: string) {
  const rows = await db.selectFrom('chat_channels').select(['id', 'name', 'slack_id']).where('workspace_id', '=', workspaceId).execute();
  return {
    bySlackId: new Map(rows.filter((row) => row.slack_id !== null).map((row) => [row.slack_id!, row])),
    taken: new Set(rows.map((row) => row.name)),
  };
}

// The dry run: reads every daily file of the export (which checks all of it, within the archive's
// bounds) and counts what the import would bring, writing nothing.
export async function previewExport(db: Kysely<Database>, workspaceId: string, archive: ExportArchive): Promise<SlackImportPreview> {
  const plan = await readPlan(archive);
  const person = peopleOf(plan.users, await listMembers(db, workspaceId));
  const here = await channelsHere(db, workspaceId);
  const nameOf = new Map<string, string>();
  const channels: SlackImportChannel[] = plan.channels.map((channel) => {
    const found = here.bySlackId.get(channel.id);
    const name = found?.name ?? channelNameFor(channel.name, here.taken);
    here.taken.add(name);
    nameOf.set(channel.id, name);
    return { slackName: channel.name, name, messages: 0, existing: found !== undefined };
  });
  const context = { person, channelName: (id: string) => nameOf.get(id) };
  const counts = { messages: 0, reactions: 0, skipped: 0, shortened: 0, alreadyImported: 0 };
  const threads = new Set<string>();
  const people = new Set<string>();
  for (const [index, channel] of plan.channels.entries()) {
    const found = here.bySlackId.get(channel.id);
    const imported = new Set<string>();
    if (found) {
      const rows = await db
        .selectFrom('chat_messages')
        .select('slack_ts')
        .where('channel_id', '=', found.id)
        .where('slack_ts', 'is not', null)
        .execute();
      for (const row of rows) imported.add(row.slack_ts!);
    }
    for (const unit of plan.units.filter((u) => u.channel === channel)) {
      const day = await readDay(archive, unit.file);
      counts.skipped += day.skipped;
      channels[index]!.messages += day.messages.length;
      for (const message of day.messages) {
        counts.messages += 1;
        if (imported.has(message.ts)) counts.alreadyImported += 1;
        if (message.threadTs) threads.add(`${channel.id} ${message.threadTs}`);
        if (message.user) people.add(message.user);
        for (const reaction of message.reactions) {
          counts.reactions += reaction.users.length;
          for (const user of reaction.users) people.add(user);
        }
        if (messageBody(message, context).shortened) counts.shortened += 1;
      }
    }
  }
  const matchedPeople = [...people].filter((id) => {
    const found = person(id);
    return found !== undefined && 'memberId' in found;
  }).length;
  return { channels, ...counts, threads: threads.size, matchedPeople, unmatchedPeople: people.size - matchedPeople };
}
