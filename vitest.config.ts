import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The Postgres pass: every test file that builds its backend in-process with testBackend() (or
 * demoMcp(), which calls it) runs
 * again with ADCLI_TEST_STORE=postgres, each backend on a database of one Postgres server for the
 * pass (test/setup/postgres.ts, test/helpers/postgres-pass.ts). Found by reading the files, so a new
 * such file joins the pass by itself; tests that are SQLite's own say so with skipIf(onPostgres).
 */
const postgresPass = readdirSync('test')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/${f}`)
  .filter((f) => /\b(testBackend|demoMcp)\(/.test(readFileSync(f, 'utf8')));

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores on CI: subprocess-heavy files run better without oversubscription.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: postgresPass,
          env: { ADCLI_TEST_STORE: 'postgres' },
          globalSetup: ['test/setup/postgres.ts'],
          setupFiles: ['test/setup/postgres-stores.ts'],
        },
      },
    ],
  },
});
