import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  gatedInTurn,
  type Gated,
  type NamedLock,
  type NoteResult,
  type RunResult,
  type SqlValue,
  type Store,
  type StoreDialect,
  type MigrationEvent,
} from '../port.ts';
import { Checkpointer } from './checkpointer.ts';
import { StoreBusyError, StoreFileError } from '../errors.ts';
import { isBusy, toStoreError } from './errors.ts';
import { makePrivate, unusableStore } from './files.ts';
import { migrations } from './migrations.ts';
import { toWal } from './wal.ts';

export type Row = Record<string, SQLInputValue>;

const BUSY_TIMEOUT_MS = 10_000;
/** Commits of one connection before its checkpoints move to a thread: a store that is only opened for a command never starts one. */
const CHECKPOINTER_AFTER_COMMITS = 200;
/** Commits between two nudges of the checkpointer (it also looks every second). */
const CHECKPOINT_EVERY_COMMITS = 100;
/** The connection's own checkpoint threshold once the checkpointer runs (SQLite's default: 1000 pages). */
const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

/** The transaction an async context is inside, so a nested call joins it and others wait for it. */
interface Tx {
  store: SqliteStore;
  open: boolean;
  /** a write transaction (BEGIN IMMEDIATE) */
  write: boolean;
  /**
   * Holds the connection but waits for another connection's write lock (BEGIN IMMEDIATE was busy):
   * no SQLite transaction is open on it meanwhile, so single queries of other contexts may run.
   */
  locking: boolean;
}

/**
 * One in line for the connection, in order of arrival: a transaction (handed the connection when its
 * turn comes) or a single query (run at its turn, its answer handed back).
 */
type Waiter =
  | { tx: Tx; take: () => void }
  | { tx: null; query: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };
const currentTx = new AsyncLocalStorage<Tx>();
/** A statement that answers rows of what it wrote. */
const RETURNING = /\breturning\b/i;

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
 * would otherwise join it and see, or write, what may still roll back). They wait in one line, in
 * order of arrival: the transaction that ends hands the connection to the next in line itself, so
 * no waiter is woken only to find it taken again, and none is overtaken by one that came later.
 *
 * Waiting for another connection's write lock (a job worker thread, another process) does not block
 * the thread: BEGIN IMMEDIATE is tried without SQLite's sleeping busy handler and tried again on
 * the next turns of the event loop. Checkpoints of the write-ahead log, once the store is busy, run
 * in a thread of their own (./checkpointer.ts), not in the COMMIT of whichever request fills it.
 */
export class SqliteStore implements Store {
  readonly db: DatabaseSync;
  readonly path: string;
  readonly dialect = sqliteDialect;
  readonly schemaVersion = migrations.length;
  #statements = new Map<string, StatementSync>();
  /** the transaction holding the connection; while null, nobody waits */
  #held: Tx | null = null;
  /** who waits for the connection, in order of arrival (#head: the next one) */
  #line: Waiter[] = [];
  #head = 0;
  /** a SQLite transaction is open on the connection (begun by #transaction) */
  #inTx = false;
  #writes = 0;
  /** the WAL's checkpoints in a thread of their own, once this store commits often (a file store) */
  #checkpointer: Checkpointer | null = null;
  #commitsToCheckpointer = CHECKPOINTER_AFTER_COMMITS;
  /** other connections' commits as read this turn (undefined: not read yet) */
  #dataVersion: number | undefined;
  /** the change stamp last told, and what it was made of */
  #stamp = '';
  #stampOf: [number, number] = [NaN, NaN];
  #afterCommit: (() => void)[] = [];
  #onClose: (() => void | Promise<void>)[] = [];

  /**
   * Opens (or creates) the store. A file that cannot be used (not a database, damaged, no write
   * access) is a StoreFileError naming it and what to do.
   */
  constructor(path: string, opts: { onMigrate?: (event: MigrationEvent) => void } = {}) {
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
      if (path !== ':memory:') toWal(this.db, BUSY_TIMEOUT_MS);
      this.db.exec('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    } catch (e) {
      if (this.db.isOpen) this.db.close();
      throw unusableStore(path, e);
    }
    this.#migrate(opts.onMigrate);
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
  #migrate(onMigrate?: (event: MigrationEvent) => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.db.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      const row = this.db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as
        { v: number | null } | undefined;
      const current = row?.v ?? 0;
      if (current > migrations.length) {
        throw new StoreFileError(
          `the data file ${this.path} was written by a newer adcli (schema ${current}, this adcli's ${migrations.length}); upgrade adcli`,
        );
      }
      const target = migrations.length;
      onMigrate?.({ type: 'found', current, target });
      for (let v = current + 1; v <= target; v++) {
        const began = performance.now();
        this.db.exec(migrations[v - 1]!);
        this.db
          .prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)')
          .run(v, new Date().toISOString());
        onMigrate?.({ type: 'applied', version: v, target, ms: performance.now() - began });
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

  /**
   * Whether the calling context may use the connection now: inside the transaction that holds it,
   * or nobody holds it (then nobody waits either), or its holder waits for another connection's
   * lock with no transaction open.
   */
  #mayQuery(): boolean {
    const held = this.#held;
    return held === null || held.locking || currentTx.getStore() === held;
  }

  /** A query of a context that must wait: run at its turn in the line, its answer (or error) then. */
  #queued<T>(query: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#line.push({ tx: null, query, resolve: resolve as (v: unknown) => void, reject });
    });
  }

  get<T>(sql: string, ...params: SqlValue[]): Promise<T | undefined> {
    if (this.#mayQuery()) return Promise.resolve(this.getNow<T>(sql, ...params));
    return this.#queued(() => this.getNow<T>(sql, ...params));
  }

  all<T>(sql: string, ...params: SqlValue[]): Promise<T[]> {
    if (this.#mayQuery()) return Promise.resolve(this.allNow<T>(sql, ...params));
    return this.#queued(() => this.allNow<T>(sql, ...params));
  }

  run(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    if (this.#mayQuery()) return Promise.resolve(this.runNow(sql, ...params));
    return this.#queued(() => this.runNow(sql, ...params));
  }

  note<T = never>(sql: string, ...params: SqlValue[]): Promise<NoteResult<T>> {
    const note = (): NoteResult<T> => {
      try {
        const statement = this.statement(sql);
        if (!RETURNING.test(sql))
          return {
            changes: Number(statement.run(...(params as SQLInputValue[])).changes),
            rows: [],
          };
        const rows = statement.all(...(params as SQLInputValue[])) as T[];
        return { changes: rows.length, rows };
      } catch (e) {
        throw toStoreError(e);
      }
    };
    if (this.#mayQuery()) return Promise.resolve(note());
    return this.#queued(note);
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
    if (!this.#inTx) this.#writes++; // an autocommit write outside write()
    return { changes };
  }

  write<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction('BEGIN IMMEDIATE', fn);
  }

  read<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction('BEGIN', fn);
  }

  #transaction<T>(begin: string, fn: () => Promise<T>): Promise<T> {
    const outer = currentTx.getStore();
    if (outer && outer.store === this && outer.open) return fn();
    const tx: Tx = { store: this, open: true, write: begin === 'BEGIN IMMEDIATE', locking: false };
    if (this.#held === null) {
      // nobody holds the connection, so nobody waits for it: taken at once
      this.#held = tx;
      return this.#holding(tx, begin, fn);
    }
    // handed over by the transaction before it in line (#handOver): held from then on
    return new Promise<void>((take) => this.#line.push({ tx, take })).then(() =>
      this.#holding(tx, begin, fn),
    );
  }

  /** Runs fn in a transaction on the connection tx holds; hands the connection on after. */
  async #holding<T>(tx: Tx, begin: string, fn: () => Promise<T>): Promise<T> {
    try {
      if (begin === 'BEGIN IMMEDIATE') {
        if (!this.#tryBeginImmediate()) await this.#waitForWriteLock(tx);
      } else {
        try {
          this.statement(begin).run();
        } catch (err) {
          throw toStoreError(err);
        }
      }
      this.#inTx = true;
      try {
        const result = await currentTx.run(tx, fn);
        this.statement('COMMIT').run();
        this.#inTx = false;
        if (begin === 'BEGIN IMMEDIATE') this.#committed();
        tx.open = false;
        const after = this.#afterCommit.splice(0);
        for (const cb of after) cb();
        return result;
      } catch (err) {
        if (this.db.isTransaction) this.statement('ROLLBACK').run();
        this.#inTx = false;
        // Caches filled inside the failed transaction saw rows that are gone now: make them miss.
        this.#writes++;
        this.#afterCommit.length = 0;
        // a failed COMMIT, or SQLite code in fn that bypasses the port (a snapshot's own file)
        throw toStoreError(err);
      }
    } finally {
      tx.open = false;
      tx.locking = false;
      this.#handOver();
    }
  }

  /**
   * Gives the connection to the next in line, with no turn of the event loop in between: queries
   * run now, in order, until a transaction's turn comes, which holds it from here on.
   */
  #handOver(): void {
    this.#held = null;
    const line = this.#line;
    while (this.#head < line.length) {
      const w = line[this.#head]!;
      line[this.#head++] = undefined as unknown as Waiter;
      if (w.tx !== null) {
        this.#held = w.tx;
        w.take();
        break;
      }
      runWaiting(w);
    }
    if (this.#head === line.length) {
      line.length = 0;
      this.#head = 0;
    } else if (this.#head > 1024) {
      line.splice(0, this.#head);
      this.#head = 0;
    }
  }

  /** BEGIN IMMEDIATE, without SQLite's busy handler: false when another connection holds the write lock. */
  #tryBeginImmediate(): boolean {
    this.statement('PRAGMA busy_timeout = 0').run();
    try {
      this.statement('BEGIN IMMEDIATE').run();
      return true;
    } catch (err) {
      if (isBusy(err)) return false;
      throw toStoreError(err);
    } finally {
      this.statement(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).run();
    }
  }

  /**
   * Waits for another connection's write lock (a job worker's transaction, another process) on the
   * next turns of the event loop, polled every millisecond, rather than in SQLite's busy handler,
   * which sleeps the whole thread in steps of up to 100 ms. The connection stays tx's, so this
   * process's transactions keep their order; single queries of other contexts may use it meanwhile
   * (no transaction is open on it), including those already in line. A StoreBusyError after the
   * busy timeout, as SQLite's own handler would end.
   */
  async #waitForWriteLock(tx: Tx): Promise<void> {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    tx.locking = true;
    for (let attempt = 0; ; attempt++) {
      this.#runWaitingQueries();
      await (attempt === 0 ? nextTurn() : sleep(1));
      if (this.#tryBeginImmediate()) break;
      if (Date.now() > deadline) {
        tx.locking = false;
        throw new StoreBusyError(
          `database is locked: another connection held the write lock for over ${BUSY_TIMEOUT_MS / 1000} s`,
          { retryAfterS: 1 },
        );
      }
    }
    tx.locking = false;
  }

  /** Runs the single queries in line now (the connection's holder waits for another's lock). */
  #runWaitingQueries(): void {
    const line = this.#line;
    let kept = this.#head;
    for (let i = this.#head; i < line.length; i++) {
      const w = line[i]!;
      if (w.tx === null) runWaiting(w);
      else line[kept++] = w;
    }
    line.length = kept;
  }

  /** A write transaction of this connection committed. */
  #committed(): void {
    this.#writes++;
    if (--this.#commitsToCheckpointer > 0) return;
    this.#commitsToCheckpointer = CHECKPOINT_EVERY_COMMITS;
    if (this.#checkpointer) this.#checkpointer.nudge();
    else if (this.path !== ':memory:' && this.db.isOpen) this.#startCheckpointer();
  }

  /**
   * Busy enough to checkpoint in a thread of its own: the connection's own checkpoints (SQLite runs
   * one in the COMMIT that fills the WAL: a copy of its pages and an fsync, tens of ms on the thread
   * that answers requests) are left to the checkpointer; this connection keeps a far higher threshold
   * of its own, should the thread fall behind or be gone.
   */
  #startCheckpointer(): void {
    try {
      this.#checkpointer = new Checkpointer(this.path);
      this.db.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    } catch {
      // no thread to be had: the connection goes on checkpointing itself
      this.#checkpointer?.close();
      this.#checkpointer = null;
      this.#commitsToCheckpointer = Infinity;
    }
  }

  afterCommit(cb: () => void): void {
    const tx = currentTx.getStore();
    if (tx && tx.store === this && tx.open) this.#afterCommit.push(cb);
    else cb();
  }

  /** Writers take turns on one file: no row is ever read by one writer while another changes it. */
  rowLock(): string {
    return '';
  }

  /** As rowLock: the write transaction is the only one. */
  lock(): Promise<void> {
    return Promise.resolve();
  }

  withWriteLock<T>(_lock: NamedLock, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /** In turn: a statement is answered without a round trip, so nothing is gained by sending fn's early. */
  gated<A, T>(
    check: Promise<A>,
    stops: (answer: A) => boolean,
    fn: () => Promise<T>,
  ): Promise<Gated<A, T>> {
    return gatedInTurn(check, stops, fn);
  }

  /** At once: nothing is gained by waiting, as the connection answers without a round trip. */
  send(sql: string, ...params: SqlValue[]): void {
    const tx = currentTx.getStore();
    if (!(tx?.store === this && tx.open && tx.write && this.#inTx))
      throw new Error('send() is for a statement inside a write transaction');
    this.runNow(sql, ...params);
  }

  /** Inside the transaction at once: it commits with it all the same. */
  async atCommit(sql: string, ...params: SqlValue[]): Promise<void> {
    await this.note(sql, ...params);
  }

  /**
   * Nothing to do: other connections' commits are read once per synchronous turn however many
   * caches ask (a request answered from caches is one turn), and without waiting, so no request
   * needs a scope of its own. Commits elsewhere during a request were concurrent with it.
   */
  oneStampPer<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  changeStamp(): Promise<string> {
    return Promise.resolve(this.changeStampNow());
  }

  knownStamp(): string {
    return this.changeStampNow();
  }

  /**
   * SQLite's data_version changes with every commit by another connection or process, read once per
   * synchronous turn; #writes counts this connection's own.
   */
  changeStampNow(): string {
    let dataVersion = this.#dataVersion;
    if (dataVersion === undefined) {
      this.#dataVersion = dataVersion = this.#readDataVersion();
      // in memory no other connection can commit: the database is this connection's own
      if (this.path !== ':memory:') queueMicrotask(this.#forgetDataVersion);
    }
    const of = this.#stampOf;
    if (of[0] !== dataVersion || of[1] !== this.#writes) {
      of[0] = dataVersion;
      of[1] = this.#writes;
      this.#stamp = `${dataVersion}.${this.#writes}`;
    }
    return this.#stamp;
  }

  readonly #forgetDataVersion = () => {
    this.#dataVersion = undefined;
  };

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
    // the checkpointer's connection closes first: this one, the last, then removes the WAL
    this.#checkpointer?.close();
    this.#checkpointer = null;
    this.#statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

/** A query's turn in line: its answer, or its error, to the one who waits for it. */
function runWaiting(w: Extract<Waiter, { tx: null }>): void {
  let value: unknown;
  try {
    value = w.query();
  } catch (e) {
    w.reject(e);
    return;
  }
  w.resolve(value);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
