/**
 * The errors a store throws that callers above it act on, the same from both adapters: code above
 * the store tests for these classes and never for an adapter or its driver's error codes. Each keeps
 * the driver's error as its `cause` and its message.
 */

/**
 * A failure of the store itself, not of the request: the same request may succeed later.
 * `retryAfterS` is the adapter's hint of when, where it knows one; callers pick a default otherwise.
 */
export abstract class StoreError extends Error {
  readonly retryAfterS: number | undefined;
  constructor(message: string, opts: { cause?: unknown; retryAfterS?: number } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.retryAfterS = opts.retryAfterS;
  }
}

/**
 * The store is taken by other writers for longer than it waits: SQLite busy beyond its timeout, or
 * on Postgres a lock timeout or serialization conflicts that every retry lost. Try again soon.
 */
export class StoreBusyError extends StoreError {
  override name = 'StoreBusyError';
}

/** The disk under the store is full (SQLITE_FULL, ENOSPC, Postgres disk_full): the write rolled back. */
export class StoreFullError extends StoreError {
  override name = 'StoreFullError';
}

/**
 * The database cannot be reached for now (Postgres refused, lost, shutting down or out of
 * connections); the adapter reconnects by itself once it is back.
 */
export class StoreUnavailableError extends StoreError {
  override name = 'StoreUnavailableError';
}

/**
 * A row the store's schema refuses (a unique key taken, a missing referenced row, a NULL where none
 * may be): a fault of the data written, never of the store, so trying again gives the same answer.
 */
export class StoreConstraintError extends Error {
  override name = 'StoreConstraintError';
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
  }
}

/**
 * A store file that cannot be used as it is (SQLite: empty, damaged, not writable), or a start-up
 * refusal beside it. Its message is one line naming the file and what to do; `adcli serve` prints it
 * and exits 1, without a stack.
 */
export class StoreFileError extends Error {
  override name = 'StoreFileError';
}

/**
 * Why a database could not be opened, for `adcli serve`'s exit code: `url` a malformed URL (usage),
 * `auth` a refused user or password, `unreachable` no answer from the host, `missing` no such
 * database, `permission` no right to create the tables, `schema` written by a newer adcli,
 * `other` anything else.
 */
export type DatabaseOpenErrorKind =
  'url' | 'auth' | 'unreachable' | 'missing' | 'permission' | 'schema' | 'other';

/** A database (Postgres) that cannot be used: one line naming it (never its password) and the problem. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
  readonly kind: DatabaseOpenErrorKind;
  constructor(kind: DatabaseOpenErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}
