import { z } from 'zod';
import { slackImportError } from '#src/shared/chat/slack-import-messages.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { ExportArchive } from './zip-archive.ts';

// What we read of a Slack workspace export: users.json, channels.json (the public channels), and one
// folder per channel of daily files (`general/2024-03-01.json`), each an array of messages. Everything
// else in it (private groups, DMs, integration logs) is left alone, unread.

const slackId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const ts = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/);
const name = z.string().max(1000);

const UserSchema = z.object({
  id: slackId,
  name: name.optional(),
  real_name: name.optional(),
  profile: z
    .object({
      email: z.string().max(320).optional(),
      display_name: name.optional(),
      real_name: name.optional(),
    })
    .optional(),
});

const ChannelSchema = z.object({
  id: slackId,
  name: z.string().min(1).max(255),
  is_archived: z.boolean().optional(),
  members: z.array(slackId).max(100_000).optional(),
});

const MessageSchema = z.object({
  type: z.string().max(64).optional(),
  subtype: z.string().max(64).optional(),
  ts,
  thread_ts: ts.optional(),
  user: slackId.optional(),
  username: name.optional(),
  bot_profile: z.object({ name: name.optional() }).optional(),
  user_profile: z.object({ real_name: name.optional(), display_name: name.optional() }).optional(),
  text: z.string().optional(),
  edited: z.object({ ts }).optional(),
  reactions: z
    .array(z.object({ name: z.string().min(1).max(100), users: z.array(slackId).max(10_000) }))
    .max(500)
    .optional(),
  files: z
    .array(z.object({ name: name.optional(), title: name.optional() }))
    .max(100)
    .optional(),
});

export interface SlackUser {
  id: string;
  name: string;
  email: string | null;
}

export interface SlackChannel {
  id: string;
  name: string;
  archived: boolean;
  members: string[];
}

export interface SlackMessage {
  ts: string;
  createdAt: number;
  // The parent's ts when this is a reply; null for a message in the channel.
  threadTs: string | null;
  user: string | null;
  // The name to show when the author is no user of the export (a bot, an app).
  fallbackName: string | null;
  text: string;
  editedAt: number | null;
  reactions: Array<{ name: string; users: string[] }>;
  files: string[];
}

// Ordinary messages and the kinds that carry what someone wrote; joins, topic changes, pins and other
// notices are left out (and counted as skipped).
const KEPT_SUBTYPES = new Set([undefined, 'bot_message', 'file_share', 'thread_broadcast', 'me_message']);

export const tsToMs = (value: string) => Math.floor(Number(value) * 1000);

function parseJson(name: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new HttpError(400, slackImportError.badFile(name));
  }
}

async function readArray<T>(archive: ExportArchive, file: string, schema: z.ZodType<T>): Promise<T[]> {
  const parsed = z.array(schema).safeParse(parseJson(file, await archive.read(file)));
  if (!parsed.success) throw new HttpError(400, slackImportError.badFile(file));
  return parsed.data;
}

export async function readUsers(archive: ExportArchive): Promise<SlackUser[]> {
  const rows = await readArray(archive, 'users.json', UserSchema);
  return rows.map((row) => ({
    id: row.id,
    name: (row.profile?.display_name || row.profile?.real_name || row.real_name || row.name || row.id).slice(0, 100),
    email: row.profile?.email?.trim().toLowerCase() || null,
  }));
}

export async function readChannels(archive: ExportArchive): Promise<SlackChannel[]> {
  const rows = await readArray(archive, 'channels.json', ChannelSchema);
  return rows.map((row) => ({ id: row.id, name: row.name, archived: row.is_archived ?? false, members: row.members ?? [] }));
}

export function requireSlackExport(archive: ExportArchive): void {
  if (!archive.has('users.json') || !archive.has('channels.json')) throw new HttpError(400, slackImportError.notSlackExport);
}

// A channel's daily files, oldest first.
export function dayFiles(archive: ExportArchive, channel: SlackChannel): string[] {
  const day = new RegExp(`^${channel.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\d{4}-\\d{2}-\\d{2}\\.json$`);
  return archive.names.filter((file) => day.test(file)).sort();
}

// One daily file: its messages in time order, and how many it held that are not imported.
export async function readDay(archive: ExportArchive, file: string): Promise<{ messages: SlackMessage[]; skipped: number }> {
  const raw = parseJson(file, await archive.read(file));
  if (!Array.isArray(raw)) throw new HttpError(400, slackImportError.badFile(file));
  const messages: SlackMessage[] = [];
  let skipped = 0;
  for (const item of raw) {
    const parsed = MessageSchema.safeParse(item);
    if (!parsed.success || (parsed.data.type ?? 'message') !== 'message' || !KEPT_SUBTYPES.has(parsed.data.subtype)) {
      skipped += 1;
      continue;
    }
    const m = parsed.data;
    const files = (m.files ?? []).map((f) => f.title || f.name || '').filter((f) => f.length > 0);
    if (!(m.text ?? '').trim() && files.length === 0) {
      skipped += 1;
      continue;
    }
    messages.push({
      ts: m.ts,
      createdAt: tsToMs(m.ts),
      threadTs: m.thread_ts !== undefined && m.thread_ts !== m.ts ? m.thread_ts : null,
      user: m.user ?? null,
      fallbackName:
        (m.user_profile?.display_name || m.user_profile?.real_name || m.username || m.bot_profile?.name || null)?.slice(0, 100) ?? null,
      text: m.text ?? '',
      editedAt: m.edited ? tsToMs(m.edited.ts) : null,
      reactions: (m.reactions ?? []).map((r) => ({ name: r.name, users: [...new Set(r.users)] })),
      files,
    });
  }
  messages.sort((a, b) => Number(a.ts) - Number(b.ts) || (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  // The same ts twice in one file is one message (the first kept).
  const unique = messages.filter((message, index) => index === 0 || message.ts !== messages[index - 1]!.ts);
  return { messages: unique, skipped: skipped + messages.length - unique.length };
}
