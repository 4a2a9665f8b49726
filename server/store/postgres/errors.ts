/**
 * What a Postgres error means for adcli: a database that cannot be used at open (one line, with a
 * kind for the exit-code table), a database that is gone for now, out of disk or locked for too long
 * (the store's typed errors, ../errors.ts), a conflict between replicas that is retried. This file
 * loads nothing of `pg`.
 */
import {
  DatabaseOpenError,
  StoreBusyError,
  StoreConstraintError,
  StoreError,
  StoreFullError,
  StoreUnavailableError,
} from '../errors.ts';

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  errno?: unknown;
}

function codeOf(err: unknown): string {
  const c = (err as PgErrorLike | null)?.code;
  return typeof c === 'string' ? c : '';
}

function messageOf(err: unknown): string {
  const m = (err as PgErrorLike | null)?.message;
  return typeof m === 'string' ? m : String(err);
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ECONNABORTED',
  'EAI_AGAIN',
  'ENOTCONN',
]);

/**
 * True when the database is gone for now: connection refused, lost or timed out, the server shutting
 * down, starting up or out of connections. The request may be tried again later (503 Retry-After);
 * the pool opens new connections when the database is back.
 */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  if (err === null || typeof err !== 'object') return false;
  const code = codeOf(err);
  if (
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '53300' ||
    SOCKET_CODES.has(code)
  )
    return true;
  // pg's own errors for a connection that ended or never came carry no code; `timeout expired` is
  // the socket pg destroys when a connection is not made within connectionTimeoutMillis
  if (
    /Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Client has encountered a connection error|Connection ended|not queryable/i.test(
      messageOf(err),
    )
  )
    return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isUnavailable(cause);
}

/** A conflict between concurrent transactions that Postgres resolved by aborting one: run it again. */
export function isRetryable(err: unknown): boolean {
  const code = codeOf(err);
  return code === '40001' || code === '40P01';
}

/**
 * A unique key already taken (23505). In a transaction that first looked for the key and found
 * none, another transaction took it in between (under SERIALIZABLE Postgres reports that as a
 * serialization failure; under READ COMMITTED as this): run once more, the look then finds it.
 */
export function isUniqueViolation(err: unknown): boolean {
  return codeOf(err) === '23505';
}

/**
 * The typed store error a Postgres failure stands for (a constraint included), or the error itself (a
 * bad statement). A conflict reaches here only once the transaction's retries are spent.
 */
export function toStoreError(err: unknown): unknown {
  if (err instanceof StoreError || err === null || typeof err !== 'object') return err;
  const cause = { cause: err };
  if (isUnavailable(err)) return new StoreUnavailableError(messageOf(err), cause);
  const code = codeOf(err);
  // 53100 disk_full: the server could not extend a file
  if (code === '53100') return new StoreFullError(messageOf(err), cause);
  // 55P03 lock_not_available (a lock_timeout set on the role or the database)
  if (code === '55P03' || isRetryable(err))
    return new StoreBusyError(messageOf(err), { cause: err, retryAfterS: 1 });
  // class 23, integrity_constraint_violation: unique, foreign key, not null, check, exclusion
  if (code.startsWith('23')) return new StoreConstraintError(messageOf(err), cause);
  return err;
}

/** A URL for messages: the password (in the authority or a `password=` parameter) replaced. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // not parseable: keep only what cannot hold a password
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? '';
    return scheme ? `${scheme}//…` : '(not a URL)';
  }
  if (u.password) u.password = '';
  for (const k of [...u.searchParams.keys()]) if (/pass/i.test(k)) u.searchParams.set(k, '***');
  return u.toString();
}

/** The one-line refusal for an error while connecting to or migrating `label` (a redacted URL). */
export function openError(
  label: string,
  err: unknown,
  password: string | undefined,
): DatabaseOpenError {
  if (err instanceof DatabaseOpenError) return err;
  const code = codeOf(err);
  let what = messageOf(err).replace(/\s+/g, ' ').slice(0, 200);
  if (password) what = what.split(password).join('***');
  if (code === '28P01' || code === '28000' || /password|SASL|SCRAM/i.test(what)) {
    return new DatabaseOpenError(
      'auth',
      `the database ${label} refused the login (${what}); check the user and password in the URL`,
    );
  }
  if (code === '3D000')
    return new DatabaseOpenError(
      'missing',
      `the database ${label} does not exist (${what}); create it (createdb) or fix the URL`,
    );
  if (code === '42501') {
    return new DatabaseOpenError(
      'permission',
      `the database ${label} does not let this user create adcli's tables (${what}); grant CREATE on the schema, or connect as its owner`,
    );
  }
  if (code === 'ENOTFOUND')
    return new DatabaseOpenError(
      'unreachable',
      `cannot reach the database ${label}: no such host (${what})`,
    );
  if (isUnavailable(err))
    return new DatabaseOpenError(
      'unreachable',
      `cannot reach the database ${label} (${what}); is Postgres running there and accepting connections?`,
    );
  return new DatabaseOpenError('other', `cannot open the database ${label}: ${what}`);
}
