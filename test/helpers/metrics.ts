/**
 * Reading Prometheus's text format (what `GET /metrics` answers) in tests: one sample's value by
 * its name and labels, and the metrics of an in-process backend (server/app/metrics.ts) whose
 * answers go through adcli serve's node server on a real port.
 */
import { createMetrics, type ServerMetrics } from '../../server/app/metrics.ts';
import { PACKAGE_VERSION } from '../../server/lib/version.ts';
import { serveApp } from './raw-http.ts';
import { testBackend, type TestBackend } from './backend.ts';

/**
 * The value of the sample `name{labels}` (exactly those labels, in any order), or undefined when the
 * text holds none.
 */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? '')
      .split(/,(?=[a-zA-Z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (got === want) return Number(m[3]);
  }
  return undefined;
}

export interface MeasuredBackend {
  backend: TestBackend;
  metrics: ServerMetrics;
  /** the backend's app behind adcli serve's node server (listen.ts), measured, on 127.0.0.1 */
  port: number;
  /** a request over that port (with the backend's all-scopes key unless `key` is null) */
  request(
    method: string,
    path: string,
    opts?: { key?: string | null; body?: unknown },
  ): Promise<{ status: number; body: any }>;
  scrape(): Promise<string>;
}

/**
 * A test backend measured as adcli serve measures it: rate-limit refusals and store failures
 * through its observer, each answer of its port, its readiness (refusing requests once it has seen a
 * newer schema). Close its server with closeServers() (raw-http.ts).
 */
export async function measuredBackend(opts: { rateLimit?: number } = {}): Promise<MeasuredBackend> {
  let metrics: ServerMetrics | undefined;
  const backend = await testBackend({
    rateLimit: opts.rateLimit ?? 0,
    observe: {
      rateLimited: (n) => metrics?.observer.rateLimited(n),
      storeError: (kind) => metrics?.observer.storeError(kind),
    },
  });
  const m = await createMetrics({
    store: backend.store,
    readiness: backend.readiness,
    version: PACKAGE_VERSION,
  });
  metrics = m;
  const port = await serveApp(backend.app, {
    answered: m.answered,
    refuse: () => backend.readiness.refusal(),
  });
  return {
    backend,
    metrics: m,
    port,
    async request(method, path, o = {}) {
      const key = o.key === undefined ? backend.api.key : o.key;
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    scrape: async () => (await m.scrape()).body,
  };
}
