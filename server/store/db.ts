import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { makePrivate, unusableStore } from './files.ts';
import { migrations } from './migrations.ts';

export type Row = Record<string, SQLInputValue>;
export type Params = SQLInputValue[] | [Record<string, SQLInputValue>];

const BUSY_TIMEOUT_MS = 10_000;

/**
 * The SQLite store: one file, WAL, a busy timeout, numbered migrations. Writes run in
 * BEGIN IMMEDIATE transactions so two processes on one file queue instead of failing
 * with "database is locked" when a reader later wants to write.
 */
export class Store {
  readonly db: DatabaseSync;
  readonly path: string;
  #statements = new Map<string, StatementSync>();
  #depth = 0;
  #writes = 0;
  #dataVersion: number | undefined;
  #afterCommit: (() => void)[] = [];
  #onClose: (() => void)[] = [];

  /**
   * Opens (or creates) the store. A file that cannot be used (not a database, damaged, no write
   * access) is a StoreFileError naming it and what to do.
   */
  constructor(path: string) {
    this.path = path;
    try {
      // The data dir holds the workspace's data and the local key file: private to its owner.
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      this.db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS });
    } catch (e) {
      throw unusableStore(path, e);
    }
    try {
      // Before the first write, so the -wal and -shm files SQLite makes take the same mode.
      makePrivate(path);
      this.db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      if (path !== ':memory:') this.db.exec('PRAGMA journal_mode = WAL');
      this.db.exec('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    } catch (e) {
      if (this.db.isOpen) this.db.close();
      throw unusableStore(path, e);
    }
    this.#migrate();
  }

  /**
   * SQLite's quick check of the whole file (every page, its structure; not the indexes' contents):
   * a damaged store is refused at start instead of answering 500s later. A StoreFileError if not ok.
   */
  quickCheck(): void {
    let problems: string[];
    try {
      problems = this.db.prepare('PRAGMA quick_check(3)').all().map((r) => String(Object.values(r)[0]));
    } catch (e) {
      throw unusableStore(this.path, e);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw unusableStore(this.path, { errcode: 11, message: `quick_check: ${problems.join('; ')}` });
    }
  }

  static memory(): Store {
    return new Store(':memory:');
  }

  #migrate(): void {
    this.write(() => {
      this.db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
      const row = this.get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
      const current = row?.v ?? 0;
      if (current > migrations.length) {
        throw new Error(`the data file ${this.path} was written by a newer adcli (schema ${current}); upgrade adcli`);
      }
      for (let v = current + 1; v <= migrations.length; v++) {
        this.db.exec(migrations[v - 1]!);
        this.run('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', v, new Date().toISOString());
      }
    });
  }

  statement(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  run(sql: string, ...params: SQLInputValue[]): { changes: number } {
    const r = this.statement(sql).run(...params);
    if (this.#depth === 0) this.#writes++; // an autocommit write outside write()
    return { changes: Number(r.changes) };
  }

  /** Runs fn in one write transaction (re-entrant: an inner call joins the outer transaction). */
  write<T>(fn: () => T): T {
    return this.#transaction('BEGIN IMMEDIATE', fn);
  }

  /** Runs fn in one read transaction, so a multi-query read sees a single snapshot. */
  read<T>(fn: () => T): T {
    return this.#transaction('BEGIN', fn);
  }

  #transaction<T>(begin: string, fn: () => T): T {
    if (this.#depth > 0) {
      this.#depth++;
      try {
        return fn();
      } finally {
        this.#depth--;
      }
    }
    beginWithRetry(this.statement(begin));
    this.#depth = 1;
    try {
      const result = fn();
      this.statement('COMMIT').run();
      if (begin === 'BEGIN IMMEDIATE') this.#writes++;
      this.#depth = 0;
      const after = this.#afterCommit.splice(0);
      for (const cb of after) cb();
      return result;
    } catch (err) {
      if (this.db.isTransaction) this.statement('ROLLBACK').run();
      // Caches filled inside the failed transaction saw rows that are gone now: make them miss.
      this.#writes++;
      this.#afterCommit.length = 0;
      throw err;
    } finally {
      this.#depth = 0;
    }
  }

  /** Runs cb once the current write transaction has committed (at once outside one); dropped on rollback. */
  afterCommit(cb: () => void): void {
    if (this.#depth === 0) cb();
    else this.#afterCommit.push(cb);
  }

  /**
   * Changes whenever the data may have changed: a write through this connection, or a commit by
   * another connection or process (SQLite's data_version). Caches of derived data key on it.
   */
  changeStamp(): string {
    // Another connection cannot commit while this synchronous turn runs, so one read of
    // data_version serves every caller of the turn (auth and the read cache of one request).
    if (this.#dataVersion === undefined) {
      this.#dataVersion = this.statement('PRAGMA data_version').get()!.data_version as number;
      queueMicrotask(() => (this.#dataVersion = undefined));
    }
    return `${this.#dataVersion}.${this.#writes}`;
  }

  /** Runs cb when the store closes (things opened beside it, such as the request journal). */
  onClose(cb: () => void): void {
    this.#onClose.push(cb);
  }

  close(): void {
    for (const cb of this.#onClose.splice(0)) cb();
    this.#statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

/** SQLite's busy handler covers most waits; this covers the rest (e.g. a WAL checkpoint in progress). */
function beginWithRetry(begin: StatementSync): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      begin.run();
      return;
    } catch (err) {
      if (!isBusy(err) || Date.now() > deadline) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

export function isBusy(err: unknown): boolean {
  const e = err as { errcode?: number; message?: string };
  return (e?.errcode !== undefined && (e.errcode & 0xff) === 5) || /database is locked|SQLITE_BUSY/i.test(e?.message ?? '');
}

/** SQLITE_FULL: the disk (or the file's size limit) is full; the transaction was rolled back. */
export function isFull(err: unknown): boolean {
  const e = err as { errcode?: number; code?: string; message?: string };
  return (e?.errcode !== undefined && (e.errcode & 0xff) === 13) || e?.code === 'ENOSPC' || /database or disk is full|SQLITE_FULL/i.test(e?.message ?? '');
}
