import { describe, expect, it } from 'vitest';
import { useTestApp, useTwoTestApps, type Client } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { cookieOf, createTask, team } from '../../../tests/support/tasks.ts';

// A tab's bell: the counts the per-person stream sends, in order.
async function openBell(baseUrl: string, c: Client) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/me/notifications/events`, { headers: { cookie: cookieOf(c) }, signal: controller.signal });
  const counts: number[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data) counts.push((JSON.parse(data) as { unread: number }).unread);
          waiters.forEach((wake) => wake());
        }
      }
    } catch {
      // closed by the test
    }
  })();
  return {
    status: response.status,
    counts,
    until: (unread: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (counts[counts.length - 1] !== unread) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => reject(new Error(`bell never showed ${unread}; saw ${counts.join(', ')}`)), 10_000);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}

describe.each(engines)('the live bell on %s', (engine) => {
  const app = useTestApp(engine, { env: { JOBS_POLL_MS: '0' } });

  it('rises when I am notified in any of my workspaces and falls when I read, without a reload', async () => {
    const t = app();
    const squad = await team(t, 'Live team');
    const bell = await openBell(t.url, squad.member.c);
    expect(bell.status).toBe(200);
    await bell.until(0);
    await createTask(squad.owner.c, squad.id, { title: 'Live one', assigneeId: squad.member.id });
    await bell.until(1);
    // A second tab's read lowers this tab's count too.
    await squad.member.c.post('/me/notifications/read-all', {});
    await bell.until(0);
    expect(bell.counts).toEqual([0, 1, 0]);
    bell.close();
  });

  it('refuses a stream to a guest', async () => {
    const response = await fetch(`${app().url}/api/me/notifications/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });
});

describe.each(engines)('the live bell across two instances on %s', (engine) => {
  const pair = useTwoTestApps(engine, { JOBS_POLL_MS: '0' });

  it('hears on one instance what was done on the other', async () => {
    const { a, b } = pair();
    const squad = await team(a, 'Two instances');
    const bell = await openBell(b.url, squad.member.c);
    await bell.until(0);
    await createTask(squad.owner.c, squad.id, { title: 'From A', assigneeId: squad.member.id });
    await bell.until(1);
    bell.close();
  });
});
