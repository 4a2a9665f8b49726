/**
 * Global setup of the Postgres pass (vitest project "postgres"): one server for the whole pass, in a
 * temporary directory, and a template database migrated once, which each worker copies for the
 * databases its backends use (test/helpers/postgres-pass.ts). Where no server can be started it says so in one line
 * and the pass's tests skip.
 */
import type { TestProject } from 'vitest/node';
import { PostgresStore } from '../../server/store/postgres/store.ts';
import { type PostgresPass, TEMPLATE } from '../helpers/postgres-pass.ts';
import { startPostgres, type PgServer } from '../helpers/postgres-server.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: PgServer | undefined;
  let pass: PostgresPass;
  try {
    // two workers, each with a few stores open at once, and the per-test databases being dropped
    server = await startPostgres({ maxConnections: 300 });
    await server.sql(`CREATE DATABASE ${TEMPLATE}`);
    const store = await PostgresStore.open(server.url(TEMPLATE));
    try {
      const tables = await store.all<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY 1",
      );
      const sequences = await store.all<{ name: string }>(
        'SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1',
      );
      pass = {
        url: server.url(),
        tables: tables.map((t) => t.name),
        sequences: sequences.map((s) => s.name),
      };
    } finally {
      await store.close();
    }
  } catch (e) {
    await server?.destroy();
    server = undefined;
    const reason = (e as Error).message.split('\n')[0] ?? 'it did not start';
    process.stderr.write(`Postgres pass skipped (its tests run on SQLite only): ${reason}\n`);
    pass = { skipped: reason };
  }
  project.provide('adcliPostgres', pass);
  return async () => {
    await server?.destroy();
  };
}
