import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest gives a two-core machine one worker, and most server test files spend their time waiting on a
    // database or a socket: one worker left the cores half idle (1,198 s for the suite on both engines);
    // three kept them busy (612 s, same 1,614 tests).
    maxWorkers: 3,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'],
          setupFiles: ['tests/support/web-setup.ts'],
          // Room for a find that waits its full 4 s (web-setup.ts) on a loaded machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/cli/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file imported the whole app afresh (a third of the workers' CPU); no server test mocks a
          // module, and each starts its own app and database, so a worker's files share the imports: the
          // server project on both engines took 356 s instead of 517, and 436 s of CPU instead of 735.
          isolate: false,
        },
      },
    ],
  },
});
