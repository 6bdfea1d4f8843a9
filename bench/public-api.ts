import type { BenchAccount } from './account.ts';
import type { BenchServer } from './server.ts';

const PAGE = 50;

// product rules B6: a workspace with a key and a full page of tasks, made through the API the
// way an owner and an integration would. Answers the headers a GET /api/v1/tasks?limit=50 needs.
export async function preparePublicApi(
  server: BenchServer,
  account: BenchAccount,
): Promise<{ url: string; headers: Record<string, string> }> {
  const browser = { cookie: account.cookie, 'content-type': 'application/json', origin: server.url };
  const { currentId } = (await (await fetch(`${server.url}/api/workspaces`, { headers: { cookie: account.cookie } })).json()) as {
    currentId: string;
  };
  const made = await fetch(`${server.url}/api/workspaces/${currentId}/api-keys`, {
    method: 'POST',
    headers: browser,
    body: JSON.stringify({ name: 'Bench' }),
  });
  if (made.status !== 201) throw new Error(`API key creation answered ${made.status}: ${await made.text()}`);
  const { secret } = (await made.json()) as { secret: string };
  const headers = { authorization: `Bearer ${secret}` };
  for (let i = 0; i < PAGE; i++) {
    const created = await fetch(`${server.url}/api/v1/tasks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Bench task ${i + 1}`, description: 'A task of the bench.', priority: 'medium', labels: ['bench'] }),
    });
    if (created.status !== 201) throw new Error(`POST /api/v1/tasks answered ${created.status}: ${await created.text()}`);
  }
  const url = `${server.url}/api/v1/tasks?limit=${PAGE}`;
  const page = (await (await fetch(url, { headers })).json()) as { tasks: unknown[] };
  if (page.tasks.length !== PAGE) throw new Error(`GET /api/v1/tasks answered ${page.tasks.length} tasks, not ${PAGE}`);
  return { url, headers };
}
