import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { firstIssueMessage } from '#src/shared/validation.ts';
import { HttpError } from './errors.ts';

// Every route's params, query and body go through its zod schemas (the type provider types them);
// bad input answers like everywhere else: 400 with the first issue as one sentence (product rules S1).
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new HttpError(400, firstIssueMessage(result.error)) };
  };

// The named segments of a route's path; the router fills each with a string, and the service decides
// whether it names anything (an unknown id is its 404, as before).
export function pathParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as { [P in K]: z.ZodString });
}

// Fastify loads Ajv and fast-json-stringify when it is made, unless it is given its compilers then:
// ours are zod's both ways, so those two were ~15 ms of every cold start spent on code never called.
// Fastify's types name the Ajv factories; at run time a factory is any function returning a compiler.
export function zodCompilers(serializerCompiler: FastifySerializerCompiler<z.ZodType>): FastifyServerOptions['schemaController'] {
  const compilersFactory = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler };
  return { compilersFactory: compilersFactory as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'] };
}
