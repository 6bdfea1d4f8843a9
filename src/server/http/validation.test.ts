import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { pathParams, validatorCompiler } from './validation.ts';

const SERVER = 'src/server';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// Input read past the route's schemas: a cast of what the client sent, or a parse inside the handler.
const UNCHECKED_INPUT = [/\brequest\.(params|query|body)\s+as\b/, /\bparseBody\(/];

describe('route input', () => {
  it('is read only through each route’s zod schemas, never cast or parsed by hand', () => {
    const unchecked = sources(SERVER)
      .filter((path) => UNCHECKED_INPUT.some((pattern) => pattern.test(readFileSync(path, 'utf8'))))
      .map((path) => relative(SERVER, path));
    expect(unchecked).toEqual([]);
  });

  it('answers bad input with the first issue as one sentence, and hands the handler the parsed value', () => {
    const validate = validatorCompiler({
      schema: z.strictObject({ name: z.string().trim() }),
      method: 'POST',
      url: '/x',
      httpPart: 'body',
    });
    expect(validate({ name: '  Ada ' })).toEqual({ value: { name: 'Ada' } });
    const refused = validate({ name: 'Ada', role: 'admin' }) as { error: HttpError };
    expect(refused.error).toBeInstanceOf(HttpError);
    expect([refused.error.statusCode, refused.error.message]).toEqual([400, 'Unexpected field: "role".']);
    expect((validate(null) as { error: HttpError }).error.message).toBe('The request body must be a JSON object.');
  });

  it('names a route’s path segments as strings', () => {
    expect(pathParams('id', 'taskId').parse({ id: 'w1', taskId: 't1' })).toEqual({ id: 'w1', taskId: 't1' });
    expect(pathParams('id').safeParse({}).success).toBe(false);
  });
});
