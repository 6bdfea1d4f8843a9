// What the public API's tests and others share: a key made the way an owner makes one, and a client that sends it.
import type { Person } from './workspaces.ts';
import { client, type Answer } from './test-app.ts';

export async function createKey(
  owner: Person,
  workspaceId: string,
  body: Record<string, unknown> = { name: 'Integration' },
): Promise<string> {
  const answer = await owner.c.post(`/workspaces/${workspaceId}/api-keys`, body);
  if (answer.status !== 201) throw new Error(`key creation failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.secret as string;
}

// A client of /api/v1 that sends `Authorization: Bearer <key>` (no cookie jar is shared with a browser).
export function keyClient(url: string, key: string | null) {
  const c = client(url);
  const auth: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
    c.call(method, `/v1${path}`, body, { ...auth, ...headers });
  return {
    call,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    del: (path: string) => call('DELETE', path),
  };
}

export type KeyClient = ReturnType<typeof keyClient>;
