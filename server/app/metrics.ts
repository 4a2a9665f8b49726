/**
 * `adcli serve --metrics-port`: Prometheus metrics (prom-client) on a listener of their own, apart
 * from the API's port, on loopback unless the operator says otherwise. Loaded only when asked for.
 *
 * What is measured: each answer of the API's port by operation (the operation table's names; the
 * probes, /mcp, the pages and the OpenAPI documents by what they are; anything else `other`),
 * method and status, and its latency; rate-limit refusals; the store's failures by kind; whether
 * the replica is ready, and why not; the job queue's rows by state and kind (one COUNT at each
 * scrape); how long each job ran, by kind and outcome (told by the threads that run them, through
 * the observer's `jobRan`); the Postgres pool's connections; the build; Node's own process metrics. No label ever
 * holds a path, a key, a workspace or anything else a client chose.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotReady, Readiness } from '../http/health.ts';
import type { JobKind } from '../jobs/queue.ts';
import type { Observer } from '../lib/observe.ts';
import { MCP_PATH } from '../mcp/endpoint.ts';
import { CONTROL_PREFIX, controlOperations } from '../operations/controls.ts';
import { operations } from '../operations/index.ts';
import { API_PREFIX, type Operation } from '../operations/operation.ts';
import type { Store } from '../store/port.ts';
import { APP_PATH } from '../web/mount.ts';

export interface MetricsOptions {
  store: Store;
  readiness: Readiness;
  version: string;
}

export interface ServerMetrics {
  /** told of rate-limit refusals and the store's failures (createBackend's `observe`) */
  observer: Observer;
  /** told of each answer of the API's port (listen's `answered`) */
  answered(req: IncomingMessage, res: ServerResponse, seconds: number): void;
  /** the text a scrape gets, and its content type */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** serves GET /metrics on host:port; resolves once it listens */
  listen(host: string, port: number): Promise<AddressInfo>;
  /** closes the metrics listener (if any) */
  close(): Promise<void>;
}

/** Latency buckets, in seconds: a cached read takes well under a millisecond, a snapshot seconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Job run buckets, in seconds: a sync takes milliseconds, a large collection or generation minutes. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** The kinds of job, shown at 0 before any ran: every JobKind (a new kind does not compile without it). */
const JOB_KINDS = Object.keys({
  collect_data_store: true,
  generate_targeting: true,
  sync_ads: true,
} satisfies Record<JobKind, true>);

const REASONS: readonly NotReady[] = ['database', 'stopping', 'schema'];

export async function createMetrics(opts: MetricsOptions): Promise<ServerMetrics> {
  // a CommonJS package: its exports are the namespace's default
  const prom = (await import('prom-client')).default;
  const { store } = opts;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });

  new prom.Gauge({
    name: 'adcli_build_info',
    help: "adcli's version, and the schema (count of migrations) it was built for; always 1",
    labelNames: ['version', 'schema'],
    registers: [registry],
  }).set({ version: opts.version, schema: String(store.schemaVersion) }, 1);

  const requests = new prom.Counter({
    name: 'adcli_http_requests_total',
    help: "Answers of the API's port, by operation, method and status",
    labelNames: ['operation', 'method', 'status'],
    registers: [registry],
  });
  const latency = new prom.Histogram({
    name: 'adcli_http_request_duration_seconds',
    help: 'Time from a request read to its answer sent, by operation',
    labelNames: ['operation'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const rateLimited = new prom.Counter({
    name: 'adcli_rate_limited_total',
    help: "Requests refused by a key's rate limit (429); on /mcp each message counts",
    registers: [registry],
  });
  const storeErrors = new prom.Counter({
    name: 'adcli_store_errors_total',
    help: 'Requests that failed on the store (answered 503): busy, disk full, or database unavailable',
    labelNames: ['kind'],
    registers: [registry],
  });
  for (const kind of ['busy', 'full', 'unavailable']) storeErrors.inc({ kind }, 0);
  const jobDuration = new prom.Histogram({
    name: 'adcli_job_duration_seconds',
    help: "Real time a background job's run took in this process's workers, by kind and outcome (ok: done or put back to wait; error: it threw, to be retried or failed)",
    labelNames: ['kind', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  for (const kind of JOB_KINDS)
    for (const outcome of ['ok', 'error']) jobDuration.zero({ kind, outcome });

  stateGauges(prom, registry, opts);

  const operationOf = operationMatcher();
  let server: Server | undefined;

  const scrape = async () => ({
    contentType: registry.contentType,
    body: await registry.metrics(),
  });

  return {
    observer: {
      rateLimited: (n) => rateLimited.inc(n),
      storeError: (kind) => storeErrors.inc({ kind }),
      jobRan: (kind, outcome, seconds) => jobDuration.observe({ kind, outcome }, seconds),
    },
    answered(req, res, seconds) {
      const operation = operationOf(req.method ?? 'GET', req.url ?? '/');
      requests.inc({ operation, method: req.method ?? 'GET', status: String(res.statusCode) });
      latency.observe({ operation }, seconds);
    },
    scrape,
    async listen(host, port) {
      const s = createServer((req, res) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path !== '/metrics')
          return void plain(res, 404, 'not found: metrics are at /metrics\n');
        if (req.method !== 'GET' && req.method !== 'HEAD')
          return void plain(res, 405, 'only GET /metrics\n', { Allow: 'GET, HEAD' });
        scrape().then(
          ({ contentType, body }) => {
            res.writeHead(200, { 'Content-Type': contentType });
            res.end(req.method === 'HEAD' ? undefined : body);
          },
          (e: Error) => plain(res, 500, `the metrics could not be gathered: ${e.message}\n`),
        );
      });
      server = s;
      return new Promise<AddressInfo>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, host, () => resolve(s.address() as AddressInfo));
      });
    },
    async close() {
      const s = server;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

/**
 * The gauges read at each scrape: readiness and why not, the job queue's rows (one COUNT), and the
 * Postgres pool where there is one.
 */
function stateGauges(
  prom: typeof import('prom-client'),
  registry: import('prom-client').Registry,
  { store, readiness }: MetricsOptions,
): void {
  new prom.Gauge({
    name: 'adcli_ready',
    help: 'Whether /readyz answers 200 (1) or 503 (0), as of the last probe',
    registers: [registry],
    collect() {
      this.set(readiness.notReady === null ? 1 : 0);
    },
  });
  new prom.Gauge({
    name: 'adcli_not_ready',
    help: 'Why /readyz answers 503: the database cannot be reached, the process is stopping, or the database has a newer schema than this adcli',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      const why = readiness.notReady;
      for (const reason of REASONS) this.set({ reason }, why === reason ? 1 : 0);
    },
  });

  new prom.Gauge({
    name: 'adcli_jobs',
    help: "Rows of the job queue by state and kind, counted at the scrape (on Postgres, every replica's)",
    labelNames: ['state', 'kind'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await store.all<{ state: string; kind: string; n: number }>(
          'SELECT state, kind, COUNT(*) AS n FROM jobs GROUP BY state, kind',
        );
        for (const r of rows) this.set({ state: r.state, kind: r.kind }, Number(r.n));
      } catch {
        // the database cannot be reached: the scrape goes on without the queue (see adcli_ready)
      }
    },
  });

  if (store.poolUse) {
    const use = () => store.poolUse!();
    new prom.Gauge({
      name: 'adcli_db_pool_connections',
      help: "Connections of this process's Postgres pool, open and idle among them",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const u = use();
        this.set({ state: 'open' }, u.total);
        this.set({ state: 'idle' }, u.idle);
      },
    });
    new prom.Gauge({
      name: 'adcli_db_pool_waiting',
      help: 'Queries of this process waiting for a connection of its Postgres pool',
      registers: [registry],
      collect() {
        this.set(use().waiting);
      },
    });
  }
}

function plain(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

interface Node {
  literal: Map<string, Node>;
  param?: Node;
  /** operation names by method, where a path ends here */
  ends?: Map<string, string>;
}

/**
 * The operation a request is of, from its method and target, by the operation table: a tree of
 * path segments (a `{param}` matches any one segment), so a request costs a split and a few map
 * lookups. What no operation declares is named by what it is, never by its path.
 */
export function operationMatcher(): (method: string, target: string) => string {
  const root: Node = { literal: new Map() };
  const add = (prefix: string, op: Operation) => {
    let node = root;
    for (const seg of (prefix + op.path).split('/').slice(1)) {
      if (/^\{\w+\}$/.test(seg)) node = node.param ??= { literal: new Map() };
      else {
        let next = node.literal.get(seg);
        if (!next) node.literal.set(seg, (next = { literal: new Map() }));
        node = next;
      }
    }
    (node.ends ??= new Map()).set(op.method, op.name);
  };
  for (const op of operations) add(API_PREFIX, op);
  for (const op of controlOperations) add(CONTROL_PREFIX, op);

  const find = (node: Node, segs: string[], i: number, method: string): string | undefined => {
    if (i === segs.length) return node.ends?.get(method === 'HEAD' ? 'GET' : method);
    const lit = node.literal.get(segs[i]!);
    const found = lit && find(lit, segs, i + 1, method);
    if (found) return found;
    return node.param && segs[i] ? find(node.param, segs, i + 1, method) : undefined;
  };

  return (method, target) => {
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    if (path === '/livez') return 'livez';
    if (path === '/readyz') return 'readyz';
    if (path === MCP_PATH || path.startsWith(`${MCP_PATH}/`)) return 'mcp';
    if (path === APP_PATH || path.startsWith(`${APP_PATH}/`)) return 'pages';
    if (path.endsWith('/openapi.json') || path.endsWith('/fixtures.schema.json'))
      return 'documents';
    return find(root, path.split('/').slice(1), 0, method) ?? 'other';
  };
}
