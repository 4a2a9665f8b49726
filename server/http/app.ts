import { Hono, type Context } from 'hono';
import { createHash } from 'node:crypto';
import type { Advancer } from '../control/advance.ts';
import type { Actor } from '../domain/actor.ts';
import type { AuthenticatedKey } from '../domain/keys.ts';
import { createServices, type Services } from '../domain/services.ts';
import { jobHandlers } from '../jobs/handlers.ts';
import { JobRunner } from '../jobs/runner.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { ApiError, bearerChallenge, errorBody, type ErrorCode } from '../lib/errors.ts';
import { canonicalJson } from '../lib/json.ts';
import { createLogger, type LogFormat, type Logger } from '../lib/log.ts';
import { PACKAGE_VERSION } from '../lib/version.ts';
import { mountMcp } from '../mcp/endpoint.ts';
import { mountWeb } from '../web/mount.ts';
import { operations as allOperations } from '../operations/index.ts';
import { authorize, type Operation } from '../operations/operation.ts';
import type { Store } from '../store/port.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { idempotencyKey } from '../schemas/common.ts';
import { CONTROL_PREFIX, CONTROL_TAGS, controlOperations } from '../control/operations.ts';
import { preferFault, type FaultAction } from '../control/faults.ts';
import { authorizationOf } from './auth.ts';
import { limitBody } from './body-limit.ts';
import { receiveFile } from './upload.ts';
import { readJson } from './json-body.ts';
import { mountHealth } from './health.ts';
import { errorHandler } from './on-error.ts';
import { apiExamples } from './openapi-examples.ts';
import { API_INFO, openApiDocument } from './openapi.ts';
import { strictQuery } from './query.ts';
import { countRequests, limiterFor } from './rate-limit.ts';
import { ReadCache } from './read-cache.ts';
import { requestLog, type RequestEnv } from './request-log.ts';
import { parseOrThrow } from './validation.ts';

export const API_PREFIX = '/api/v1';
export const MAX_BODY_BYTES = 1024 * 1024;
export const API_VERSION = '1.0.0';

export interface AppOptions {
  store: Store;
  clock?: Clock;
  /** requests per key per minute; 0 turns the limit off */
  rateLimit?: number;
  /**
   * base of campaign `url` links (`adcli serve --public-url`, else its own address); default: the
   * address the request reached this server on (its socket's), never the request's Host header
   */
  appUrl?: string;
  /** one line per request (method, path, status, time, request id); never headers or bodies */
  log?: (line: string) => void;
  /** where the server's own problems go (a full disk, an unexpected error); default stderr */
  warn?: (line: string) => void;
  /** the lines of log and warn: text, or one JSON object per line */
  logFormat?: LogFormat;
  operations?: readonly Operation[];
  /** minimum duration of background jobs in ms (simulated work), so their states can be watched */
  jobDelayMs?: number;
  /** how often settings and targeting are synced to the ad platform, in ms */
  syncIntervalMs?: number;
  /** where clock advances run (adcli serve: its job worker threads); default the HTTP thread */
  advance?: Advancer;
}

export interface Backend {
  app: Hono<Env>;
  services: Services;
  /** runs background jobs; not started here: `serve` and the local profile start it */
  runner: JobRunner;
  store: Store;
  clock: Clock;
}

type Env = RequestEnv;

const EMPTY = Object.freeze({});

export function createApp(opts: AppOptions): Backend {
  const store = opts.store;
  const clock = opts.clock ?? systemClock;
  const ops = opts.operations ?? allOperations;
  const services = createServices(
    { store, clock },
    { jobDelayMs: opts.jobDelayMs, syncIntervalMs: opts.syncIntervalMs, advance: opts.advance },
  );
  const clocks = services.deps.clock;
  const format = opts.logFormat ?? 'text';
  const requestLogger = opts.log ? createLogger(opts.log, format) : null;
  const logger: Logger = createLogger(
    opts.warn ?? ((line) => process.stderr.write(line + '\n')),
    format,
  );
  // The job runner's lines (a job that failed) go to the request log, as events in JSON.
  const runnerLog =
    requestLogger && format === 'json'
      ? (line: string) => requestLogger.event('warn', line)
      : opts.log;
  const runner = new JobRunner(services.deps, services.jobs, jobHandlers(services), {
    log: runnerLog,
  });
  // In memory beside a SQLite file; in the database on Postgres, so replicas share each key's count.
  const limiter =
    opts.rateLimit === 0
      ? null
      : limiterFor(store, opts.rateLimit ?? 120, () => clocks.base.now().getTime());
  const idempotency = new IdempotencyRecords(store);
  const readCache = new ReadCache(store);
  const app = new Hono<Env>();
  let openapi: string | undefined;

  app.use(
    '*',
    requestLog({ logger: requestLogger, journal: () => services.journal, warn: logger }),
  );
  // One reading of other replicas' commits per request serves every cache it consults (Postgres).
  app.use('*', (_c, next) => store.oneStampPer(next));
  mountHealth(app, store, logger);

  const limitJsonBody = limitBody(MAX_BODY_BYTES);
  // GET and HEAD carry no body; skipping the stream wrapper keeps reads fast. A file upload (a
  // snapshot) has its own bound, checked on its route.
  const fileUploads = new Set(
    controlOperations
      .filter((op) => op.binary?.in === 'body')
      .map((op) => `${op.method} ${CONTROL_PREFIX}${op.path}`),
  );
  app.use('*', (c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    fileUploads.has(`${c.req.method} ${c.req.path}`)
      ? next()
      : limitJsonBody(c, next),
  );

  app.get(`${API_PREFIX}/openapi.json`, async (c) => {
    // Examples are those of the API's own table (a test's own table has none).
    openapi ??= JSON.stringify(
      openApiDocument(
        ops,
        API_VERSION,
        API_INFO,
        ops === allOperations ? await apiExamples(ops) : undefined,
      ),
    );
    return c.body(openapi, 200, { 'content-type': 'application/json' });
  });
  let controlOpenapi: string | undefined;
  app.get(`${CONTROL_PREFIX}/openapi.json`, (c) => {
    controlOpenapi ??= JSON.stringify(
      openApiDocument(controlOperations, API_VERSION, {
        title: 'adcli serve controls',
        description:
          "The local backend's own controls, outside the contract: each workspace's clock, reset, snapshots, fault rules and the request journal. A key needs the backend scope and acts on its own workspace.",
        prefix: CONTROL_PREFIX,
        tags: CONTROL_TAGS,
      }),
    );
    return c.body(controlOpenapi, 200, { 'content-type': 'application/json' });
  });

  /** The key of the request's Authorization header, or the 400/401 that says what is wrong with it. */
  const authenticate = (c: Context<Env>): Promise<AuthenticatedKey> | AuthenticatedKey =>
    services.keys.fromHeader(authorizationOf(c));

  /**
   * Counts n requests of the key against its rate limit (429 over it); answers the RateLimit-* headers,
   * at once from memory (SQLite) or once the database has counted them (Postgres). Windows run on
   * real time, not the workspace's: they measure the client's pace, and a frozen clock must not hold
   * a window open forever.
   */
  const countNow = (
    key: AuthenticatedKey,
    n: number,
  ): Record<string, string> | Promise<Record<string, string>> | null =>
    limiter && countRequests(limiter, key.keyId, clocks.base.now().getTime(), n);
  /** countNow for /mcp and the pages. */
  const rateLimit = async (
    key: AuthenticatedKey,
    n: number,
  ): Promise<Record<string, string> | null> => (limiter ? countNow(key, n) : null);

  // MCP tools generated from the same table, at /mcp on the host; each tool call runs this pipeline.
  mountMcp(app, {
    services,
    operations: ops,
    apiPrefix: API_PREFIX,
    version: PACKAGE_VERSION,
    authenticate: async (c) => authenticate(c),
    rateLimit,
    logger,
  });
  mountWeb(app, { services, appUrl: opts.appUrl, rateLimit }); // the pages at /app/ (server/web)

  /** Authenticates, rate-limits and checks the scope: the part every operation shares. */
  const actorFor = async (c: Context<Env>, op: Operation, control: boolean): Promise<Actor> => {
    const authenticated = authenticate(c);
    const key = authenticated instanceof Promise ? await authenticated : authenticated;
    // The journal's time and the rate-limit window read the workspace's clock (no turn when current).
    const refreshing = clocks.refresh();
    if (refreshing) await refreshing;
    // The journal keeps the API requests of a workspace, rate-limited ones included; not the controls.
    if (!control) {
      const idempotencyKey = op.method !== 'GET' ? (header(c, 'idempotency-key') ?? null) : null;
      c.set('journal', {
        workspaceId: key.workspaceId,
        keyId: key.keyId,
        at: clocks.of(key.workspaceId).toISOString(),
        idempotencyKey,
        replayed: false,
        fault: null,
        dropped: false,
      });
    }
    // A tool call of /mcp was counted as the JSON-RPC message it came in (mcp/endpoint.ts).
    if (!(c.env as { mcpCounted?: boolean } | undefined)?.mcpCounted) {
      const counted = countNow(key, 1);
      // awaited only when the count is in the database: an in-memory one costs no extra turn
      const headers = counted instanceof Promise ? await counted : counted;
      if (headers) for (const [k, v] of Object.entries(headers)) c.header(k, v);
    }
    const actor: Actor = { ...key, appUrl: opts.appUrl ?? appUrlOf(c) };
    authorize(op, actor);
    return actor;
  };

  /** A fault for this API request, from its Prefer header or the workspace's rules; null for none. */
  const faultFor = (
    c: Context<Env>,
    actor: Actor,
    op: Operation,
  ): FaultAction | null | Promise<FaultAction | null> =>
    preferFault(header(c, 'prefer')) ??
    services.faults.match(
      actor.workspaceId,
      actor.keyId,
      op.method,
      c.req.path.slice(API_PREFIX.length),
    );

  const run = async (c: Context<Env>, op: Operation, control: boolean): Promise<Response> => {
    const actor = await actorFor(c, op, control);
    const write = op.method !== 'GET';
    if (control) {
      if (op.binary) return runFile(c, op, actor);
    } else {
      const note = c.get('journal')!;
      const found = faultFor(c, actor, op);
      const fault = found instanceof Promise ? await found : found;
      if (fault) {
        note.fault = fault.source;
        if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
        if (fault.drop) {
          note.dropped = true;
          return dropConnection(c);
        }
        if (fault.status !== null) throw injectedError(fault.status, fault.source);
      }
    }
    // A read answered before from unchanged data is answered again without validation or queries.
    const cacheKey =
      write || op.timeDependent ? null : `${actor.keyId}\n${actor.appUrl}\n${c.req.url}`;
    const lookup = cacheKey === null ? undefined : readCache.get(cacheKey);
    const cached = lookup instanceof Promise ? await lookup : lookup;
    if (cached?.body !== undefined)
      return c.body(cached.body, op.successStatus ?? 200, { 'content-type': 'application/json' });
    const idemKey = write ? header(c, 'idempotency-key') : undefined;
    if (idemKey !== undefined && !idempotencyKey.safeParse(idemKey).success) {
      throw new ApiError(
        400,
        'invalid_request',
        `Idempotency-Key must be ${idempotencyKey.minLength} to ${idempotencyKey.maxLength} characters`,
      );
    }
    const params = op.params ? parseOrThrow(op.params, c.req.param(), 'path') : EMPTY;
    const rawQuery = strictQuery(c.req.url);
    const query = op.query ? parseOrThrow(op.query, rawQuery, 'query') : noQuery(rawQuery);
    const rawBody = op.body ? await readJson(c, op.bodyRequired ?? false) : undefined;
    const body = op.body ? parseOrThrow(op.body, rawBody, 'body') : undefined;
    const input = { params, query, body } as Parameters<Operation['handler']>[1];
    const status = op.successStatus ?? 200;

    if (!write) {
      const text = JSON.stringify(
        await clocks.within(actor.workspaceId, () =>
          store.read(async () => op.handler(actor, input, services)),
        ),
      );
      if (cacheKey !== null) readCache.set(cacheKey, text, cached!.stamp);
      return c.body(text, status, { 'content-type': 'application/json' });
    }
    const fingerprint =
      idemKey === undefined
        ? ''
        : hash(
            `${op.method} ${c.req.path}?${canonicalJson(rawQuery)}\n${canonicalJson(rawBody ?? null)}`,
          );
    /** The remembered answer to this key, or undefined; 409 when the key came with another request. */
    const replay = async () => {
      const prior =
        idemKey === undefined
          ? undefined
          : await idempotency.find(actor.keyId, idemKey, clocks.now());
      if (prior && prior.fingerprint !== fingerprint) {
        throw new ApiError(
          409,
          'idempotency_conflict',
          'this Idempotency-Key was used with a different request; use a new key for a new request',
        );
      }
      return prior && { ...prior, replayed: true };
    };
    const outcome = op.steps
      ? // many transactions of its own; it saves its idempotency record with its last step
        await clocks.within(actor.workspaceId, async () => {
          const prior = await store.read(replay);
          if (prior) return prior;
          const request = { idempotencyKey: idemKey, fingerprint };
          return {
            status,
            body: JSON.stringify(await op.handler(actor, { ...input, request }, services)),
            replayed: false,
          };
        })
      : await clocks.within(actor.workspaceId, () =>
          store.write(async () => {
            const prior = await replay();
            if (prior) return prior;
            const text = JSON.stringify(await op.handler(actor, input, services));
            if (idemKey !== undefined && !op.secretAnswer)
              await idempotency.save(
                actor.keyId,
                idemKey,
                { fingerprint, status, body: text },
                clocks.now(),
              );
            return { status, body: text, replayed: false };
          }),
        );
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (outcome.replayed) {
      headers['idempotent-replayed'] = 'true';
      const note = c.get('journal');
      if (note) note.replayed = true;
    }
    return c.body(outcome.body, outcome.status as 200, headers);
  };

  /** An operation whose body or answer is a file (snapshots): no read cache, no idempotency memory. */
  const runFile = async (c: Context<Env>, op: Operation, actor: Actor): Promise<Response> => {
    const binary = op.binary!;
    const params = op.params ? parseOrThrow(op.params, c.req.param(), 'path') : EMPTY;
    const rawQuery = strictQuery(c.req.url);
    const query = op.query ? parseOrThrow(op.query, rawQuery, 'query') : noQuery(rawQuery);
    const body =
      binary.in === 'body' ? await receiveFile(c, binary.maxBytes ?? MAX_BODY_BYTES) : undefined;
    const input = { params, query, body } as Parameters<Operation['handler']>[1];
    let result: unknown;
    try {
      result = await clocks.within(actor.workspaceId, () => op.handler(actor, input, services));
    } finally {
      body?.dispose();
    }
    if (binary.in === 'response') {
      return c.body(result as ReadableStream<Uint8Array>, 200, {
        'content-type': binary.mediaType,
        'content-disposition': 'attachment; filename="adcli-snapshot.db"',
      });
    }
    return c.body(JSON.stringify(result), op.successStatus ?? 200, {
      'content-type': 'application/json',
    });
  };

  const mount = (prefix: string, table: readonly Operation[], control: boolean) => {
    for (const op of table)
      app.on(op.method, prefix + op.path.replace(/\{(\w+)\}/g, ':$1'), (c) => run(c, op, control));
  };
  mount(API_PREFIX, ops, false);
  mount(CONTROL_PREFIX, controlOperations, true);

  // Exact shapes only: the routes are strict, so `/campaigns/` is no route at all (404), not a 405 that
  // would tell a GET to use GET.
  const routes = [
    ...ops.map((op) => ({ prefix: API_PREFIX, op })),
    ...controlOperations.map((op) => ({ prefix: CONTROL_PREFIX, op })),
  ].map(({ prefix, op }) => ({
    method: op.method,
    re: new RegExp('^' + prefix + op.path.replace(/\{\w+\}/g, '[^/]+') + '$'),
  }));
  app.notFound((c) => {
    const allowed = routes.filter((r) => r.re.test(c.req.path)).map((r) => r.method);
    if (allowed.length) {
      return c.json(
        errorBody(
          'method_not_allowed',
          `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`,
          c.get('requestId'),
        ),
        405,
        {
          Allow: allowed.join(', '),
        },
      );
    }
    return c.json(
      errorBody('not_found', `no such route: ${c.req.method} ${c.req.path}`, c.get('requestId')),
      404,
    );
  });

  app.onError(errorHandler(logger));

  return { app, services, runner, store, clock };
}

/**
 * A request header. Under @hono/node-server it is read from node's own request: asking Hono would
 * build a whole Headers object from it on every request, the largest cost of a cached read.
 */
export function header(c: Context, name: string): string | undefined {
  const incoming = (
    c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined
  )?.incoming;
  if (!incoming) return c.req.header(name);
  const v = incoming.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** An injected status, in the contract's error shape (a 429 with Retry-After, as the real one). */
function injectedError(status: number, source: string): ApiError {
  const codes: Record<number, ErrorCode> = {
    400: 'invalid_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'payload_too_large',
    429: 'rate_limited',
    503: 'unavailable',
  };
  const code = codes[status] ?? (status >= 500 ? 'internal' : 'invalid_request');
  const why = source === 'prefer' ? 'the Prefer header asked for it' : `fault rule ${source}`;
  const headers: Record<string, string> =
    status === 429
      ? { 'Retry-After': '1' }
      : status === 401
        ? { 'WWW-Authenticate': bearerChallenge('invalid_token') }
        : {};
  return new ApiError(
    status,
    code,
    `injected fault: this backend answers ${status} because ${why}`,
    headers,
  );
}

/**
 * An injected dropped connection: over a socket, the socket is destroyed with no answer; in-process
 * (the local profile) the answer is marked so the transport fails as a dropped socket would.
 */
function dropConnection(c: Context<Env>): Response {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  incoming?.socket?.destroy();
  return c.json(
    errorBody('internal', 'injected fault: the connection was dropped', c.get('requestId')),
    502,
    { 'x-adcli-dropped': '1' },
  );
}

/**
 * The application link base: the address this request reached the server on (its socket's local
 * address, never the client's Host header); in-process, the request URL's origin.
 */
function appUrlOf(c: Context): string {
  const socket = (
    c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined
  )?.incoming?.socket;
  if (socket?.localAddress && socket.localPort) {
    const address = socket.localAddress.replace(/^::ffff:/, '');
    return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}/app`;
  }
  return `${new URL(c.req.url).origin}/app`;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function noQuery(query: Record<string, string>): Record<string, never> {
  const names = Object.keys(query);
  if (names.length)
    throw new ApiError(
      400,
      'invalid_request',
      `unknown query parameter${names.length > 1 ? 's' : ''} ${names.map((n) => JSON.stringify(n)).join(', ')}`,
    );
  return EMPTY as Record<string, never>;
}
