import { API_BASE } from '#src/shared/accounts/paths.ts';
import { announceAccessEnd } from './session-end.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The server's sentence for a failed call, else the screen's own.
export const problemText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function send(method: Method, path: string, body?: unknown): Promise<Response> {
  return fetch(API_BASE + path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// An app page's first reads go out as its code starts (app/main.tsx), not once React has rendered what
// asks for them: every app page's data waits on who is signed in, the portal check and the workspace
// list, and the last two used to wait for the first two renders. The first GET of each path through
// api() takes its answer, once, within EARLY_READ_TTL_MS of the page's start. A change the page sends,
// a sign-in or a sign-out drops what is left: an answer from before accepting an invitation must not
// show the portal as it was, nor serve a person it was not asked for.
const EARLY_READ_TTL_MS = 5000;
const earlyReads = new Map<string, { response: Promise<Response>; askedAt: number }>();

export function readEarly(paths: readonly string[]): void {
  const askedAt = performance.now();
  for (const path of paths) {
    const response = send('GET', path);
    // Unhandled until taken; whoever takes it handles a failure as their own.
    response.catch(() => undefined);
    earlyReads.set(path, { response, askedAt });
  }
}

function takeEarlyRead(path: string): Promise<Response> | undefined {
  const read = earlyReads.get(path);
  earlyReads.delete(path);
  return read && performance.now() - read.askedAt < EARLY_READ_TTL_MS ? read.response : undefined;
}

// An early read's answer (null when it failed or was not asked), left in place for the page that takes
// it: the page's own first reads follow from the workspace list before React has rendered anything. Its
// body is read from a copy made as it arrives, before any taker can have read the original.
export function peekEarlyRead<T>(path: string): Promise<T | null> {
  const read = earlyReads.get(path);
  if (!read) return Promise.resolve(null);
  return read.response.then((response) => (response.ok ? (response.clone().json() as Promise<T>) : null)).catch(() => null);
}

export function dropEarlyReads(): void {
  earlyReads.clear();
}

// spec 8: the server's `error` field, else the raw response body, else the caller's default text.
export async function api<T>(method: Method, path: string, body?: unknown, fallback = 'Request failed'): Promise<T> {
  // A change may alter what the page's early reads would answer: from here on, each is asked afresh.
  if (method !== 'GET') dropEarlyReads();
  const response = await ((method === 'GET' && takeEarlyRead(path)) || send(method, path, body));
  return answerOf<T>(response, fallback);
}

// A signal (presence, typing) changes nothing any read answers, so the page's early reads stay: the chat
// page says it is here as it opens, while its first reads are still on their way.
export async function signal<T>(path: string, body: unknown, fallback = 'Request failed'): Promise<T> {
  return answerOf<T>(await send('POST', path, body), fallback);
}

// A file sent as its own bytes (a Slack export's zip), with its name in X-File-Name.
export async function apiUpload<T>(path: string, file: File, contentType: string, fallback = 'Upload failed'): Promise<T> {
  dropEarlyReads();
  const response = await fetch(API_BASE + path, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': contentType, 'X-File-Name': encodeURIComponent(file.name) },
    body: file,
  });
  return answerOf<T>(response, fallback);
}

async function answerOf<T>(response: Response, fallback: string): Promise<T> {
  const raw = await response.text();
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    // A signed-in page whose session ended elsewhere; the session checks before it signs anyone out.
    if (response.status === 401) announceAccessEnd('signed-out');
    const serverError = parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string' ? parsed.error : '';
    throw new ApiError(serverError || raw.trim() || fallback, response.status);
  }
  return parsed as T;
}
