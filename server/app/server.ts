/**
 * `adcli serve`'s door: a backend on a port, with its job workers. The command line decides the
 * flags, prints and owns the signals; everything from opening the store to handing back unfinished
 * jobs on stop happens here, in this order: store, --snapshot, first key, sync schedule, workers,
 * port.
 */
import type { AddressInfo } from 'node:net';
import type { ApplyResult } from '../control/fixtures/apply.ts';
import type { Readiness } from '../http/health.ts';
import { listen, type Listening } from '../http/listen.ts';
import { WorkerPool } from './workers/worker-pool.ts';
import { createLogger, type LogFormat } from '../lib/log.ts';
import { parseUpstream } from '../proxy/proxy-app.ts';
import { openStore, type StoreSpec } from '../store/open.ts';
import type { Store } from '../store/port.ts';
import { checkStoreFile, dataDirWarning } from '../store/sqlite/files.ts';
import { SqliteStore } from '../store/sqlite/store.ts';
import { PACKAGE_VERSION } from '../lib/version.ts';
import { createBackend, type Backend } from './backend.ts';
import type { ServerMetrics } from './metrics.ts';
import { bootstrap, bootstrapShared, type SharedBootResult } from './bootstrap.ts';
import { ServerStartError } from './errors.ts';
import { journaling, proxying } from './proxied-app.ts';
import { stopping, type Stopping } from './server-stop.ts';
import { applyFixturesFile, loadSnapshotFile } from './start-files.ts';
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

export interface RunningServer extends Stopping {
  address: AddressInfo;
  boot: SharedBootResult;
  /** the store as a person may see it: a file, or a database without its password */
  storeLabel: string;
  /** what --fixtures changed */
  fixtures?: ApplyResult;
  /** where the metrics listener listens (--metrics-port) */
  metricsAddress?: AddressInfo;
}

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

/** What is made after the backend but reached from it: the job workers, the metrics. */
interface Late {
  pool?: WorkerPool;
  metrics?: ServerMetrics;
}

/** The steps of a start, in order: backend, metrics, workspaces, workers, ports, schema watch. */
async function startOn(store: Store, opts: ServerOptions): Promise<RunningServer> {
  const logs = serverLogs(opts);
  // The HTTP thread only serves requests: the jobs it queues, and clock advances, run in the workers.
  const late: Late = {};
  const backend = buildBackend(store, opts, late);
  const { services, readiness } = backend;
  if (opts.metrics) {
    const { createMetrics } = await import('./metrics.ts');
    late.metrics = await createMetrics({ store, readiness, version: PACKAGE_VERSION });
  }
  const { boot, fixtures } = await prepareWorkspaces(services, opts);
  const workers = startWorkers(services, opts, logs, late);
  const app = opts.proxy
    ? proxying(
        backend.app,
        opts.proxy,
        logs.events,
        opts.logRequests,
        await journaling(backend, boot),
        async (token) => (await services.keys.authenticate(token)) !== null,
      )
    : backend.app;
  const { listening, metricsAddress } = await listenOnPorts(
    app,
    opts,
    readiness,
    workers,
    late.metrics,
  );
  const schemaCheck = watchSchema(readiness, workers, opts.store);
  return {
    address: listening.address,
    boot,
    ...(fixtures && { fixtures }),
    ...(metricsAddress && { metricsAddress }),
    storeLabel: store.label,
    ...stopping({
      listening,
      workers,
      services,
      readiness,
      metrics: late.metrics,
      store,
      schemaCheck,
    }),
  };
}

/** The server's lines: the app formats its own (logFormat); the job workers' are put in the same format. */
function serverLogs(opts: ServerOptions) {
  const { write, logFormat } = opts;
  const events = createLogger(write, logFormat);
  const json = logFormat === 'json';
  const poolLog = opts.logRequests
    ? json
      ? (line: string) => events.event('info', line)
      : write
    : undefined;
  const warn = json ? (line: string) => events.event('warn', line) : write;
  return { events, poolLog, warn };
}

/** The backend over the store, reaching the workers and metrics (made after it) through `late`. */
function buildBackend(store: Store, opts: ServerOptions, late: Late): Backend {
  return createBackend({
    ...opts.settings,
    store,
    rateLimit: opts.rateLimit,
    log: opts.logRequests ? opts.write : undefined,
    warn: opts.write,
    logFormat: opts.logFormat,
    // woken as soon as the queuing transaction has committed
    onEnqueue: () => late.pool?.nudge(),
    advance: (work) =>
      late.pool
        ? late.pool.advance(work)
        : Promise.reject(new Error('the job workers have not started')),
    ...(opts.appUrl ? { appUrl: opts.appUrl } : {}),
    // told through metrics, made once the backend (and its readiness) is
    observe: {
      rateLimited: (n) => late.metrics?.observer.rateLimited(n),
      storeError: (k) => late.metrics?.observer.storeError(k),
      jobRan: (k, o, s) => late.metrics?.observer.jobRan?.(k, o, s),
    },
  });
}

/** --snapshot, the first key (and --seed), --fixtures, and the ad platform's sync schedule. */
async function prepareWorkspaces(
  services: Backend['services'],
  opts: ServerOptions,
): Promise<{ boot: SharedBootResult; fixtures: ApplyResult | undefined }> {
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
  return { boot, fixtures };
}

function startWorkers(
  services: Backend['services'],
  opts: ServerOptions,
  logs: ReturnType<typeof serverLogs>,
  late: Late,
): WorkerPool {
  const workers = new WorkerPool({
    store: opts.store,
    workers: opts.workers,
    settings: opts.settings,
    release: (owner) => services.jobs.release(owner),
    log: logs.poolLog,
    warn: logs.warn,
    jobRan: (k, o, s) => late.metrics?.observer.jobRan?.(k, o, s),
  });
  late.pool = workers;
  return workers;
}

/**
 * The metrics listener (when asked for), then the server's port. The node server answers what its
 * HTTP parser refuses in the error shape too (listen.ts). A replica that found a newer schema in
 * use refuses every request but the probes. A port that cannot be listened on stops the workers.
 */
async function listenOnPorts(
  app: Parameters<typeof listen>[0],
  opts: ServerOptions,
  readiness: Readiness,
  workers: WorkerPool,
  metrics: ServerMetrics | undefined,
): Promise<{ listening: Listening; metricsAddress: AddressInfo | undefined }> {
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
  return { listening, metricsAddress };
}

/**
 * On Postgres a newer adcli may migrate the database under this replica: asked now and then (and
 * at each probe), and once seen the replica steps out: no requests, no jobs (handed back, for the
 * new replicas to run). The timer, for the stop to clear.
 */
function watchSchema(
  readiness: Readiness,
  workers: WorkerPool,
  store: StoreSpec,
): ReturnType<typeof setInterval> | undefined {
  readiness.onNewerSchema(() => void workers.stop({ graceMs: 0 }));
  return store.kind === 'postgres'
    ? setInterval(() => void readiness.check(), SCHEMA_CHECK_MS).unref()
    : undefined;
}
