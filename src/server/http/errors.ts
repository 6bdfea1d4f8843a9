import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { serverError } from '#src/shared/server-messages.ts';

// Every failure leaves the server as `{ "error": "<clear sentence>" }` with a fitting status.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_IOERR',
  'SQLITE_FULL',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = String((error as { message?: unknown }).message ?? '');
  return /connection terminated|timeout exceeded when trying to connect|query read timeout|Connection terminated unexpectedly|connect ECONNREFUSED/i.test(
    message,
  );
}

function fromFastify(error: FastifyError): HttpError | null {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new HttpError(415, serverError.notJson);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new HttpError(413, serverError.bodyTooLarge);
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new HttpError(400, 'The request body is empty; send a JSON object.');
  if (error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return new HttpError(400, 'The Content-Length header does not match the body.');
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return new HttpError(400, serverError.malformedJson);
  if (/prototype/i.test(error.message) && error.statusCode === 400) return new HttpError(400, 'The request body contains a forbidden key.');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, error.statusCode === 404 ? serverError.notFound : 'The request could not be processed.');
  }
  return null;
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const known = error instanceof HttpError ? error : fromFastify(error as FastifyError);
  if (known) {
    return reply.code(known.statusCode).headers(known.headers).send({ error: known.message });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'database unavailable');
    return reply.code(503).header('Retry-After', '5').send({ error: serverError.unavailable });
  }
  // A 5xx never leaks internals; the log has the request id to find it.
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ error: serverError.internal });
}

// Fastify's frameworkErrors hook: errors raised before routing (FST_ERR_BAD_URL for `GET /%`, …) would
// otherwise answer Fastify's own shape, with the request path echoed back.
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_ASYNC_CONSTRAINT') {
    return reply.code(400).send({ error: serverError.badUrl });
  }
  return handleError(error, request, reply);
}
