/**
 * Replicas that agree (issue 14, part 3), in one process: two backends on two PostgresStore pools to
 * one database act as two replicas. Each per-process piece of state is checked across them: the rate
 * limit per key, fault rules, workspace clocks, the request journal, the read cache, job claims and
 * leases; then readiness, and recovery when the database comes back (part 4).
 */
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadCache } from '../server/http/read-cache.ts';
import { JobQueue, leasePlace, type JobRow } from '../server/jobs/queue.ts';
import { PostgresStore } from '../server/store/postgres/store.ts';
import { ok } from './helpers/assert.ts';
import { clientFor, pgReplicas, type TestBackend } from './helpers/backend.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import { until } from './helpers/wait.ts';

const pg = await postgresOrSkip();

let closeAll: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closeAll.splice(0)) await close();
});

/** Two replicas on a fresh database, closed after the test. */
async function two(opts: { rateLimit?: number } = {}): Promise<[TestBackend, TestBackend]> {
  const { replicas, close } = await pgReplicas(await pg!.createDatabase(), opts);
  closeAll.push(close);
  return [replicas[0]!, replicas[1]!];
}

describe.skipIf(!pg)('two replicas on one Postgres', () => {
  it('count one rate limit per key: the 121st request of a minute is refused whichever replica it reaches', async () => {
    const [a, b] = await two({ rateLimit: 120 });
    const clients = [a.api, clientFor(b.app, a.api.key)];
    const remaining: number[] = [];
    for (let n = 0; n < 120; n++) {
      const r = await clients[n % 2]!.get('/campaigns');
      ok(r);
      remaining.push(Number(r.headers.get('ratelimit-remaining')));
    }
    // one count across both: 119, 118, ... 0, alternating replicas
    expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => 119 - i));
    for (const c of clients) {
      const refused = await c.get('/campaigns');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // another key has its own window
    ok(await (await b.client()).get('/campaigns'));
    // a new window opens a minute later, on the workspace's clock
    a.clock.advance(60_000);
    ok(await clients[1]!.get('/campaigns'));
  });

  it('apply a fault rule added through the other replica', async () => {
    const [a, b] = await two();
    const ctlA = await a.client({ prefix: '/_adcli/v1' });
    ok(await b.api.get('/campaigns'));
    const rule = ok(
      await ctlA.post('/faults', { method: 'GET', path: '/campaigns', status: 503, count: 2 }),
      201,
    );
    for (let n = 0; n < 2; n++) {
      const r = await b.api.get('/campaigns');
      expect(r.status).toBe(503);
      expect(r.body.error.message).toContain(rule.id);
    }
    // its count was used up through B: A sees it spent and lets requests through
    ok(await a.api.get('/campaigns'));
    expect(ok(await ctlA.get('/faults')).data[0]).toMatchObject({
      id: rule.id,
      remaining: 0,
      matched: 2,
    });
  });

  it('refuse at once on one replica a key revoked through the other', async () => {
    const [a, b] = await two();
    const key = await a.client();
    const onB = clientFor(b.app, key.key);
    ok(await onB.get('/campaigns'));
    ok(await onB.get('/campaigns')); // now in B's cache of authenticated keys
    const { keyId } = (await a.services.keys.authenticate(key.key))!;
    await a.store.write(async () => a.services.keys.revoke(keyId));
    expect((await onB.get('/campaigns')).status).toBe(401);
  });

  it("see a workspace's clock moved through the other replica", async () => {
    const [a, b] = await two();
    const ctlA = await a.client({ prefix: '/_adcli/v1' });
    const ctlB = await b.client({ prefix: '/_adcli/v1' });
    const before = ok(await ctlB.get('/clock'));
    for (const by of ['25h', '3d']) {
      const moved = ok(await ctlA.post('/clock/advance', { by }));
      expect(ok(await ctlB.get('/clock')).now).toBe(moved.clock.now);
    }
    ok(await ctlB.post('/clock/freeze'));
    expect(ok(await ctlA.get('/clock'))).toMatchObject({ frozen: true });
    expect(Date.parse(ok(await ctlA.get('/clock')).now) - Date.parse(before.now)).toBe(
      4 * 86_400_000 + 3_600_000,
    );
  });

  it('list in the journal the requests each replica served', async () => {
    const [a, b] = await two();
    const ctlA = await a.client({ prefix: '/_adcli/v1' });
    const servedByB: (string | null)[] = [];
    for (let n = 0; n < 3; n++)
      servedByB.push((await b.api.get(`/campaigns?limit=${n + 1}`)).headers.get('x-request-id'));
    const servedByA = (await a.api.get('/brands')).headers.get('x-request-id');
    // B writes its batch a moment later (or when it closes); A lists the shared table
    const ids = await until(
      "B's batch in the shared table",
      async () => {
        const listed: string[] = ok(await ctlA.get('/requests')).data.map(
          (e: { requestId: string }) => e.requestId,
        );
        return servedByB.every((id) => listed.includes(id!)) && listed;
      },
      15_000,
    );
    expect(ids).toEqual(expect.arrayContaining([...servedByB, servedByA]));
    // what B had not written yet when it closed is written on its way out
    const late = (await b.api.get('/campaigns?limit=7')).headers.get('x-request-id')!;
    await b.store.close();
    const listed = ok(await ctlA.get('/requests?limit=1000')).data;
    expect(listed.find((e: { requestId: string }) => e.requestId === late)).toMatchObject({
      method: 'GET',
      path: '/api/v1/campaigns?limit=7',
      status: 200,
    });
  });

  it('never serve from the read cache a value changed through the other replica', async () => {
    const [a, b] = await two();
    const onB = clientFor(b.app, a.api.key);
    const brand = ok(await a.api.post('/brands', { name: 'Brand 0' }), 201);
    for (let n = 1; n <= 6; n++) {
      // read on B twice (the second from its cache), change on A, read on B again
      expect(ok(await onB.get(`/brands/${brand.id}`)).name).toBe(`Brand ${n - 1}`);
      expect(ok(await onB.get(`/brands/${brand.id}`)).name).toBe(`Brand ${n - 1}`);
      ok(await a.api.patch(`/brands/${brand.id}`, { name: `Brand ${n}` }));
      expect(ok(await onB.get(`/brands/${brand.id}`)).name).toBe(`Brand ${n}`);
    }
  });

  it('keep no read computed before a commit that a concurrent request of the same replica has seen', async () => {
    const [a, b] = await two();
    const cache = new ReadCache(b.store);
    const slow = await cache.get('slow');
    expect(slow.body).toBeUndefined();
    await a.store.write(async () => a.services.workspaces.ensure('elsewhere'));
    const quick = await cache.get('quick');
    // the slow read's body may predate A's commit, which the quick one saw: not kept
    cache.set('slow', 'maybe stale', slow.stamp);
    cache.set('quick', 'fresh', quick.stamp);
    expect((await cache.get('slow')).body).toBeUndefined();
    expect((await cache.get('quick')).body).toBe('fresh');
  });

  it('claim each job exactly once when both claim at the same time', async () => {
    const [a, b] = await two();
    const jobs = 30;
    await a.store.write(async () => {
      for (let n = 0; n < jobs; n++)
        await a.services.jobs.enqueue('collect_data_store', `subject-${n}`, { workspaceId: null });
    });
    const loop = async (queue: JobQueue): Promise<string[]> => {
      const mine: string[] = [];
      for (;;) {
        const job = await queue.claim();
        if (!job) return mine;
        mine.push(job.subject);
        await queue.finish(job.id, 'done');
      }
    };
    const [byA, byB] = await Promise.all([loop(a.services.jobs), loop(b.services.jobs)]);
    expect([...byA, ...byB].sort()).toEqual(
      Array.from({ length: jobs }, (_, n) => `subject-${n}`).sort(),
    );
    expect(new Set([...byA, ...byB]).size).toBe(jobs);
    expect(
      await a.store.all<{ state: string; n: number }>(
        'SELECT state, COUNT(*) AS n FROM jobs GROUP BY state',
      ),
    ).toEqual([{ state: 'done', n: jobs }]);
  });

  it("leave a lease of another host's holder until it runs out; take over a dead holder's of this host at once", async () => {
    const [a] = await two();
    const queue = a.services.jobs;
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const leaseUntil = new Date(a.clock.now().getTime() + 60_000).toISOString();
    const owners = { elsewhere: `another-host:${dead}:aa:0`, here: `${leasePlace()}:${dead}:bb:0` };
    await a.store.write(async () => {
      for (const [subject, owner] of Object.entries(owners)) {
        const id = await queue.enqueue('collect_data_store', subject, { workspaceId: null });
        await a.store.run(
          "UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?, attempts = 1 WHERE id = ?",
          owner,
          leaseUntil,
          id,
        );
      }
    });
    const here = (await queue.claim())!;
    expect(here).toMatchObject({ subject: 'here', lease_owner: queue.owner, attempts: 2 });
    expect(await queue.claim()).toBeNull();
    expect(
      await a.store.get<Pick<JobRow, 'state' | 'lease_owner'>>(
        "SELECT state, lease_owner FROM jobs WHERE subject = 'elsewhere'",
      ),
    ).toEqual({
      state: 'running',
      lease_owner: owners.elsewhere,
    });
    // its lease runs out (leases are on real time): now it is taken over
    a.clock.advance(60_001);
    expect(await queue.claim()).toMatchObject({
      subject: 'elsewhere',
      lease_owner: queue.owner,
      attempts: 2,
    });
  });
});

describe.skipIf(!pg)('a replica whose database goes away', () => {
  it('answers 503 with Retry-After and is not ready while it is gone, then recovers by itself', async () => {
    const url = await pg!.createDatabase();
    const { replicas, close } = await pgReplicas(url, { count: 1 });
    closeAll.push(close);
    const [r] = replicas as [TestBackend];
    const probe = async (path: string) => {
      const res = await r.app.request(path);
      return { status: res.status, body: (await res.json()) as any, headers: res.headers };
    };
    expect(await probe('/livez')).toMatchObject({ status: 200, body: { status: 'live' } });
    expect(await probe('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    ok(await r.api.post('/brands', { name: 'Before' }), 201);

    await pg!.stop();
    try {
      for (const request of [
        () => r.api.get('/brands'),
        () => r.api.post('/brands', { name: 'During' }),
      ]) {
        const res = await request();
        expect(res.status).toBe(503);
        expect(res.body.error).toMatchObject({
          code: 'unavailable',
          message: expect.stringContaining('cannot reach its database'),
        });
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      const notReady = await probe('/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.body.error.code).toBe('unavailable');
      expect(notReady.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await probe('/livez')).status).toBe(200);
    } finally {
      await pg!.restart();
    }

    // the pool makes new connections: ready again with no restart of the app
    await until('ready again', async () => (await probe('/readyz')).status === 200, 20_000);
    expect(await probe('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    // the server's own lines said so (kept by testBackend, not printed on the test run's output)
    expect(r.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^error: the database is unavailable: .*method=GET path=\/api\/v1\/brands$/,
        ),
        expect.stringMatching(
          /^error: the database is unavailable: .*method=POST path=\/api\/v1\/brands$/,
        ),
        expect.stringMatching(/^error: not ready: the database cannot be reached \(/),
        'the database is reachable again: ready',
      ]),
    );
    ok(await r.api.post('/brands', { name: 'After' }), 201);
    expect(
      ok(await r.api.get('/brands'))
        .data.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['After', 'Before']);
    // and another replica opened now sees the same data
    const other = await PostgresStore.open(url);
    closeAll.push(() => other.close());
    expect(
      (await other.all<{ name: string }>('SELECT name FROM brands ORDER BY name')).map(
        (x) => x.name,
      ),
    ).toEqual(['After', 'Before']);
  });
});
