import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createHash } from 'node:crypto';
import type { Actor } from '../domain/actor.ts';
import { createServices, type Services } from '../domain/services.ts';
import { jobHandlers } from '../jobs/handlers.ts';
import { JobRunner } from '../jobs/runner.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { ApiError, errorBody, forbidden, type ErrorCode } from '../lib/errors.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import { canonicalJson } from '../lib/json.ts';
import { mountMcp } from '../mcp/endpoint.ts';
import { operations as allOperations } from '../operations/index.ts';
import type { Operation } from '../operations/operation.ts';
import { isBusy, type Store } from '../store/db.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { CONTROL_PREFIX, controlOperations } from '../control/operations.ts';
import { preferFault, type FaultAction } from '../control/faults.ts';
import { openApiDocument } from './openapi.ts';
import { RateLimiter } from './rate-limit.ts';
import { ReadCache } from './read-cache.ts';
import { parseOrThrow } from './validation.ts';

export const API_PREFIX = '/api/v1';
export const MAX_BODY_BYTES = 1024 * 1024;
export const API_VERSION = '1.0.0';

export interface AppOptions {
  store: Store;
  clock?: Clock;
  /** requests per key per minute; 0 turns the limit off */
  rateLimit?: number;
  /** base of campaign `url` links; default: this server's origin + /app */
  appUrl?: string;
  /** one line per request (method, path, status, time, request id); never headers or bodies */
  log?: (line: string) => void;
  operations?: readonly Operation[];
  /** minimum duration of background jobs in ms (simulated work), so their states can be watched */
  jobDelayMs?: number;
  /** how often settings and targeting are synced to the ad platform, in ms */
  syncIntervalMs?: number;
}

export interface Backend {
  app: Hono<Env>;
  services: Services;
  /** runs background jobs; not started here: `serve` and the local profile start it */
  runner: JobRunner;
  store: Store;
  clock: Clock;
}

/** What the request journal notes of an API request while it runs (design section 7). */
interface JournalNote {
  workspaceId: string;
  idempotencyKey: string | null;
  replayed: boolean;
  fault: string | null;
  dropped: boolean;
}

type Env = { Variables: { requestId: string; journal?: JournalNote } };

const EMPTY = Object.freeze({});

export function createApp(opts: AppOptions): Backend {
  const store = opts.store;
  const clock = opts.clock ?? systemClock;
  const ops = opts.operations ?? allOperations;
  const services = createServices({ store, clock }, { jobDelayMs: opts.jobDelayMs, syncIntervalMs: opts.syncIntervalMs });
  const clocks = services.deps.clock;
  const runner = new JobRunner(services.deps, services.jobs, jobHandlers(services), { log: opts.log });
  const limiter = opts.rateLimit === 0 ? null : new RateLimiter(opts.rateLimit ?? 120);
  const idempotency = new IdempotencyRecords(store);
  const readCache = new ReadCache(store);
  const app = new Hono<Env>();
  let openapi: string | undefined;

  app.use('*', async (c, next) => {
    const rid = newRequestId();
    c.set('requestId', rid);
    // Set before the response exists: touching c.res.headers afterwards would turn node-server's
    // cached string response into a real Response object and cost a third of the throughput.
    c.header('x-request-id', rid);
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const note = c.get('journal');
    if (note) {
      services.journal.record({
        workspaceId: note.workspaceId,
        at: clocks.of(note.workspaceId).toISOString(),
        method: c.req.method,
        path: pathAndQuery(c.req.url),
        status: note.dropped ? 0 : c.res.status,
        durationMs: ms,
        requestId: rid,
        idempotencyKey: note.idempotencyKey,
        replayed: note.replayed,
        fault: note.fault,
      });
    }
    opts.log?.(`${c.req.method} ${c.req.path} ${c.res.status} ${ms.toFixed(1)}ms ${rid}`);
  });

  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => c.json(errorBody('payload_too_large', `the request body is larger than ${formatBytes(maxSize)}`, c.get('requestId')), 413),
    });
  const limitJsonBody = limitBody(MAX_BODY_BYTES);
  // GET and HEAD carry no body; skipping the stream wrapper keeps reads fast. A file upload (a
  // snapshot) has its own bound, checked on its route.
  const fileUploads = new Set(controlOperations.filter((op) => op.binary?.in === 'body').map((op) => `${op.method} ${CONTROL_PREFIX}${op.path}`));
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || fileUploads.has(`${c.req.method} ${c.req.path}`) ? next() : limitJsonBody(c, next),
  );

  app.get(`${API_PREFIX}/openapi.json`, (c) => {
    openapi ??= JSON.stringify(openApiDocument(ops, API_VERSION));
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
      }),
    );
    return c.body(controlOpenapi, 200, { 'content-type': 'application/json' });
  });

  // MCP tools generated from the same table, at /mcp on the host; each tool call runs this pipeline.
  mountMcp(app, { services, operations: ops, apiPrefix: API_PREFIX, version: API_VERSION });

  /** Authenticates, rate-limits and checks the scope: the part every operation shares. */
  const actorFor = (c: Context<Env>, op: Operation, control: boolean): Actor => {
    const key = services.keys.fromHeader(header(c, 'authorization'));
    // The journal keeps the API requests of a workspace, rate-limited ones included; not the controls.
    if (!control) {
      const idempotencyKey = op.method !== 'GET' ? (header(c, 'idempotency-key') ?? null) : null;
      c.set('journal', { workspaceId: key.workspaceId, idempotencyKey, replayed: false, fault: null, dropped: false });
    }
    if (limiter) {
      // Rate-limit windows follow the workspace's clock, so advancing it opens a new window.
      const r = limiter.hit(key.keyId, clocks.of(key.workspaceId).getTime());
      c.header('RateLimit-Limit', String(limiter.limit));
      c.header('RateLimit-Remaining', String(r.remaining));
      c.header('RateLimit-Reset', String(r.resetSeconds));
      if (r.retryAfter !== null) {
        throw new ApiError(429, 'rate_limited', `more than ${limiter.limit} requests in a minute; retry in ${r.retryAfter} s`, {
          'Retry-After': String(r.retryAfter),
        });
      }
    }
    if (!key.scopes.has(op.scope)) throw forbidden(`this API key lacks the ${op.scope} scope`);
    return { ...key, appUrl: opts.appUrl ?? appUrlOf(c) };
  };

  /** A fault for this API request, from its Prefer header or the workspace's rules; null for none. */
  const faultFor = (c: Context<Env>, workspaceId: string, op: Operation): FaultAction | null =>
    preferFault(header(c, 'prefer')) ?? services.faults.match(workspaceId, op.method, c.req.path.slice(API_PREFIX.length));

  const run = async (c: Context<Env>, op: Operation, control: boolean): Promise<Response> => {
    const actor = actorFor(c, op, control);
    const write = op.method !== 'GET';
    if (control) {
      if (op.binary) return runFile(c, op, actor);
    } else {
      const note = c.get('journal')!;
      const fault = faultFor(c, actor.workspaceId, op);
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
    const cacheKey = write || op.timeDependent ? null : `${actor.keyId}\n${actor.appUrl}\n${c.req.url}`;
    const cached = cacheKey === null ? undefined : readCache.get(cacheKey);
    if (cached !== undefined) return c.body(cached, op.successStatus ?? 200, { 'content-type': 'application/json' });
    const idemKey = write ? header(c, 'idempotency-key') : undefined;
    if (idemKey !== undefined && (idemKey.length === 0 || idemKey.length > 200)) {
      throw new ApiError(400, 'invalid_request', 'Idempotency-Key must be 1 to 200 characters');
    }
    const params = op.params ? parseOrThrow(op.params, c.req.param(), 'path') : EMPTY;
    const rawQuery = c.req.query();
    const query = op.query ? parseOrThrow(op.query, rawQuery, 'query') : noQuery(rawQuery);
    const rawBody = op.body ? await readJson(c, op.bodyRequired ?? false) : undefined;
    const body = op.body ? parseOrThrow(op.body, rawBody, 'body') : undefined;
    const input = { params, query, body } as Parameters<Operation['handler']>[1];
    const status = op.successStatus ?? 200;

    if (!write) {
      const text = JSON.stringify(clocks.within(actor.workspaceId, () => store.read(() => op.handler(actor, input, services))));
      if (cacheKey !== null) readCache.set(cacheKey, text);
      return c.body(text, status, { 'content-type': 'application/json' });
    }
    const fingerprint = idemKey === undefined ? '' : hash(`${op.method} ${c.req.path}?${canonicalJson(rawQuery)}\n${canonicalJson(rawBody ?? null)}`);
    const outcome = clocks.within(actor.workspaceId, () => store.write(() => {
      const now = clocks.now();
      if (idemKey !== undefined) {
        const prior = idempotency.find(actor.keyId, idemKey, now);
        if (prior) {
          if (prior.fingerprint !== fingerprint) {
            throw new ApiError(409, 'idempotency_conflict', 'this Idempotency-Key was used with a different request; use a new key for a new request');
          }
          return { ...prior, replayed: true };
        }
      }
      const text = JSON.stringify(op.handler(actor, input, services));
      if (idemKey !== undefined) idempotency.save(actor.keyId, idemKey, { fingerprint, status, body: text }, now);
      return { status, body: text, replayed: false };
    }));
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
    const query = op.query ? parseOrThrow(op.query, c.req.query(), 'query') : noQuery(c.req.query());
    const body = binary.in === 'body' ? await readFile(c, binary.maxBytes ?? MAX_BODY_BYTES) : undefined;
    const input = { params, query, body } as Parameters<Operation['handler']>[1];
    const result = await clocks.within(actor.workspaceId, () => op.handler(actor, input, services));
    if (binary.in === 'response') {
      return c.body(result as Uint8Array<ArrayBuffer>, 200, { 'content-type': binary.mediaType, 'content-disposition': 'attachment; filename="adcli-snapshot.db"' });
    }
    return c.body(JSON.stringify(result), op.successStatus ?? 200, { 'content-type': 'application/json' });
  };

  const mount = (prefix: string, table: readonly Operation[], control: boolean) => {
    for (const op of table) app.on(op.method, prefix + op.path.replace(/\{(\w+)\}/g, ':$1'), (c) => run(c, op, control));
  };
  mount(API_PREFIX, ops, false);
  mount(CONTROL_PREFIX, controlOperations, true);

  // Exact shapes only: the routes are strict, so `/campaigns/` is no route at all (404), not a 405 that
  // would tell a GET to use GET.
  const routes = [
    ...ops.map((op) => ({ prefix: API_PREFIX, op })),
    ...controlOperations.map((op) => ({ prefix: CONTROL_PREFIX, op })),
  ].map(({ prefix, op }) => ({ method: op.method, re: new RegExp('^' + prefix + op.path.replace(/\{\w+\}/g, '[^/]+') + '$') }));
  app.notFound((c) => {
    const allowed = routes.filter((r) => r.re.test(c.req.path)).map((r) => r.method);
    if (allowed.length) {
      return c.json(errorBody('method_not_allowed', `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`, c.get('requestId')), 405, {
        Allow: allowed.join(', '),
      });
    }
    return c.json(errorBody('not_found', `no such route: ${c.req.method} ${c.req.path}`, c.get('requestId')), 404);
  });

  app.onError((err, c) => {
    const rid = c.get('requestId') ?? newRequestId();
    if (err instanceof ApiError) {
      return c.json(errorBody(err.code, err.message, rid), err.status as 400, err.headers);
    }
    if (isBusy(err)) {
      return c.json(errorBody('internal', 'the service is busy; retry in a moment', rid), 503, { 'Retry-After': '1' });
    }
    // Unexpected: the details go to the server's own log, never to the client.
    process.stderr.write(`[${rid}] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return c.json(errorBody('internal', `something went wrong on our side; quote request id ${rid} when asking for help`, rid), 500);
  });

  return { app, services, runner, store, clock };
}

/**
 * A request header. Under @hono/node-server it is read from node's own request: asking Hono would
 * build a whole Headers object from it on every request, the largest cost of a cached read.
 */
export function header(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const v = incoming.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** The request's path and query (never its headers: the journal must not hold a key). */
function pathAndQuery(url: string): string {
  const i = url.indexOf('/', url.indexOf('//') + 2);
  return i < 0 ? '/' : url.slice(i);
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
  };
  const code = codes[status] ?? (status >= 500 ? 'internal' : 'invalid_request');
  const why = source === 'prefer' ? 'the Prefer header asked for it' : `fault rule ${source}`;
  return new ApiError(status, code, `injected fault: this backend answers ${status} because ${why}`, status === 429 ? { 'Retry-After': '1' } : {});
}

/**
 * An injected dropped connection: over a socket, the socket is destroyed with no answer; in-process
 * (the local profile) the answer is marked so the transport fails as a dropped socket would.
 */
function dropConnection(c: Context<Env>): Response {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  incoming?.socket?.destroy();
  return c.json(errorBody('internal', 'injected fault: the connection was dropped', c.get('requestId')), 502, { 'x-adcli-dropped': '1' });
}

/** A file body (a snapshot upload), at most maxBytes. */
async function readFile(c: Context, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  const tooBig = () => new ApiError(413, 'payload_too_large', `the file is larger than ${formatBytes(maxBytes)}`);
  if (declared > maxBytes) throw tooBig();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length > maxBytes) throw tooBig();
  if (bytes.length === 0) throw new ApiError(400, 'invalid_request', 'the body must be the file (an SQLite snapshot), not empty');
  return bytes;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${n / 1024} KB`;
}

/** The application link base for this request's host (the in-process app has no real host). */
function appUrlOf(c: Context): string {
  const host = header(c, 'host');
  return host ? `http://${host}/app` : `${new URL(c.req.url).origin}/app`;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function noQuery(query: Record<string, string>): Record<string, never> {
  const names = Object.keys(query);
  if (names.length) throw new ApiError(400, 'invalid_request', `unknown query parameter${names.length > 1 ? 's' : ''} ${names.map((n) => JSON.stringify(n)).join(', ')}`);
  return EMPTY as Record<string, never>;
}

async function readJson(c: Context, required: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (required) throw new ApiError(400, 'invalid_request', 'a JSON object body is required');
    return {};
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ApiError(400, 'invalid_request', `the body is not valid JSON: ${(e as Error).message}`);
  }
}
