import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Every test file of the suite (the sqlite project runs them all): test/, and the tests kept beside
 * the modules they test in server/ (each HTTP middleware's, as Hono keeps its own).
 */
const TESTS = ['test/**/*.test.ts', 'server/**/*.test.ts'];

/**
 * The Postgres pass: every test file whose first line is `// @store both` runs again with
 * ADCLI_TEST_STORE=postgres, each backend on a database of one Postgres server for the pass
 * (test/setup/postgres.ts, test/helpers/postgres-pass.ts). A file that builds its backend in-process
 * with testBackend() (or demoMcp(), which calls it) must say which stores it runs on, `// @store both`
 * or `// @store sqlite` (SQLite's own), and the config refuses to start until it does, so no such
 * file misses the pass unnoticed; single tests that are SQLite's own say so with skipIf(onPostgres).
 */
const STORE_TAG = /^\/\/ @store (both|sqlite)\s*$/;
const BUILDS_BACKEND = /\b(testBackend|demoMcp)\(/;

const files = globSync(TESTS)
  .sort()
  .map((file) => {
    const text = readFileSync(file, 'utf8');
    const store = STORE_TAG.exec(text.slice(0, text.indexOf('\n')))?.[1];
    return { file, store, buildsBackend: BUILDS_BACKEND.test(text) };
  });
const untagged = files.filter((f) => f.buildsBackend && !f.store).map((f) => f.file);
if (untagged.length > 0)
  throw new Error(
    `these test files build a backend with testBackend() or demoMcp() but do not say which stores ` +
      `they run on; make the first line \`// @store both\` (the Postgres pass runs them too) or ` +
      `\`// @store sqlite\` (SQLite only):\n  ${untagged.join('\n  ')}`,
  );
const postgresPass = files.filter((f) => f.store === 'both').map((f) => f.file);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores on CI: subprocess-heavy files run better without oversubscription.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'sqlite', include: TESTS } },
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
