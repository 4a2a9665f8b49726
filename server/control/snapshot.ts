/**
 * Workspace snapshots: one workspace's records in an SQLite file of adcli's schema (with a
 * `snapshot_meta` table saying whose), saved and loaded through the store port, so they work on both
 * stores. What a snapshot holds, and never holds (keys, sessions, idempotency records), is
 * snapshot-tables.ts. A load replaces the caller's workspace only, in one transaction, after every
 * row passed the API's checks, and only if the workspace it makes can be served: anything else is a
 * 400 naming the table and the row, and nothing changes.
 *
 * The file is the caller's and is trusted for nothing but values: its schema must be adcli's exactly
 * (no trigger, view or table of its own, every column named as adcli names it, SQLite's names being
 * case-insensitive), each column is read by adcli's name and type, and the workspace columns are
 * always the caller's, never the file's.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { closeSync, createReadStream, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemActor } from '../domain/actor.ts';
import type { Services } from '../domain/services.ts';
import { ApiError, invalid } from '../lib/errors.ts';
import { PACKAGE_VERSION } from '../lib/version.ts';
import { SCOPES } from '../schemas/common.ts';
import { audience, brand, campaign, dataStore } from '../schemas/records.ts';
import { StoreConstraintError } from '../store/errors.ts';
import type { SqlValue, Store } from '../store/port.ts';
import { toStoreError } from '../store/sqlite/errors.ts';
import { migrations } from '../store/sqlite/migrations.ts';
import { SqliteStore } from '../store/sqlite/store.ts';
import { emptyWorkspace } from './reset.ts';
import { SNAPSHOT_TABLES, type Refs, type Row, type SnapshotTable } from './snapshot-tables.ts';

/** SQLite's file header: every database file starts with these 16 bytes. */
const SQLITE_MAGIC = 'SQLite format 3\0';
/** Rows read or written at a time: memory stays bounded whatever the workspace's size. */
const PAGE = 500;

export interface LoadResult {
  workspace: string;
  /** the records loaded, by table */
  rows: Record<string, number>;
}

interface Workspace {
  id: string;
  slug: string;
  exploration: number;
}

/**
 * A consistent copy of the workspace (one read transaction of the store), as an SQLite file streamed
 * from a private temporary file (deleted once sent): memory holds a page of rows at a time, not the file.
 */
export async function saveSnapshot(
  services: Services,
  workspaceId: string,
): Promise<ReadableStream<Uint8Array>> {
  const { store, clock } = services.deps;
  const dir = mkdtempSync(join(tmpdir(), 'adcli-snapshot-'));
  const file = join(dir, 'snapshot.db');
  try {
    const out = new SqliteStore(file); // adcli's schema, migrated to this version
    try {
      // the workspace's rows name its workspace row, which the file leaves out on purpose
      out.db.exec('PRAGMA foreign_keys = OFF');
      out.db.exec('CREATE TABLE snapshot_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)');
      await store.read(async () => {
        const ws = (await store.get<Workspace>(
          'SELECT id, slug, exploration FROM workspaces WHERE id = ?',
          workspaceId,
        ))!;
        for (const table of SNAPSHOT_TABLES) {
          const { columns, key } = adcliColumns(table.name);
          const names = columns.map((c) => c.name);
          const insert = out.db.prepare(
            `INSERT INTO ${table.name} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
          );
          for (let offset = 0; ; offset += PAGE) {
            const rows = await store.all<Row>(
              `SELECT ${names.join(', ')} FROM ${table.name} WHERE ${table.where} ORDER BY ${key.join(', ')} LIMIT ${PAGE} OFFSET ${offset}`,
              workspaceId,
            );
            out.db.exec('BEGIN');
            for (const r of rows) insert.run(...names.map((n) => r[n] as SQLInputValue));
            out.db.exec('COMMIT');
            if (rows.length < PAGE) break;
          }
        }
        const meta = out.db.prepare('INSERT INTO snapshot_meta (name, value) VALUES (?, ?)');
        // one self-contained file: no write-ahead log beside it
        out.db.exec('PRAGMA journal_mode = DELETE');
        for (const [name, value] of Object.entries({
          kind: 'workspace',
          workspace_id: ws.id,
          workspace: ws.slug,
          saved_at: clock.of(workspaceId).toISOString(),
          adcli: PACKAGE_VERSION,
        })) {
          meta.run(name, value);
        }
      });
    } finally {
      out.closeNow();
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    // the snapshot file is SQLite's whatever the store: its full disk is a full disk to the caller
    throw toStoreError(e);
  }
  const stream = createReadStream(file);
  stream.once('close', () => rmSync(dir, { recursive: true, force: true }));
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/**
 * Replaces the workspace's records with a snapshot file's (a private temporary file: it is migrated
 * in place). The workspace and its keys stay, as a reset leaves them; so do its slug and invitations.
 */
export async function loadSnapshot(
  services: Services,
  workspaceId: string,
  file: string,
): Promise<LoadResult> {
  const { store } = services.deps;
  checkFile(file);
  // An older snapshot is brought up to this adcli's schema first: the store migrates on open.
  try {
    new SqliteStore(file).closeNow();
  } catch (e) {
    throw invalid(`the snapshot cannot be read as an adcli store: ${(e as Error).message}`);
  }
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    checkSchema(db);
    const target = (await store.get<Workspace>(
      'SELECT id, slug, exploration FROM workspaces WHERE id = ?',
      workspaceId,
    ))!;
    const source = sourceWorkspace(db, target);
    for (const table of SNAPSHOT_TABLES) checkUnique(db, table, source);
    const refs = await referencesOf(db, source, store);
    return await store.write(async () => {
      await emptyWorkspace(services, workspaceId);
      const rows: Record<string, number> = {};
      for (const table of SNAPSHOT_TABLES)
        rows[table.name] = await copyTable(db, table, source, workspaceId, refs, store);
      await services.deps.clock.reread(workspaceId);
      await services.ads.scheduleSync(workspaceId);
      await assertServable(services, target);
      return { workspace: target.slug, rows };
    });
  } catch (e) {
    // a row the checks above let through and the store still refuses: the file's fault, not the server's
    if (e instanceof StoreConstraintError)
      throw invalid(
        `the snapshot breaks a rule of the store (${e.message.slice(0, 200)}); nothing was loaded`,
      );
    throw e;
  } finally {
    db.close();
  }
}

/**
 * The workspaces (slugs) a snapshot file holds, for `adcli serve --snapshot` to load each into the
 * workspace of its name: one for a workspace snapshot, every one of an earlier adcli's whole-store file.
 */
export function snapshotWorkspaces(file: string): string[] {
  checkFile(file);
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const hasMeta = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snapshot_meta'")
      .get();
    if (hasMeta) {
      const row = db.prepare("SELECT value FROM snapshot_meta WHERE name = 'workspace'").get() as
        { value: string } | undefined;
      if (!row)
        throw invalid('the snapshot_meta table of the snapshot does not name its workspace');
      return [row.value];
    }
    return (
      db.prepare('SELECT slug FROM workspaces ORDER BY slug').all() as { slug: string }[]
    ).map((r) => r.slug);
  } finally {
    db.close();
  }
}

/** The file is an SQLite database of adcli's schema that this adcli can read, undamaged. */
function checkFile(file: string): void {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== SQLITE_MAGIC)
    throw invalid('the snapshot is not an SQLite database (adcli backend snapshot save makes one)');
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const hasTable = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (!hasTable)
      throw invalid(
        'the snapshot is an SQLite database but not an adcli store (it has no schema_migrations table)',
      );
    const v = Number(
      (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null })
        .v ?? 0,
    );
    if (v > migrations.length) {
      throw invalid(
        `the snapshot was written by a newer adcli (schema ${v}; this adcli reads up to ${migrations.length}); upgrade adcli`,
      );
    }
    const ok = (db.prepare('PRAGMA quick_check').get() as { quick_check: string }).quick_check;
    if (ok !== 'ok') throw invalid(`the snapshot is damaged: ${ok}`);
    // adcli's schema has none of these, and the file is migrated in place next: nothing of the file's runs
    const foreign = db
      .prepare(
        "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL%') LIMIT 1",
      )
      .get() as { type: string; name: string } | undefined;
    if (foreign)
      throw invalid(
        `the snapshot has a ${foreign.type === 'table' ? 'virtual table' : foreign.type} ${shown(foreign.name)}, which adcli's schema does not: it was not written by adcli`,
      );
    for (const table of SNAPSHOT_TABLES) {
      if (
        !db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table.name)
      ) {
        if (table.name === 'fault_rules' || table.name === 'workspace_clocks') continue; // older schemas: migrated below
        throw invalid(`the snapshot has no table ${table.name}: it is not a whole adcli store`);
      }
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw invalid(`the snapshot cannot be read as an adcli store: ${(e as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * The workspace of the file to load: a workspace snapshot names it; a whole-store snapshot of an
 * earlier adcli holds several, of which the one with the caller's slug (or the only one) is taken.
 */
function sourceWorkspace(db: DatabaseSync, target: Workspace): string {
  const hasMeta = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snapshot_meta'")
    .get();
  if (hasMeta) {
    const meta = Object.fromEntries(
      (
        db.prepare('SELECT name, value FROM snapshot_meta').all() as {
          name: string;
          value: string;
        }[]
      ).map((r) => [r.name, r.value]),
    );
    if (meta.kind !== 'workspace' || typeof meta.workspace_id !== 'string')
      throw invalid('the snapshot_meta table of the snapshot does not name its workspace');
    return meta.workspace_id;
  }
  const all = db.prepare('SELECT id, slug FROM workspaces ORDER BY slug').all() as {
    id: string;
    slug: string;
  }[];
  const match = all.find((w) => w.slug === target.slug) ?? (all.length === 1 ? all[0] : undefined);
  if (!match) {
    throw invalid(
      `the snapshot is a whole-store file of an earlier adcli with workspaces ${all.map((w) => w.slug).join(', ') || '(none)'}, none of them ${target.slug}; load it into one of those workspaces`,
    );
  }
  return match.id;
}

/** The ids a row of the snapshot may refer to: its own records, and the server's library stores. */
async function referencesOf(db: DatabaseSync, source: string, store: Store): Promise<Refs> {
  const ids = (table: string, column: string) => {
    const spec = SNAPSHOT_TABLES.find((t) => t.name === table)!;
    return new Set(
      (
        db.prepare(`SELECT ${column} AS id FROM ${table} WHERE ${spec.where}`).all(source) as {
          id: string;
        }[]
      ).map((r) => r.id),
    );
  };
  const library = await store.all<{ id: string }>(
    "SELECT id FROM data_stores WHERE scope = 'library'",
  );
  return {
    accounts: ids('ad_accounts', 'customer_id'),
    brands: ids('brands', 'id'),
    dataStores: ids('data_stores', 'id'),
    libraryStores: new Set(library.map((r) => r.id)),
    audiences: ids('audiences', 'id'),
    campaigns: ids('campaigns', 'id'),
    withPrimarySlot: new Set(
      (
        db
          .prepare(
            `SELECT campaign_id AS id FROM campaign_audiences WHERE position = 0 AND audience_id IS NULL AND campaign_id IN (SELECT id FROM campaigns WHERE workspace_id = ?)`,
          )
          .all(source) as { id: string }[]
      ).map((r) => r.id),
    ),
    slots: ids('campaign_audiences', 'id'),
    adsCampaigns: ids('ads_campaigns', 'campaign_id'),
  };
}

/** Checks and copies one table's rows of the workspace into the store, a page at a time; how many. */
async function copyTable(
  db: DatabaseSync,
  table: SnapshotTable,
  source: string,
  workspaceId: string,
  refs: Refs,
  store: Store,
): Promise<number> {
  const { columns: all, key } = adcliColumns(table.name);
  const columns = table.renumber ? all.filter((c) => c.name !== 'seq') : all;
  const names = columns.map((c) => c.name);
  const select = db.prepare(
    `SELECT ${all.map((c) => quoted(c.name)).join(', ')} FROM ${table.name} WHERE ${table.where} ORDER BY ${key.map(quoted).join(', ')}`,
  );
  let n = 0;
  let batch: Row[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const first = n - batch.length + 1;
    if (table.uniqueId) await assertFree(store, table, batch, first - 1);
    const values = batch.map(() => `(${names.map(() => '?').join(', ')})`).join(', ');
    try {
      await store.run(
        `INSERT INTO ${table.name} (${names.join(', ')}) VALUES ${values}`,
        ...batch.flatMap((r) => names.map((c) => r[c] as SqlValue)),
      );
    } catch (e) {
      if (!(e instanceof StoreConstraintError)) throw e;
      throw invalid(
        `the snapshot's ${table.name} rows ${first} to ${n} break a rule of the store (${e.message.slice(0, 200)}); nothing was loaded`,
      );
    }
    batch = [];
  };
  for (const read of rowsOf(select, source, table.name)) {
    n++;
    // only adcli's columns, by adcli's names: the workspace is the caller's whatever the file says
    const row: Row = Object.fromEntries(all.map((c) => [c.name, read[c.name]]));
    for (const c of table.workspaceColumns) row[c] = workspaceId;
    const problem = typeProblem(row, all) ?? table.check(row, refs);
    if (problem)
      throw invalid(
        `the snapshot's ${table.name} row ${n}${describeRow(table, row)} ${problem}; nothing was loaded`,
      );
    batch.push(row);
    if (batch.length >= PAGE / 5) await flush();
  }
  await flush();
  return n;
}

/** The rows of a statement on the file; a value the driver cannot read (an integer past 2^53) is the file's fault. */
function* rowsOf(select: StatementSync, source: string, table: string): Generator<Row> {
  const rows = select.iterate(source) as Iterator<Row>;
  for (let at = 1; ; at++) {
    let next: IteratorResult<Row>;
    try {
      next = rows.next();
    } catch (e) {
      throw invalid(
        `the snapshot's ${table} row ${at} cannot be read: ${(e as Error).message.slice(0, 200)}; nothing was loaded`,
      );
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * A value of the type adcli's column declares, whatever type the file's own column declares (SQLite
 * keeps any value in any column): text without NUL, a safe whole number, a finite number, and NULL
 * only where adcli allows it. The first problem, naming its column, or null.
 */
function typeProblem(row: Row, columns: readonly Column[]): string | null {
  for (const c of columns) {
    const v = row[c.name];
    if (v === null || v === undefined) {
      if (c.notNull && !c.pk) return `${c.name} must not be NULL`;
      continue;
    }
    if (c.type === 'TEXT' && (typeof v !== 'string' || v.includes('\0')))
      return `${c.name} must be text (without NUL characters)`;
    if (c.type === 'INTEGER' && !Number.isSafeInteger(v))
      return `${c.name} must be a whole number from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;
    if (c.type === 'REAL' && !(typeof v === 'number' && Number.isFinite(v)))
      return `${c.name} must be a finite number`;
  }
  return null;
}

/** Ids of a batch that another workspace of the server holds are a 400: a load never reaches outside. */
async function assertFree(
  store: Store,
  table: SnapshotTable,
  batch: Row[],
  before: number,
): Promise<void> {
  const column = table.uniqueId!;
  const taken = await store.get<{ id: string }>(
    `SELECT ${column} AS id FROM ${table.name} WHERE ${column} IN ${store.dialect.jsonValues('?')} LIMIT 1`,
    JSON.stringify(batch.map((r) => r[column])),
  );
  if (!taken) return;
  const at = before + batch.findIndex((r) => r[column] === taken.id) + 1;
  throw invalid(
    `the snapshot's ${table.name} row ${at} (${column} ${taken.id}) has an id another workspace of this server holds: a snapshot loads into its own workspace, or into a workspace of a server that does not hold the one it was saved from; nothing was loaded`,
  );
}

/**
 * Reads back every record of the loaded workspace as the API answers it, inside the load's
 * transaction: a file whose rows pass their checks but would still leave the workspace unservable
 * is refused with the record named, and the transaction rolls back.
 */
async function assertServable(services: Services, ws: Workspace): Promise<void> {
  const { store } = services.deps;
  const actor = systemActor(ws, SCOPES);
  const ids = async (table: string) =>
    (await store.all<{ id: string }>(`SELECT id FROM ${table} WHERE workspace_id = ?`, ws.id)).map(
      (r) => r.id,
    );
  const kinds = [
    {
      table: 'campaigns',
      what: 'campaign',
      read: (id: string) => services.campaigns.get(actor, id),
      schema: campaign,
      also: (id: string) => services.targeting.get(actor, id),
    },
    {
      table: 'brands',
      what: 'brand',
      read: (id: string) => services.brands.get(actor, id),
      schema: brand,
    },
    {
      table: 'audiences',
      what: 'audience',
      read: (id: string) => services.audiences.get(actor, id),
      schema: audience,
    },
    {
      table: 'data_stores',
      what: 'data store',
      read: (id: string) => services.dataStores.get(actor, id),
      schema: dataStore,
    },
  ];
  await services.deps.clock.within(ws.id, async () => {
    for (const kind of kinds) {
      for (const id of await ids(kind.table)) {
        await serves(`${kind.what} ${id}`, async () => {
          const answer = kind.schema.safeParse(await kind.read(id));
          if (!answer.success) throw new Error(answer.error.issues[0]!.message);
          await kind.also?.(id);
        });
      }
    }
    for (const account of await store.all<{ customer_id: string }>(
      'SELECT customer_id FROM ad_accounts WHERE workspace_id = ?',
      ws.id,
    )) {
      await serves(`the performance report of account ${account.customer_id}`, () =>
        services.ads.performance(actor, account.customer_id, 'LAST_30_DAYS'),
      );
    }
  });
}

async function serves(what: string, read: () => Promise<unknown>): Promise<void> {
  try {
    await read();
  } catch (e) {
    if (e instanceof ApiError && e.status >= 500) throw e;
    const why = e instanceof Error ? e.message : String(e);
    throw invalid(
      `the snapshot's ${what} cannot be served as loaded (${why.slice(0, 200)}); nothing was loaded`,
    );
  }
}

interface Column {
  name: string;
  /** the declared type: TEXT, INTEGER or REAL in adcli's schema */
  type: string;
  notNull: boolean;
  /** its place in the primary key, 0 when it is not part of it */
  pk: number;
}

interface Table {
  columns: Column[];
  /** the columns that order it: its primary key, or all of them */
  key: string[];
  /** each unique index's columns, the primary key's included */
  unique: string[][];
}

/** A table's columns as SQLite declares them in `db` (names by parameter: a crafted name is only data). */
function tableOf(db: DatabaseSync, table: string): Table {
  const columns = (
    db
      .prepare('SELECT name, type, "notnull" AS required, pk FROM pragma_table_info(?)')
      .all(table) as { name: string; type: string; required: number; pk: number }[]
  ).map((c) => ({ name: c.name, type: c.type.toUpperCase(), notNull: c.required === 1, pk: c.pk }));
  const key = columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const unique = (
    db.prepare('SELECT name FROM pragma_index_list(?) WHERE "unique" = 1').all(table) as {
      name: string;
    }[]
  ).map((index) =>
    (
      db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(index.name) as {
        name: string | null;
      }[]
    ).map((c) => c.name ?? ''),
  );
  if (key.length && !unique.some((u) => u.join() === key.join())) unique.push(key);
  return { columns, key: key.length ? key : columns.map((c) => c.name), unique };
}

let adcliSchema: Map<string, Table> | undefined;

/** Every table of adcli's schema as this version makes a new store, by exact name: made once. */
function schemaOfThisAdcli(): Map<string, Table> {
  if (adcliSchema) return adcliSchema;
  const fresh = new SqliteStore(':memory:');
  try {
    adcliSchema = new Map(tablesIn(fresh.db).map((name) => [name, tableOf(fresh.db, name)]));
  } finally {
    fresh.closeNow();
  }
  return adcliSchema;
}

function adcliColumns(table: string): Table {
  const spec = schemaOfThisAdcli().get(table);
  if (!spec) throw new Error(`${table} is no table of adcli's schema`);
  return spec;
}

/** The file's own tables (SQLite's internal ones, such as sqlite_sequence, left out). */
function tablesIn(db: DatabaseSync): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/**
 * The migrated file's schema is adcli's: no table adcli does not have, and each table a snapshot
 * reads with adcli's columns exactly, by case-sensitive name (SQLite's names are not, so a column
 * `WORKSPACE_ID` would answer for `workspace_id`). Anything else is a 400 naming table and column.
 */
function checkSchema(db: DatabaseSync): void {
  const ours = schemaOfThisAdcli();
  for (const name of tablesIn(db)) {
    if (name === 'snapshot_meta') {
      const columns = tableOf(db, name).columns.map((c) => c.name);
      if (columns.join() !== 'name,value')
        throw invalid(
          `the snapshot's table snapshot_meta must have the columns name and value, not ${columns.map(shown).join(', ')}`,
        );
    } else if (!ours.has(name)) {
      throw invalid(
        `the snapshot has a table ${shown(name)} that adcli's schema does not have; nothing was loaded`,
      );
    }
  }
  for (const table of SNAPSHOT_TABLES) {
    const theirs = tableOf(db, table.name).columns.map((c) => c.name);
    const expected = adcliColumns(table.name).columns.map((c) => c.name);
    const extra = theirs.find((c) => !expected.includes(c));
    if (extra !== undefined)
      throw invalid(
        `the snapshot's table ${table.name} has a column ${shown(extra)} that adcli's schema does not have (column names are exact); nothing was loaded`,
      );
    const missing = expected.find((c) => !theirs.includes(c));
    if (missing !== undefined)
      throw invalid(
        `the snapshot's table ${table.name} has no column ${missing}; nothing was loaded`,
      );
  }
}

/**
 * No two of the workspace's rows of a table share a key that adcli's schema keeps unique (the
 * workspace columns, all the caller's once loaded, left out of the comparison): a 400 naming the key.
 */
function checkUnique(db: DatabaseSync, table: SnapshotTable, source: string): void {
  for (const index of adcliColumns(table.name).unique) {
    const columns = index.filter(
      (c) => !table.workspaceColumns.includes(c) && !(table.renumber && c === 'seq'),
    );
    if (index.includes('seq') && table.renumber) continue;
    const notNull = columns.map((c) => ` AND ${quoted(c)} IS NOT NULL`).join('');
    const group = columns.length ? ` GROUP BY ${columns.map(quoted).join(', ')}` : '';
    const twice = db
      .prepare(
        `SELECT ${[...columns.map(quoted), 'COUNT(*) AS n'].join(', ')} FROM ${table.name} WHERE (${table.where})${notNull}${group} HAVING COUNT(*) > 1 LIMIT 1`,
      )
      .get(source) as Row | undefined;
    if (twice) {
      const what = columns.length
        ? columns.map((c) => `${c} ${shown(String(twice[c]))}`).join(', ')
        : 'the workspace';
      throw invalid(
        `the snapshot's table ${table.name} holds two rows for ${what}, which adcli keeps unique; nothing was loaded`,
      );
    }
  }
}

/** An SQL identifier in double quotes: the names quoted are adcli's own, so this only keeps keywords apart. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A name from the file, for a message: cut short, its control characters escaped by JSON. */
const shown = (name: string) => JSON.stringify(name.slice(0, 60));

function describeRow(table: SnapshotTable, row: Row): string {
  const id = table.uniqueId
    ? row[table.uniqueId]
    : (row.id ?? row.campaign_id ?? row.data_store_id);
  return typeof id === 'string' ? ` (${id.slice(0, 40)})` : '';
}
