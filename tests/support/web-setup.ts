import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './api-server.ts';

// findBy… and waitFor wait up to 4 s, not 1: on a two-core machine running the build and three test
// workers, a render that takes 30 ms alone has taken over a second, and tests failed that way.
configure({ asyncUtilTimeout: 4_000 });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());
