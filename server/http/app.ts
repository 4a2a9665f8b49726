import { Hono, type Context, type Hono as HonoApp } from 'hono';
import { LinearRouter } from 'hono/router/linear-router';
import type { Controls } from '../control/controls.ts';
import { errorBody } from '../lib/errors.ts';
import type { Logger } from '../lib/log.ts';
import type { Observer } from '../lib/observe.ts';
import { fixturesJsonSchema } from '../control/fixtures/schema.ts';
import { CONTROL_PREFIX, CONTROL_TAGS, controlOperations } from '../operations/controls.ts';
import { operations as allOperations } from '../operations/index.ts';
import { API_PREFIX, type Operation, type OperationContext } from '../operations/operation.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { authenticate } from './authenticate.ts';
import { limitBody } from './body-limit.ts';
import { injectFaults } from './faults.ts';
import { mountHealth, Readiness } from './health.ts';
import { idempotencyHeader } from './idempotency.ts';
import { errorHandler } from './on-error.ts';
import { apiExamples } from './openapi-examples.ts';
import { API_INFO, openApiDocument } from './openapi.ts';
import { operationRoute } from './operation-route.ts';
import { inFront, passingAtOnce, pipeline, stage } from './pipeline.ts';
import type { RequestLimiter } from './rate-limit.ts';
import { cacheReads, ReadCache } from './read-cache.ts';
import { requestLogs, type RequestEnv } from './request-log.ts';

export { API_PREFIX } from '../operations/operation.ts';
export const MAX_BODY_BYTES = 1024 * 1024;
export const API_VERSION = '1.0.0';

export interface HttpAppOptions {
  /** the services and controls the operations run on */
  ctx: OperationContext & { controls: Controls };
  /** the API's operations (a test may give its own) */
  operations?: readonly Operation[];
  /** the rate limit per key, or null for none */
  limiter: RequestLimiter | null;
  /**
   * base of campaign `url` links (`adcli serve --public-url`, else its own address); default: the
   * address the request reached this server on (its socket's), never the request's Host header
   */
  appUrl?: string;
  /** the request log (one line per request); null: none */
  requestLogger: Logger | null;
  /** the server's own problems (a full disk, an unexpected error) */
  logger: Logger;
  /**
   * Apps mounted under a path by the composition root (/mcp, the pages): they run behind the request
   * log and the body limit, and answer their own paths.
   */
  mounts?: readonly { path: string; app: HonoApp<RequestEnv> }[];
  /** routes matched by a scan (Hono's LinearRouter): an app that answers a request or two and ends */
  oneShot?: boolean | undefined;
  /** what /readyz answers (adcli serve drains it on stop); default one of the app's own */
  readiness?: Readiness;
  /** told of the store's failures (adcli serve's metrics) */
  observe?: Observer;
}

/**
 * The HTTP face of the backend: for each operation of the API (/api/v1) and of the controls
 * (/_adcli/v1), a route of named middleware (authenticate, faults, the read cache, the
 * Idempotency-Key) in front of invoke, the one way into an operation; the sub-apps the root mounts
 * (/mcp, the pages); the probes; the OpenAPI documents; 404/405 and every error in the contract's shape.
 */
export function createHttpApp(opts: HttpAppOptions): Hono<RequestEnv> {
  const { ctx, logger } = opts;
  const ops = opts.operations ?? allOperations;
  const { store, clock: clocks } = ctx.deps;
  const records = new IdempotencyRecords(store);
  const readCache = new ReadCache(store);
  const onError = errorHandler(logger, opts.observe);
  const app = new Hono<RequestEnv>(opts.oneShot ? { router: new LinearRouter() } : {});

  // In front of every request, in this order: its id and log line (and journal entry), one reading
  // of other replicas' commits for every cache it consults (Postgres), and the 1 MB bound of a JSON
  // body as it streams. GET and HEAD carry no body (skipping the stream wrapper keeps reads fast);
  // a file upload (a snapshot) has its own bound, checked as it streams.
  const logs = requestLogs({
    logger: opts.requestLogger,
    journal: () => ctx.controls.journal,
    warn: logger,
  });
  const logRequests = logs.headersAtOnce;
  // where the read cache may answer, it answers with the request id itself (see pendingHeaders)
  const logCachedReads = logs.headersDeferred;
  const oneStamp = stage<RequestEnv>((_c, next) => store.oneStampPer(next as () => Promise<void>));
  const limitJsonBody = limitBody(MAX_BODY_BYTES);
  const front = (bodyLimit: boolean) =>
    bodyLimit ? [logRequests, oneStamp, limitJsonBody] : [logRequests, oneStamp];
  const fileUploads = new Set(
    controlOperations
      .filter((op) => op.binary?.in === 'body')
      .map((op) => `${op.method} ${CONTROL_PREFIX}${op.path}`),
  );
  const limitUnlessNoBody = stage<RequestEnv>((c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    fileUploads.has(`${c.req.method} ${c.req.path}`)
      ? next()
      : limitJsonBody(c, next as () => Promise<void>),
  );
  /** the front as middleware, for what the app does not route itself (probes, /mcp, the pages) */
  const inFrontOf = inFront([logRequests, oneStamp, limitUnlessNoBody], onError);

  // Each route below is one Hono handler (pipeline): the front and the route's own stages run in one
  // call, and a read answered from the cache is answered without a promise or a turn.
  app.use('/livez', inFrontOf);
  app.use('/readyz', inFrontOf);
  mountHealth(app, opts.readiness ?? new Readiness(store, logger));

  let openapi: string | undefined;
  app.get(
    `${API_PREFIX}/openapi.json`,
    pipeline<RequestEnv>(
      front(false),
      async (c) => {
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
      },
      onError,
    ),
  );
  let controlOpenapi: string | undefined;
  app.get(
    `${CONTROL_PREFIX}/openapi.json`,
    pipeline<RequestEnv>(
      front(false),
      (c) => {
        controlOpenapi ??= JSON.stringify(
          openApiDocument(controlOperations, API_VERSION, {
            title: 'adcli serve controls',
            description:
              "The local backend's own controls, outside the contract: each workspace's clock, reset, snapshots, fault rules, request journal and ad platform. A key needs the backend scope and acts on its own workspace, within its limits.",
            prefix: CONTROL_PREFIX,
            tags: CONTROL_TAGS,
          }),
        );
        return c.body(controlOpenapi, 200, { 'content-type': 'application/json' });
      },
      onError,
    ),
  );

  // The fixtures document's JSON Schema, for editors (`# yaml-language-server: $schema=…`): no key,
  // as the OpenAPI documents.
  let fixturesSchema: string | undefined;
  app.get(
    `${CONTROL_PREFIX}/fixtures.schema.json`,
    pipeline(
      front(false),
      (c) => {
        fixturesSchema ??= JSON.stringify(fixturesJsonSchema());
        return c.body(fixturesSchema, 200, { 'content-type': 'application/schema+json' });
      },
      onError,
    ),
  );

  const keyOpts = { keys: ctx.keys, clocks, limiter: opts.limiter, appUrl: opts.appUrl };
  for (const mount of opts.mounts ?? []) {
    app.use(`${mount.path}/*`, inFrontOf);
    app.route(mount.path, mount.app);
  }

  const route = { records, maxBodyBytes: MAX_BODY_BYTES };
  /** whether requests of the operation have a JSON body, read within the 1 MB bound */
  const jsonBody = (op: Operation) => op.method !== 'GET' && op.binary?.in !== 'body';
  // The API: journaled, faults applied, reads cached, writes remembered by their Idempotency-Key.
  for (const op of ops) {
    const cached = op.method === 'GET' && !op.timeDependent;
    const stages = [
      ...(cached ? [logCachedReads, oneStamp] : front(jsonBody(op))),
      authenticate(op, { ...keyOpts, journaled: true }),
      // faults let most requests through at once: a cached read stays a call without a promise
      passingAtOnce(injectFaults(op, ctx.controls.faults, API_PREFIX)),
    ];
    if (cached) stages.push(cacheReads(op, readCache));
    if (op.method !== 'GET') stages.push(idempotencyHeader());
    app.on(
      op.method,
      [pathOf(API_PREFIX, op)],
      pipeline<RequestEnv>(stages, operationRoute(ctx, op, route), onError),
    );
  }
  // The controls: not journaled, no faults (a fault must not lock its own switch), nothing cached.
  for (const op of controlOperations) {
    const stages = [...front(jsonBody(op)), authenticate(op, { ...keyOpts, journaled: false })];
    if (op.method !== 'GET' && !op.binary) stages.push(idempotencyHeader());
    app.on(
      op.method,
      [pathOf(CONTROL_PREFIX, op)],
      pipeline<RequestEnv>(stages, operationRoute(ctx, op, route), onError),
    );
  }

  // Exact shapes only: the routes are strict, so `/campaigns/` is no route at all (404), not a 405 that
  // would tell a GET to use GET.
  const routes = [
    ...ops.map((op) => ({ prefix: API_PREFIX, op })),
    ...controlOperations.map((op) => ({ prefix: CONTROL_PREFIX, op })),
  ].map(({ prefix, op }) => ({
    method: op.method,
    re: new RegExp('^' + prefix + op.path.replace(/\{\w+\}/g, '[^/]+') + '$'),
  }));
  // 404 and 405, behind the front like every request (once: a mounted app that answers none of its
  // paths has had it already)
  const notFound = (c: Context<RequestEnv>): Response => {
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
  };
  const notFoundBehindFront = pipeline<RequestEnv>(
    [logRequests, oneStamp, limitUnlessNoBody],
    notFound,
    onError,
  );
  app.notFound((c) =>
    c.get('requestId') === undefined
      ? (notFoundBehindFront(c, () => Promise.resolve()) as Response | Promise<Response>)
      : notFound(c),
  );
  app.onError(onError);
  return app;
}

/** An operation's path under its prefix, in Hono's syntax (`{campaignId}` → `:campaignId`). */
function pathOf(prefix: string, op: Operation): string {
  return prefix + op.path.replace(/\{(\w+)\}/g, ':$1');
}
