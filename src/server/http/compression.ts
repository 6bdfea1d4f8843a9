import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

// JSON and text answers compressed by Accept-Encoding (Brotli, else gzip). @fastify/compress is not
// among our dependencies (no install on this round), and what we need is one onSend hook: answers
// built in memory (strings and buffers), never streams, so the live streams' small SSE frames and the
// static files (served precompressed by @fastify/static) pass untouched. Below the threshold the
// saving is smaller than a TCP packet and costs a compression call each. Brotli at quality 4 (not its
// default 11): about gzip's speed, smaller output.
export const COMPRESS_MIN_BYTES = 1024;
// Up to this size an answer is compressed on the event loop: a page of 50 tasks (29 KB) took 144 µs of
// CPU there and 472 µs through libuv's pool, whose hand-offs between threads cost more than the work
// on two cores (docs/performance.md). Past it, the loop would stall for longer than a request's worth.
export const COMPRESS_ON_LOOP_MAX_BYTES = 64 * 1024;
const COMPRESSIBLE = /^(application\/(json|[\w.+-]+\+json|javascript|xml)|text\/(?!event-stream))/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip';

// The window fits the answer: Brotli's default 4 MB window is allocated and cleared on every call,
// which for a 29 KB answer cost a fifth of the compression.
const brotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(
      constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))),
    ),
  },
});

function compress(payload: string | Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  const bytes = Buffer.byteLength(payload);
  if (bytes <= COMPRESS_ON_LOOP_MAX_BYTES) return encoding === 'br' ? brotliCompressSync(payload, brotliOptions(bytes)) : gzipSync(payload);
  return encoding === 'br' ? brotli(payload, brotliOptions(bytes)) : gzipped(payload);
}

// Answers sent again and again as the same bytes (http/remembered-json.ts): each encoding of them is
// made once and kept as long as the answer is.
const lasting = new WeakMap<Buffer, Partial<Record<Encoding, Buffer | Promise<Buffer>>>>();
export function compressedOnce(payload: Buffer): Buffer {
  lasting.set(payload, {});
  return payload;
}

export function encoded(payload: string | Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  const kept = typeof payload === 'string' ? undefined : lasting.get(payload);
  if (!kept) return compress(payload, encoding);
  const known = kept[encoding];
  if (known) return known;
  const made = compress(payload, encoding);
  kept[encoding] = made;
  // A failure is not kept: the next send tries again.
  if (!Buffer.isBuffer(made)) made.catch(() => delete kept[encoding]);
  return made;
}

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
    const send = (compressed: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, compressed);
    };
    let compressing: Buffer | Promise<Buffer>;
    try {
      compressing = encoded(payload, encoding);
    } catch (error) {
      return done(error as Error);
    }
    if (Buffer.isBuffer(compressing)) return send(compressing);
    compressing.then(send, (error: Error) => done(error));
  });
}

// How this answer is to be compressed, or null to send it as it is.
function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: string | Buffer): Encoding | null {
  if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return null;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return null;
  // Caches must keep the compressed and plain answers apart, whichever this one is.
  reply.header('vary', 'Accept-Encoding');
  if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return null;
  const header = request.headers['accept-encoding'];
  return accepted(header, 'br') ? 'br' : accepted(header, 'gzip') ? 'gzip' : null;
}
