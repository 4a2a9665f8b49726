import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RunResult, SqlValue, Store, StoreDialect } from '../port.ts';
import { isBusy, toStoreError } from './errors.ts';
import { makePrivate, unusableStore } from './files.ts';
import { migrations } from './migrations.ts';

export type Row = Record<string, SQLInputValue>;

const BUSY_TIMEOUT_MS = 10_000;

/** The transaction an async context is inside, so a nested call joins it and others wait for it. */
interface Tx {
  store: SqliteStore;
  open: boolean;
}
const currentTx = new AsyncLocalStorage<Tx>();
/** a request's one reading of other connections' commits (oneStampPer) */
const requestStamp = new AsyncLocalStorage<{
  store: SqliteStore;
  dataVersion: number | undefined;
}>();

const sqliteDialect: StoreDialect = {
  name: 'sqlite',
  jsonValues: (expr) => `(SELECT value FROM json_each(${expr}))`,
  like: (expr, pattern) => `${expr} LIKE ${pattern} ESCAPE '\\'`,
  skipLocked: '',
};

/**
 * The SQLite store: one file, WAL, a busy timeout, numbered migrations. Writes run in
 * BEGIN IMMEDIATE transactions so two processes on one file queue instead of failing
 * with "database is locked" when a reader later wants to write. A store still busy after its
 * timeout, or a full disk, is thrown as the port's StoreBusyError or StoreFullError.
 *
 * node:sqlite is synchronous; the port is not. One connection has one transaction at a time, so
 * while an async context holds one, queries from every other context wait for it to end (they
 * would otherwise join it and see, or write, what may still roll back).
 */
export class SqliteStore implements Store {
  readonly db: DatabaseSync;
  readonly path: string;
  readonly dialect = sqliteDialect;
  #statements = new Map<string, StatementSync>();
  #held: Tx | null = null;
  #released: Promise<void> = Promise.resolve();
  #writes = 0;
  #dataVersion: number | undefined;
  #afterCommit: (() => void)[] = [];
  #onClose: (() => void | Promise<void>)[] = [];

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

  get label(): string {
    return this.path;
  }

  get localDir(): string | undefined {
    return this.path === ':memory:' ? undefined : dirname(this.path);
  }

  /**
   * SQLite's quick check of the whole file (every page, its structure; not the indexes' contents):
   * a damaged store is refused at start instead of answering 500s later. A StoreFileError if not ok.
   */
  quickCheck(): void {
    let problems: string[];
    try {
      problems = this.db
        .prepare('PRAGMA quick_check(3)')
        .all()
        .map((r) => String(Object.values(r)[0]));
    } catch (e) {
      throw unusableStore(this.path, e);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw unusableStore(this.path, {
        errcode: 11,
        message: `quick_check: ${problems.join('; ')}`,
      });
    }
  }

  static memory(): SqliteStore {
    return new SqliteStore(':memory:');
  }

  /** Migrations run synchronously at open, before anything else can use the connection. */
  #migrate(): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.db.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      const row = this.db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as
        { v: number | null } | undefined;
      const current = row?.v ?? 0;
      if (current > migrations.length) {
        throw new Error(
          `the data file ${this.path} was written by a newer adcli (schema ${current}); upgrade adcli`,
        );
      }
      for (let v = current + 1; v <= migrations.length; v++) {
        this.db.exec(migrations[v - 1]!);
        this.db
          .prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)')
          .run(v, new Date().toISOString());
      }
      this.db.exec('COMMIT');
    } catch (e) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw e;
    }
  }

  statement(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /** Whether the calling context may use the connection now: inside the open transaction, or none is open. */
  #mayQuery(): boolean {
    return this.#held === null || currentTx.getStore() === this.#held;
  }

  async #idle(): Promise<void> {
    while (!this.#mayQuery()) await this.#released;
  }

  get<T>(sql: string, ...params: SqlValue[]): Promise<T | undefined> {
    if (this.#mayQuery()) return Promise.resolve(this.getNow<T>(sql, ...params));
    return this.#idle().then(() => this.get<T>(sql, ...params));
  }

  all<T>(sql: string, ...params: SqlValue[]): Promise<T[]> {
    if (this.#mayQuery()) return Promise.resolve(this.allNow<T>(sql, ...params));
    return this.#idle().then(() => this.all<T>(sql, ...params));
  }

  run(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    if (this.#mayQuery()) return Promise.resolve(this.runNow(sql, ...params));
    return this.#idle().then(() => this.run(sql, ...params));
  }

  note(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    const note = () => {
      try {
        return { changes: Number(this.statement(sql).run(...(params as SQLInputValue[])).changes) };
      } catch (e) {
        throw toStoreError(e);
      }
    };
    if (this.#mayQuery()) return Promise.resolve(note());
    return this.#idle().then(() => this.note(sql, ...params));
  }

  /**
   * The synchronous forms, for SQLite-only code that must not yield (start-up checks, snapshots,
   * the request journal's own file). Domain code uses the port's async methods.
   */
  getNow<T>(sql: string, ...params: SqlValue[]): T | undefined {
    try {
      return this.statement(sql).get(...(params as SQLInputValue[])) as T | undefined;
    } catch (e) {
      throw toStoreError(e);
    }
  }

  allNow<T>(sql: string, ...params: SqlValue[]): T[] {
    try {
      return this.statement(sql).all(...(params as SQLInputValue[])) as T[];
    } catch (e) {
      throw toStoreError(e);
    }
  }

  runNow(sql: string, ...params: SqlValue[]): RunResult {
    let changes: number;
    try {
      changes = Number(this.statement(sql).run(...(params as SQLInputValue[])).changes);
    } catch (e) {
      throw toStoreError(e);
    }
    if (this.#held === null) this.#writes++; // an autocommit write outside write()
    return { changes };
  }

  write<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction('BEGIN IMMEDIATE', fn);
  }

  read<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction('BEGIN', fn);
  }

  async #transaction<T>(begin: string, fn: () => Promise<T>): Promise<T> {
    const outer = currentTx.getStore();
    if (outer && outer.store === this && outer.open) return fn();
    // checked again after every wake-up, with no await between the check and taking the connection:
    // all the transactions waiting for one are woken together
    while (this.#held !== null) await this.#released;
    const tx: Tx = { store: this, open: true };
    let release!: () => void;
    this.#held = tx;
    this.#released = new Promise((r) => (release = r));
    try {
      try {
        beginWithRetry(this.statement(begin));
      } catch (err) {
        throw toStoreError(err);
      }
      try {
        const result = await currentTx.run(tx, fn);
        this.statement('COMMIT').run();
        if (begin === 'BEGIN IMMEDIATE') this.#writes++;
        tx.open = false;
        const after = this.#afterCommit.splice(0);
        for (const cb of after) cb();
        return result;
      } catch (err) {
        if (this.db.isTransaction) this.statement('ROLLBACK').run();
        // Caches filled inside the failed transaction saw rows that are gone now: make them miss.
        this.#writes++;
        this.#afterCommit.length = 0;
        // a failed COMMIT, or SQLite code in fn that bypasses the port (a snapshot's own file)
        throw toStoreError(err);
      }
    } finally {
      tx.open = false;
      this.#held = null;
      release();
    }
  }

  afterCommit(cb: () => void): void {
    const tx = currentTx.getStore();
    if (tx && tx.store === this && tx.open) this.#afterCommit.push(cb);
    else cb();
  }

  /**
   * Within fn (one request), other connections' commits are read once (PRAGMA data_version), however
   * many caches ask; this connection's own writes count at once. Commits elsewhere during fn were
   * concurrent with it, so answering as of its start is still up to date.
   */
  oneStampPer<T>(fn: () => Promise<T>): Promise<T> {
    return requestStamp.run({ store: this, dataVersion: undefined }, fn);
  }

  changeStamp(): Promise<string> {
    return Promise.resolve(this.changeStampNow());
  }

  knownStamp(): string {
    return this.changeStampNow();
  }

  /**
   * SQLite's data_version changes with every commit by another connection or process; #writes
   * counts this connection's own.
   */
  changeStampNow(): string {
    const scope = requestStamp.getStore();
    if (scope?.store === this) {
      scope.dataVersion ??= this.#readDataVersion();
      return `${scope.dataVersion}.${this.#writes}`;
    }
    // Outside a request (jobs): one read serves every caller of one synchronous turn.
    if (this.#dataVersion === undefined) {
      this.#dataVersion = this.#readDataVersion();
      queueMicrotask(() => (this.#dataVersion = undefined));
    }
    return `${this.#dataVersion}.${this.#writes}`;
  }

  #readDataVersion(): number {
    return this.statement('PRAGMA data_version').get()!.data_version as number;
  }

  onClose(cb: () => void | Promise<void>): void {
    this.#onClose.push(cb);
  }

  close(): Promise<void> {
    this.closeNow();
    return Promise.resolve();
  }

  closeNow(): void {
    // what is opened beside a SQLite store closes synchronously (the journal's own file)
    for (const cb of this.#onClose.splice(0)) void cb();
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
