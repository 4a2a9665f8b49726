import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { dirname, join } from 'node:path';
import { SqliteStore } from '../store/db.ts';
import type { Store } from '../store/port.ts';
import { makePrivate } from '../store/files.ts';

/** How long an entry may wait to be written with others. */
const FLUSH_MS = 500;
/** Journals of this process, written out when it exits. */
const openJournals = new Set<RequestJournal>();
let exitHooked = false;

/** How many requests a workspace's journal keeps: the newest ones. */
export const JOURNAL_SIZE = 1000;

export interface JournalEntry {
  seq: number;
  /** when it arrived, in the workspace's time */
  at: string;
  method: string;
  /** path and query under the host; never a header, so never the key */
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
  /** answered from the idempotency memory */
  replayed: boolean;
  /** the fault applied: a rule id, `prefer`, or null */
  fault: string | null;
}

export type NewJournalEntry = Omit<JournalEntry, 'seq'> & { workspaceId: string };

interface EntryRow {
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
}

const SCHEMA = `
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
    fault TEXT
  );
  CREATE INDEX IF NOT EXISTS request_journal_workspace ON request_journal(workspace_id, seq);
`;

/**
 * The request journal of adcli serve (design section 7): the last requests of each workspace.
 *
 * It lives in a file of its own beside the store (`requests.db`), on a connection of its own: a
 * journal row per request must neither count as a change of the data (which would empty the read
 * cache on every request) nor wait for the store's write lock while a job holds it. A write that
 * finds the journal busy keeps its entries and writes them with the next one. Beside a store that
 * is no SQLite file (in memory, or a Postgres database) the journal is in memory, per process.
 */
export class RequestJournal {
  readonly #db: DatabaseSync;
  readonly #insert: StatementSync;
  /** entries not written yet, by workspace; only the newest JOURNAL_SIZE of each can matter */
  #pending = new Map<string, NewJournalEntry[]>();
  #sinceTrim = 0;
  /** workspaces with rows written since the last trim */
  readonly #untrimmed = new Set<string>();
  readonly #trim: StatementSync;
  #timer: NodeJS.Timeout | null = null;

  constructor(store: Store) {
    const path = store instanceof SqliteStore && store.path !== ':memory:' ? join(dirname(store.path), 'requests.db') : ':memory:';
    this.#db = new DatabaseSync(path, { timeout: 50 });
    // the journal holds paths and query strings of the workspace's requests: private like the store
    makePrivate(path);
    if (path !== ':memory:') this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec('PRAGMA synchronous = OFF');
    this.#db.exec(SCHEMA);
    this.#insert = this.#db.prepare(
      `INSERT INTO request_journal (workspace_id, at, method, path, status, duration_ms, request_id, idempotency_key, replayed, fault)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#trim = this.#db.prepare(
      'DELETE FROM request_journal WHERE workspace_id = ? AND seq <= (SELECT seq FROM request_journal WHERE workspace_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)',
    );
    store.onClose(() => this.close());
    openJournals.add(this);
    if (openJournals.size === 1 && !exitHooked) {
      exitHooked = true;
      process.once('exit', () => openJournals.forEach((j) => j.close()));
    }
  }

  /**
   * Notes a request. Entries are written in batches a moment later, off the request's path; a process
   * that exits (a CLI command on the local profile) writes what is pending on its way out.
   */
  record(entry: NewJournalEntry): void {
    let list = this.#pending.get(entry.workspaceId);
    if (!list) this.#pending.set(entry.workspaceId, (list = []));
    list.push(entry);
    // A busy workspace outruns the journal's size between two writes: older entries would only be
    // trimmed after being written, so they are dropped here (in batches, to keep this cheap).
    if (list.length >= 2 * JOURNAL_SIZE) list.splice(0, list.length - JOURNAL_SIZE);
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.flush();
    }, FLUSH_MS);
    this.#timer.unref();
  }

  /** Writes what is pending (the newest JOURNAL_SIZE of each workspace); on a busy journal, keeps it for the next time. */
  flush(): void {
    if (this.#pending.size === 0 || !this.#db.isOpen) return;
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      let written = 0;
      for (const [workspaceId, list] of this.#pending) {
        for (const e of list.slice(-JOURNAL_SIZE)) {
          this.#insert.run(e.workspaceId, e.at, e.method, e.path, e.status, e.durationMs, e.requestId, e.idempotencyKey, e.replayed ? 1 : 0, e.fault);
        }
        written += Math.min(list.length, JOURNAL_SIZE);
        this.#untrimmed.add(workspaceId);
      }
      this.#sinceTrim += written;
      // Keep the newest JOURNAL_SIZE of each workspace written to: trimmed once per JOURNAL_SIZE rows,
      // so a busy server pays for it on one flush in many, never per request.
      if (this.#sinceTrim >= JOURNAL_SIZE) {
        this.#sinceTrim = 0;
        for (const w of this.#untrimmed) this.#trim.run(w, w, JOURNAL_SIZE);
        this.#untrimmed.clear();
      }
      this.#db.exec('COMMIT');
      this.#pending.clear();
    } catch {
      // Busy (another process writes its journal): the entries wait for the next write.
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
    }
  }

  /** The workspace's requests after `after` (a seq), oldest first, at most `limit` (the newest ones). */
  list(workspaceId: string, opts: { after?: number; limit: number }): JournalEntry[] {
    this.flush();
    const rows = this.#db
      .prepare('SELECT * FROM request_journal WHERE workspace_id = ? AND seq > ? ORDER BY seq DESC LIMIT ?')
      .all(workspaceId, opts.after ?? 0, Math.min(opts.limit, JOURNAL_SIZE)) as unknown as EntryRow[];
    return rows.reverse().map((r) => ({
      seq: r.seq,
      at: r.at,
      method: r.method,
      path: r.path,
      status: r.status,
      durationMs: Math.round(r.duration_ms * 10) / 10,
      requestId: r.request_id,
      idempotencyKey: r.idempotency_key,
      replayed: r.replayed === 1,
      fault: r.fault,
    }));
  }

  /** How many entries of the workspace are kept (between two trims, up to twice JOURNAL_SIZE). */
  count(workspaceId: string): number {
    this.flush();
    return Number((this.#db.prepare('SELECT COUNT(*) AS n FROM request_journal WHERE workspace_id = ?').get(workspaceId) as { n: number }).n);
  }

  clear(workspaceId: string): number {
    this.flush();
    this.#pending.delete(workspaceId);
    return Number(this.#db.prepare('DELETE FROM request_journal WHERE workspace_id = ?').run(workspaceId).changes);
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.flush();
    if (this.#db.isOpen) this.#db.close();
    openJournals.delete(this);
  }
}
