// What tests of many domains share about tasks: a team of two in one workspace, a stranger with a workspace of their own,
// and a reader of the live event stream.
import { beforeEach } from 'vitest';
import type { Column, LiveEvent, Task } from '#src/shared/tasks/paths.ts';
import type { Engine } from '#src/server/db/connect.ts';
import { useTestApp, type Client, type TestApp } from './test-app.ts';
import { createWorkspace, invite, person, type Person } from './workspaces.ts';

export interface Team {
  owner: Person;
  member: Person;
  id: string;
  columns: Column[];
}

export async function team(t: TestApp, name = 'Team'): Promise<Team> {
  const owner = await person(t, 'Olive Owner');
  const id = await createWorkspace(owner, name);
  const member = await person(t, 'Mina Member');
  const { token } = await invite(t, owner, id, member.email);
  const accepted = await member.c.post('/invitations/accept', { token });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
  const columns = (await owner.c.get(`/workspaces/${id}/columns`)).body.columns as Column[];
  return { owner, member, id, columns };
}

// The start of most domain tests: the app, and before each test a fresh team, handed to `take`. Limits
// are raised, as each test signs several people up from one address.
export function useTeam(engine: Engine, take: (made: { t: TestApp; tm: Team }) => void, env: Record<string, string> = {}): void {
  const app = useTestApp(engine, { env: { RATE_LIMIT_MULTIPLIER: '1000', ...env } });
  beforeEach(async () => {
    const t = app();
    take({ t, tm: await team(t) });
  });
}

export async function createTask(c: Client, workspaceId: string, body: Record<string, unknown>): Promise<Task> {
  const answer = await c.post(`/workspaces/${workspaceId}/tasks`, body);
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.task;
}

// Titles of a column's live tasks, top to bottom, read page by page.
export async function columnTitles(c: Client, workspaceId: string, columnId: string): Promise<string[]> {
  const titles: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `column=${columnId}${cursor ? `&cursor=${cursor}` : ''}`;
    const answer = await c.get(`/workspaces/${workspaceId}/tasks?${query}`);
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    titles.push(...answer.body.tasks.map((task: Task) => task.title));
    cursor = answer.body.nextCursor;
  } while (cursor);
  return titles;
}

export const cookieOf = (c: Client) => [...c.jar].map(([name, value]) => `${name}=${value}`).join('; ');

export interface EventReader {
  status: number;
  headers: Headers;
  events: LiveEvent[];
  // Everything received, comments and named events included.
  raw: () => string;
  waitFor: (test: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent>;
  // Settles when the server ends the stream.
  ended: Promise<void>;
  close: () => void;
}

// A browser's EventSource, reduced to what the tests look at.
export async function readEvents(
  baseUrl: string,
  c: Client,
  workspaceId: string,
  options: { query?: string; lastEventId?: string } = {},
): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/workspaces/${workspaceId}/events${options.query ?? ''}`, {
    headers: { cookie: cookieOf(c), accept: 'text/event-stream', ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  let text = '';
  let pending = '';
  const waiters = new Set<() => boolean>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const decoder = new TextDecoder();
    ended = (async () => {
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const decoded = decoder.decode(chunk, { stream: true });
          text += decoded;
          pending += decoded;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data && !block.includes('event: ')) events.push(JSON.parse(data) as LiveEvent);
          }
          waiters.forEach((check) => check());
        }
      } catch {
        // Aborted by close().
      }
    })();
  } else {
    text = await response.text();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    raw: () => text,
    ended,
    waitFor(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(test);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
