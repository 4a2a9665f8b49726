import type { Hono } from 'hono';
import { createBackend, type Backend, type BackendOptions } from '../../server/app/backend.ts';
import { JobLoop } from '../../server/jobs/loop.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { SCOPES, type Scope } from '../../server/schemas/common.ts';
import { SqliteStore } from '../../server/store/sqlite/store.ts';
import { PostgresStore } from '../../server/store/postgres/store.ts';
import type { Store } from '../../server/store/port.ts';
import { onPostgres, passStore } from './postgres-pass.ts';

export { onPostgres } from './postgres-pass.ts';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Client {
  key: string;
  request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<Reply<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  delete<T = any>(path: string, headers?: Record<string, string>): Promise<Reply<T>>;
}

/**
 * A client of the in-process app (app.request): the real routes, middleware and store. `prefix` is
 * where the paths live: the API (/api/v1) or adcli serve's controls (/_adcli/v1).
 */
export function clientFor(app: Hono<any>, key: string, prefix = '/api/v1'): Client {
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.request(`${prefix}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  return {
    key,
    request,
    get: (p, h) => request('GET', p, undefined, h),
    post: (p, b, h) => request('POST', p, b, h),
    patch: (p, b, h) => request('PATCH', p, b, h),
    put: (p, b, h) => request('PUT', p, b, h),
    delete: (p, h) => request('DELETE', p, undefined, h),
  };
}

export interface TestBackend extends Backend {
  clock: ManualClock;
  /**
   * The server's own log lines (what `adcli serve` writes to stderr: a 5xx's details, readiness
   * going and coming back), kept here instead of reaching the test run's output; a test that
   * provokes them asserts on them. Empty when the test passes its own `warn`.
   */
  warnings: string[];
  /** a client with every scope in workspace `acme` */
  api: Client;
  /** a client with a new key: pick scopes, workspace and limits (`prefix` /_adcli/v1 for the controls) */
  client(opts?: {
    scopes?: readonly Scope[];
    workspace?: string;
    customerIds?: string[];
    campaignIds?: string[];
    prefix?: string;
  }): Promise<Client>;
  workspaceId(slug?: string): Promise<string>;
}

/**
 * A fresh, empty store as testBackend() makes them: in memory on SQLite, or a database of the
 * Postgres pass's server (closed after the test or file that made it).
 */
export function testStore(): Promise<Store> {
  return onPostgres ? passStore() : Promise.resolve(SqliteStore.memory());
}

/**
 * A fresh backend with workspace `acme` (rate limit off unless asked): in memory on SQLite, or on a
 * new database of the pass's server in the Postgres pass (ADCLI_TEST_STORE=postgres, see
 * postgres-pass.ts). A `store` given is used as it is. The server's own log lines go to `warnings`
 * (or to the `warn` given), never to the console.
 */
export async function testBackend(
  opts: Omit<BackendOptions, 'store' | 'clock'> & { store?: Store; clock?: ManualClock } = {},
): Promise<TestBackend> {
  const clock = opts.clock ?? new ManualClock('2026-03-02T10:00:00.000Z');
  const store = opts.store ?? (onPostgres ? await passStore() : SqliteStore.memory());
  const warnings: string[] = [];
  const backend = createBackend({
    ...opts,
    store,
    clock,
    rateLimit: opts.rateLimit ?? 0,
    warn: opts.warn ?? ((line) => warnings.push(line)),
  });
  const { services } = backend;
  const client: TestBackend['client'] = async (o = {}) => {
    const key = await store.write(async () => {
      const ws = await services.workspaces.ensure(o.workspace ?? 'acme');
      const created = await services.keys.create(ws.id, {
        scopes: o.scopes ?? SCOPES,
        customerIds: o.customerIds ?? null,
        campaignIds: o.campaignIds ?? null,
      });
      return created.key;
    });
    return clientFor(backend.app, key, o.prefix);
  };
  return {
    ...backend,
    clock,
    warnings,
    api: await client(),
    client,
    workspaceId: async (slug = 'acme') => (await services.workspaces.bySlug(slug))!.id,
  };
}

/**
 * Replicas in one process: a backend per PostgresStore, each with its own connection pool to the one
 * database at `url`, sharing one ManualClock (real time, as the replicas' hosts would share). Each has
 * its own `api` key in workspace `acme`; `close()` closes every store.
 */
export async function pgReplicas(
  url: string,
  opts: { count?: number; rateLimit?: number; clock?: ManualClock } = {},
): Promise<{ replicas: TestBackend[]; close(): Promise<void> }> {
  const clock = opts.clock ?? new ManualClock('2026-03-02T10:00:00.000Z');
  const replicas: TestBackend[] = [];
  for (let i = 0; i < (opts.count ?? 2); i++) {
    replicas.push(
      await testBackend({ store: await PostgresStore.open(url), clock, rateLimit: opts.rateLimit }),
    );
  }
  return {
    replicas,
    close: async () => void (await Promise.all(replicas.map((r) => r.store.close()))),
  };
}

/**
 * Runs the backend's due jobs in the background, as adcli serve's job workers do (one JobLoop),
 * until `stop()`, which lets the job running then finish.
 */
export function runJobsInBackground(
  b: Pick<Backend, 'runner'>,
  pollMs = 20,
): {
  stop(): Promise<void>;
} {
  const abort = new AbortController();
  const running = new JobLoop(b.runner, { pollMs }).run(abort.signal);
  return {
    stop: async () => {
      abort.abort();
      await running;
    },
  };
}

export const ALL_SCOPES = SCOPES;

/** 24-hex id that no workspace holds. */
export const MISSING_ID = 'f'.repeat(24);

/** Runs the ad-platform sync job once: schedules it and moves the clock past the sync interval. */
export async function runAdsSync(b: TestBackend): Promise<void> {
  await b.services.ads.scheduleSync();
  b.clock.advance(b.services.ads.syncIntervalMs + 1);
  await b.runner.runDue();
}
