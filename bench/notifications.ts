// The notification budgets, against the production server: a comment that mentions 10 members on a task
// with 50 followers (its 2xx), that mention reaching the mentioned person's open bell stream, and the
// bell's list of 50 with 10,000 notifications in the table. The members, follows, a session for the
// mentioned person and the 10,000 notifications are written straight into the server's database (through
// the API they would take minutes of sign-ups); the measured calls go through HTTP as a browser's do.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openPostgres, openSqlite, type Db } from '#src/server/db/connect.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import type { Task } from '#src/shared/tasks/paths.ts';
import { seedMembers, seedSessions, type BenchAccount } from './account.ts';
import { inBatches, p99 } from './insights.ts';
import { timedGets } from './timed-gets.ts';
import type { BenchServer } from './server.ts';
import { round } from './stats.ts';

const FOLLOWERS = 50;
const MENTIONED = 10;
const NOTIFICATIONS = 10_000;

export interface NotificationFigures {
  comments: number;
  commentP95Ms: number;
  liveP50Ms: number;
  liveP95Ms: number;
  liveMaxMs: number;
  bellListP99Ms: number;
}

export const percentile = (samples: number[], share: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
};

export async function call<T>(url: string, cookie: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

// The bell's stream read as EventSource reads it: `nextAbove(n)` resolves at the arrival of a count above n.
async function openBell(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/me/notifications/events`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`the bell stream answered ${response.status}`);
  const state: { unread: number; waiting: { above: number; resolve: (at: number) => void } | null } = { unread: -1, waiting: null };
  let first: () => void = () => {};
  const connected = new Promise<void>((resolve) => (first = resolve));
  let pending = '';
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        pending += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const data = /^data: (.*)$/m.exec(pending.slice(0, end))?.[1];
          pending = pending.slice(end + 2);
          if (!data) continue;
          state.unread = (JSON.parse(data) as { unread: number }).unread;
          first();
          if (state.waiting && state.unread > state.waiting.above) {
            state.waiting.resolve(at);
            state.waiting = null;
          }
        }
      }
    } catch {
      // Closed.
    }
  })();
  await connected;
  return {
    unread: () => state.unread,
    nextAbove: (above: number) => new Promise<number>((resolve) => (state.waiting = { above, resolve })),
    close: () => controller.abort(),
  };
}

interface Seeded {
  mentioned: string[];
  mentionedCookie: string;
}

// 50 followers of the task (the 10 mentioned among them), a session for the first mentioned, and
// 10,000 notifications of the owner's (the bell list's table).
async function seedPeople(db: Db, workspaceId: string, ownerId: string, taskId: string): Promise<Seeded> {
  const k = db.kysely;
  const now = Date.now();
  const people = await seedMembers(db, workspaceId, FOLLOWERS, now, (i) => `Follower ${i + 1}`);
  await k
    .insertInto('task_follows')
    .values(people.map((id) => ({ task_id: taskId, user_id: id, workspace_id: workspaceId, following: 1 })))
    .execute();
  const [mentionedCookie] = await seedSessions(db, [people[0]!], now);
  const notifications = Array.from({ length: NOTIFICATIONS }, (_, i) => ({
    id: randomUUID(),
    user_id: ownerId,
    workspace_id: workspaceId,
    kind: (i % 3 ? 'commented' : 'mentioned') as 'commented' | 'mentioned',
    task_id: taskId,
    actor_id: people[i % FOLLOWERS]!,
    excerpt: `${mentionToken(ownerId)} a look at the invoice, please (${i})`,
    detail: null,
    read_at: i % 4 ? now : null,
    email_state: 'skipped' as const,
    created_at: now - i * 60_000,
  }));
  await inBatches(notifications, (batch) => k.insertInto('notifications').values(batch).execute());
  return { mentioned: people.slice(0, MENTIONED), mentionedCookie: mentionedCookie! };
}

// `writer` takes the comments; the mentioned person's bell is open on `reader` (the same server, or
// another instance on the same PostgreSQL). `database` is where the bench seeds.
export async function measureNotifications(
  writer: BenchServer,
  reader: BenchServer,
  account: BenchAccount,
  database: { postgresUrl?: string },
  comments = 60,
): Promise<NotificationFigures> {
  const db = database.postgresUrl ? await openPostgres(database.postgresUrl) : await openSqlite(join(writer.dataDir, 'tessera.db'));
  try {
    const { currentId } = await call<{ currentId: string }>(`${writer.url}/api/workspaces`, account.cookie);
    const { user } = await call<{ user: { id: string } }>(`${writer.url}/api/current-user`, account.cookie);
    const workspaceUrl = `${writer.url}/api/workspaces/${currentId}`;
    const { task } = await call<{ task: Task }>(`${workspaceUrl}/tasks`, account.cookie, 'POST', {
      title: 'Invoice for the spring launch',
    });
    const seeded = await seedPeople(db, currentId, user.id, task.id);
    const body = `Please look at this before Friday: ${seeded.mentioned.map(mentionToken).join(' ')}`;

    const bell = await openBell(reader.url, seeded.mentionedCookie);
    const commits: number[] = [];
    const delays: number[] = [];
    try {
      for (let i = 0; i < comments; i++) {
        const arrived = bell.nextAbove(bell.unread());
        const started = performance.now();
        await call(`${workspaceUrl}/tasks/${task.id}/comments`, account.cookie, 'POST', { body: `${body} (${i})` });
        const answered = performance.now();
        commits.push(answered - started);
        delays.push(Math.max(0, (await arrived) - answered));
      }
    } finally {
      bell.close();
    }

    const list = await timedGets(`${writer.url}/api/me/notifications`, { cookie: account.cookie }, 300);
    return {
      comments,
      commentP95Ms: percentile(commits, 0.95),
      liveP50Ms: percentile(delays, 0.5),
      liveP95Ms: percentile(delays, 0.95),
      liveMaxMs: round(Math.max(...delays)),
      bellListP99Ms: p99(list),
    };
  } finally {
    await db.close();
  }
}
