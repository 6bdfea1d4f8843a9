// The team chat budgets against the production server. A message counts as arrived when the other
// member has it in hand the way the chat page gets it: the live stream carries the new message with
// the channel's message before it (`chat.message`), and a page whose newest message is that one
// appends it at once; any other page reads the channel's latest page again (the fallback, counted).
// So each figure runs from the POST's start to the event, or to the end of that read, on SQLite, across
// two instances on PostgreSQL, and for 500 members with the channel open at once (with the server's
// memory holding their 500 streams). A channel of 100,000 messages is then opened in Chromium and scrolled back a page at a
// time. Members, sessions and the history are written straight into the server's database (through the
// API they would take minutes); the measured calls go through HTTP as a browser's do.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openPostgres, openSqlite, type Db } from '#src/server/db/connect.ts';
import {
  chatPaths,
  GENERAL_CHANNEL,
  type ChannelResponse,
  type ChannelsResponse,
  type MessageResponse,
  type MessagesResponse,
} from '#src/shared/chat/paths.ts';
import type { LiveEvent } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { seedMembers, seedSessions, type BenchAccount } from './account.ts';
import { openStream, type Stream } from './board.ts';
import { inBatches, p99 } from './insights.ts';
import { call, percentile } from './notifications.ts';
import { loadPaint, signedInPage } from './page-paint.ts';
import { cpuMs, rssMb, type BenchServer } from './server.ts';
import { median, round } from './stats.ts';

const MINUTE_MS = 60_000;
// A message (or an edit) that has not reached everyone by then is lost, not slow.
export const GIVE_UP_MS = 30_000;
const PAINT_RUNS = 5;

interface Place {
  workspaceId: string;
  channelId: string;
  ownerId: string;
}

export const api = (serverUrl: string, template: string, params: Record<string, string>) =>
  `${serverUrl}/api${workspacePath(template, params)}`;
const messagesUrl = (serverUrl: string, place: Place) =>
  api(serverUrl, chatPaths.messages, { id: place.workspaceId, channelId: place.channelId });
const workspaceUrl = (serverUrl: string, place: Place) => `${serverUrl}/api/workspaces/${place.workspaceId}`;
type NewMessage = Extract<LiveEvent, { type: 'chat.message' }>;
const messageIn = (channelId: string, body?: string) => (event: LiveEvent) =>
  event.type === 'chat.message' && event.channelId === channelId && (body === undefined || event.message.body === body);

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const within = <T>(promise: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not arrive within ${GIVE_UP_MS / 1000} s`)), GIVE_UP_MS).unref(),
    ),
  ]);

// The account's workspace and its #general (made on the first read of the channel list, as the page's).
async function general(serverUrl: string, account: BenchAccount): Promise<Place> {
  const { currentId } = await call<{ currentId: string }>(`${serverUrl}/api/workspaces`, account.cookie);
  const { user } = await call<{ user: { id: string } }>(`${serverUrl}/api/current-user`, account.cookie);
  const { channels } = await call<ChannelsResponse>(api(serverUrl, chatPaths.channels, { id: currentId }), account.cookie);
  const channel = channels.find((one) => one.name === GENERAL_CHANNEL);
  if (!channel) throw new Error('the workspace has no #general');
  return { workspaceId: currentId, channelId: channel.id, ownerId: user.id };
}

// `count` members with the channel open: in the workspace, in the channel with everything read, signed in.
async function seedReaders(db: Db, place: Place, count: number): Promise<string[]> {
  const now = Date.now();
  const ids = await seedMembers(db, place.workspaceId, count, now, (i) => `Reader ${i + 1}`);
  await inBatches(ids, (batch) =>
    db.kysely
      .insertInto('chat_members')
      .values(
        batch.map((id) => ({
          channel_id: place.channelId,
          user_id: id,
          workspace_id: place.workspaceId,
          last_read_seq: 0,
          joined_at: now,
        })),
      )
      .execute(),
  );
  return seedSessions(db, ids, now);
}

// A member with the channel open: their stream, and the newest message their page holds.
interface Reader {
  stream: Stream;
  cookie: string;
  newestSeq: number | null;
}

// The channel's latest page, as the page reads it on opening and when a message does not follow its newest.
async function latestPage(serverUrl: string, place: Place, cookie: string): Promise<MessagesResponse> {
  return call<MessagesResponse>(messagesUrl(serverUrl, place), cookie);
}

// Opens the channel on each reader's page.
async function openPages(serverUrl: string, place: Place, readers: Reader[]): Promise<void> {
  await inBatches(
    readers,
    async (batch) => {
      await Promise.all(
        batch.map(async (reader) => void (reader.newestSeq = (await latestPage(serverUrl, place, reader.cookie)).messages[0]?.seq ?? null)),
      );
    },
    50,
  );
}

interface Arrivals {
  // POST start to the message in each reader's hand, and to its event on each stream.
  inHand: number[];
  notice: number[];
  // Pages that read the channel again because the message did not follow their newest.
  rereads: number;
}

// One message from the owner, heard on every reader's stream: appended where it follows the page's
// newest, else read again there.
async function sendOnce(writerUrl: string, readerUrl: string, place: Place, account: BenchAccount, readers: Reader[], text: string) {
  const started = performance.now();
  let rereads = 0;
  const heard = readers.map(async (reader) => {
    let event: NewMessage | undefined;
    const noticed = await reader.stream.next((one) => messageIn(place.channelId, text)(one) && Boolean((event = one as NewMessage)));
    const { message, previousSeq } = event!;
    if (previousSeq === reader.newestSeq) {
      reader.newestSeq = message.seq;
      return { noticed, at: noticed, ids: [message.id] };
    }
    rereads += 1;
    const page = await latestPage(readerUrl, place, reader.cookie);
    reader.newestSeq = page.messages[0]?.seq ?? null;
    return { noticed, at: performance.now(), ids: page.messages.map((one) => one.id) };
  });
  const [{ message }, arrivals] = await within(
    Promise.all([call<MessageResponse>(messagesUrl(writerUrl, place), account.cookie, 'POST', { body: text }), Promise.all(heard)]),
    `a message to ${readers.length} readers`,
  );
  if (arrivals.some((arrival) => !arrival.ids.includes(message.id))) throw new Error('a reader was left without the new message');
  return {
    inHand: arrivals.map((arrival) => arrival.at - started),
    notice: arrivals.map((arrival) => arrival.noticed - started),
    rereads,
  };
}

// The streams subscribe just after their headers go out: a message is sent until every stream has heard one.
async function warmUp(writerUrl: string, place: Place, account: BenchAccount, streams: Stream[]) {
  const heard = Promise.all(streams.map((stream) => stream.next(messageIn(place.channelId))));
  for (let attempt = 0; attempt < 20; attempt++) {
    await call(messagesUrl(writerUrl, place), account.cookie, 'POST', { body: `Warming up (${attempt})` });
    const all = await Promise.race([heard.then(() => true), pause(500).then(() => false)]);
    // Late notices of the tries before are let go by, so none is taken for a measured message's.
    if (all) return pause(1000);
  }
  throw new Error('not every stream heard a message within 20 tries');
}

const summary = (arrivals: Arrivals) => ({
  rereads: arrivals.rereads,
  p50Ms: percentile(arrivals.inHand, 0.5),
  p95Ms: percentile(arrivals.inHand, 0.95),
  maxMs: round(Math.max(...arrivals.inHand)),
  noticeP95Ms: percentile(arrivals.notice, 0.95),
});

// The server's database, for seeding: its SQLite file, or the PostgreSQL database it shares.
export const openDb = (server: BenchServer, postgresUrl?: string) =>
  postgresUrl ? openPostgres(postgresUrl) : openSqlite(join(server.dataDir, 'tessera.db'));

export interface ChatSendFigures {
  sends: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  noticeP95Ms: number;
  // Pages that read the channel again (the message did not follow their newest), of sends × readers.
  rereads: number;
}

// `sends` messages from the account into #general through `writer`, one at a time, each waited for by
// one other member with the channel open on `reader` (the same server, or another instance on the same
// PostgreSQL). `postgresUrl` is where the bench seeds when not the writer's SQLite file.
export async function measureChatSend(
  writer: BenchServer,
  reader: BenchServer,
  account: BenchAccount,
  { postgresUrl }: { postgresUrl?: string },
  sends = 60,
): Promise<ChatSendFigures> {
  const db = await openDb(writer, postgresUrl);
  try {
    const place = await general(writer.url, account);
    const [cookie] = await seedReaders(db, place, 1);
    const stream = await openStream(workspaceUrl(reader.url, place), cookie!);
    try {
      await warmUp(writer.url, place, account, [stream]);
      const readers: Reader[] = [{ stream, cookie: cookie!, newestSeq: null }];
      await openPages(reader.url, place, readers);
      const arrivals: Arrivals = { inHand: [], notice: [], rereads: 0 };
      for (let i = 0; i < sends; i++) {
        const one = await sendOnce(writer.url, reader.url, place, account, readers, `Are we still on for the demo at three? (${i})`);
        arrivals.inHand.push(...one.inHand);
        arrivals.notice.push(...one.notice);
        arrivals.rereads += one.rereads;
      }
      return { sends, ...summary(arrivals) };
    } finally {
      stream.close();
    }
  } finally {
    await db.close();
  }
}

export interface ChatFanOutFigures extends ChatSendFigures {
  members: number;
  // The server's RSS before the streams opened, and the most seen while they were open.
  idleRssMb: number;
  rssMb: number;
  // The server's CPU time from each message's POST to the last member having it, median and most.
  cpuMsPerMessage: number;
  cpuMsMax: number;
}

// `members` members each with #general open (one stream each, so no person's stream limit is near),
// then `sends` messages from the account, each waited for until every member has it.
export async function measureChatFanOut(server: BenchServer, account: BenchAccount, members = 500, sends = 10): Promise<ChatFanOutFigures> {
  const db = await openDb(server);
  const readers: Reader[] = [];
  let peakRss = 0;
  const sample = () => (peakRss = Math.max(peakRss, rssMb(server.child.pid!)));
  let sampler: NodeJS.Timeout | undefined;
  try {
    const place = await general(server.url, account);
    const cookies = await seedReaders(db, place, members);
    const idleRssMb = round(server.rssMb());
    sampler = setInterval(sample, 50);
    for (const cookie of cookies)
      readers.push({ stream: await openStream(workspaceUrl(server.url, place), cookie), cookie, newestSeq: null });
    await warmUp(
      server.url,
      place,
      account,
      readers.map((reader) => reader.stream),
    );
    await openPages(server.url, place, readers);
    const arrivals: Arrivals = { inHand: [], notice: [], rereads: 0 };
    const cpu: number[] = [];
    for (let i = 0; i < sends; i++) {
      const cpuBefore = cpuMs(server.child.pid!);
      const one = await sendOnce(
        server.url,
        server.url,
        place,
        account,
        readers,
        `Release notes are up, please read them before standup (${i})`,
      );
      cpu.push(cpuMs(server.child.pid!) - cpuBefore);
      arrivals.inHand.push(...one.inHand);
      arrivals.notice.push(...one.notice);
      arrivals.rereads += one.rereads;
      // A pause between messages, as in a channel people write in: each message's work is its own.
      await pause(500);
    }
    sample();
    return {
      members,
      sends,
      idleRssMb,
      rssMb: round(peakRss),
      cpuMsPerMessage: median(cpu),
      cpuMsMax: Math.max(...cpu),
      ...summary(arrivals),
    };
  } finally {
    clearInterval(sampler);
    readers.forEach((reader) => reader.stream.close());
    await db.close();
  }
}

export interface ChatHistory extends Place {
  messages: number;
  firstSeq: number;
  latestSeq: number;
  // The newest message's words, which the opened channel shows at its bottom.
  latestText: string;
}

const historyText = (i: number, total: number) =>
  `Note ${i + 1} of ${total}: ${['the build is green again', 'who has the keys to the demo room?', 'pushed the fix for the invoice rounding', 'lunch at noon?'][i % 4]}`;

// A new channel of `messages` messages a minute apart up to now, from the account and 20 teammates, a
// reaction on every tenth; the account has read them all.
export async function seedChatHistory(server: BenchServer, account: BenchAccount, messages = 100_000): Promise<ChatHistory> {
  const { workspaceId, ownerId } = await general(server.url, account);
  const { channel } = await call<ChannelResponse>(api(server.url, chatPaths.channels, { id: workspaceId }), account.cookie, 'POST', {
    name: 'release-history',
  });
  const db = await openDb(server);
  try {
    const now = Date.now();
    const authors = [ownerId, ...(await seedMembers(db, workspaceId, 20, now, (i) => `Teammate ${i + 1}`))];
    const rows = Array.from({ length: messages }, (_, i) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      channel_id: channel.id,
      author_id: authors[i % authors.length]!,
      body: historyText(i, messages),
      created_at: now - (messages - i) * MINUTE_MS,
      edited_at: null,
      parent_id: null,
      last_reply_at: null,
      author_name: null,
      slack_ts: null,
    }));
    await inBatches(rows, (batch) => db.kysely.insertInto('chat_messages').values(batch).execute());
    const reactions = rows
      .filter((_, i) => i % 10 === 0)
      .map((row, i) => ({
        message_id: row.id,
        workspace_id: workspaceId,
        reactor_key: authors[(i + 1) % authors.length]!,
        user_id: authors[(i + 1) % authors.length]!,
        emoji: '👍',
        created_at: row.created_at,
      }));
    await inBatches(reactions, (batch) => db.kysely.insertInto('chat_reactions').values(batch).execute());
    const range = await db.kysely
      .selectFrom('chat_messages')
      .select((eb) => [eb.fn.min('seq').as('first'), eb.fn.max('seq').as('latest')])
      .where('channel_id', '=', channel.id)
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('chat_members')
      .set({ last_read_seq: Number(range.latest) })
      .where('channel_id', '=', channel.id)
      .where('user_id', '=', ownerId)
      .execute();
    return {
      workspaceId,
      channelId: channel.id,
      ownerId,
      messages,
      firstSeq: Number(range.first),
      latestSeq: Number(range.latest),
      latestText: historyText(messages - 1, messages),
    };
  } finally {
    await db.close();
  }
}

// A fresh load of /chat on the channel (its code in the HTTP cache from a first, unmeasured visit),
// from navigation start to the paint that shows its newest message: the median of five.
export async function chatOpenPaint(
  serverUrl: string,
  account: BenchAccount,
  history: ChatHistory,
): Promise<{ paintMs: number; runs: number[] }> {
  const { browser, page } = await signedInPage(serverUrl, account, {
    '/chat': `document.body.textContent.includes(${JSON.stringify(history.latestText)})`,
  });
  try {
    const path = `/chat?channel=${history.channelId}`;
    await loadPaint(browser, page, path);
    const runs: number[] = [];
    for (let run = 0; run < PAINT_RUNS; run++) runs.push(round(await loadPaint(browser, page, path)));
    return { paintMs: round(median(runs)), runs };
  } finally {
    await browser.close();
  }
}

export interface ScrollBackFigures {
  pages: number;
  // The server's own time for each `?before` request (its request log), and the round trip as the bench saw it.
  serverP50Ms: number;
  serverP99Ms: number;
  roundTripP99Ms: number;
}

// The time the server took for each read of a channel's messages, from its request log (one JSON line each).
function loggedPageReads(output: string): number[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{') || !line.endsWith('}')) return [];
    const entry = JSON.parse(line) as { method?: string; route?: string; ms?: number };
    return entry.method === 'GET' && entry.route?.endsWith(chatPaths.messages) && entry.ms !== undefined ? [entry.ms] : [];
  });
}

// Scrolling back: `walked` pages one after the other from the newest, as a person scrolls, then `spread`
// pages at positions across the whole history. The server must log requests (LOG_LEVEL=info): its
// request line holds the time it took, which is the figure.
export async function measureScrollBack(
  server: BenchServer,
  account: BenchAccount,
  history: ChatHistory,
  walked = 300,
  spread = 200,
): Promise<ScrollBackFigures> {
  const url = messagesUrl(server.url, history);
  const page = (before: string) => call<MessagesResponse>(`${url}?before=${before}`, account.cookie);
  const { nextCursor } = await call<MessagesResponse>(url, account.cookie);
  const cursors: string[] = [];
  for (let cursor = nextCursor; cursors.length < walked && cursor;) {
    cursors.push(cursor);
    cursor = (await page(cursor)).nextCursor;
  }
  const span = history.latestSeq - history.firstSeq;
  const positions = Array.from({ length: spread }, (_, i) => String(history.firstSeq + Math.round(((i + 0.5) / spread) * span)));
  // The walk's own log lines go by first: what follows is the measured reads' alone.
  await pause(1000);
  const logged = server.output().length;
  const roundTrips: number[] = [];
  for (const before of [...cursors, ...positions]) {
    const started = performance.now();
    const { messages } = await page(before);
    roundTrips.push(performance.now() - started);
    if (messages.length === 0) throw new Error(`no messages before ${before}`);
  }
  let serverMs = loggedPageReads(server.output().slice(logged));
  // The log is written asynchronously: its last lines may still be on their way.
  for (let waited = 0; serverMs.length < roundTrips.length && waited < 5000; waited += 50) {
    await pause(50);
    serverMs = loggedPageReads(server.output().slice(logged));
  }
  if (serverMs.length !== roundTrips.length)
    throw new Error(`the server logged ${serverMs.length} of ${roundTrips.length} page reads (LOG_LEVEL=info?)`);
  return { pages: roundTrips.length, serverP50Ms: percentile(serverMs, 0.5), serverP99Ms: p99(serverMs), roundTripP99Ms: p99(roundTrips) };
}
