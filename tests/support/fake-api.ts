import { vi } from 'vitest';

// A stand-in for the server in component tests: answers `METHOD /path` from a table the test owns
// (and may change mid-test), records each call with its JSON body, and says 404 to anything else.
export type Reply = [status: number, body: unknown];
export type Handler = (body: unknown) => Reply;

export function fakeApi(routes: Record<string, Handler | Reply>) {
  const calls: Array<{ route: string; body: unknown }> = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ route, body });
    const answer = routes[route];
    const [status, json] = answer === undefined ? [404, { error: 'Not found.' }] : typeof answer === 'function' ? answer(body) : answer;
    return Promise.resolve(new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return { routes, calls, called: (route: string) => calls.filter((call) => call.route === route) };
}
