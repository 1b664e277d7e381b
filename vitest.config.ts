import { defineConfig } from 'vitest/config';

import { aliases } from './vite.config.ts';

// Four projects: the SPA in jsdom, the server and contract in Node, the scale-out suite (compiled instances on
// PostgreSQL, Redis and MinIO), and the browser suite in Node driving Debian's chromium. `npm test` runs them as separate steps so each gets its own line in the summary.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/engine/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Suites share one PostgreSQL cluster and SMTP ports; files run one at a time to keep them apart.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'scale',
          environment: 'node',
          include: ['tests/scale/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // expect.poll's 1 s default is shorter than a page reload on a loaded 2-core machine; a poll that
          // never holds still fails, only later.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
