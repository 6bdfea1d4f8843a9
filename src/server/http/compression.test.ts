import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, COMPRESS_ON_LOOP_MAX_BYTES, compressedOnce, encoded, registerCompression } from './compression.ts';

const big = {
  tasks: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Task ${i}`, description: 'A task of the board. '.repeat(5) })),
};

async function app() {
  const server = Fastify();
  registerCompression(server);
  server.get('/big', async () => big);
  server.get('/small', async () => ({ ok: true }));
  // Past the size compressed on the event loop: compressed on libuv's pool instead.
  server.get('/huge', async () => ({ text: 'A long description of the task. '.repeat((2 * COMPRESS_ON_LOOP_MAX_BYTES) / 32) }));
  const kept = compressedOnce(Buffer.from(JSON.stringify(big)));
  server.get('/kept', (_request, reply) => reply.type('application/json').send(kept));
  server.get('/stream', (_request, reply) => reply.type('text/event-stream').send('data: {}\n\n'.repeat(200)));
  server.get('/image', (_request, reply) => reply.type('image/png').send(Buffer.alloc(4 * COMPRESS_MIN_BYTES)));
  await server.ready();
  return server;
}

describe('compression of answers', () => {
  it('answers Brotli when accepted, else gzip, else plain, and says it varies by Accept-Encoding', async () => {
    const server = await app();
    const br = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);

    for (const header of [undefined, 'identity', 'gzip;q=0']) {
      const plain = await server.inject({ url: '/big', headers: header ? { 'accept-encoding': header } : {} });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(big);
      expect(plain.headers.vary).toBe('Accept-Encoding');
    }
    await server.close();
  });

  it('compresses answers too large for the event loop, and kept answers, the same way', async () => {
    const server = await app();
    for (const url of ['/huge', '/kept']) {
      const plain = await server.inject({ url });
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const answer = await server.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(answer.headers['content-encoding'], url).toBe(encoding);
        expect(answer.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 4);
        expect(decode(answer.rawPayload).toString(), url).toBe(plain.body);
      }
    }
    await server.close();
  });

  it('makes each encoding of a kept answer once, and of any other answer every time', () => {
    const kept = compressedOnce(Buffer.from(JSON.stringify(big)));
    expect(encoded(kept, 'br')).toBe(encoded(kept, 'br'));
    expect(encoded(kept, 'gzip')).toBe(encoded(kept, 'gzip'));
    expect(encoded(kept, 'gzip')).not.toBe(encoded(kept, 'br'));
    const passing = Buffer.from(JSON.stringify(big));
    expect(encoded(passing, 'br')).not.toBe(encoded(passing, 'br'));
  });

  it('leaves small answers, live-stream frames and non-text types as they are', async () => {
    const server = await app();
    for (const url of ['/small', '/stream', '/image']) {
      const answer = await server.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(answer.headers['content-encoding'], url).toBeUndefined();
    }
    await server.close();
  });
});
