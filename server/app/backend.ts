import type { Hono } from 'hono';
import type { Advancer } from '../control/advance.ts';
import { createControls, type Controls } from '../control/controls.ts';
import { jobHandlers } from '../domain/job-handlers.ts';
import { createServices, type ServiceOptions, type Services } from '../domain/services.ts';
import { createHttpApp } from '../http/app.ts';
import { Readiness } from '../http/health.ts';
import { limiterFor, observedLimiter } from '../http/rate-limit.ts';
import { PACKAGE_VERSION } from '../lib/version.ts';
import { createMcpApp, MCP_PATH } from '../mcp/endpoint.ts';
import { APP_PATH, createWebApp } from '../web/mount.ts';
import type { RequestEnv } from '../http/request-log.ts';
import { JobRunner } from '../jobs/runner.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { createLogger, type LogFormat, type Logger } from '../lib/log.ts';
import type { Observer } from '../lib/observe.ts';
import { operations } from '../operations/index.ts';
import type { Operation, OperationContext } from '../operations/operation.ts';
import type { Store } from '../store/port.ts';

/** The services' settings (the same in adcli serve's worker threads) and the HTTP side's own. */
export interface BackendOptions extends ServiceOptions {
  store: Store;
  /** real time: the system clock, or a test's ManualClock */
  clock?: Clock;
  /** requests per key per minute; 0 turns the limit off (default 120) */
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
  /** the API's operations (a test may give its own) */
  operations?: readonly Operation[];
  /** where clock advances run (adcli serve: its job worker threads); default this thread */
  advance?: Advancer;
  /**
   * The app answers a request or two and ends (the local profile, a process per command): routes
   * are matched by a scan instead of a compiled matcher, which would cost more to build than it saves.
   */
  oneShot?: boolean;
  /** told of rate-limit refusals and the store's failures (adcli serve's metrics) */
  observe?: Observer;
}

/** One backend: the domain, adcli serve's controls, the HTTP app in front of them, a job runner. */
export interface Backend {
  app: Hono<RequestEnv>;
  services: Services;
  controls: Controls;
  /** what operations run on: the services and the controls */
  ctx: OperationContext;
  /** runs claimed jobs (JobLoop, runDue): nothing runs until someone asks */
  runner: JobRunner;
  store: Store;
  clock: Clock;
  /** the request log (null: off) and the server's own problems, in the chosen format */
  logger: Logger;
  /** what /readyz answers: the database, a stop under way, a newer schema in use */
  readiness: Readiness;
}

/**
 * Builds a backend over a store: every part made here, with its options at construction, and
 * nothing started (no port, no job loop). adcli serve, the local profile and the tests all start
 * from it; server/app/server.ts and local.ts add a port and workers, or a pass over due jobs.
 */
export function createBackend(opts: BackendOptions): Backend {
  const store = opts.store;
  const clock = opts.clock ?? systemClock;
  const format = opts.logFormat ?? 'text';
  const requestLogger = opts.log ? createLogger(opts.log, format) : null;
  const logger = createLogger(opts.warn ?? ((line) => process.stderr.write(line + '\n')), format);
  const services = createServices({ store, clock }, opts);
  // A job's failure goes to the request log (an event in JSON).
  const runnerLog =
    requestLogger && format === 'json'
      ? (line: string) => requestLogger.event('warn', line)
      : opts.log;
  const runner = new JobRunner(services.deps, services.jobs, jobHandlers(services), {
    log: runnerLog,
    ...(opts.observe?.jobRan ? { ran: opts.observe.jobRan } : {}),
  });
  const controls = createControls(services, { runner, advance: opts.advance });
  const ctx: OperationContext = { ...services, controls };
  // In memory beside a SQLite file; in the database on Postgres, so replicas share each key's count.
  const counted =
    opts.rateLimit === 0
      ? null
      : limiterFor(store, opts.rateLimit ?? 120, () => services.deps.clock.base.now().getTime());
  const limiter = counted && opts.observe ? observedLimiter(counted, opts.observe) : counted;
  const readiness = new Readiness(store, logger);
  // /mcp and the pages: sub-apps on the same operations, counted by the same rate limit
  const mounts = [
    {
      path: MCP_PATH,
      app: createMcpApp({
        ctx,
        operations: opts.operations ?? operations,
        limiter,
        version: PACKAGE_VERSION,
        logger,
        appUrl: opts.appUrl,
        ...(opts.observe ? { observe: opts.observe } : {}),
      }),
    },
    { path: APP_PATH, app: createWebApp({ ctx, limiter, appUrl: opts.appUrl }) },
  ];
  const app = createHttpApp({
    ctx,
    operations: opts.operations,
    limiter,
    appUrl: opts.appUrl,
    requestLogger,
    logger,
    mounts,
    oneShot: opts.oneShot,
    readiness,
    ...(opts.observe ? { observe: opts.observe } : {}),
  });
  return { app, services, controls, ctx, runner, store, clock, logger, readiness };
}
