import { API_BASE } from '#src/shared/api-paths.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// spec 8: the server's `error` field, else the raw response body, else the caller's default text.
export async function api<T>(method: Method, path: string, body?: unknown, fallback = 'Request failed'): Promise<T> {
  const response = await fetch(API_BASE + path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await response.text();
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const serverError = parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string' ? parsed.error : '';
    throw new ApiError(serverError || raw.trim() || fallback, response.status);
  }
  return parsed as T;
}
