/**
 * Opening a Postgres database: its URL checked, the pool made, and the schema migrated to this
 * adcli's (server/store/postgres/migrations.ts).
 */
import type { Client, Pool } from 'pg';
import { DatabaseOpenError } from '../errors.ts';
import type { MigrationEvent } from '../port.ts';
import { redactUrl } from './errors.ts';
import { pgMigrations } from './migrations.ts';

/** How a Postgres store is opened. */
export interface PostgresStoreOptions {
  /** connections in the pool (default 10) */
  max?: number;
  /** how long to wait for a connection, from the database or the pool, before failing (default 10 s) */
  connectTimeoutMs?: number;
  /** attempts of a transaction that keeps losing deadlocks or serialization conflicts (default 30) */
  maxAttempts?: number;
  /** told where the schema stands and of each migration applied (adcli serve migrate) */
  onMigrate?: (event: MigrationEvent) => void;
}

/** Held while migrating, so replicas starting together apply the migrations once, one after the other. */
const MIGRATION_LOCK = 0x0adc11; // any constant: the lock is per database

/**
 * The URL's label (without its password) and password, or a DatabaseOpenError when it is no
 * postgres:// URL adcli can use.
 */
export function checkUrl(url: string): { label: string; password: string | undefined } {
  const label = redactUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseOpenError(
      'url',
      `the database URL is malformed (${label}): expected postgres://USER:PASSWORD@HOST:PORT/DATABASE`,
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new DatabaseOpenError('url', `the database URL ${label} is not a postgres:// URL`);
  }
  let password: string | undefined;
  try {
    password =
      decodeURIComponent(parsed.password) || parsed.searchParams.get('password') || undefined;
    if (!parsed.hostname && !parsed.searchParams.get('host')) throw new Error('no host');
    if (parsed.port && !/^\d+$/.test(parsed.port)) throw new Error('bad port');
  } catch {
    throw new DatabaseOpenError(
      'url',
      `the database URL ${label} is malformed: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE`,
    );
  }
  return { label, password };
}

/** The pool, and how to make a connection of its own (the change stamps' reader), with adcli's types. */
export function newPool(
  pg: typeof import('pg').default,
  url: string,
  opts: PostgresStoreOptions,
): { pool: Pool; newClient: () => Client } {
  // Per pool, not global: int8 (COUNT, SUM, BIGINT columns) and numeric as numbers, like SQLite's.
  const types = new pg.TypeOverrides();
  types.setTypeParser(20, (v: string) => Number(v));
  types.setTypeParser(1700, (v: string) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
    keepAlive: true,
    application_name: 'adcli',
    // a transaction's statements go out without waiting for the answers before them (send)
    pipeline: true,
  });
  // An idle connection the server ends (restart, admin shutdown) is dropped by the pool; without
  // a listener its error would end the process.
  pool.on('error', () => {});
  const newClient = () =>
    new pg.Client({
      connectionString: url,
      types,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
      keepAlive: true,
      application_name: 'adcli',
    });
  return { pool, newClient };
}

/** Applies the migrations this adcli has and the database lacks, one replica at a time. */
export async function migrate(
  pool: Pool,
  label: string,
  onMigrate?: (event: MigrationEvent) => void,
): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // Created only when absent: a user with no right to create tables may still use a migrated database.
      const exists = await client.query<{ t: string | null }>(
        `SELECT to_regclass('schema_migrations')::text AS t`,
      );
      if (exists.rows[0]?.t == null) {
        await client.query(
          'CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at TEXT COLLATE "C" NOT NULL)',
        );
      }
      const row = await client.query<{ v: string | null }>(
        'SELECT MAX(version)::text AS v FROM schema_migrations',
      );
      const current = Number(row.rows[0]?.v ?? 0);
      if (current > pgMigrations.length) {
        throw new DatabaseOpenError(
          'schema',
          `the database ${label} has schema ${current}, newer than this adcli's ${pgMigrations.length}: it was written by a newer adcli; upgrade adcli`,
        );
      }
      const target = pgMigrations.length;
      onMigrate?.({ type: 'found', current, target });
      for (let v = current + 1; v <= target; v++) {
        const began = performance.now();
        await client.query(pgMigrations[v - 1]!);
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          v,
          new Date().toISOString(),
        ]);
        onMigrate?.({ type: 'applied', version: v, target, ms: performance.now() - began });
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch((r: Error) => (broken = r));
      throw e;
    }
  } finally {
    client.release(broken);
  }
}
