import { Hono, type Hono as HonoApp } from 'hono';
import { LinearRouter } from 'hono/router/linear-router';
import type { Controls } from '../control/controls.ts';
import type { Logger } from '../lib/log.ts';
import type { Observer } from '../lib/observe.ts';
import { operations as allOperations } from '../operations/index.ts';
import type { Operation, OperationContext } from '../operations/operation.ts';
import { mountDocuments } from './documents.ts';
import { mountHealth, Readiness } from './health.ts';
import { mountNotFound } from './not-found.ts';
import { errorHandler } from './on-error.ts';
import { mountOperations } from './operation-routes.ts';
import type { RequestLimiter } from './rate-limit.ts';
import { requestFront } from './request-front.ts';
import type { RequestEnv } from './request-log.ts';

export { API_PREFIX } from '../operations/operation.ts';
export { API_VERSION } from './documents.ts';
export { MAX_BODY_BYTES } from './request-front.ts';

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
  const { store } = ctx.deps;
  const onError = errorHandler(logger, opts.observe);
  const app = new Hono<RequestEnv>(opts.oneShot ? { router: new LinearRouter() } : {});
  const front = requestFront({
    controls: () => ctx.controls,
    store,
    requestLogger: opts.requestLogger,
    logger,
    onError,
  });

  app.use('/livez', front.inFrontOf);
  app.use('/readyz', front.inFrontOf);
  mountHealth(app, opts.readiness ?? new Readiness(store, logger));
  mountDocuments(app, ops, front, onError);
  for (const mount of opts.mounts ?? []) {
    app.use(`${mount.path}/*`, front.inFrontOf);
    app.route(mount.path, mount.app);
  }
  mountOperations(app, { ctx, ops, limiter: opts.limiter, appUrl: opts.appUrl, front, onError });
  mountNotFound(app, ops, front, onError);
  app.onError(onError);
  return app;
}
