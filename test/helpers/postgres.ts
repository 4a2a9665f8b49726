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
import type { Store } from '../../server/store/port.ts';
import { startPostgres, type PgServer } from './postgres-server.ts';

export * from './postgres-server.ts';

/**
 * How many connections to the database `store` is on wait for a lock (a row, a table, an advisory
 * lock) this moment: what a test waits for to know that a statement it started is blocked.
 */
export async function lockWaiters(store: Pick<Store, 'get'>): Promise<number> {
  const row = await store.get<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}

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
