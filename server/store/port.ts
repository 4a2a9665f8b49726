/**
 * The store port: what the domain, the operations and the jobs may ask of a database. Two adapters
 * implement it, SQLite (server/store/sqlite/, the embedded default) and Postgres
 * (server/store/postgres/, for replicas), opened from a StoreSpec by server/store/open.ts; nothing
 * above this layer knows which one it has. Failures worth a retry (busy, a full disk, a database out
 * of reach) are thrown by both as the typed errors of server/store/errors.ts.
 *
 * SQL is written once, in the subset both engines read the same way:
 * - placeholders `?` (or `?N` to repeat one); the Postgres adapter numbers them `$N`;
 * - upserts as `INSERT ... ON CONFLICT (...) DO UPDATE SET x = excluded.x` or `DO NOTHING`
 *   (never `INSERT OR REPLACE|IGNORE`), `RETURNING` where a value is wanted back;
 * - no PRAGMA, no rowid, no `json_*` functions, no `IFNULL`, no two-argument MIN/MAX: use the
 *   fragments of `sql` below, COALESCE, or do it in TypeScript;
 * - text compares byte-wise on both (the Postgres schema declares COLLATE "C"); case-insensitive
 *   matching goes through `sql.like`;
 * - integers (COUNT(*), SUM of integers) come back as JavaScript numbers from both.
 */
export type SqlValue = string | number | bigint | null | Uint8Array;

export interface StoreDialect {
  readonly name: 'sqlite' | 'postgres';
  /** the values of a JSON array of strings (a column or a placeholder holding JSON) as a subquery: `x IN ${jsonValues('?')}` */
  jsonValues(expr: string): string;
  /** a case-insensitive LIKE of `expr` against a pattern placeholder, `\` escaping `%` and `_` */
  like(expr: string, pattern: string): string;
  /**
   * Appended to a `SELECT ... LIMIT n` that picks rows to take (a job to claim): on Postgres
   * ` FOR UPDATE SKIP LOCKED`, so replicas taking rows at once each skip the rows another is taking
   * instead of queueing behind it; empty on SQLite, whose writers take turns anyway.
   */
  readonly skipLocked: string;
}

/** One answer to a write statement. */
export interface RunResult {
  changes: number;
}

/** One answer to a bookkeeping write (Store.note): its changes and the rows of its RETURNING clause. */
export interface NoteResult<T> extends RunResult {
  rows: T[];
}

/**
 * What a cache's values derive from (Store.changeStamp): `data`, anything in the store (the
 * default); or `access`, only what a request reads before its operation runs (ACCESS_TABLES: API
 * keys and their workspaces, workspace clocks, fault rules). A stamp of `access` stays the same
 * while the API's writes change other tables, so the caches of keys, clocks and fault rules survive
 * them where the engine can tell (Postgres; on SQLite every scope moves with every commit).
 */
export type StampScope = 'data' | 'access';
export const ACCESS_TABLES: readonly string[] = [
  'api_keys',
  'workspaces',
  'workspace_clocks',
  'fault_rules',
];

/** How a write transaction keeps its invariants against concurrent ones (see Store.write). */
export interface WriteOptions {
  /**
   * `locks` (the default): fn takes the locks its invariants need (rowLock on the rows it reads and
   * then changes, lock for anything wider), and each statement sees what committed before it began
   * (Postgres READ COMMITTED), so writers of different rows never fail each other. `serializable`:
   * Postgres checks that the transaction could have run alone (SERIALIZABLE) and runs fn again when
   * another transaction wins a conflict; no locks needed, but concurrent writers of one table often
   * roll each other back. SQLite runs one writer at a time either way.
   */
  isolation?: 'locks' | 'serializable';
}

/** What Store.gated ran to: fn's value, or the answer of the check that stopped it. */
export type Gated<A, T> = { value: T } | { stopped: A };

/** Store.gated where statements wait for their answers anyway: check first, then fn unless stopped. */
export async function gatedInTurn<A, T>(
  check: Promise<A>,
  stops: (answer: A) => boolean,
  fn: () => Promise<T>,
): Promise<Gated<A, T>> {
  const answer = await check;
  return stops(answer) ? { stopped: answer } : { value: await fn() };
}

/** A named lock of write transactions (Store.lock, Store.withWriteLock). */
export interface NamedLock {
  name: string;
  /** held by many transactions at once, never together with an exclusive holder (default exclusive) */
  shared?: boolean;
}

/** A connection pool's use at one moment. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** What a store says as it migrates: where the schema stands, then each migration applied. */
export type MigrationEvent =
  | { type: 'found'; current: number; target: number }
  | { type: 'applied'; version: number; target: number; ms: number };

export interface Store {
  readonly dialect: StoreDialect;
  /** where the data lives, for messages: a file path, or a database URL without its password */
  readonly label: string;
  /**
   * The folder of the store's file on this machine, where things kept beside the store may keep
   * files of their own (the request journal's requests.db); undefined for a store in memory or on a
   * database server.
   */
  readonly localDir?: string | undefined;
  /**
   * The schema this adcli was built for: the count of its migrations. A database whose
   * schema_migrations holds a higher version was migrated by a newer adcli.
   */
  readonly schemaVersion: number;
  /**
   * The connection pool's use now (Postgres): connections open, idle among them, and requests
   * waiting for one. Undefined on a store without a pool.
   */
  poolUse?(): PoolUse;

  get<T>(sql: string, ...params: SqlValue[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: SqlValue[]): Promise<T[]>;
  run(sql: string, ...params: SqlValue[]): Promise<RunResult>;
  /**
   * A write to bookkeeping that no cached read depends on (rate-limit windows, the request journal):
   * it does not move the change stamp, so caches survive it. Inside a transaction it is part of it.
   * `rows` are what its RETURNING clause gave back (none without one).
   */
  note<T = never>(sql: string, ...params: SqlValue[]): Promise<NoteResult<T>>;

  /**
   * Runs fn in one write transaction: all of it commits or none of it does. Re-entrant: a call inside
   * a transaction (read or write) joins it, and its options are the outer one's. Every query fn
   * makes must go through this store and be awaited inside fn. On Postgres fn may be run again (a
   * deadlock or serialization conflict with another replica, a unique key another transaction took
   * between fn's check and its insert), so it must not have effects outside the store (use
   * `afterCommit` for those). By default (`isolation: 'locks'`) fn keeps its own invariants: it
   * locks the rows it reads and then changes (`rowLock`) and takes a named `lock` for what spans
   * rows; docs/postgres.md lists the invariants and their locks.
   */
  write<T>(fn: () => Promise<T>, opts?: WriteOptions): Promise<T>;
  /** Runs fn in one read transaction, so a multi-query read sees a single snapshot. */
  read<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs cb once the current write transaction has committed (at once outside one); dropped on rollback. */
  afterCommit(cb: () => void): void;

  /**
   * ` FOR UPDATE` (or ` FOR SHARE`) to append to a SELECT inside a write transaction on Postgres: the
   * rows it reads stay as read until the transaction ends, and a writer holding them is waited for
   * (then the rows are read as it left them). Empty in a read transaction, outside one and on SQLite,
   * whose writers take turns anyway. `of` names the one table (or alias) of a join whose rows are
   * locked: the rows of an outer join's optional side cannot be.
   */
  rowLock(mode?: 'update' | 'share', of?: string): string;
  /**
   * Takes a named lock in the current write transaction, held until it ends: transactions taking
   * the same name exclusively take turns (shared holders run together). On Postgres an advisory
   * transaction lock, sent with the transaction's next statement; statements after it see whatever
   * the holders before it committed. Nothing outside a write transaction, and nothing on SQLite.
   */
  lock(name: string, opts?: { shared?: boolean }): Promise<void>;
  /**
   * Runs fn so that every write transaction it begins (not one it joins) takes `lock` first, before
   * any statement of its own: an operation's transactions, however many, each hold it. Nothing on SQLite.
   */
  withWriteLock<T>(lock: NamedLock, fn: () => Promise<T>): Promise<T>;
  /**
   * A change inside a write transaction whose answer (its row count) the caller does not need: on
   * Postgres it goes out at once and is answered in the round trip of the transaction's next
   * statement (or its commit), which then fails with its error if it failed; SQLite runs it at once
   * and throws there. A change stamp counts it as a change. Throws outside a write transaction.
   */
  send(sql: string, ...params: SqlValue[]): void;
  /**
   * Runs fn behind `check`, a statement of the current write transaction already on its way whose
   * answer decides whether fn's work may stand. On Postgres fn's statements go out at once, in
   * check's round trip, but none is answered to fn before check is; when `stops(answer)` holds they
   * fail, and the result is `{ stopped: answer }`: fn's statements may have run, so the caller must
   * roll the transaction back. SQLite awaits check first and runs fn only when it does not stop.
   * check's own failure is thrown, before fn's.
   */
  gated<A, T>(
    check: Promise<A>,
    stops: (answer: A) => boolean,
    fn: () => Promise<T>,
  ): Promise<Gated<A, T>>;
  /**
   * A bookkeeping write (as `note`) whose answer nobody awaits, sent with the current transaction's
   * COMMIT in the same round trip (on SQLite run at once): it commits with the transaction or not at
   * all, and a failure of it fails the commit. Outside a transaction it runs at once.
   */
  atCommit(sql: string, ...params: SqlValue[]): Promise<void>;

  /**
   * Changes whenever the data may have changed, by this process or any other (another replica, a
   * worker thread): caches of derived data key on it. Conservative: it may change with no visible
   * change, never the other way round. With `access`, whenever ACCESS_TABLES may have changed.
   */
  changeStamp(scope?: StampScope): Promise<string>;
  /**
   * Runs fn (one request) with one reading of other processes' commits: every changeStamp inside
   * it shares the first one's round trip, plus this process's own commits since. Commits elsewhere
   * during fn were concurrent with it, so answering as of its start is still up to date.
   */
  oneStampPer<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * The change stamp when it can be told without waiting (SQLite always; Postgres once the request's
   * one reading is in), else undefined: then await changeStamp(). Caches check it first, so a hit on
   * the hot path costs no promise.
   */
  knownStamp(scope?: StampScope): string | undefined;

  /**
   * Runs cb when the store closes (things opened beside it, such as the request journal); a promise
   * it returns is awaited before the connections close, so it may still write.
   */
  onClose(cb: () => void | Promise<void>): void;
  close(): Promise<void>;
}
