import { CHANNEL_NAME_MAX } from '#src/shared/chat/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import type { PersonOf } from './mrkdwn.ts';
import { dayFiles, readChannels, readUsers, requireSlackExport, type SlackChannel, type SlackUser } from './slack-export.ts';
import type { ExportArchive } from './zip-archive.ts';

// The import's work in a fixed order, the same at every run of the job: channels as channels.json lists
// them, each channel's days oldest first. A unit is one daily file; the job's cursor is a unit's index.
export interface ImportPlan {
  users: Map<string, SlackUser>;
  channels: SlackChannel[];
  units: Array<{ channel: SlackChannel; file: string }>;
}

export async function readPlan(archive: ExportArchive): Promise<ImportPlan> {
  requireSlackExport(archive);
  const users = new Map((await readUsers(archive)).map((user) => [user.id, user]));
  const seen = new Set<string>();
  // A channel listed twice is imported once.
  const channels = (await readChannels(archive)).filter((channel) => !seen.has(channel.id) && seen.add(channel.id));
  const units = channels.flatMap((channel) => dayFiles(archive, channel).map((file) => ({ channel, file })));
  return { users, channels, units };
}

// Slack users are members here when their export email is a member's; everyone else keeps their Slack name.
export function peopleOf(users: Map<string, SlackUser>, members: WorkspaceMember[]): PersonOf {
  const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member.userId]));
  return (slackId) => {
    const user = users.get(slackId);
    if (!user) return undefined;
    const memberId = user.email ? byEmail.get(user.email) : undefined;
    return memberId ? { memberId } : { name: user.name };
  };
}

const SUFFIX = '-slack';

// A Slack channel's name as ours must be (lower-case letters, digits, dashes, underscores); a name taken
// here already gets `-slack` (then a number), so imported history never mixes into a live channel's.
export function channelNameFor(slackName: string, taken: Set<string>): string {
  const base =
    slackName
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^[-_]+/, '')
      .slice(0, CHANNEL_NAME_MAX - SUFFIX.length - 4) || 'channel';
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}${SUFFIX}${n === 1 ? '' : `-${n}`}`;
    if (!taken.has(candidate)) return candidate;
  }
}
