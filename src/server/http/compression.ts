import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// JSON and text answers compressed by Accept-Encoding (Brotli, else gzip). @fastify/compress is not
// among our dependencies (no install on this round), and what we need is one onSend hook: answers
// built in memory (strings and buffers), never streams, so the live streams' small SSE frames and the
// static files (served precompressed by @fastify/static) pass untouched. Below the threshold the
// saving is smaller than a TCP packet and costs a compression call each. Work runs on libuv's pool,
// not the event loop. Brotli at quality 4 (not its default 11): about gzip's speed, smaller output.
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|[\w.+-]+\+json|javascript|xml)|text\/(?!event-stream))/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

// The encodings a client accepts, q=0 meaning refused.
function accepted(header: string | undefined, name: string): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding, ...parameters] = part.trim().split(';');
    if (coding!.trim().toLowerCase() !== name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    return q === undefined || Number(q) > 0;
  }
  return false;
}

export function registerCompression(app: FastifyInstance): void {
  // Callback style, not async: most answers are left as they are, and an async hook cost every one of
  // them a promise and a turn of the microtask queue (the hot current-user call, docs/performance.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    // Answers built in memory only: streams (static files, live streams) pass untouched.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const encoding = encodingFor(request, reply, payload);
    if (encoding === null) return done(null, payload);
    const compressing = encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzipped(payload);
    compressing.then(
      (compressed) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}

// How this answer is to be compressed, or null to send it as it is.
function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: string | Buffer): 'br' | 'gzip' | null {
  if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return null;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return null;
  // Caches must keep the compressed and plain answers apart, whichever this one is.
  reply.header('vary', 'Accept-Encoding');
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return null;
  const header = request.headers['accept-encoding'];
  return accepted(header, 'br') ? 'br' : accepted(header, 'gzip') ? 'gzip' : null;
}
