import * as sqlite from 'node:sqlite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invalid } from '../lib/errors.ts';
import { migrations } from '../store/migrations.ts';
import { Store } from '../store/db.ts';

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

/**
 * A consistent copy of the whole store, taken while it serves: SQLite's online backup (Node ≥ 23.8)
 * or `VACUUM INTO` on older Nodes, both SQLite's own, into a private temporary file; returns its bytes.
 */
export async function saveSnapshot(store: Store): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'adcli-snapshot-'));
  const file = join(dir, 'snapshot.db');
  try {
    if (typeof (sqlite as { backup?: unknown }).backup === 'function' && store.path !== ':memory:') {
      await (sqlite as unknown as { backup(db: sqlite.DatabaseSync, path: string): Promise<number> }).backup(store.db, file);
    } else {
      store.db.prepare('VACUUM INTO ?').run(file);
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
export function loadSnapshot(store: Store, bytes: Uint8Array): { workspaces: number } {
  if (bytes.length < 100 || Buffer.from(bytes.subarray(0, 16)).toString('latin1') !== SQLITE_MAGIC) {
    throw invalid('the snapshot is not an SQLite database (adcli backend snapshot save makes one)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'adcli-snapshot-'));
  const file = join(dir, 'snapshot.db');
  try {
    writeFileSync(file, bytes, { mode: 0o600 });
    checkSnapshot(file);
    // Bring an older snapshot up to this adcli's schema: the Store migrates on open.
    new Store(file).close();
    // ATTACH is refused inside a transaction: attach first, then replace everything in one write.
    store.db.prepare('ATTACH DATABASE ? AS snap').run(file);
    try {
      return store.write(() => {
        store.db.exec('PRAGMA defer_foreign_keys = ON');
        const keys = store.all<Record<string, sqlite.SQLInputValue>>('SELECT * FROM main.api_keys');
        for (const t of [...SNAPSHOT_TABLES].reverse()) store.run(`DELETE FROM main.${t}`);
        for (const t of SNAPSHOT_TABLES) store.run(`INSERT INTO main.${t} SELECT * FROM snap.${t}`);
        for (const k of keys) {
          const cols = Object.keys(k);
          store.run(
            `INSERT OR IGNORE INTO main.api_keys (${cols.join(', ')}) SELECT ${cols.map(() => '?').join(', ')} WHERE EXISTS (SELECT 1 FROM main.workspaces WHERE id = ?)`,
            ...cols.map((c) => k[c]!),
            k.workspace_id!,
          );
        }
        return { workspaces: store.get<{ n: number }>('SELECT COUNT(*) AS n FROM main.workspaces')!.n };
      });
    } finally {
      store.db.exec('DETACH DATABASE snap');
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
