// @store both
/**
 * `adcli serve`'s metrics (server/app/metrics.ts) on an in-process backend whose answers go through
 * the real node server on a real port (test/helpers/metrics.ts): answers by operation and status
 * with their latency, rate-limit refusals, the job queue counted at the scrape, readiness and why
 * not, a newer schema in use, the Postgres pool. The metrics port of a real `adcli serve` is in
 * serve-drain.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JobRunner } from '../server/jobs/runner.ts';
import { MISSING_ID, onPostgres } from './helpers/backend.ts';
import { measuredBackend, sample } from './helpers/metrics.ts';
import { closeServers } from './helpers/raw-http.ts';

afterEach(closeServers);

describe('metrics', () => {
  it('counts answers by operation, method and status, times them, and names no key or path', async () => {
    const m = await measuredBackend();
    expect((await m.request('GET', '/api/v1/campaigns')).status).toBe(200);
    expect((await m.request('GET', '/api/v1/campaigns')).status).toBe(200);
    expect((await m.request('GET', '/api/v1/campaigns', { key: null })).status).toBe(401);
    expect((await m.request('GET', `/api/v1/campaigns/${MISSING_ID}`)).status).toBe(404);
    expect((await m.request('GET', '/api/v1/no-such-thing-here')).status).toBe(404);
    expect((await m.request('GET', '/readyz')).status).toBe(200);

    const text = await m.scrape();
    const requests = (operation: string, status: string) =>
      sample(text, 'adcli_http_requests_total', { operation, method: 'GET', status });
    expect(requests('list_campaigns', '200')).toBe(2);
    expect(requests('list_campaigns', '401')).toBe(1);
    expect(requests('get_campaign', '404')).toBe(1);
    expect(requests('other', '404')).toBe(1);
    expect(requests('readyz', '200')).toBe(1);
    expect(
      sample(text, 'adcli_http_request_duration_seconds_count', { operation: 'list_campaigns' }),
    ).toBe(3);
    expect(
      sample(text, 'adcli_http_request_duration_seconds_bucket', {
        operation: 'list_campaigns',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(text).toMatch(/^adcli_build_info\{version="\d+\.\d+\.\d+[^"]*",schema="\d+"\} 1$/m);
    // nothing a client chose, and never the key
    expect(text).not.toContain(m.backend.api.key);
    expect(text).not.toContain(MISSING_ID);
    expect(text).not.toContain('no-such-thing-here');
    // Node's own process metrics come along
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it("counts the requests a key's rate limit refuses", async () => {
    const m = await measuredBackend({ rateLimit: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await m.request('GET', '/api/v1/campaigns')).status);
    expect(statuses).toEqual([200, 200, 429]);
    const text = await m.scrape();
    expect(sample(text, 'adcli_rate_limited_total')).toBe(1);
    expect(
      sample(text, 'adcli_http_requests_total', {
        operation: 'list_campaigns',
        method: 'GET',
        status: '429',
      }),
    ).toBe(1);
    for (const kind of ['busy', 'full', 'unavailable'])
      expect(sample(text, 'adcli_store_errors_total', { kind })).toBe(0);
  });

  it('counts the job queue by state and kind at each scrape', async () => {
    const m = await measuredBackend();
    const jobs = m.backend.services.jobs;
    expect(
      sample(await m.scrape(), 'adcli_jobs', { state: 'queued', kind: 'collect_data_store' }),
    ).toBe(undefined);
    await jobs.enqueue('collect_data_store', 'subject-1', { workspaceId: null });
    await jobs.enqueue('collect_data_store', 'subject-2', { workspaceId: null });
    await jobs.enqueue('sync_ads', 'subject-3', { workspaceId: null });
    const text = await m.scrape();
    expect(sample(text, 'adcli_jobs', { state: 'queued', kind: 'collect_data_store' })).toBe(2);
    expect(sample(text, 'adcli_jobs', { state: 'queued', kind: 'sync_ads' })).toBe(1);
  });

  it('times each run of a job by kind and outcome, as the runner that ran it tells', async () => {
    const m = await measuredBackend();
    const { services, store } = m.backend;
    const before = await m.scrape();
    for (const kind of ['collect_data_store', 'generate_targeting', 'sync_ads'])
      for (const outcome of ['ok', 'error'])
        expect(sample(before, 'adcli_job_duration_seconds_count', { kind, outcome })).toBe(0);
    // what a worker thread's runner is given: the observer's jobRan
    const runner = new JobRunner(
      services.deps,
      services.jobs,
      {
        sync_ads: {
          run: async (job) => {
            await new Promise((r) => setTimeout(r, 30));
            await store.write(() => services.jobs.finish(job.id, 'done'));
          },
        },
        collect_data_store: {
          run: () => Promise.reject(new Error('the source is gone')),
        },
      },
      { ran: m.metrics.observer.jobRan },
    );
    await services.jobs.enqueue('sync_ads', 'subject-1', { workspaceId: null });
    await services.jobs.enqueue('collect_data_store', 'subject-2', { workspaceId: null });
    expect(await runner.runDue()).toBe(2);
    const text = await m.scrape();
    const count = (kind: string, outcome: string) =>
      sample(text, 'adcli_job_duration_seconds_count', { kind, outcome });
    expect(count('sync_ads', 'ok')).toBe(1);
    expect(count('collect_data_store', 'error')).toBe(1);
    expect(count('collect_data_store', 'ok')).toBe(0);
    expect(
      sample(text, 'adcli_job_duration_seconds_sum', { kind: 'sync_ads', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(0.025);
    expect(
      sample(text, 'adcli_job_duration_seconds_bucket', {
        kind: 'sync_ads',
        outcome: 'ok',
        le: '0.01',
      }),
    ).toBe(0);
    expect(
      sample(text, 'adcli_job_duration_seconds_bucket', {
        kind: 'sync_ads',
        outcome: 'ok',
        le: '+Inf',
      }),
    ).toBe(1);
    // a counter that throws never fails the job it counts
    const throwing = new JobRunner(
      services.deps,
      services.jobs,
      {
        sync_ads: { run: (job) => store.write(() => services.jobs.finish(job.id, 'done')) },
      },
      {
        ran: () => {
          throw new Error('no metrics');
        },
      },
    );
    await services.jobs.enqueue('sync_ads', 'subject-3', { workspaceId: null });
    expect(await throwing.runDue()).toBe(1);
    expect(await services.jobs.pending('sync_ads', 'subject-3')).toBeUndefined();
  });

  it('reports readiness, and why not once the process is stopping', async () => {
    const m = await measuredBackend();
    let text = await m.scrape();
    expect(sample(text, 'adcli_ready')).toBe(1);
    expect(sample(text, 'adcli_not_ready', { reason: 'stopping' })).toBe(0);

    m.backend.readiness.drain();
    const probe = await m.request('GET', '/readyz');
    expect(probe.status).toBe(503);
    expect(probe.body.error).toMatchObject({ code: 'unavailable' });
    expect(probe.body.error.message).toMatch(/stopping/);
    // a stopping process still answers what it is asked
    expect((await m.request('GET', '/api/v1/campaigns')).status).toBe(200);
    text = await m.scrape();
    expect(sample(text, 'adcli_ready')).toBe(0);
    expect(sample(text, 'adcli_not_ready', { reason: 'stopping' })).toBe(1);
    expect(sample(text, 'adcli_not_ready', { reason: 'database' })).toBe(0);
  });

  it('a newer schema in use: not ready, one log line, and every request but the probes refused', async () => {
    const m = await measuredBackend();
    const { store, readiness, warnings } = m.backend;
    expect((await m.request('GET', '/readyz')).status).toBe(200);
    const newer = store.schemaVersion + 1;
    await store.run(
      'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
      newer,
      new Date().toISOString(),
    );
    // the pass's databases are used again: the schema goes back as it was
    try {
      const probe = await m.request('GET', '/readyz');
      expect(probe.status).toBe(503);
      expect(probe.body.error.message).toContain(
        `the database has schema ${newer}, newer than this adcli's ${store.schemaVersion}`,
      );
      expect((await m.request('GET', '/readyz')).status).toBe(503);
      expect(warnings.filter((w) => w.includes(`schema ${newer}`))).toHaveLength(1);
      expect(readiness.newerSchema).toBe(newer);

      const refused = await m.request('POST', '/api/v1/brands', { body: { name: 'Late' } });
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({ code: 'unavailable' });
      expect(refused.body.error.message).toMatch(/replace it with the newer version/);
      expect((await m.request('GET', '/livez')).status).toBe(200);
      // nothing was written
      expect(await store.all('SELECT id FROM brands')).toEqual([]);

      const text = await m.scrape();
      expect(sample(text, 'adcli_ready')).toBe(0);
      expect(sample(text, 'adcli_not_ready', { reason: 'schema' })).toBe(1);
    } finally {
      await store.run('DELETE FROM schema_migrations WHERE version = ?', newer);
    }
  });

  it.skipIf(!onPostgres)("reports the Postgres pool's connections", async () => {
    const m = await measuredBackend();
    expect((await m.request('GET', '/api/v1/campaigns')).status).toBe(200);
    const text = await m.scrape();
    const open = sample(text, 'adcli_db_pool_connections', { state: 'open' })!;
    const idle = sample(text, 'adcli_db_pool_connections', { state: 'idle' })!;
    expect(open).toBeGreaterThanOrEqual(1);
    expect(idle).toBeLessThanOrEqual(open);
    // present; how many wait depends on what runs at the scrape (its own COUNT of the queue)
    expect(sample(text, 'adcli_db_pool_waiting')).toBeGreaterThanOrEqual(0);
  });

  it.skipIf(onPostgres)('has no pool metrics on SQLite', async () => {
    const m = await measuredBackend();
    expect(await m.scrape()).not.toContain('adcli_db_pool');
  });
});
