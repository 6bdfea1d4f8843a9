import type { FastifyInstance } from 'fastify';
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    // Caches must keep the compressed and plain answers apart, whichever this one is.
    reply.header('vary', 'Accept-Encoding');
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    const header = request.headers['accept-encoding'];
    const encoding = accepted(header, 'br') ? 'br' : accepted(header, 'gzip') ? 'gzip' : null;
    if (!encoding) return payload;
    const compressed = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzipped(payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
