import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Test tiers told apart by name: *.test.ts unit/component, *.integration-test.ts API through HTTP
// on a real database, *.e2e.ts Playwright journeys against the built app.
export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process, which only waits: on a 2-core machine
    // that is one worker, and the suite ran on half the machine. The journeys stay one at a time.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] },
      },
      {
        // The import-graph boundaries of docs/architecture.md.
        test: { name: 'architecture', include: ['architecture/**/*.test.ts'] },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.{test,integration-test}.ts'],
          // *.postgres.integration-test.ts need a PostgreSQL server (TEST_DATABASE_URL, as in CI's
          // second run): on PGlite they are not collected rather than reported as skipped.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['apps/api/src/**/*.postgres.integration-test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
