/**
 * The Postgres pass of the suite: the vitest project "postgres" runs the in-process test files again
 * with ADCLI_TEST_STORE=postgres, and testBackend() then keeps its data in a database of the pass's
 * one server (test/setup/postgres.ts). Each worker has a few databases, copies of a template migrated
 * once, and empties one for each backend: on this machine a CREATE DATABASE costs a quarter of a
 * second and a TRUNCATE a tenth, a DELETE of every table a few milliseconds.
 *
 * A store made during a test is closed after that test, and its database free again; one made in a
 * beforeAll or at the top of a file, after the file (test/setup/postgres-stores.ts installs the
 * hooks), so the pass holds a few connections at a time, not one pool per backend ever made.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeEach, inject } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite/store.ts';
import { PostgresStore } from '../../server/store/postgres/store.ts';
import type { Store } from '../../server/store/port.ts';

/**
 * What the global setup hands the workers: the server's URL (database `postgres`) and what the
 * template holds (the tables to empty, the identity sequences to restart), or why there is none.
 */
export type PostgresPass =
  { url: string; tables: string[]; sequences: string[] } | { skipped: string };

declare module 'vitest' {
  export interface ProvidedContext {
    adcliPostgres: PostgresPass;
  }
}

/** The migrated database every backend's database is copied from. */
export const TEMPLATE = 'adcli_template';

/** True in the Postgres pass: testBackend() builds its stores on Postgres. */
export const onPostgres = process.env.ADCLI_TEST_STORE === 'postgres';

interface Open {
  close(): Promise<void>;
  /** made inside a test (closed after it) rather than in a beforeAll or at the top of the file */
  inTest: boolean;
}

const open = new Set<Open>();
let inTest = false;
let admin: Promise<pg.Client> | undefined;
/** the indexes of this worker's databases in use now */
const held = new Set<number>();

function adminClient(url: string): Promise<pg.Client> {
  admin ??= (async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    return client;
  })();
  return admin;
}

/**
 * A database of this worker not in use now, made from the template if it is not there yet. Names
 * are the worker's (VITEST_POOL_ID: no two files run at once in one), so the next file of the worker
 * takes them over.
 */
async function takeDatabase(url: string): Promise<{ name: string; release(): void }> {
  let index = 0;
  while (held.has(index)) index++;
  held.add(index);
  const name = `adcli_w${process.env.VITEST_POOL_ID ?? process.pid}_${index}`;
  try {
    await (await adminClient(url)).query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  } catch (e) {
    if ((e as { code?: string }).code !== '42P04') throw e; // there already, from an earlier test or file
  }
  return { name, release: () => held.delete(index) };
}

/**
 * A store on an empty database of the pass's server, closed after the test or the file that made it;
 * `beforeClose` runs first (the backend's job runner stops). Where the pass has no server every test
 * of the pass is skipped, and hooks that still build backends get SQLite ones.
 */
export async function passStore(beforeClose: () => void = () => {}): Promise<Store> {
  const pass = inject('adcliPostgres');
  if ('skipped' in pass) return SqliteStore.memory();
  const db = await takeDatabase(pass.url);
  const url = new URL(pass.url);
  url.pathname = `/${db.name}`;
  let store: PostgresStore;
  try {
    // a small pool: in-process tests make a few queries at a time
    store = await PostgresStore.open(url.href, { max: 4 });
    await store.write(async () => {
      // as a fresh database: no rows, identities from 1 (replica role: no foreign-key checks on the way)
      await store.run('SET LOCAL session_replication_role = replica');
      for (const t of pass.tables) await store.run(`DELETE FROM ${t}`);
      for (const s of pass.sequences) await store.run(`ALTER SEQUENCE ${s} RESTART`);
    });
  } catch (e) {
    db.release();
    throw e;
  }
  const entry: Open = {
    inTest,
    close: async () => {
      open.delete(entry);
      try {
        beforeClose();
        await store.close();
      } finally {
        db.release();
      }
    },
  };
  open.add(entry);
  return store;
}

async function closeAll(which: (o: Open) => boolean): Promise<void> {
  await Promise.all([...open].filter(which).map((o) => o.close()));
}

/** The pass's hooks, installed for every file of the pass by its setup file. */
export function installPassHooks(): void {
  const pass = inject('adcliPostgres');
  beforeEach((ctx) => {
    if ('skipped' in pass) ctx.skip(`no Postgres: ${pass.skipped}`);
    inTest = true;
  });
  // registered first, so it runs after the file's own afterEach hooks, which may still use the backend
  afterEach(async () => {
    inTest = false;
    await closeAll((o) => o.inTest);
  });
  afterAll(async () => {
    await closeAll(() => true);
    const client = await admin;
    admin = undefined;
    await client?.end();
  });
}
