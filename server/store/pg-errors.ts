/**
 * What a Postgres error means for adcli: a database that cannot be used at open (one line, with a
 * kind for the exit-code table), a database that is gone for now (503 with Retry-After, the pool
 * reconnects by itself), a conflict between replicas that is retried. This file loads nothing of
 * `pg`, so the HTTP layer can ask about errors on the SQLite path too.
 */

/**
 * Why a database could not be opened, for `adcli serve`'s exit code: `url` a malformed URL (usage),
 * `auth` a refused user or password, `unreachable` no answer from the host, `missing` no such
 * database, `permission` no right to create the tables, `schema` written by a newer adcli,
 * `other` anything else.
 */
export type DatabaseOpenErrorKind =
  'url' | 'auth' | 'unreachable' | 'missing' | 'permission' | 'schema' | 'other';

/** A database that cannot be used: its message is one line naming it (never its password) and the problem. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
  readonly kind: DatabaseOpenErrorKind;
  constructor(kind: DatabaseOpenErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

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
  // pg's own errors for a connection that ended or never came carry no code
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable/i.test(
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
