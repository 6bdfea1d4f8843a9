import { describe, expect, it } from 'vitest';
import { serverError } from '#src/shared/server-messages.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';

// Fastify's own refusals answered its own shape (FST_ERR_BAD_URL, the path echoed back).
describe.each(engines)("Fastify's own errors on %s", (engine) => {
  const app = useTestApp(engine);

  it('answers a malformed URL with the standard { error } and echoes nothing', async () => {
    for (const path of ['/%', '/api/%zz', '/api/current-user%', '/%3Cscript%3E%']) {
      const response = await fetch(`${app().url}${path}`);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: serverError.badUrl });
      expect(text).not.toMatch(/FST_|script|zz/);
    }
  });
});
