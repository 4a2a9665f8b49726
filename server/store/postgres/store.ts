/**
 * The Postgres store: a `pg` pool, the port's SQL numbered for Postgres, write transactions that keep
 * their invariants with locks (READ COMMITTED; SERIALIZABLE on request), retried when a deadlock,
 * a serialization conflict or a unique key taken meanwhile by another replica stopped them. Replicas
 * of `adcli serve` share one database through it. `pg` is loaded by `open` only, so the CLI and the
 * SQLite path never load it. A database out of reach, out of disk or locked past every retry is
 * thrown as the port's StoreUnavailableError, StoreFullError or StoreBusyError.
 *
 * Round trips: the pool's connections pipeline (a statement goes out without waiting for the answer
 * before it), so a transaction's BEGIN (and the locks it takes first) travels with its first
 * statement, a change whose answer nobody reads (send) with the statement after it, and its
 * bookkeeping writes (atCommit) with its COMMIT and the change stamp's bump. Statements are named
 * prepared statements, but for BEGIN, the locks and COMMIT, which take no values.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { Client, Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import {
  gatedInTurn,
  type Gated,
  type NamedLock,
  type NoteResult,
  type PoolUse,
  type RunResult,
  type SqlValue,
  type StampScope,
  type Store,
  type WriteOptions,
} from '../port.ts';
import {
  isRetryable,
  isUnavailable,
  isUniqueViolation,
  openError,
  toStoreError,
} from './errors.ts';
import { pgMigrations } from './migrations.ts';
import { checkUrl, migrate, newPool, type PostgresStoreOptions } from './open.ts';

export type { PostgresStoreOptions } from './open.ts';
import { changedRows, config, postgresDialect, translate, type Translated } from './statements.ts';

/** The transaction an async context is inside, so the store's queries in it use its client. */
interface Tx {
  store: PostgresStore;
  client: PoolClient;
  open: boolean;
  write: boolean;
  /** the first query error inside it: a transaction with one cannot commit, even if fn caught it */
  failed: unknown;
  /** statements sent and not yet answered whose answers nobody awaits (BEGIN, locks, send) */
  unanswered: Set<Promise<void>>;
  /** what a statement sent now waits for before it is answered (gated); rejects when it stops */
  gate: Promise<void> | undefined;
  after: (() => void)[];
  /** sent just before its next statement, in the same round trip: BEGIN until it has gone, then locks */
  ahead: string[];
  /** BEGIN has been sent: the connection is inside the transaction */
  begun: boolean;
  /** a statement of it changed rows (or may have): its commit moves the change stamp */
  changed: boolean;
  /** ... rows of ACCESS_TABLES (or may have): its commit moves their stamp too */
  changedAccess: boolean;
  /** its connection's socket holds what is sent until this turn of the event loop ends (send) */
  corked: boolean;
  /** bookkeeping writes sent with its COMMIT */
  atCommit: { sql: string; params: SqlValue[] }[];
}
const currentTx = new AsyncLocalStorage<Tx>();
/** The change stamps' sequences as one reading saw them. */
interface Heard {
  data: string;
  access: string;
}
/** a request's reading of the change stamps (oneStampPer), keyed by store */
const requestStamp = new AsyncLocalStorage<{
  store: PostgresStore;
  heard?: Promise<Heard>;
  heardNow?: Heard;
}>();
/** the locks every write transaction begun in this context takes first (withWriteLock) */
const writeLocks = new AsyncLocalStorage<{ store: PostgresStore; locks: readonly NamedLock[] }>();

const BEGIN_LOCKS = 'BEGIN ISOLATION LEVEL READ COMMITTED';
const BEGIN_SERIALIZABLE = 'BEGIN ISOLATION LEVEL SERIALIZABLE';
const BEGIN_READ = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
/**
 * The change stamps (see changeStamp): sequences that every transaction which changed rows (of
 * ACCESS_TABLES) advances once it has committed, in its COMMIT's round trip. A sequence takes no
 * lock a commit waits for.
 */
const BUMP = "SELECT nextval('adcli_changes')";
const BUMP_ALL = "SELECT nextval('adcli_changes'), nextval('adcli_access_changes')";
const READ_STAMPS =
  'SELECT (SELECT last_value FROM adcli_changes) AS data, (SELECT last_value FROM adcli_access_changes) AS access';
/** A unique key taken between a transaction's check and its insert: it runs again, this many times at most. */
const UNIQUE_ATTEMPTS = 3;
export class PostgresStore implements Store {
  readonly dialect = postgresDialect;
  readonly label: string;
  readonly schemaVersion = pgMigrations.length;
  readonly #pool: Pool;
  readonly #maxAttempts: number;
  readonly #translated = new Map<string, Translated>();
  readonly #lockKeys = new Map<string, string>();
  readonly #newClient: () => Client;
  /** this process's commits that changed rows (and rollbacks), counted at once, by stamp scope */
  #writes = { data: 0, access: 0 };
  #stamp: { writes: number; access: number; value: Promise<Heard> } | undefined;
  /** the connection that reads the change stamps, one query at a time */
  #stamper: Promise<Client> | undefined;
  #inFlight: Promise<Heard> | undefined;
  #queued: Promise<Heard> | undefined;
  #onClose: (() => void | Promise<void>)[] = [];
  #closed = false;

  private constructor(pool: Pool, newClient: () => Client, label: string, maxAttempts: number) {
    this.#pool = pool;
    this.#newClient = newClient;
    this.label = label;
    this.#maxAttempts = maxAttempts;
  }

  /**
   * Connects, applies the migrations and returns the store. A database that cannot be used (a
   * malformed URL, a refused login, no answer, no such database, no right to create the tables, a
   * newer schema) is a DatabaseOpenError: one line naming the URL without its password.
   */
  static async open(url: string, opts: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const { label, password } = checkUrl(url);
    const pg = (await import('pg')).default;
    let pool: Pool | undefined;
    try {
      const made = newPool(pg, url, opts);
      pool = made.pool;
      const store = new PostgresStore(made.pool, made.newClient, label, opts.maxAttempts ?? 30);
      await migrate(made.pool, label, opts.onMigrate);
      return store;
    } catch (e) {
      await pool?.end().catch(() => {});
      throw openError(label, e, password);
    }
  }

  /**
   * `?` becomes `$1..$n` in order and `?N` becomes `$N` (a bare `?` after `?N` numbers on from the
   * largest so far, as SQLite does), outside string literals, quoted identifiers and comments.
   * Each SQL text is a named prepared statement on every connection that runs it.
   */
  #translate(sql: string): Translated {
    let t = this.#translated.get(sql);
    if (!t) {
      t = translate(sql, this.#translated.size + 1);
      this.#translated.set(sql, t);
    }
    return t;
  }

  #tx(): Tx | undefined {
    const tx = currentTx.getStore();
    return tx && tx.store === this && tx.open ? tx : undefined;
  }

  async #query(sql: string, params: SqlValue[], note = false): Promise<QueryResult> {
    const t = this.#translate(sql);
    const tx = this.#tx();
    if (!tx) {
      try {
        return await this.#pool.query(config(t, params));
      } catch (e) {
        throw toStoreError(e);
      }
    }
    const gate = tx.gate;
    let r: QueryResult;
    try {
      this.#sendAhead(tx);
      r = await send(tx, config(t, params));
      if (gate) await gate;
    } catch (e) {
      if (gate) await gate;
      const first = await this.#firstFailure(tx, e);
      // a conflict stays as it is: the transaction runs fn again
      throw isRetryable(first) || isUniqueViolation(first) ? first : toStoreError(first);
    }
    if (
      !note &&
      tx.write &&
      !(tx.changed && (tx.changedAccess || !t.access)) &&
      changedRows(r, t)
    ) {
      tx.changed = true;
      if (t.access) tx.changedAccess = true;
    }
    return r;
  }

  /** BEGIN and the locks asked for since the last statement, sent now: the next statement's round trip. */
  #sendAhead(tx: Tx): void {
    if (tx.ahead.length === 0) return;
    const text = tx.ahead.join(';\n');
    tx.ahead = [];
    tx.begun = true;
    this.#unread(tx, send(tx, text));
  }

  /** A statement in flight whose answer nobody awaits: its failure is the transaction's. */
  #unread(tx: Tx, answer: Promise<unknown>): void {
    const settled: Promise<void> = answer.then(
      () => void tx.unanswered.delete(settled),
      (e: unknown) => {
        tx.failed ??= e;
        tx.unanswered.delete(settled);
      },
    );
    tx.unanswered.add(settled);
  }

  /**
   * The error a transaction's statement failed with, or the earlier one that made it fail: a
   * statement pipelined after a failed one is refused as "transaction aborted" (and answered after it).
   */
  async #firstFailure(tx: Tx, e: unknown): Promise<unknown> {
    if (tx.unanswered.size > 0) await Promise.allSettled(tx.unanswered);
    tx.failed ??= e;
    return tx.failed;
  }

  async get<T>(sql: string, ...params: SqlValue[]): Promise<T | undefined> {
    return (await this.#query(sql, params)).rows[0] as T | undefined;
  }

  async all<T>(sql: string, ...params: SqlValue[]): Promise<T[]> {
    return (await this.#query(sql, params)).rows as T[];
  }

  /** Outside a transaction: in a short one of its own, which moves the change stamp if it changed rows. */
  async run(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    if (!this.#tx()) return this.write(() => this.run(sql, ...params));
    return { changes: (await this.#query(sql, params)).rowCount ?? 0 };
  }

  async note<T = never>(sql: string, ...params: SqlValue[]): Promise<NoteResult<T>> {
    const r = await this.#query(sql, params, true);
    return { changes: r.rowCount ?? 0, rows: r.rows as T[] };
  }

  async gated<A, T>(
    check: Promise<A>,
    stops: (answer: A) => boolean,
    fn: () => Promise<T>,
  ): Promise<Gated<A, T>> {
    const tx = this.#tx();
    if (!tx?.write) return gatedInTurn(check, stops, fn);
    let answer: { a: A } | undefined;
    const gate = check.then((a) => {
      answer = { a };
      if (stops(a)) throw new GateClosed();
    });
    gate.catch(() => {}); // awaited below; fn may settle before check does
    const outer = tx.gate;
    tx.gate = outer ? Promise.all([outer, gate]).then(() => {}) : gate;
    try {
      const value = await fn();
      await gate;
      return { value };
    } catch (e) {
      // check's answer first: it stopped fn, or failed before fn's statements could run
      try {
        await gate;
      } catch (g) {
        if (g instanceof GateClosed) {
          // fn's statements ran: whatever the caller does next, this transaction cannot commit
          tx.failed ??= g;
          return { stopped: answer!.a };
        }
        throw g;
      }
      throw e;
    } finally {
      tx.gate = outer;
    }
  }

  send(sql: string, ...params: SqlValue[]): void {
    const tx = this.#tx();
    if (!tx?.write) throw new Error('send() is for a statement inside a write transaction');
    const t = this.#translate(sql);
    this.#sendAhead(tx);
    // counted as a change without its row count: a stamp may move with no change, never the reverse
    tx.changed = true;
    if (t.access) tx.changedAccess = true;
    this.#unread(tx, send(tx, config(t, params)));
  }

  async atCommit(sql: string, ...params: SqlValue[]): Promise<void> {
    const tx = this.#tx();
    if (!tx) {
      await this.note(sql, ...params);
      return;
    }
    tx.atCommit.push({ sql, params });
  }

  write<T>(fn: () => Promise<T>, opts: WriteOptions = {}): Promise<T> {
    return this.#transaction(
      opts.isolation === 'serializable' ? BEGIN_SERIALIZABLE : BEGIN_LOCKS,
      true,
      fn,
    );
  }

  read<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction(BEGIN_READ, false, fn);
  }

  rowLock(mode: 'update' | 'share' = 'update', of?: string): string {
    if (!this.#tx()?.write) return '';
    return `${mode === 'share' ? ' FOR SHARE' : ' FOR UPDATE'}${of ? ` OF ${of}` : ''}`;
  }

  lock(name: string, opts: { shared?: boolean } = {}): Promise<void> {
    const tx = this.#tx();
    if (tx?.write) tx.ahead.push(this.#lockStatement({ name, shared: opts.shared ?? false }));
    return Promise.resolve();
  }

  withWriteLock<T>(lock: NamedLock, fn: () => Promise<T>): Promise<T> {
    const outer = writeLocks.getStore();
    const locks = outer?.store === this ? [...outer.locks, lock] : [lock];
    return writeLocks.run({ store: this, locks }, fn);
  }

  /** An advisory transaction lock on a 64-bit key of the name (the lock manager's own waits and deadlock checks). */
  #lockStatement(lock: NamedLock): string {
    let key = this.#lockKeys.get(lock.name);
    if (key === undefined) {
      if (this.#lockKeys.size > 10_000) this.#lockKeys.clear();
      key = createHash('sha256').update(lock.name).digest().readBigInt64BE(0).toString();
      this.#lockKeys.set(lock.name, key);
    }
    return `SELECT pg_advisory_xact_lock${lock.shared ? '_shared' : ''}(${key})`;
  }

  /**
   * One transaction on one pooled connection, with fn's queries bound to it. A deadlock or a
   * serialization failure (another replica's transaction won) rolls back and runs fn again, after a
   * short random pause that grows with each attempt; so does a unique key that another transaction
   * took between fn's check and its insert (fn then finds it), a few times. A nested call joins: Postgres refuses
   * a write inside a read transaction (READ ONLY), so a write must not be nested in a read.
   */
  async #transaction<T>(begin: string, write: boolean, fn: () => Promise<T>): Promise<T> {
    if (this.#tx()) return fn();
    const scope = write ? writeLocks.getStore() : undefined;
    const locks = scope?.store === this ? scope.locks.map((l) => this.#lockStatement(l)) : [];
    for (let attempt = 1; ; attempt++) {
      let client: PoolClient;
      try {
        client = await this.#pool.connect();
      } catch (e) {
        throw toStoreError(e);
      }
      const tx: Tx = {
        store: this,
        client,
        open: true,
        write,
        failed: undefined,
        unanswered: new Set(),
        gate: undefined,
        after: [],
        ahead: [begin, ...locks],
        begun: false,
        changed: false,
        changedAccess: false,
        atCommit: [],
        corked: false,
      };
      // A connection lost between queries is reported on the client; the next query fails with it.
      let lost: Error | undefined;
      const onError = (e: Error) => (lost = e);
      client.on('error', onError);
      let outcome: { ok: true; value: T } | { ok: false; err: unknown };
      try {
        const value = await currentTx.run(tx, fn);
        // a statement sent last is answered before the commit could go: nothing failed may commit
        if (tx.unanswered.size > 0) await Promise.allSettled(tx.unanswered);
        if (tx.failed !== undefined) throw tx.failed;
        tx.open = false;
        await this.#commit(tx);
        outcome = { ok: true, value };
      } catch (err) {
        outcome = { ok: false, err };
        tx.open = false;
        if (tx.begun && !lost && !isUnavailable(err))
          await client.query('ROLLBACK').catch((e: Error) => (lost = e));
      } finally {
        tx.open = false;
        client.removeListener('error', onError);
      }
      // A broken connection leaves the pool instead of going back to it.
      client.release(
        lost ?? (!outcome.ok && isUnavailable(outcome.err) ? (outcome.err as Error) : undefined),
      );
      // Caches filled inside a failed transaction saw rows that are gone: a rollback moves the stamp too.
      if ((write && tx.changed) || !outcome.ok) this.#writes.data++;
      if ((write && tx.changedAccess) || !outcome.ok) this.#writes.access++;
      if (outcome.ok) {
        for (const cb of tx.after) cb();
        return outcome.value;
      }
      const again =
        isRetryable(outcome.err) || (isUniqueViolation(outcome.err) && attempt < UNIQUE_ATTEMPTS);
      if (!again || attempt >= this.#maxAttempts) throw toStoreError(outcome.err);
      await sleep(Math.random() * Math.min(200, 2 ** attempt));
    }
  }

  /**
   * The transaction's end in one round trip: its bookkeeping writes (prepared, pipelined), then
   * COMMIT and (when it changed rows) the change stamp's bump, which runs once the commit is
   * visible. Nothing at all when no statement was sent.
   */
  async #commit(tx: Tx): Promise<void> {
    if (!tx.begun && tx.atCommit.length === 0) return;
    this.#sendAhead(tx);
    for (const { sql, params } of tx.atCommit)
      this.#unread(tx, send(tx, config(this.#translate(sql), params)));
    const end = tx.changed ? `COMMIT;\n${tx.changedAccess ? BUMP_ALL : BUMP}` : 'COMMIT';
    const answers = (await send(tx, end)) as QueryResult | QueryResult[];
    // COMMIT of a transaction that failed is answered ROLLBACK, not an error: the failure is thrown
    if ((Array.isArray(answers) ? answers : [answers])[0]!.command === 'ROLLBACK') {
      await Promise.allSettled(tx.unanswered);
      throw tx.failed ?? new Error('the transaction was rolled back at its commit');
    }
  }

  afterCommit(cb: () => void): void {
    const tx = this.#tx();
    if (tx) tx.after.push(cb);
    else cb();
  }

  /**
   * The change stamps: the sequences adcli_changes (every change) and adcli_access_changes (changes
   * of ACCESS_TABLES), which every transaction that changed such rows advances right after its
   * commit (in the COMMIT's round trip), with this process's own commits counted at once. Reading
   * them on the stamp connection returns only what was advanced before the read, so a commit a
   * value counts was visible before it was read: a cache keyed on it holds nothing older. A commit
   * whose advance comes after the read moves the stamp later, so what a cache filled meanwhile may
   * have missed is dropped then. Bookkeeping (`note`, `atCommit`: rate-limit windows, the request
   * journal, idempotency records) and transactions that changed nothing advance neither, so caches
   * survive them. Callers in one synchronous turn share one round trip: they all asked before it was
   * sent.
   */
  oneStampPer<T>(fn: () => Promise<T>): Promise<T> {
    return requestStamp.run({ store: this }, fn);
  }

  #stampOf(heard: Heard, scope: StampScope, writes = this.#writes): string {
    return scope === 'access'
      ? `a${heard.access}.${writes.access}`
      : `${heard.data}.${writes.data}`;
  }

  knownStamp(scope: StampScope = 'data'): string | undefined {
    const r = requestStamp.getStore();
    return r?.store === this && r.heardNow !== undefined
      ? this.#stampOf(r.heardNow, scope)
      : undefined;
  }

  changeStamp(scope: StampScope = 'data'): Promise<string> {
    const r = requestStamp.getStore();
    if (r?.store === this) {
      // the request's one round trip; this process's own commits since count at once
      r.heard ??= this.#readStamps().then((h) => (r.heardNow = h));
      return r.heard.then((h) => this.#stampOf(h, scope));
    }
    const writes = { ...this.#writes };
    // one reading for every caller of one synchronous turn, as long as this process commits nothing
    if (this.#stamp?.writes !== writes.data || this.#stamp.access !== writes.access) {
      const stamp = { writes: writes.data, access: writes.access, value: this.#readStamps() };
      this.#stamp = stamp;
      queueMicrotask(() => {
        if (this.#stamp === stamp) this.#stamp = undefined;
      });
    }
    return this.#stamp!.value.then((h) => this.#stampOf(h, scope, writes));
  }

  async #readStamps(): Promise<Heard> {
    try {
      return await this.#roundTrip();
    } catch (e) {
      throw toStoreError(e);
    }
  }

  /**
   * The sequences' values, read on the stamp connection by a query sent after this call. A
   * connection runs one query at a time: callers that come while one is on its way share the next
   * one (one sent before they called could miss a commit they must see).
   */
  #roundTrip(): Promise<Heard> {
    if (!this.#inFlight) {
      this.#inFlight = this.#stamping()
        .then((c) =>
          c.query<{ data: number; access: number }>({ name: 'adcli_stamps', text: READ_STAMPS }),
        )
        .then((r) => ({ data: String(r.rows[0]!.data), access: String(r.rows[0]!.access) }))
        .finally(() => (this.#inFlight = undefined));
      return this.#inFlight;
    }
    this.#queued ??= this.#inFlight
      .catch(() => undefined)
      .then(() => {
        this.#queued = undefined;
        return this.#roundTrip();
      });
    return this.#queued;
  }

  #stamping(): Promise<Client> {
    if (!this.#stamper) {
      const client = this.#newClient();
      const lost = () => {
        if (this.#stamper === ready) this.#stamper = undefined;
        client.removeAllListeners();
        client.on('error', () => {});
        void client.end().catch(() => {});
      };
      client.on('error', lost);
      client.on('end', lost);
      const ready: Promise<Client> = client.connect().then(() => client);
      ready.catch(lost);
      this.#stamper = ready;
    }
    return this.#stamper;
  }

  onClose(cb: () => void | Promise<void>): void {
    this.#onClose.push(cb);
  }

  poolUse(): PoolUse {
    const pool = this.#pool;
    return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // before the pool ends: a callback may still write (the request journal's last entries)
    for (const cb of this.#onClose.splice(0)) {
      try {
        await cb();
      } catch {
        // closing goes on: what failed to write is lost either way
      }
    }
    const stamper = this.#stamper;
    this.#stamper = undefined;
    await stamper?.then((c) => c.end()).catch(() => {});
    await this.#pool.end();
  }
}

/** The answer to a statement sent behind a check (gated) that stopped it. */
class GateClosed extends Error {
  constructor() {
    super('a statement sent behind a check that stopped it');
  }
}

/**
 * A statement of the transaction, sent. What one turn of the event loop sends leaves in one write of
 * the socket when the turn ends: a pipeline's round trip costs one system call, not one a statement.
 */
function send(tx: Tx, query: QueryConfig | string): Promise<QueryResult> {
  if (!tx.corked) {
    // pg's own connection socket (a net.Socket); pg corks it per statement, which nests in this
    const stream = (tx.client as unknown as { connection?: { stream?: Partial<Writable> } })
      .connection?.stream;
    if (stream?.cork && stream.uncork) {
      tx.corked = true;
      stream.cork();
      process.nextTick(() => {
        tx.corked = false;
        stream.uncork!();
      });
    }
  }
  return tx.client.query(query);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
