import type { FastifyReply } from 'fastify';
import type { Db } from '#src/server/db/connect.ts';
import { createReadMemo } from '#src/server/db/read-memo.ts';
import { compressedOnce } from './compression.ts';
import { requestSlot } from './request-slot.ts';

// The snapshot a request's session look-up read in, on PostgreSQL (db/read-memo.ts); the workspace door sets it.
export const readVersions = requestSlot<string>('read version');

// An answer already serialized (with the route's serializer, so checked outside production), sent as it is.
export function sendSerialized(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

// A hot read answered from memory already serialized (db/read-memo.ts): a repeated read costs neither
// its queries nor the JSON work (product rules B6). Fastify sends text as it is, so `serialize` is the
// app's serializer for the answer's schema: it checks the answer outside production and is plain
// JSON.stringify in production. It is kept as bytes: text is measured and encoded again on every send
// (two passes over a page of 50 tasks, 16 KB), and compressed once for each encoding a browser asks for
// (a repeated page in the browser cost 426 µs of CPU, Brotli every time, against 50 µs sent plain).
// `maxEntries` bounds the memory (a page may be a megabyte).
export function createRememberedJson<T>(db: Pick<Db, 'changeVersion'>, maxEntries: number, serialize: (answer: T) => string) {
  const remembered = createReadMemo(db, maxEntries);
  return async (reply: FastifyReply, key: string, load: () => Promise<T>) =>
    sendSerialized(
      reply,
      await remembered(key, async () => compressedOnce(Buffer.from(serialize(await load()))), readVersions.get(reply.request)),
    );
}
