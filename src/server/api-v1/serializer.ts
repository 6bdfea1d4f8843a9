import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as checkingSerializer } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '#src/server/config.ts';

// How /api/v1 turns an answer into JSON. In tests and development each answer is checked against its
// route's zod schema (the one the OpenAPI document is made from), so an answer that drifts from the
// document fails there. In production the check is skipped: the answers are built field by field
// (public-task.ts), and checking 50 tasks cost more than the rest of the request (a page of 50: zod
// encode + JSON.stringify 1,347 µs, JSON.stringify 327 µs, fast-json-stringify compiled from the same
// schema 620 µs, its anyOf/null and format handling included; docs/performance.md).
export function publicSerializerCompiler(env: Config['env']): FastifySerializerCompiler<z.ZodType> {
  if (env !== 'production') return checkingSerializer;
  return () => (data) => JSON.stringify(data);
}
