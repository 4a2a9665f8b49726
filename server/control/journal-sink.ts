import { openOwnFile, type SqliteFile, type StatementSync } from '../store/sqlite/detached.ts';
import { join } from 'node:path';
import type { Store } from '../store/port.ts';
import { toStoreError } from '../store/sqlite/errors.ts';
import { makePrivate } from '../store/sqlite/files.ts';
import { toWal } from '../store/sqlite/wal.ts';
import type { NewJournalEntry } from './journal-entry.ts';

/** A journal row as both engines give it back. */
export interface EntryRow {
  seq: number;
  at: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string;
  idempotency_key: string | null;
  replayed: number;
  fault: string | null;
  /** a JSON array of contract violations, or null */
  violations: string | null;
}

/**
 * Where a journal's rows live. `write` stores a batch and, with `trim`, keeps only the newest `keep`
 * rows of those workspaces; it throws when the rows could not be written (they are kept for later).
 */
export interface JournalSink {
  write(
    entries: readonly NewJournalEntry[],
    trim: readonly string[],
    keep: number,
  ): void | Promise<void>;
  /** with keyId, only that key's requests */
  list(
    workspaceId: string,
    after: number,
    limit: number,
    keyId: string | null,
    violationsOnly: boolean,
  ): EntryRow[] | Promise<EntryRow[]>;
  count(workspaceId: string): number | Promise<number>;
  clear(workspaceId: string): number | Promise<number>;
  close(): void;
}

const TRIM =
  'DELETE FROM request_journal WHERE workspace_id = ? AND seq <= (SELECT seq FROM request_journal WHERE workspace_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)';
/** The newest entries after a seq; with a key, that key's; with violations, only those that broke the contract. */
const listSql = (byKey: boolean, violationsOnly: boolean) =>
  `SELECT * FROM request_journal WHERE workspace_id = ? AND seq > ?${byKey ? ' AND key_id = ?' : ''}${violationsOnly ? ' AND violations IS NOT NULL' : ''} ORDER BY seq DESC LIMIT ?`;
const LISTS = [false, true].flatMap((byKey) =>
  [false, true].map((violationsOnly) => listSql(byKey, violationsOnly)),
);
const LIST = (byKey: boolean, violationsOnly: boolean) =>
  LISTS[(byKey ? 2 : 0) + (violationsOnly ? 1 : 0)]!;
const listParams = (workspaceId: string, after: number, limit: number, keyId: string | null) =>
  keyId === null ? [workspaceId, after, limit] : [workspaceId, after, keyId, limit];
const COUNT = 'SELECT COUNT(*) AS n FROM request_journal WHERE workspace_id = ?';
const CLEAR = 'DELETE FROM request_journal WHERE workspace_id = ?';

const SQLITE_SCHEMA = `
  CREATE TABLE IF NOT EXISTS request_journal (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id TEXT NOT NULL,
    at TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    duration_ms REAL NOT NULL,
    request_id TEXT NOT NULL,
    idempotency_key TEXT,
    replayed INTEGER NOT NULL DEFAULT 0,
    fault TEXT,
    key_id TEXT,
    violations TEXT
  );
  CREATE INDEX IF NOT EXISTS request_journal_workspace ON request_journal(workspace_id, seq);
`;

/**
 * Beside a SQLite store: a file of its own (`requests.db`) on a connection of its own, so a journal
 * row per request neither counts as a change of the data (which would empty the read cache on every
 * request) nor waits for the store's write lock while a job holds it. Synchronous, so a process that
 * exits can still write what is pending. Beside an in-memory store it is in memory too.
 */
export class SqliteJournalFile implements JournalSink {
  readonly #db: SqliteFile;
  readonly #insert: StatementSync;
  readonly #trim: StatementSync;

  constructor(store: Store) {
    const path = store.localDir === undefined ? ':memory:' : join(store.localDir, 'requests.db');
    this.#db = openOwnFile(path, { timeout: 50 });
    try {
      // the journal holds paths and query strings of the workspace's requests: private like the store
      makePrivate(path);
      if (path !== ':memory:') toWal(this.#db, 1000); // another server on this data dir may be making it
      this.#db.exec('PRAGMA synchronous = OFF');
      this.#db.exec(SQLITE_SCHEMA);
      // a requests.db of an earlier adcli has no key_id: its entries belong to no key
      const columns = this.#db.prepare('PRAGMA table_info(request_journal)').all() as {
        name: string;
      }[];
      if (!columns.some((c) => c.name === 'key_id'))
        this.#db.exec('ALTER TABLE request_journal ADD COLUMN key_id TEXT');
      // nor contract violations (adcli serve --proxy)
      if (!columns.some((c) => c.name === 'violations'))
        this.#db.exec('ALTER TABLE request_journal ADD COLUMN violations TEXT');
      this.#insert = this.#db.prepare(
        `INSERT INTO request_journal (workspace_id, at, method, path, status, duration_ms, request_id, idempotency_key, replayed, fault, key_id, violations)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      this.#trim = this.#db.prepare(TRIM);
    } catch (e) {
      // a full disk, say: the next attempt opens it anew, without a handle left behind
      this.#db.close();
      throw e;
    }
  }

  write(entries: readonly NewJournalEntry[], trim: readonly string[], keep: number): void {
    if (!this.#db.isOpen) return;
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      for (const e of entries) {
        this.#insert.run(
          e.workspaceId,
          e.at,
          e.method,
          e.path,
          e.status,
          e.durationMs,
          e.requestId,
          e.idempotencyKey,
          e.replayed ? 1 : 0,
          e.fault,
          e.keyId,
          violationsText(e),
        );
      }
      for (const w of trim) this.#trim.run(w, w, keep);
      this.#db.exec('COMMIT');
    } catch (e) {
      // Busy (another process writes its journal): the caller keeps the entries for the next time.
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      throw e;
    }
  }

  list(
    workspaceId: string,
    after: number,
    limit: number,
    keyId: string | null,
    violationsOnly: boolean,
  ): EntryRow[] {
    return this.#db
      .prepare(LIST(keyId !== null, violationsOnly))
      .all(...listParams(workspaceId, after, limit, keyId)) as unknown as EntryRow[];
  }

  count(workspaceId: string): number {
    return Number((this.#db.prepare(COUNT).get(workspaceId) as { n: number }).n);
  }

  clear(workspaceId: string): number {
    try {
      return Number(this.#db.prepare(CLEAR).run(workspaceId).changes);
    } catch (e) {
      // another process writing its journal past the short timeout: a busy store to the caller
      throw toStoreError(e);
    }
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

/**
 * On Postgres: a table of the database (request_journal), so every replica writes its requests there
 * and any replica lists them all. A batch is one INSERT of a JSON array, outside any transaction.
 */
export class PostgresJournalTable implements JournalSink {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async write(
    entries: readonly NewJournalEntry[],
    trim: readonly string[],
    keep: number,
  ): Promise<void> {
    const rows = entries.map((e, i) => ({
      i,
      workspace_id: e.workspaceId,
      at: e.at,
      method: e.method,
      path: e.path,
      status: e.status,
      duration_ms: e.durationMs,
      request_id: e.requestId,
      idempotency_key: e.idempotencyKey,
      replayed: e.replayed ? 1 : 0,
      fault: e.fault,
      key_id: e.keyId,
      violations: violationsText(e),
    }));
    // in the batch's order, so seq follows the order the requests were answered in; a note, not a
    // change of data: no cache derives from the journal
    await this.#store.note(
      `INSERT INTO request_journal (workspace_id, at, method, path, status, duration_ms, request_id, idempotency_key, replayed, fault, key_id, violations)
       SELECT workspace_id, at, method, path, status, duration_ms, request_id, idempotency_key, replayed, fault, key_id, violations
         FROM jsonb_to_recordset(?::jsonb) AS e(i bigint, workspace_id text, at text, method text, path text, status bigint,
              duration_ms double precision, request_id text, idempotency_key text, replayed bigint, fault text, key_id text,
              violations text)
        ORDER BY i`,
      JSON.stringify(rows),
    );
    for (const w of trim) await this.#store.note(TRIM, w, w, keep);
  }

  list(
    workspaceId: string,
    after: number,
    limit: number,
    keyId: string | null,
    violationsOnly: boolean,
  ): Promise<EntryRow[]> {
    return this.#store.all<EntryRow>(
      LIST(keyId !== null, violationsOnly),
      ...listParams(workspaceId, after, limit, keyId),
    );
  }

  async count(workspaceId: string): Promise<number> {
    return (await this.#store.get<{ n: number }>(COUNT, workspaceId))!.n;
  }

  async clear(workspaceId: string): Promise<number> {
    return (await this.#store.run(CLEAR, workspaceId)).changes;
  }

  close(): void {
    // the store's connections are the store's to close
  }
}

/** The violations as the column keeps them: a JSON array, or null for none. */
function violationsText(e: NewJournalEntry): string | null {
  return e.violations && e.violations.length > 0 ? JSON.stringify(e.violations) : null;
}
