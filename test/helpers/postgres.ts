/**
 * One real Postgres server per test file (test/helpers/postgres-server.ts), started on first use and
 * stopped in afterAll:
 *
 *   const pg = await postgresOrSkip();
 *   describe.skipIf(!pg)('…', () => { … pg!.createDatabase() … });
 *
 * Where no server can be started it prints one line and returns null, so the tests skip.
 */
import { afterAll } from 'vitest';
import { startPostgres, type PgServer } from './postgres-server.ts';

export * from './postgres-server.ts';

let shared: Promise<PgServer | null> | undefined;

/**
 * The test file's Postgres server, started on first call and stopped after the file's tests; null
 * (after one line on stderr) when none can be started here, so the tests skip.
 */
export function postgresOrSkip(): Promise<PgServer | null> {
  if (!shared) {
    afterAll(async () => {
      const server = await shared;
      shared = undefined;
      await server?.destroy();
    });
    shared = startPostgres().catch((e: Error) => {
      process.stderr.write(`Postgres tests skipped: ${e.message.split('\n')[0]}\n`);
      return null;
    });
  }
  return shared;
}
