import { API_BASE } from '#src/shared/accounts/paths.ts';

// An app page's first reads go out as its code starts (app/main.tsx), not once React has rendered what
// asks for them: every app page's data waits on who is signed in, the portal check and the workspace
// list, and the last two used to wait for the first two renders. The first GET of each path through
// api() takes its answer (api-client.ts), once, within EARLY_READ_TTL_MS of the page's start. A change
// the page sends, a sign-in or a sign-out drops what is left: an answer from before accepting an
// invitation must not show the portal as it was, nor serve a person it was not asked for.
const EARLY_READ_TTL_MS = 5000;

const early = new Map<string, Promise<Response>>();
let askedAt = 0;

export function readEarly(paths: readonly string[]): void {
  askedAt = performance.now();
  for (const path of paths) {
    const response = fetch(API_BASE + path, { credentials: 'include', headers: { Accept: 'application/json' } });
    // Unhandled until taken; whoever takes it handles a failure as their own.
    response.catch(() => undefined);
    early.set(path, response);
  }
}

export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const response = early.get(path);
  early.delete(path);
  return response && performance.now() - askedAt < EARLY_READ_TTL_MS ? response : undefined;
}

export function dropEarlyReads(): void {
  early.clear();
}
