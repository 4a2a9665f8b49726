import * as sqlite from 'node:sqlite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conflict, invalid } from '../lib/errors.ts';
import { migrations } from '../store/migrations.ts';
import { SqliteStore } from '../store/db.ts';
import type { SqlValue, Store } from '../store/port.ts';

/** SQLite's file header: every database file starts with these 16 bytes. */
const SQLITE_MAGIC = 'SQLite format 3\0';

/** The tables a snapshot carries, in an order that satisfies their foreign keys when filled. */
export const SNAPSHOT_TABLES = [
  'workspaces',
  'api_keys',
  'ad_accounts',
  'brands',
  'data_stores',
  'audiences',
  'campaigns',
  'campaign_audiences',
  'data_store_channels',
  'data_store_videos',
  'yt_channels',
  'yt_videos',
  'yt_comments',
  'idempotency',
  'jobs',
  'ads_campaigns',
  'ads_settings_history',
  'ads_status_changes',
  'workspace_clocks',
  'fault_rules',
] as const;

/** Snapshots are SQLite files of the SQLite store; a Postgres database has its own tools. */
function sqliteOf(store: Store): SqliteStore {
  if (store instanceof SqliteStore) return store;
  throw conflict(`snapshots need the SQLite store; this server keeps its data in ${store.dialect.name} (use pg_dump and pg_restore for a Postgres database)`);
}

/**
 * Runs fn (synchronous) once the connection is in no transaction: VACUUM INTO and DETACH are refused
 * inside one, and with the async port another request may hold one open across its awaits.
 */
async function outsideTransactions<T>(store: SqliteStore, fn: () => T): Promise<T> {
  for (;;) {
    // An empty read waits its turn after any open transaction; nothing runs between its end and fn
    // unless another context got the connection first, which isTransaction tells. Its after-commit
    // callback runs at its end, unless it joined a transaction of the caller's, which would never end.
    let ended = false;
    await store.read(() => Promise.resolve(store.afterCommit(() => (ended = true))));
    if (!ended) throw new Error('snapshots cannot be saved or loaded inside a store transaction');
    if (!store.db.isTransaction) return fn();
  }
}

/**
 * A consistent copy of the whole store, taken while it serves: SQLite's online backup (Node ≥ 23.8)
 * or `VACUUM INTO` on older Nodes, both SQLite's own, into a private temporary file; returns its bytes.
 */
export async function saveSnapshot(target: Store): Promise<Uint8Array> {
  const store = sqliteOf(target);
  const dir = mkdtempSync(join(tmpdir(), 'adcli-snapshot-'));
  const file = join(dir, 'snapshot.db');
  try {
    if (typeof (sqlite as { backup?: unknown }).backup === 'function' && store.path !== ':memory:') {
      // Inside a read transaction no other request can write on this connection while the backup
      // steps: it copies committed data only.
      await store.read(() => (sqlite as unknown as { backup(db: sqlite.DatabaseSync, path: string): Promise<number> }).backup(store.db, file));
    } else {
      await outsideTransactions(store, () => store.db.prepare('VACUUM INTO ?').run(file));
    }
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replaces the whole store's content with a snapshot's, in one write transaction: a file that is not
 * an adcli store, or one from a newer adcli, is refused with a clear 400 and the running store is left
 * untouched; a crash half-way rolls back. A snapshot from an older adcli is migrated first (on a
 * temporary copy). API keys of the running store whose workspace is in the snapshot are kept, so the
 * caller's own key keeps working after a load.
 */
export async function loadSnapshot(target: Store, bytes: Uint8Array): Promise<{ workspaces: number }> {
  const store = sqliteOf(target);
  if (bytes.length < 100 || Buffer.from(bytes.subarray(0, 16)).toString('latin1') !== SQLITE_MAGIC) {
    throw invalid('the snapshot is not an SQLite database (adcli backend snapshot save makes one)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'adcli-snapshot-'));
  const file = join(dir, 'snapshot.db');
  try {
    writeFileSync(file, bytes, { mode: 0o600 });
    checkSnapshot(file);
    // Bring an older snapshot up to this adcli's schema: the store migrates on open.
    new SqliteStore(file).closeNow();
    // DETACH is refused inside a transaction: attach outside one, then replace everything in one write.
    await outsideTransactions(store, () => store.db.prepare('ATTACH DATABASE ? AS snap').run(file));
    try {
      return await store.write(async () => {
        store.db.exec('PRAGMA defer_foreign_keys = ON');
        const keys = await store.all<Record<string, SqlValue>>('SELECT * FROM main.api_keys');
        for (const t of [...SNAPSHOT_TABLES].reverse()) await store.run(`DELETE FROM main.${t}`);
        for (const t of SNAPSHOT_TABLES) await store.run(`INSERT INTO main.${t} SELECT * FROM snap.${t}`);
        for (const k of keys) {
          const cols = Object.keys(k);
          await store.run(
            `INSERT OR IGNORE INTO main.api_keys (${cols.join(', ')}) SELECT ${cols.map(() => '?').join(', ')} WHERE EXISTS (SELECT 1 FROM main.workspaces WHERE id = ?)`,
            ...cols.map((c) => k[c]!),
            k.workspace_id!,
          );
        }
        const row = await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM main.workspaces');
        return { workspaces: row!.n };
      });
    } finally {
      await outsideTransactions(store, () => store.db.exec('DETACH DATABASE snap'));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens the file read-only and checks it is an adcli store this adcli can read. */
function checkSnapshot(file: string): void {
  let db: sqlite.DatabaseSync | undefined;
  try {
    db = new sqlite.DatabaseSync(file, { readOnly: true });
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!hasTable) throw invalid('the snapshot is an SQLite database but not an adcli store (it has no schema_migrations table)');
    const v = Number((db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0);
    if (v > migrations.length) {
      throw invalid(`the snapshot was written by a newer adcli (schema ${v}; this adcli reads up to ${migrations.length}); upgrade adcli`);
    }
    const ok = (db.prepare('PRAGMA quick_check').get() as { quick_check: string }).quick_check;
    if (ok !== 'ok') throw invalid(`the snapshot is damaged: ${ok}`);
    const orphan = db.prepare('PRAGMA foreign_key_check').get() as { table: string; parent: string } | undefined;
    if (orphan) throw invalid(`the snapshot is inconsistent: a row of ${orphan.table} names a missing row of ${orphan.parent}`);
  } catch (e) {
    if (e instanceof Error && 'status' in e) throw e;
    throw invalid(`the snapshot cannot be read as an adcli store: ${(e as Error).message}`);
  } finally {
    db?.close();
  }
}
