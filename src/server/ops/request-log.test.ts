import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OneLineRequestLog } from './request-log.ts';

// A Fastify with buildApp's log controller, its log lines collected.
async function logged(level: string, send: (url: string) => Promise<unknown>) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLineRequestLog(), genReqId: () => 'req-0123456789' });
  app.get('/api/feeds/:secret', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await send(url);
  } finally {
    await app.close();
  }
  // Fastify's own per-request lines say `incoming request` and `request completed`: none may remain.
  return lines.filter((line) => String(line.msg).includes('request'));
}

describe('the request log', () => {
  it('writes one line per request with method, route pattern, status, duration, address and request id', async () => {
    const lines = await logged('info', async (url) => {
      await fetch(`${url}/api/feeds/s3cret-token?x=1`);
      await fetch(`${url}/nowhere`);
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      reqId: 'req-0123456789',
      method: 'GET',
      route: '/api/feeds/:secret',
      status: 200,
      ip: '127.0.0.1',
    });
    expect(lines[0]!.ms).toEqual(expect.any(Number));
    expect(lines[1]).toMatchObject({ route: 'unmatched', status: 404 });
    // The raw URL, and the secret it carries, is never written.
    expect(JSON.stringify(lines)).not.toContain('s3cret-token');
  });

  it('writes nothing per request below its level', async () => {
    expect(await logged('warn', async (url) => void (await fetch(`${url}/api/feeds/a`)))).toEqual([]);
  });
});
