/**
 * Replicas that agree (issue 14, parts 3 and 4) as real processes: two or three `adcli serve
 * --database` on one Postgres (test/helpers/postgres.ts), no balancer, the test spreading requests
 * itself. Each shared guarantee is its own test (idempotent writes, the rate limit per key, jobs
 * claimed once and taken over from a killed replica, the clock, faults and journal per workspace, the
 * read cache); then the faults: a replica SIGKILLed during acknowledged writes, answers lost and
 * retried, the database restarted under load. A database of a newer schema is refused in
 * serve-postgres.test.ts.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectError, ok } from './helpers/assert.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import {
  cleanupAll,
  http,
  killAll,
  listAll,
  pool,
  runAdcli,
  type Exit,
  type HttpReply,
  type Server,
} from './helpers/process.ts';
import { holdTransaction, pgQuery, startReplicas, until } from './helpers/replicas.ts';

afterEach(killAll);
afterAll(cleanupAll);

const pg = await postgresOrSkip();

/** A channel of the demo catalog (server/seed). */
const CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT';
const LONG = 180_000;

/** A request to the API (/api/v1) of a replica. */
const api = (
  s: Server,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => http(s.info.baseUrl, key, method, path, body, headers);
/** A request to a replica's controls (/_adcli/v1). */
const control = (s: Server, key: string, method: string, path: string, body?: unknown) =>
  http(s.info.baseUrl.replace(/\/api\/v1$/, '/_adcli/v1'), key, method, path, body);
/** A probe of a replica (/readyz, /livez), unauthenticated. */
const probe = (s: Server, path: '/readyz' | '/livez') =>
  http(s.info.baseUrl.replace(/\/api\/v1$/, ''), null, 'GET', path);

/** A 503 of a replica without its database: the error shape, Retry-After, and nothing else. */
const expectUnavailable = (r: HttpReply) => {
  expectError(r, 503, 'unavailable', 'cannot reach its database');
  expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
};

/** How many of each name, for "exactly once". */
const tally = (names: string[]) =>
  names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());

describe.skipIf(!pg)('adcli serve replicas on one Postgres', () => {
  const server = pg!;

  it(
    'an idempotent write: one effect and identical replays whichever replica each retry reaches; another request with its key is 409 on every replica',
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key } = await startReplicas(url, 3);
      const body = { name: 'Idempotent launch' };
      const idem = { 'idempotency-key': 'launch-1' };

      // two at once to each replica, then one after another to each
      const together = await Promise.all(
        [...servers, ...servers].map((s) => api(s, key, 'POST', '/campaigns', body, idem)),
      );
      const inTurn: HttpReply[] = [];
      for (const s of servers) inTurn.push(await api(s, key, 'POST', '/campaigns', body, idem));
      const all = [...together, ...inTurn];
      for (const r of all) expect(r.status, r.text).toBe(201);
      expect(new Set(all.map((r) => r.text)).size).toBe(1);
      // one of them made the campaign; every other one is a replay, and says so
      expect(all.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
      for (const r of inTurn) expect(r.headers.get('idempotent-replayed')).toBe('true');
      const id = all[0]!.body.id as string;
      for (const s of servers) {
        expect(
          ok(await api(s, key, 'GET', `/campaigns?name=${encodeURIComponent(body.name)}`)).data.map(
            (c: { id: string }) => c.id,
          ),
        ).toEqual([id]);
      }

      for (const s of servers) {
        const other = await api(s, key, 'POST', '/campaigns', { name: 'Another launch' }, idem);
        expect(other.status, other.text).toBe(409);
        expect(other.body.error.code).toBe('idempotency_conflict');
      }

      // two different requests with one new key at once on different replicas: one is made, the other is 409
      const race = { 'idempotency-key': 'race-1' };
      const sent = [
        { name: 'Race one', to: servers[0]! },
        { name: 'Race two', to: servers[1]! },
        { name: 'Race one', to: servers[2]! },
      ];
      const raced = await Promise.all(
        sent.map((x) => api(x.to, key, 'POST', '/campaigns', { name: x.name }, race)),
      );
      const made = ok(await api(servers[0]!, key, 'GET', '/campaigns?name=Race')).data as {
        id: string;
        name: string;
      }[];
      expect(made).toHaveLength(1);
      raced.forEach((r, i) => {
        if (sent[i]!.name === made[0]!.name) {
          expect(r.status, r.text).toBe(201);
          expect(r.body.id).toBe(made[0]!.id);
        } else {
          expect(r.status, r.text).toBe(409);
          expect(r.body.error.code).toBe('idempotency_conflict');
        }
      });
    },
  );

  it(
    'the rate limit per key counts every replica: 120 requests spread over three succeed, the 121st is 429 wherever it lands',
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key, sandbox } = await startReplicas(url, 3, ['--rate-limit', '120']);
      // a key of its own for the count (the first key drives the clock)
      const made = await runAdcli(
        [
          'serve',
          'keys',
          'create',
          '--database',
          url,
          '--workspace',
          'default',
          '--scopes',
          'campaigns:read',
          '--name',
          'counted',
          '--json',
        ],
        {
          env: sandbox.env,
        },
      );
      expect(made.code, made.stderr).toBe(0);
      const counted = JSON.parse(made.stdout).key as string;
      // windows run on real time whatever the workspace's clock does: frozen, it holds nothing open
      expect(ok(await control(servers[0]!, key, 'POST', '/clock/freeze')).frozen).toBe(true);

      const replies = await pool(120, 6, (i) => api(servers[i % 3]!, counted, 'GET', '/campaigns'));
      for (const r of replies) {
        expect(r.status, r.text).toBe(200);
        expect(r.headers.get('ratelimit-limit')).toBe('120');
      }
      // one count across the three: each request saw a different remainder
      expect(
        replies.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((x, y) => x - y),
      ).toEqual(Array.from({ length: 120 }, (_, i) => i));

      for (const s of servers) {
        const refused = await api(s, counted, 'GET', '/campaigns');
        expect(refused.status, refused.text).toBe(429);
        expect(refused.body.error.code).toBe('rate_limited');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(refused.headers.get('ratelimit-limit')).toBe('120');
        expect(refused.headers.get('ratelimit-remaining')).toBe('0');
        expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      }
      // moving the workspace's clock (through another replica) frees nobody: Retry-After is the real wait
      ok(await control(servers[1]!, key, 'POST', '/clock/advance', { by: '60s' }));
      for (const s of servers)
        expect((await api(s, counted, 'GET', '/campaigns')).status).toBe(429);
    },
  );

  it(
    'jobs queued through three replicas each run exactly once: one claim, one set of effects',
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key } = await startReplicas(url, 3, ['--seed', 'demo', '--job-delay', '0']);
      const at = (i: number) => servers[i % servers.length]!;

      const stores = await pool(
        12,
        6,
        async (i) =>
          ok(
            await api(at(i), key, 'POST', '/data-stores', {
              name: `Store ${i}`,
              channelIds: [CHANNEL],
            }),
            201,
          ).id as string,
      );
      const ready = await until(
        'every collection',
        async () => {
          const got = await Promise.all(
            stores.map(async (id, i) => ok(await api(at(i + 1), key, 'GET', `/data-stores/${id}`))),
          );
          return got.every((d) => d.status === 'ready') ? got : null;
        },
        60_000,
      );
      const videos = ready[0]!.videoCount as number;
      expect(videos).toBeGreaterThan(0);
      for (const d of ready)
        expect(d).toMatchObject({ videoCount: videos, channelCount: 1, error: '' });
      const links = await pgQuery<{ id: string; n: number }>(
        url,
        'SELECT data_store_id AS id, COUNT(*)::int AS n FROM data_store_videos WHERE data_store_id = ANY($1) GROUP BY data_store_id',
        [stores],
      );
      expect(links).toHaveLength(stores.length);
      for (const l of links) expect(l.n).toBe(videos);

      // a campaign on each store, its targeting generated through the next replica
      const campaigns = await pool(
        6,
        6,
        async (i) =>
          ok(
            await api(at(i), key, 'POST', '/campaigns', {
              name: `Generated ${i}`,
              dataStoreIds: [stores[i]!],
            }),
            201,
          ).id as string,
      );
      const slots = (
        await Promise.all(
          campaigns.map(
            async (id, i) =>
              ok(await api(at(i + 1), key, 'POST', `/campaigns/${id}/targeting/generate`, {}))
                .started as string[],
          ),
        )
      ).flat();
      expect(slots).toHaveLength(campaigns.length);
      await until(
        'every generation',
        async () => {
          const got = await Promise.all(
            campaigns.map(
              async (id, i) =>
                ok(await api(at(i + 2), key, 'GET', `/campaigns/${id}/targeting`)).audiences[0],
            ),
          );
          return got.every((s: { status: string }) => s.status === 'ready') ? got : null;
        },
        60_000,
      );

      const jobs = await pgQuery<{
        kind: string;
        subject: string;
        state: string;
        attempts: number;
        lease_owner: string | null;
      }>(
        url,
        'SELECT kind, subject, state, attempts::int AS attempts, lease_owner FROM jobs WHERE subject = ANY($1) ORDER BY kind, subject',
        [[...stores, ...slots]],
      );
      expect(jobs.map((j) => `${j.kind} ${j.subject}`).sort()).toEqual(
        [
          ...stores.map((s) => `collect_data_store ${s}`),
          ...slots.map((s) => `generate_targeting ${s}`),
        ].sort(),
      );
      for (const j of jobs)
        expect(j).toMatchObject({ state: 'done', attempts: 1, lease_owner: null });
    },
  );

  it(
    'a replica killed (SIGKILL) in the middle of a job hands it to another within the lease: done once, its effects once',
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key } = await startReplicas(url, 2, ['--seed', 'demo', '--job-delay', '0']);
      const reference = ok(
        await api(servers[0]!, key, 'POST', '/data-stores', {
          name: 'Reference',
          channelIds: [CHANNEL],
        }),
        201,
      );
      const expected = await until('the reference collection', async () => {
        const d = ok(await api(servers[1]!, key, 'GET', `/data-stores/${reference.id}`));
        return d.status === 'ready' ? d : null;
      });

      type Job = {
        state: string;
        lease_owner: string | null;
        lease_until: string | null;
        attempts: number;
      };
      const jobOf = async (subject: string) =>
        pgQuery<Job>(
          url,
          "SELECT state, lease_owner, lease_until, attempts::int AS attempts FROM jobs WHERE kind = 'collect_data_store' AND subject = $1",
          [subject],
        );
      // The collection's first write waits on a lock the test holds: claimed, and stopped half-way.
      const lock = await holdTransaction(url, 'LOCK TABLE data_store_channels IN EXCLUSIVE MODE');
      let store: { id: string };
      let running: Job;
      let survivor: Server;
      try {
        store = ok(
          await api(servers[1]!, key, 'POST', '/data-stores', {
            name: 'Interrupted',
            channelIds: [CHANNEL],
          }),
          201,
        );
        running = await until('the job claimed and waiting half-way', async () => {
          const [job] = await jobOf(store.id);
          if (job?.state !== 'running') return null;
          const waiting = await pgQuery(
            url,
            "SELECT 1 FROM pg_locks WHERE relation = 'data_store_channels'::regclass AND NOT granted",
          );
          return waiting.length > 0 ? job : null;
        });
        const holderPid = Number(running.lease_owner!.split(':')[1]);
        const holder = servers.find((s) => s.pid === holderPid)!;
        expect(holder, `lease owner ${running.lease_owner}`).toBeDefined();
        survivor = servers.find((s) => s !== holder)!;
        expect((await holder.stop('SIGKILL')).signal).toBe('SIGKILL');
      } finally {
        await lock.release();
      }

      const done = await until('the job done by the survivor', async () => {
        const [job] = await jobOf(store.id);
        return job?.state === 'done' ? job : null;
      });
      // taken over before the dead holder's lease would have run out, run once more, once
      expect(Date.now()).toBeLessThan(Date.parse(running.lease_until!));
      expect(done).toMatchObject({ state: 'done', lease_owner: null, attempts: 2 });
      expect(await jobOf(store.id)).toHaveLength(1);
      const after = ok(await api(survivor, key, 'GET', `/data-stores/${store.id}`));
      expect(after).toMatchObject({
        status: 'ready',
        error: '',
        videoCount: expected.videoCount,
        channelCount: expected.channelCount,
      });
      expect(
        await pgQuery(
          url,
          'SELECT COUNT(*)::int AS n FROM data_store_videos WHERE data_store_id = $1',
          [store.id],
        ),
      ).toEqual([{ n: expected.videoCount }]);
    },
  );

  it(
    "a workspace's clock, fault rules and request journal are shared: set through one replica, seen on the other",
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key } = await startReplicas(url, 2);
      const [a, b] = servers as [Server, Server];

      // the clock: frozen and moved through A, read through B, which makes records at that time
      const frozen = ok(await control(a, key, 'POST', '/clock/freeze'));
      expect(ok(await control(b, key, 'GET', '/clock'))).toMatchObject({
        now: frozen.now,
        frozen: true,
      });
      const moved = ok(await control(a, key, 'POST', '/clock/advance', { by: '3d' })).clock;
      expect(Date.parse(moved.now) - Date.parse(frozen.now)).toBe(3 * 86_400_000);
      expect(ok(await control(b, key, 'GET', '/clock'))).toMatchObject({
        now: moved.now,
        frozen: true,
      });
      const made = ok(await api(b, key, 'POST', '/campaigns', { name: 'At the moved time' }), 201);
      expect(Date.parse(made.createdAt)).toBe(Date.parse(moved.now));
      // resumed through B: A's clock runs again, from where it stood
      ok(await control(b, key, 'POST', '/clock/resume'));
      const resumed = ok(await control(a, key, 'GET', '/clock'));
      expect(resumed.frozen).toBe(false);
      expect(Date.parse(resumed.now)).toBeGreaterThanOrEqual(Date.parse(moved.now));

      // a fault rule added through A, applied by B and A, its count used up across both
      const rule = ok(
        await control(a, key, 'POST', '/faults', {
          method: 'GET',
          path: '/campaigns',
          status: 503,
          count: 2,
        }),
        201,
      );
      const faulted: string[] = [];
      for (const s of [b, a]) {
        const r = await api(s, key, 'GET', '/campaigns');
        expect(r.status, r.text).toBe(503);
        expect(r.body.error.message).toContain(rule.id);
        faulted.push(r.headers.get('x-request-id')!);
      }
      ok(await api(b, key, 'GET', '/campaigns'));
      expect(ok(await control(b, key, 'GET', '/faults')).data).toEqual([
        expect.objectContaining({ id: rule.id, remaining: 0, matched: 2 }),
      ]);

      // the journal read through A lists what B served (B writes its batch a moment later)
      const servedByB: string[] = [];
      for (let n = 1; n <= 3; n++)
        servedByB.push(
          (await api(b, key, 'GET', `/brands?limit=${n}`)).headers.get('x-request-id')!,
        );
      const servedByA = (await api(a, key, 'GET', '/workspace')).headers.get('x-request-id')!;
      const wanted = [...servedByB, servedByA, ...faulted];
      const entries = await until(
        "the journal to list both replicas' requests",
        async () => {
          const data = ok(await control(a, key, 'GET', '/requests?limit=1000')).data as {
            requestId: string;
          }[];
          return wanted.every((id) => data.some((e) => e.requestId === id)) ? data : null;
        },
        15_000,
      );
      const entry = (id: string) => entries.find((e) => e.requestId === id);
      expect(entry(servedByB[2]!)).toMatchObject({
        method: 'GET',
        path: '/api/v1/brands?limit=3',
        status: 200,
      });
      expect(entry(faulted[0]!)).toMatchObject({
        method: 'GET',
        path: '/api/v1/campaigns',
        status: 503,
        fault: rule.id,
      });
      // and the same journal through B
      const throughB = ok(await control(b, key, 'GET', '/requests?limit=1000')).data as {
        requestId: string;
      }[];
      for (const id of wanted) expect(throughB.some((e) => e.requestId === id)).toBe(true);
    },
  );

  it('the read cache never serves a value another replica changed', { timeout: LONG }, async () => {
    const url = await server.createDatabase();
    const { servers, key } = await startReplicas(url, 2);
    const [a, b] = servers as [Server, Server];
    const brand = ok(await api(a, key, 'POST', '/brands', { name: 'Brand 0' }), 201);
    const campaign = ok(await api(a, key, 'POST', '/campaigns', { name: 'Campaign 0' }), 201);
    for (let n = 1; n <= 30; n++) {
      // read on B twice (the second may come from its cache), change on A, read on B again
      for (let i = 0; i < 2; i++) {
        expect(ok(await api(b, key, 'GET', `/brands/${brand.id}`)).name).toBe(`Brand ${n - 1}`);
        expect(ok(await api(b, key, 'GET', `/campaigns?name=Campaign`)).data[0].name).toBe(
          `Campaign ${n - 1}`,
        );
      }
      ok(await api(a, key, 'PATCH', `/brands/${brand.id}`, { name: `Brand ${n}` }));
      ok(await api(a, key, 'PATCH', `/campaigns/${campaign.id}`, { name: `Campaign ${n}` }));
      expect(ok(await api(b, key, 'GET', `/brands/${brand.id}`)).name).toBe(`Brand ${n}`);
      expect(ok(await api(b, key, 'GET', `/campaigns?name=Campaign`)).data[0].name).toBe(
        `Campaign ${n}`,
      );
    }
  });

  it(
    'a replica SIGKILLed during a stream of writes: every acknowledged write is there once, and retries of the unanswered ones make no doubles',
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key } = await startReplicas(url, 2);
      const [a, b] = servers as [Server, Server];
      const WRITES = 60;
      const body = (i: number) => ({ name: `Write ${i}` });
      const idem = (i: number) => ({ 'idempotency-key': `write-${i}` });
      const acked = new Map<number, string>();
      const unanswered = new Set<number>();
      let killed: Promise<Exit> | undefined;

      // the test is the balancer: even writes to A, odd ones to B; A dies after the 20th answer
      await pool(WRITES, 4, async (i) => {
        try {
          const r = await api(i % 2 === 0 ? a : b, key, 'POST', '/campaigns', body(i), idem(i));
          expect(r.status, r.text).toBe(201);
          acked.set(i, r.body.id);
          if (acked.size === 20) killed = a.stop('SIGKILL');
        } catch (e) {
          if (!(e instanceof TypeError)) throw e; // fetch's own failure: no answer came
          unanswered.add(i);
        }
      });
      expect(killed).toBeDefined();
      expect((await killed!).signal).toBe('SIGKILL');
      expect(unanswered.size).toBeGreaterThan(0);

      // the unanswered writes again, with their keys, on the replica that is left; answered ones replay
      for (const i of unanswered) {
        const r = await api(b, key, 'POST', '/campaigns', body(i), idem(i));
        expect(r.status, r.text).toBe(201);
        acked.set(i, r.body.id);
      }
      for (const i of [...acked.keys()].slice(0, 5)) {
        const r = await api(b, key, 'POST', '/campaigns', body(i), idem(i));
        expect(r.status, r.text).toBe(201);
        expect(r.headers.get('idempotent-replayed')).toBe('true');
        expect(r.body.id).toBe(acked.get(i));
      }
      const listed = (await listAll(b.info.baseUrl, key, '/campaigns?name=Write')) as {
        id: string;
        name: string;
      }[];
      expect(listed).toHaveLength(WRITES);
      for (const [name, n] of tally(listed.map((c) => c.name))) expect(n, name).toBe(1);
      const byName = new Map(listed.map((c) => [c.name, c.id]));
      for (let i = 0; i < WRITES; i++) expect(byName.get(`Write ${i}`)).toBe(acked.get(i));
    },
  );

  it(
    'a write whose answer was lost, committed or not, is made once when retried with its key on the other replica',
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key } = await startReplicas(url, 2);
      const [a, b] = servers as [Server, Server];
      const waitingOnCampaigns = async () =>
        (
          await pgQuery(
            url,
            "SELECT 1 FROM pg_locks WHERE relation = 'campaigns'::regclass AND NOT granted",
          )
        ).length > 0;

      // committed: the client gives up on A while its write waits; the write then commits
      let lock = await holdTransaction(url, 'LOCK TABLE campaigns IN EXCLUSIVE MODE');
      const gaveUp = new AbortController();
      try {
        const pending = http(
          a.info.baseUrl,
          key,
          'POST',
          '/campaigns',
          { name: 'Answer lost' },
          { 'idempotency-key': 'lost-1' },
          gaveUp.signal,
        ).then(
          () => null,
          (e: Error) => e,
        );
        await until('the write on A to wait', waitingOnCampaigns);
        gaveUp.abort();
        expect(await pending).toBeInstanceOf(Error);
      } finally {
        await lock.release();
      }
      const committed = await until(
        'the write to commit',
        async () =>
          (
            await pgQuery<{ id: string }>(
              url,
              "SELECT id FROM campaigns WHERE name = 'Answer lost'",
            )
          )[0],
      );
      const replay = await api(
        b,
        key,
        'POST',
        '/campaigns',
        { name: 'Answer lost' },
        { 'idempotency-key': 'lost-1' },
      );
      expect(replay.status, replay.text).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.id).toBe(committed.id);

      // not committed: A is killed while its write waits; the retry on B makes it, once
      lock = await holdTransaction(url, 'LOCK TABLE campaigns IN EXCLUSIVE MODE');
      let lost: Promise<unknown>;
      try {
        lost = api(
          a,
          key,
          'POST',
          '/campaigns',
          { name: 'Killed mid-write' },
          { 'idempotency-key': 'lost-2' },
        ).then(
          () => null,
          (e: Error) => e,
        );
        await until('the write on A to wait', waitingOnCampaigns);
        expect((await a.stop('SIGKILL')).signal).toBe('SIGKILL');
      } finally {
        await lock.release();
      }
      expect(await lost).toBeInstanceOf(TypeError);
      const retried = await api(
        b,
        key,
        'POST',
        '/campaigns',
        { name: 'Killed mid-write' },
        { 'idempotency-key': 'lost-2' },
      );
      expect(retried.status, retried.text).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      const again = await api(
        b,
        key,
        'POST',
        '/campaigns',
        { name: 'Killed mid-write' },
        { 'idempotency-key': 'lost-2' },
      );
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      for (const name of ['Answer lost', 'Killed mid-write']) {
        expect(
          await pgQuery(url, 'SELECT COUNT(*)::int AS n FROM campaigns WHERE name = $1', [name]),
        ).toEqual([{ n: 1 }]);
      }
    },
  );

  it(
    'the database restarted under load: 503 with Retry-After while it is down, /readyz 503 then 200, both replicas recover by themselves, no acknowledged write lost or doubled',
    { timeout: LONG },
    async () => {
      const url = await server.createDatabase();
      const { servers, key } = await startReplicas(url, 2);
      const body = (idem: string) => ({ name: `Load ${idem}` });
      const acked = new Map<string, string>();
      const unacked = new Set<string>();
      const wrong: string[] = [];
      const ackedAfter = new Map<Server, number>();
      let restarted = false;
      let stop = false;

      /** Writes (each with its own key) and reads on one replica until told to stop; notes every answer. */
      const load = async (s: Server, tag: string) => {
        for (let i = 0; !stop; i++) {
          const idem = `${tag}-${i}`;
          try {
            const w = await api(s, key, 'POST', '/campaigns', body(idem), {
              'idempotency-key': idem,
            });
            if (w.status === 201) {
              acked.set(idem, w.body.id);
              if (restarted) ackedAfter.set(s, (ackedAfter.get(s) ?? 0) + 1);
            } else if (
              w.status === 503 &&
              w.headers.get('retry-after') &&
              w.body?.error?.code === 'unavailable'
            )
              unacked.add(idem);
            else wrong.push(`POST ${idem}: ${w.status} ${w.text}`);
            const r = await api(s, key, 'GET', '/campaigns?limit=5');
            if (
              r.status !== 200 &&
              !(
                r.status === 503 &&
                r.headers.get('retry-after') &&
                r.body?.error?.code === 'unavailable'
              )
            )
              wrong.push(`GET: ${r.status} ${r.text}`);
          } catch (e) {
            // no answer at all (a hang ends in the client's timeout): never acceptable here
            wrong.push(`${idem}: ${(e as Error).message}`);
            unacked.add(idem);
          }
        }
      };
      const running = Promise.all(
        servers.flatMap((s, n) => [load(s, `r${n}a`), load(s, `r${n}b`)]),
      );
      try {
        await until('writes acknowledged before the outage', async () => acked.size >= 10);
        await server.stop();
        try {
          for (const [n, s] of servers.entries()) {
            const idem = `down-${n}`;
            const w = await api(s, key, 'POST', '/campaigns', body(idem), {
              'idempotency-key': idem,
            });
            expectUnavailable(w);
            unacked.add(idem);
            expectUnavailable(await api(s, key, 'GET', '/campaigns'));
            expectUnavailable(await probe(s, '/readyz'));
            expect((await probe(s, '/livez')).status).toBe(200);
          }
          await until('the load to meet the outage', async () => unacked.size >= 6);
        } finally {
          await server.restart();
        }
        restarted = true;
        for (const s of servers) {
          const ready = await until('the replica ready again', async () => {
            const r = await probe(s, '/readyz');
            return r.status === 200 ? r : null;
          });
          expect(ready.body).toEqual({ status: 'ready' });
        }
        await until('writes acknowledged on both replicas after the restart', async () =>
          servers.every((s) => (ackedAfter.get(s) ?? 0) >= 5),
        );
      } finally {
        stop = true;
        await running;
      }
      expect(wrong).toEqual([]);

      // what was not acknowledged is sent again with its key; then every write is there once
      for (const [n, idem] of [...unacked].entries()) {
        const r = await api(servers[n % 2]!, key, 'POST', '/campaigns', body(idem), {
          'idempotency-key': idem,
        });
        expect(r.status, r.text).toBe(201);
        acked.set(idem, r.body.id);
      }
      const listed = (await listAll(servers[0]!.info.baseUrl, key, '/campaigns?name=Load')) as {
        id: string;
        name: string;
      }[];
      for (const [name, n] of tally(listed.map((c) => c.name))) expect(n, name).toBe(1);
      expect(new Map(listed.map((c) => [c.name.slice('Load '.length), c.id]))).toEqual(acked);
    },
  );
});
