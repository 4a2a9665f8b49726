/**
 * Workspace snapshots: one workspace's records in an SQLite file of adcli's schema (with a
 * `snapshot_meta` table saying whose), saved and loaded through the store port, so they work on both
 * stores. What a snapshot holds, and never holds (keys, sessions, idempotency records), is
 * snapshot-tables.ts. A load replaces the caller's workspace only, in one transaction, after every
 * row passed the API's checks, and only if the workspace it makes can be served: anything else is a
 * 400 naming the table and the row, and nothing changes.
 *
 * The file is the caller's and is trusted for nothing but values: its schema must be adcli's exactly
 * (snapshot-file.ts), each column is read by adcli's name and type, and the workspace columns are
 * always the caller's, never the file's.
 */
import {
  openUntrustedFile,
  type SqliteFile,
  type SQLInputValue,
  type StatementSync,
} from '../store/sqlite/detached.ts';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedAdPlatform } from '../ads/simulated.ts';
import { systemActor } from '../domain/actor.ts';
import type { Services } from '../domain/services.ts';
import { ApiError, invalid } from '../lib/errors.ts';
import { PACKAGE_VERSION } from '../lib/version.ts';
import { SCOPES } from '../schemas/common.ts';
import { audience, brand, campaign, dataStore } from '../schemas/records.ts';
import { StoreConstraintError } from '../store/errors.ts';
import type { SqlValue, Store } from '../store/port.ts';
import { toStoreError } from '../store/sqlite/errors.ts';
import { SqliteStore } from '../store/sqlite/store.ts';
import { emptyWorkspace } from './reset.ts';
import {
  adcliColumns,
  checkFile,
  checkSchema,
  checkUnique,
  quoted,
  typeProblem,
} from './snapshot-file.ts';
import { SNAPSHOT_TABLES, type Refs, type Row, type SnapshotTable } from './snapshot-tables.ts';

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
  /** the API's routes, which a fault rule of the file must match one of */
  routes: readonly { method: string; path: string }[],
): Promise<LoadResult> {
  const { store } = services.deps;
  checkFile(file);
  // An older snapshot is brought up to this adcli's schema first: the store migrates on open.
  try {
    new SqliteStore(file).closeNow();
  } catch (e) {
    throw invalid(`the snapshot cannot be read as an adcli store: ${(e as Error).message}`);
  }
  const db = openUntrustedFile(file);
  try {
    checkSchema(db);
    const target = (await store.get<Workspace>(
      'SELECT id, slug, exploration FROM workspaces WHERE id = ?',
      workspaceId,
    ))!;
    const source = sourceWorkspace(db, target);
    for (const table of SNAPSHOT_TABLES) checkUnique(db, table, source);
    const refs = { ...(await referencesOf(db, source, store, workspaceId)), routes };
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
  const db = openUntrustedFile(file);
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

/**
 * The workspace of the file to load: a workspace snapshot names it; a whole-store snapshot of an
 * earlier adcli holds several, of which the one with the caller's slug (or the only one) is taken.
 */
function sourceWorkspace(db: SqliteFile, target: Workspace): string {
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
async function referencesOf(
  db: SqliteFile,
  source: string,
  store: Store,
  target: string,
): Promise<Omit<Refs, 'routes'>> {
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
  // Google Ads campaigns this server created for the target workspace's campaigns (never in a file)
  const google = await store.all<{ s: string; c: string; a: string }>(
    'SELECT service_campaign_id AS s, customer_id AS c, campaign_id AS a FROM google_ads_campaigns WHERE workspace_id = ?',
    target,
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
    googleAdsCampaigns: new Set(google.map((g) => `${g.s}|${g.c}|${g.a}`)),
  };
}

/** Checks and copies one table's rows of the workspace into the store, a page at a time; how many. */
async function copyTable(
  db: SqliteFile,
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
    // the simulated platform's accounts and figures are rows of the snapshot; a real platform's
    // are not (nothing of Google Ads is in a file), and asking it here would hold the load on the network
    const simulated = services.ads.platform instanceof SimulatedAdPlatform;
    for (const account of simulated
      ? await store.all<{ customer_id: string }>(
          'SELECT customer_id FROM ad_accounts WHERE workspace_id = ?',
          ws.id,
        )
      : []) {
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

function describeRow(table: SnapshotTable, row: Row): string {
  const id = table.uniqueId
    ? row[table.uniqueId]
    : (row.id ?? row.campaign_id ?? row.data_store_id);
  return typeof id === 'string' ? ` (${id.slice(0, 40)})` : '';
}
