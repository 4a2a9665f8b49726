/**
 * The Postgres store: a `pg` pool, the port's SQL numbered for Postgres, SERIALIZABLE write
 * transactions retried when another replica wins a conflict. Replicas of `adcli serve` share one
 * database through it. `pg` is loaded by `open` only, so the CLI and the SQLite path never load it.
 * A database out of reach, out of disk or locked past every retry is thrown as the port's
 * StoreUnavailableError, StoreFullError or StoreBusyError.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client, Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { DatabaseOpenError } from '../errors.ts';
import type { RunResult, SqlValue, Store, StoreDialect } from '../port.ts';
import { isRetryable, isUnavailable, openError, redactUrl, toStoreError } from './errors.ts';
import { pgMigrations } from './migrations.ts';
import { numberPlaceholders } from './placeholders.ts';

export interface PostgresStoreOptions {
  /** connections in the pool (default 10) */
  max?: number;
  /** how long to wait for a connection, from the database or the pool, before failing (default 10 s) */
  connectTimeoutMs?: number;
  /** attempts of a transaction that keeps losing serialization conflicts (default 30) */
  maxAttempts?: number;
}

/** The transaction an async context is inside, so the store's queries in it use its client. */
interface Tx {
  store: PostgresStore;
  client: PoolClient;
  open: boolean;
  /** the first query error inside it: a transaction with one cannot commit, even if fn caught it */
  failed: unknown;
  after: (() => void)[];
}
const currentTx = new AsyncLocalStorage<Tx>();
/** a request's reading of the commits heard (oneStampPer), keyed by store */
const requestStamp = new AsyncLocalStorage<{
  store: PostgresStore;
  heard?: Promise<string>;
  heardNow?: string;
}>();

const postgresDialect: StoreDialect = {
  name: 'postgres',
  jsonValues: (expr) => `(SELECT jsonb_array_elements_text((${expr})::jsonb))`,
  like: (expr, pattern) => `${expr} ILIKE ${pattern} ESCAPE '\\'`,
  skipLocked: ' FOR UPDATE SKIP LOCKED',
};

/** Held while migrating, so replicas starting together apply the migrations once, one after the other. */
const MIGRATION_LOCK = 0x0adc11; // any constant: the lock is per database
const BEGIN_WRITE = 'BEGIN ISOLATION LEVEL SERIALIZABLE';
/** Every write transaction announces itself on this channel as it commits (see changeStamp). */
const CHANGES = 'adcli_changes';
const COMMIT_WRITE = `NOTIFY ${CHANGES}; COMMIT`;
const BEGIN_READ = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

const MAX_PREPARED = 1000;

interface Translated {
  name: string | undefined;
  text: string;
}

export class PostgresStore implements Store {
  readonly dialect = postgresDialect;
  readonly label: string;
  readonly #pool: Pool;
  readonly #maxAttempts: number;
  readonly #translated = new Map<string, Translated>();
  readonly #newClient: () => Client;
  #writes = 0;
  #stamp: { writes: number; value: Promise<string> } | undefined;
  /** the connection that LISTENs for other connections' commits, and how many it has heard */
  #listener: Promise<Client> | undefined;
  #heard = 0;
  /** bumped when the listener is lost: commits may have gone unheard meanwhile */
  #epoch = 0;
  #inFlight: Promise<void> | undefined;
  #queued: Promise<void> | undefined;
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
    const label = redactUrl(url);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new DatabaseOpenError(
        'url',
        `the database URL is malformed (${label}): expected postgres://USER:PASSWORD@HOST:PORT/DATABASE`,
      );
    }
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
      throw new DatabaseOpenError('url', `the database URL ${label} is not a postgres:// URL`);
    }
    let password: string | undefined;
    try {
      password =
        decodeURIComponent(parsed.password) || parsed.searchParams.get('password') || undefined;
      if (!parsed.hostname && !parsed.searchParams.get('host')) throw new Error('no host');
      if (parsed.port && !/^\d+$/.test(parsed.port)) throw new Error('bad port');
    } catch {
      throw new DatabaseOpenError(
        'url',
        `the database URL ${label} is malformed: expected postgres://USER:PASSWORD@HOST:PORT/DATABASE`,
      );
    }

    const pg = (await import('pg')).default;
    // Per pool, not global: int8 (COUNT, SUM, BIGINT columns) and numeric as numbers, like SQLite's.
    const types = new pg.TypeOverrides();
    types.setTypeParser(20, (v: string) => Number(v));
    types.setTypeParser(1700, (v: string) => Number(v));
    let pool: Pool | undefined;
    try {
      pool = new pg.Pool({
        connectionString: url,
        types,
        max: opts.max ?? 10,
        connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
        keepAlive: true,
        application_name: 'adcli',
      });
      // An idle connection the server ends (restart, admin shutdown) is dropped by the pool; without
      // a listener its error would end the process.
      pool.on('error', () => {});
      const newClient = () =>
        new pg.Client({
          connectionString: url,
          types,
          connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
          keepAlive: true,
          application_name: 'adcli',
        });
      const store = new PostgresStore(pool, newClient, label, opts.maxAttempts ?? 30);
      await store.#migrate();
      return store;
    } catch (e) {
      await pool?.end().catch(() => {});
      throw openError(label, e, password);
    }
  }

  async #migrate(): Promise<void> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        // Created only when absent: a user with no right to create tables may still use a migrated database.
        const exists = await client.query<{ t: string | null }>(
          `SELECT to_regclass('schema_migrations')::text AS t`,
        );
        if (exists.rows[0]?.t == null) {
          await client.query(
            'CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at TEXT COLLATE "C" NOT NULL)',
          );
        }
        const row = await client.query<{ v: string | null }>(
          'SELECT MAX(version)::text AS v FROM schema_migrations',
        );
        const current = Number(row.rows[0]?.v ?? 0);
        if (current > pgMigrations.length) {
          throw new DatabaseOpenError(
            'schema',
            `the database ${this.label} has schema ${current}, newer than this adcli's ${pgMigrations.length}: it was written by a newer adcli; upgrade adcli`,
          );
        }
        for (let v = current + 1; v <= pgMigrations.length; v++) {
          await client.query(pgMigrations[v - 1]!);
          await client.query(
            'INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)',
            [v, new Date().toISOString()],
          );
        }
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch((r: Error) => (broken = r));
        throw e;
      }
    } finally {
      client.release(broken);
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
      // SQL built at run time (a list of n placeholders) could prepare without end: past a bound, unnamed
      const n = this.#translated.size + 1;
      t = { name: n <= MAX_PREPARED ? `adcli_${n}` : undefined, text: numberPlaceholders(sql) };
      this.#translated.set(sql, t);
    }
    return t;
  }

  #tx(): Tx | undefined {
    const tx = currentTx.getStore();
    return tx && tx.store === this && tx.open ? tx : undefined;
  }

  async #query(sql: string, params: SqlValue[]): Promise<QueryResult> {
    const t = this.#translate(sql);
    const config: QueryConfig = t.name
      ? { name: t.name, text: t.text, values: params }
      : { text: t.text, values: params };
    const tx = this.#tx();
    if (!tx) {
      try {
        return await this.#pool.query(config);
      } catch (e) {
        throw toStoreError(e);
      }
    }
    try {
      return await tx.client.query(config);
    } catch (e) {
      tx.failed ??= e;
      // a conflict stays as it is: the transaction runs fn again
      throw isRetryable(e) ? e : toStoreError(e);
    }
  }

  async get<T>(sql: string, ...params: SqlValue[]): Promise<T | undefined> {
    return (await this.#query(sql, params)).rows[0] as T | undefined;
  }

  async all<T>(sql: string, ...params: SqlValue[]): Promise<T[]> {
    return (await this.#query(sql, params)).rows as T[];
  }

  async run(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    if (this.#tx()) return { changes: (await this.#query(sql, params)).rowCount ?? 0 };
    try {
      return await this.#runAlone(sql, params);
    } catch (e) {
      throw toStoreError(e);
    }
  }

  /** A write outside write(): in a short transaction of its own that announces its commit. */
  async #runAlone(sql: string, params: SqlValue[]): Promise<RunResult> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        const t = this.#translate(sql);
        const r = await client.query(
          t.name
            ? { name: t.name, text: t.text, values: params }
            : { text: t.text, values: params },
        );
        await client.query(COMMIT_WRITE);
        return { changes: r.rowCount ?? 0 };
      } catch (e) {
        if (isUnavailable(e)) broken = e as Error;
        else await client.query('ROLLBACK').catch((r: Error) => (broken = r));
        throw e;
      } finally {
        this.#writes++;
      }
    } finally {
      client.release(broken);
    }
  }

  async note(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    return { changes: (await this.#query(sql, params)).rowCount ?? 0 };
  }

  write<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction(BEGIN_WRITE, fn);
  }

  read<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transaction(BEGIN_READ, fn);
  }

  /**
   * One transaction on one pooled connection, with fn's queries bound to it. A serialization failure
   * or a deadlock (another replica's transaction won) rolls back and runs fn again, after a short
   * random pause that grows with each attempt. A nested call joins: Postgres refuses a write inside
   * a read transaction (READ ONLY), so a write must not be nested in a read.
   */
  async #transaction<T>(begin: string, fn: () => Promise<T>): Promise<T> {
    if (this.#tx()) return fn();
    for (let attempt = 1; ; attempt++) {
      let client: PoolClient;
      try {
        client = await this.#pool.connect();
      } catch (e) {
        throw toStoreError(e);
      }
      const tx: Tx = { store: this, client, open: true, failed: undefined, after: [] };
      // A connection lost between queries is reported on the client; the next query fails with it.
      let lost: Error | undefined;
      const onError = (e: Error) => (lost = e);
      client.on('error', onError);
      let outcome: { ok: true; value: T } | { ok: false; err: unknown };
      try {
        await client.query(begin);
        const value = await currentTx.run(tx, fn);
        if (tx.failed !== undefined) throw tx.failed;
        await client.query(begin === BEGIN_WRITE ? COMMIT_WRITE : 'COMMIT');
        outcome = { ok: true, value };
      } catch (err) {
        outcome = { ok: false, err };
        tx.open = false;
        if (!lost && !isUnavailable(err))
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
      if (begin === BEGIN_WRITE || !outcome.ok) this.#writes++;
      if (outcome.ok) {
        for (const cb of tx.after) cb();
        return outcome.value;
      }
      if (!isRetryable(outcome.err) || attempt >= this.#maxAttempts)
        throw toStoreError(outcome.err);
      await sleep(Math.random() * Math.min(200, 2 ** attempt));
    }
  }

  afterCommit(cb: () => void): void {
    const tx = this.#tx();
    if (tx) tx.after.push(cb);
    else cb();
  }

  /**
   * Commits heard on a LISTEN connection, with this process's own: every write transaction (and
   * autocommit write) runs `NOTIFY adcli_changes` as it commits, on any replica. A query on the
   * listening connection returns only after Postgres has delivered the notifications of every
   * transaction that committed before it began, so after that round trip the count covers every
   * commit a reader could see. Writes to bookkeeping (`note`: rate-limit windows, the request
   * journal) and other databases of the cluster do not move it, so caches survive them. When the
   * listener is lost, the epoch moves: commits may have gone unheard. Callers in one synchronous turn
   * share one round trip: they all asked before it was sent.
   */
  oneStampPer<T>(fn: () => Promise<T>): Promise<T> {
    return requestStamp.run({ store: this }, fn);
  }

  knownStamp(): string | undefined {
    const scope = requestStamp.getStore();
    return scope?.store === this && scope.heardNow !== undefined
      ? `${scope.heardNow}.${this.#writes}`
      : undefined;
  }

  changeStamp(): Promise<string> {
    const scope = requestStamp.getStore();
    if (scope?.store === this) {
      // the request's one round trip; this process's own commits since count at once
      scope.heard ??= this.#readStamp(0).then(
        (s) => (scope.heardNow = s.slice(0, s.lastIndexOf('.'))),
      );
      return scope.heard.then((heard) => `${heard}.${this.#writes}`);
    }
    const writes = this.#writes;
    if (this.#stamp?.writes !== writes) {
      const stamp = { writes, value: this.#readStamp(writes) };
      this.#stamp = stamp;
      queueMicrotask(() => {
        if (this.#stamp === stamp) this.#stamp = undefined;
      });
    }
    return this.#stamp!.value;
  }

  async #readStamp(writes: number): Promise<string> {
    try {
      await this.#roundTrip();
    } catch (e) {
      throw toStoreError(e);
    }
    return `${this.#epoch}.${this.#heard}.${writes}`;
  }

  /**
   * One query on the listening connection, sent after this call. A connection runs one query at a
   * time: callers that come while one is on its way share the next one (one sent before they called
   * could miss a commit they must see).
   */
  #roundTrip(): Promise<void> {
    if (!this.#inFlight) {
      this.#inFlight = this.#listening()
        .then((listener) => listener.query('SELECT 1'))
        .then(() => undefined)
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

  #listening(): Promise<Client> {
    if (!this.#listener) {
      const client = this.#newClient();
      const lost = () => {
        if (this.#listener === ready) {
          this.#listener = undefined;
          this.#epoch++;
        }
        client.removeAllListeners();
        client.on('error', () => {});
        void client.end().catch(() => {});
      };
      client.on('notification', () => this.#heard++);
      client.on('error', lost);
      client.on('end', lost);
      const ready: Promise<Client> = client
        .connect()
        .then(() => client.query(`LISTEN ${CHANGES}`))
        .then(() => client);
      ready.catch(lost);
      this.#listener = ready;
    }
    return this.#listener;
  }

  onClose(cb: () => void | Promise<void>): void {
    this.#onClose.push(cb);
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
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.then((c) => c.end()).catch(() => {});
    await this.#pool.end();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
