/**
 * `adcli serve`'s door: a backend on a port, with its job workers. The command line decides the
 * flags, prints and owns the signals; everything from opening the store to handing back unfinished
 * jobs on stop happens here, in this order: store, --snapshot, first key, sync schedule, workers,
 * port.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyFixturesTo, type ApplyResult } from '../control/fixtures/apply.ts';
import { loadSnapshot, snapshotWorkspaces } from '../control/snapshot.ts';
import { Hono } from 'hono';
import { listen } from '../http/listen.ts';
import { WorkerPool } from './workers/worker-pool.ts';
import { errorBody } from '../lib/errors.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import { createLogger, type LogFormat } from '../lib/log.ts';
import { apiRoutes, operations } from '../operations/index.ts';
import { API_PREFIX } from '../operations/operation.ts';
import {
  createProxyApp,
  describeExchange,
  parseUpstream,
  type ExchangeRecord,
} from '../proxy/proxy-app.ts';
import { openStore, type StoreSpec } from '../store/open.ts';
import type { Store } from '../store/port.ts';
import { checkStoreFile, dataDirWarning } from '../store/sqlite/files.ts';
import { SqliteStore } from '../store/sqlite/store.ts';
import { PACKAGE_VERSION } from '../lib/version.ts';
import { createBackend } from './backend.ts';
import type { ServerMetrics } from './metrics.ts';
import { bootstrap, bootstrapShared, type SharedBootResult } from './bootstrap.ts';
import { ServerStartError } from './errors.ts';
import type { ServiceSettings } from '../domain/services.ts';

export type { SharedBootResult, StoreSpec };
/** The YouTube Data API's defaults, for the command line's flags and start-up lines. */
export {
  DEFAULT_YOUTUBE_BASE_URL,
  DEFAULT_YOUTUBE_QUOTA,
  youtubeBaseUrl,
} from '../youtube/settings.ts';
/** Checks a --proxy URL before the server starts: throws an Error saying why it cannot be one. */
export { parseUpstream };

export interface ServerOptions {
  store: StoreSpec;
  /** a throw-away store (--memory): no checks of an earlier file, no key file, no grace on stop */
  temporary?: boolean;
  /** where the local all-scopes key is kept; null for none */
  keyFile: string | null;
  /** the data dir, checked for being readable by others (SQLite) */
  dataDir?: string;
  host: string;
  port: number;
  seed?: 'demo';
  /** a snapshot file: each of its workspaces starts as saved, in the workspace of its name */
  snapshot?: string;
  /** a fixtures document (read by the command line), applied at start to the workspace of the first key */
  fixtures?: { file: string; document: unknown };
  /**
   * The domain services' settings (job delays, sync interval, new workspaces' clock, the ad platform,
   * the YouTube Data API): one object, given whole to the HTTP thread's services and to every job
   * worker thread, so the workers never run with fewer options than the requests.
   */
  settings: ServiceSettings;
  rateLimit: number;
  workers: number;
  /** base of campaign links; default the address a request reached */
  appUrl?: string;
  /** one line per request, and the workers' job lines */
  logRequests: boolean;
  logFormat: LogFormat;
  /** where the server's lines go (stderr) */
  write: (line: string) => void;
  /** something the operator should know before the start (a data dir others can read) */
  notice?: (message: string) => void;
  /**
   * A real deployment's base URL: /api/v1 is forwarded there and each exchange checked against the
   * contract (server/proxy/); the controls, /mcp and the pages stay this server's own.
   */
  proxy?: string;
  /**
   * Prometheus metrics at GET /metrics on a listener of their own (server/app/metrics.ts); none
   * unless given. Loopback unless the operator says otherwise.
   */
  metrics?: { host: string; port: number };
}

export interface RunningServer {
  address: AddressInfo;
  boot: SharedBootResult;
  /** the store as a person may see it: a file, or a database without its password */
  storeLabel: string;
  /** what --fixtures changed */
  fixtures?: ApplyResult;
  /** where the metrics listener listens (--metrics-port) */
  metricsAddress?: AddressInfo;
  /**
   * Stops, draining, all within `graceMs`: /readyz turns 503 and every answer says `Connection:
   * close` at once, and the job workers claim nothing more; after `drainDelayMs` (balancers probe
   * every few seconds) the port stops accepting and idle connections close; requests already read
   * are answered. Running jobs get the grace less a moment (`announce` is told how many run, and
   * for how long); what is still running then is handed back to the queue, and connections still
   * open are closed. Closes the store.
   */
  stop(opts: {
    graceMs: number;
    drainDelayMs?: number;
    /** at most this for running jobs (0: hand them back at once) */
    jobGraceMs?: number;
    announce?: (running: number, jobGraceMs: number) => void;
  }): Promise<{ handedBack: number }>;
  /** ends a stop's delay and grace at once (a second Ctrl-C) */
  hurry(): void;
}

/** What a stop keeps of its grace to hand back unfinished jobs and close the store. */
const HAND_BACK_MS = 1000;

/** How often a replica on Postgres asks whether a newer adcli has migrated the database under it. */
const SCHEMA_CHECK_MS = 5000;

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const store = await openChecked(opts);
  if (opts.dataDir && !opts.temporary && opts.store.kind === 'sqlite') {
    const readable = dataDirWarning(opts.dataDir);
    if (readable) opts.notice?.(readable);
  }
  try {
    return await startOn(store, opts);
  } catch (e) {
    await store.close();
    throw e;
  }
}

/** The store, refused when it cannot be used (StoreFileError, DatabaseOpenError), never made anew. */
async function openChecked(opts: ServerOptions): Promise<Store> {
  const spec = opts.store;
  if (spec.kind === 'postgres' || opts.temporary) return openStore(spec);
  checkStoreFile(spec.path, opts.keyFile);
  const sqlite = new SqliteStore(spec.path);
  try {
    sqlite.quickCheck();
  } catch (e) {
    sqlite.closeNow();
    throw e;
  }
  return sqlite;
}

async function startOn(store: Store, opts: ServerOptions): Promise<RunningServer> {
  const { write, logFormat } = opts;
  // The app formats its own lines (logFormat); the job workers' lines are put in the same format.
  const events = createLogger(write, logFormat);
  const json = logFormat === 'json';
  const poolLog = opts.logRequests
    ? json
      ? (line: string) => events.event('info', line)
      : write
    : undefined;
  const warn = json ? (line: string) => events.event('warn', line) : write;
  // The HTTP thread only serves requests: the jobs it queues, and clock advances, run in the workers.
  let pool: WorkerPool | undefined;
  let metrics: ServerMetrics | undefined;
  const backend = createBackend({
    ...opts.settings,
    store,
    rateLimit: opts.rateLimit,
    log: opts.logRequests ? write : undefined,
    warn: write,
    logFormat,
    // woken as soon as the queuing transaction has committed
    onEnqueue: () => pool?.nudge(),
    advance: (work) =>
      pool ? pool.advance(work) : Promise.reject(new Error('the job workers have not started')),
    ...(opts.appUrl ? { appUrl: opts.appUrl } : {}),
    // told through metrics, made once the backend (and its readiness) is
    observe: {
      rateLimited: (n) => metrics?.observer.rateLimited(n),
      storeError: (k) => metrics?.observer.storeError(k),
      jobRan: (k, o, s) => metrics?.observer.jobRan?.(k, o, s),
    },
  });
  const { services, readiness } = backend;
  if (opts.metrics) {
    const { createMetrics } = await import('./metrics.ts');
    metrics = await createMetrics({ store, readiness, version: PACKAGE_VERSION });
  }
  if (opts.snapshot) await loadSnapshotFile(services, opts.snapshot);
  // On a shared database only the replica that made the first key has one to show.
  const bootOpts = { seed: opts.seed, keyFile: opts.temporary ? null : opts.keyFile };
  const boot =
    opts.store.kind === 'postgres'
      ? await bootstrapShared(services, bootOpts)
      : await bootstrap(services, bootOpts);
  const fixtures = opts.fixtures
    ? await applyFixturesFile(services, boot.workspace, opts.fixtures)
    : undefined;
  await services.ads.scheduleSync();

  const workers = new WorkerPool({
    store: opts.store,
    workers: opts.workers,
    settings: opts.settings,
    release: (owner) => services.jobs.release(owner),
    log: poolLog,
    warn,
    jobRan: (k, o, s) => metrics?.observer.jobRan?.(k, o, s),
  });
  pool = workers;
  const app = opts.proxy
    ? proxying(
        backend.app,
        opts.proxy,
        events,
        opts.logRequests,
        await journaling(backend, boot),
        async (token) => (await services.keys.authenticate(token)) !== null,
      )
    : backend.app;
  // The node server answers what its HTTP parser refuses in the error shape too (listen.ts). A
  // replica that found a newer schema in use refuses every request but the probes.
  const listenFailed = async (err: NodeJS.ErrnoException, host: string, port: number) => {
    await workers.stop({ graceMs: 0 });
    await metrics?.close();
    throw err.code === 'EADDRINUSE' && port === opts.port && host === opts.host
      ? new ServerStartError('port-in-use', `port ${port} on ${host} is in use`)
      : new ServerStartError(
          'listen',
          err.code === 'EADDRINUSE'
            ? `the metrics port ${port} on ${host} is in use; pick another with --metrics-port PORT`
            : `cannot listen on ${host}:${port}: ${err.message}`,
        );
  };
  const metricsAddress = opts.metrics
    ? await metrics!
        .listen(opts.metrics.host, opts.metrics.port)
        .catch((err: NodeJS.ErrnoException) =>
          listenFailed(err, opts.metrics!.host, opts.metrics!.port),
        )
    : undefined;
  const listening = await listen(app, opts.host, opts.port, {
    refuse: () => readiness.refusal(),
    ...(metrics ? { answered: metrics.answered } : {}),
  }).catch((err: NodeJS.ErrnoException) => listenFailed(err, opts.host, opts.port));
  const { server, address } = listening;

  // On Postgres a newer adcli may migrate the database under this replica: asked now and then
  // (and at each probe), and once seen the replica steps out: no requests, no jobs (handed back,
  // for the new replicas to run).
  readiness.onNewerSchema(() => void workers.stop({ graceMs: 0 }));
  const schemaCheck =
    opts.store.kind === 'postgres'
      ? setInterval(() => void readiness.check(), SCHEMA_CHECK_MS).unref()
      : undefined;

  let hurried!: () => void;
  const hurry = new Promise<void>((resolve) => (hurried = resolve));
  /** waits ms, or less when `until` settles first or the stop is hurried; leaves no timer behind */
  const pause = (ms: number, until?: Promise<unknown>) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      void hurry.then(done);
      void until?.then(done);
    });

  return {
    address,
    boot,
    ...(fixtures && { fixtures }),
    ...(metricsAddress && { metricsAddress }),
    storeLabel: store.label,
    async stop({ graceMs, drainDelayMs = 0, jobGraceMs: jobsAtMost, announce }) {
      const began = Date.now();
      clearInterval(schemaCheck);
      readiness.drain();
      listening.endKeepAlive();
      // The store knows which jobs the workers hold (a claim commits before its job runs).
      const running = await services.jobs
        .runningBy(workers.threads().map((t) => t.owner))
        .catch(() => 0);
      const jobGraceMs = Math.min(
        jobsAtMost ?? Infinity,
        Math.max(0, graceMs - HAND_BACK_MS - (Date.now() - began)),
      );
      announce?.(running, jobGraceMs);
      const jobsStopped = workers.stop({ graceMs: jobGraceMs });
      await pause(Math.min(drainDelayMs, graceMs) - (Date.now() - began));
      // Requests that have arrived but are not read yet (a signal is handled before the sockets'
      // reads of the same turn) are read first, so they are answered rather than cut as idle.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // requests already read are answered, within the grace
      await pause(graceMs - HAND_BACK_MS - (Date.now() - began), closed);
      server.closeAllConnections();
      await closed;
      const { handedBack } = await jobsStopped;
      await metrics?.close();
      await store.close();
      return { handedBack };
    },
    hurry() {
      hurried();
      void workers.stop({ graceMs: 0 });
    },
  };
}

/**
 * Where --proxy journals the exchanges: the server's own workspace (the first key's), so `adcli
 * backend requests --violations` with that key lists them. The deployment's keys are not this
 * server's, so an entry names no key (a key limited to campaigns never sees them).
 */
async function journaling(
  backend: ReturnType<typeof createBackend>,
  boot: SharedBootResult,
): Promise<(r: ExchangeRecord) => void> {
  const { services, controls } = backend;
  const ws = await services.workspaces.bySlug(boot.workspace);
  if (!ws) return () => {};
  const clock = services.deps.clock;
  return (r) =>
    void clock
      .within(ws.id, () => clock.now().toISOString())
      .then((at) =>
        controls.journal.record({
          workspaceId: ws.id,
          keyId: '',
          at,
          method: r.method,
          path: r.path,
          status: r.status,
          durationMs: r.durationMs,
          requestId: r.requestId ?? '',
          idempotencyKey: null,
          replayed: false,
          fault: null,
          violations: r.violations,
        }),
      )
      .catch(() => {
        // the journal is a convenience: the exchange was answered and logged either way
      });
}

/**
 * --proxy: /api/v1 goes to the deployment through the contract check, everything else to this
 * server's own app. Each exchange is one request-log line; one that breaks the contract is a warning
 * naming the field paths (never a header, so never the key).
 *
 * Two keys are in play, and a 401 says which one was wrong: this server's own key on /api/v1 is
 * refused here (never sent on to the deployment), naming the deployment's keys as the ones to use;
 * a key this server does not know on its controls, /mcp or pages is told to use this server's own.
 */
function proxying(
  own: Hono<any>,
  upstream: string,
  events: ReturnType<typeof createLogger>,
  logRequests: boolean,
  journal: (r: ExchangeRecord) => void,
  isOwnKey: (token: string) => Promise<boolean>,
): Hono {
  const proxy = createProxyApp({
    upstream,
    ops: operations,
    onExchange: (r) => {
      journal(r);
      if (logRequests) {
        const q = r.path.indexOf('?');
        events.request({
          method: r.method,
          path: q < 0 ? r.path : r.path.slice(0, q),
          status: r.status,
          durationMs: r.durationMs,
          requestId: r.requestId ?? '',
        });
      }
      const line = describeExchange(r);
      if (line) events.event('warn', line);
    },
  });
  const root = new Hono();
  const underApi = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
  const host = parseUpstream(upstream).host;
  const unauthorized = (message: string, headers: Headers | Record<string, string>) => {
    const h = new Headers(headers);
    h.delete('content-length');
    h.set('content-type', 'application/json; charset=UTF-8');
    return new Response(JSON.stringify(errorBody('unauthorized', message, newRequestId())), {
      status: 401,
      headers: h,
    });
  };
  // each app answers in full, with its own middleware, error handler and 404
  root.all('*', async (c) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (underApi(c.req.path)) {
      if (token && (await isOwnKey(token)))
        return unauthorized(
          `this is adcli serve --proxy's own API key, which opens only its controls (/_adcli/v1), /mcp and pages; ${API_PREFIX} is sent on to the deployment at ${host}, which knows only its own keys: use an API key of that deployment for ${API_PREFIX} (this one was not sent on)`,
          { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        );
      return proxy.fetch(c.req.raw, c.env);
    }
    const res = await own.fetch(c.req.raw, c.env);
    if (res.status !== 401 || !token) return res;
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { error?: { message?: unknown } } | null;
    if (typeof body?.error?.message !== 'string') return res;
    return unauthorized(
      `${body.error.message}: with adcli serve --proxy, only ${API_PREFIX} goes to the deployment at ${host} (with its keys); the controls (/_adcli/v1), /mcp and pages take this server's own key (the one adcli serve printed at start, or one made with adcli serve keys create), not the deployment's`,
      res.headers,
    );
  });
  return root;
}

/**
 * --snapshot: each workspace of the file starts as it was saved, in the workspace of its name (made
 * if needed). The file is loaded from a private copy: loading migrates it in place.
 */
async function loadSnapshotFile(
  services: Parameters<typeof loadSnapshot>[0],
  file: string,
): Promise<void> {
  const copyDir = mkdtempSync(join(tmpdir(), 'adcli-snapshot-'));
  try {
    const copy = join(copyDir, 'snapshot.db');
    copyFileSync(file, copy);
    for (const slug of snapshotWorkspaces(copy)) {
      const ws = await services.workspaces.ensure(slug);
      await loadSnapshot(services, ws.id, copy, apiRoutes);
    }
  } catch (e) {
    throw new ServerStartError('snapshot', `--snapshot ${file}: ${(e as Error).message}`);
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}

/**
 * --fixtures: the document applied to the workspace the server starts with (the first key's), as
 * `adcli backend apply` applies it; at each start again, changing only what differs.
 */
async function applyFixturesFile(
  services: Parameters<typeof applyFixturesTo>[0],
  slug: string,
  fixtures: { file: string; document: unknown },
): Promise<ApplyResult> {
  try {
    const ws = await services.workspaces.bySlug(slug);
    if (!ws) throw new Error(`no workspace ${slug}`);
    return await applyFixturesTo(services, ws, fixtures.document, { file: fixtures.file });
  } catch (e) {
    throw new ServerStartError('fixtures', `--fixtures ${(e as Error).message}`);
  }
}
