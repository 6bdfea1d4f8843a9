// Slack workspace exports made up for tests and the bench: users.json, channels.json and a folder of
// daily files per channel, zipped as Slack zips them.
import { writeZip, type ZipEntry } from './zip-writer.ts';

export interface SlackUserSpec {
  id: string;
  name: string;
  email?: string;
}

export interface SlackMessageSpec {
  ts: string;
  user?: string;
  text: string;
  thread_ts?: string;
  subtype?: string;
  username?: string;
  reactions?: Array<{ name: string; users: string[]; count: number }>;
  edited?: { user: string; ts: string };
  files?: Array<{ name: string; title: string }>;
  [key: string]: unknown;
}

export interface SlackChannelSpec {
  id: string;
  name: string;
  members: string[];
  is_archived?: boolean;
  // Daily files: date (YYYY-MM-DD) to its messages.
  days: Record<string, SlackMessageSpec[]>;
}

export interface SlackExportSpec {
  users: SlackUserSpec[];
  channels: SlackChannelSpec[];
  // Anything else to put in the archive (a DM folder, a stray file, a hostile entry).
  extra?: ZipEntry[];
}

export function slackExportZip(spec: SlackExportSpec): Buffer {
  const users = spec.users.map((user) => ({
    id: user.id,
    name: user.name.toLowerCase().replace(/\s+/g, '.'),
    real_name: user.name,
    deleted: false,
    is_bot: false,
    profile: { real_name: user.name, display_name: user.name, ...(user.email ? { email: user.email } : {}) },
  }));
  const channels = spec.channels.map((channel) => ({
    id: channel.id,
    name: channel.name,
    created: 1_600_000_000,
    creator: channel.members[0],
    is_archived: channel.is_archived ?? false,
    is_general: channel.name === 'general',
    members: channel.members,
    topic: { value: '', creator: '', last_set: 0 },
    purpose: { value: '', creator: '', last_set: 0 },
  }));
  const entries: ZipEntry[] = [
    { name: 'users.json', data: JSON.stringify(users, null, 4) },
    { name: 'channels.json', data: JSON.stringify(channels, null, 4) },
  ];
  for (const channel of spec.channels) {
    entries.push({ name: `${channel.name}/`, data: '', stored: true });
    for (const [day, messages] of Object.entries(channel.days)) {
      entries.push({
        name: `${channel.name}/${day}.json`,
        data: JSON.stringify(
          messages.map((message) => ({ type: 'message', ...message })),
          null,
          4,
        ),
      });
    }
  }
  return writeZip([...entries, ...(spec.extra ?? [])]);
}

export interface GeneratedExport {
  spec: SlackExportSpec;
  zip: Buffer;
  // What the import must bring: every kept message (replies included), threads, reactions.
  messages: number;
  threads: number;
  reactions: number;
}

// A deterministic export of `messages` messages spread over `channels` channels and `days` days, by
// `users` people (every other one with an email), every 10th message a thread parent with 2 replies,
// every 7th with a reaction by two people, and one channel join per day (a notice, not imported).
export function generatedExport({
  messages,
  channels = 5,
  days = 20,
  users = 10,
  emailOf = (index: number) => `slack.person${index}@example.com`,
}: {
  messages: number;
  channels?: number;
  days?: number;
  users?: number;
  emailOf?: (index: number) => string;
}): GeneratedExport {
  const people: SlackUserSpec[] = Array.from({ length: users }, (_, index) => ({
    id: `U${String(index).padStart(8, '0')}`,
    name: `Slack Person ${index}`,
    ...(index % 2 === 0 ? { email: emailOf(index) } : {}),
  }));
  const specs: SlackChannelSpec[] = Array.from({ length: channels }, (_, index) => ({
    id: `C${String(index).padStart(8, '0')}`,
    name: `team-${index}`,
    members: people.map((person) => person.id),
    days: {},
  }));
  const start = 1_700_000_000;
  let made = 0;
  let threads = 0;
  let reactions = 0;
  let n = 0;
  const perChannelDay = Math.ceil(messages / (channels * days));
  for (let day = 0; day < days && made < messages; day += 1) {
    const date = new Date((start + day * 86_400) * 1000).toISOString().slice(0, 10);
    for (const channel of specs) {
      if (made >= messages) break;
      const list: SlackMessageSpec[] = [
        {
          ts: `${start + day * 86_400}.000001`,
          user: people[0]!.id,
          subtype: 'channel_join',
          text: `<@${people[0]!.id}> has joined the channel`,
        },
      ];
      for (let i = 0; i < perChannelDay && made < messages; i += 1) {
        n += 1;
        const ts = `${start + day * 86_400 + i * 4 + 1}.${String(n % 1_000_000).padStart(6, '0')}`;
        const author = people[n % users]!.id;
        const message: SlackMessageSpec = {
          ts,
          user: author,
          text: `Message ${n} from <@${author}> about *release* <https://example.com/${n}|notes>`,
        };
        if (n % 7 === 0) {
          message.reactions = [{ name: 'thumbsup', users: [people[0]!.id, people[1 % users]!.id], count: 2 }];
          reactions += users > 1 ? 2 : 1;
        }
        list.push(message);
        made += 1;
        if (n % 10 === 0 && made + 2 <= messages) {
          threads += 1;
          message.thread_ts = ts;
          for (let r = 1; r <= 2; r += 1) {
            list.push({
              ts: `${start + day * 86_400 + i * 4 + 1 + r}.${String(n % 1_000_000).padStart(6, '0')}`,
              user: people[(n + r) % users]!.id,
              text: `Reply ${r} to ${n}`,
              thread_ts: ts,
            });
            made += 1;
          }
        }
      }
      channel.days[date] = list;
    }
  }
  const spec = { users: people, channels: specs };
  return { spec, zip: slackExportZip(spec), messages: made, threads, reactions };
}
