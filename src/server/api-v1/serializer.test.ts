import { describe, expect, it } from 'vitest';
import { PublicTaskResponseSchema } from '#src/shared/public-api/schemas.ts';
import { publicSerializerCompiler } from './serializer.ts';

const route = { schema: PublicTaskResponseSchema, method: 'GET', url: '/api/v1/tasks/:id', httpStatus: '200' };
// An answer that drifted from the documented shape: a field the document does not name, one missing.
const drifted = { task: { id: 'not-a-uuid', title: 'x', secret_field: 1 } };

describe('the /api/v1 serializer', () => {
  it('checks each answer against its schema outside production', () => {
    for (const env of ['test', 'development'] as const) {
      expect(() => publicSerializerCompiler(env)(route)(drifted)).toThrow();
    }
  });

  it('writes plain JSON in production', () => {
    expect(publicSerializerCompiler('production')(route)(drifted)).toBe(JSON.stringify(drifted));
  });
});
