/**
 * Writes that run side by side on Postgres (READ COMMITTED, explicit locks: docs/postgres.md,
 * "Invariants") keep every rule a serial order would: two replicas in one process (two backends on
 * two PostgresStore pools to one database) send conflicting writes at the same moment, and the
 * outcome is one that running them one after the other could give. Each test is a race on purpose;
 * without the lock it names, it fails most of the time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SLOTS } from '../server/domain/campaigns.ts';
import { ok } from './helpers/assert.ts';
import { clientFor, pgReplicas, type TestBackend } from './helpers/backend.ts';
import { lockWaiters, postgresOrSkip } from './helpers/postgres.ts';
import { until } from './helpers/wait.ts';

const pg = await postgresOrSkip();

let closeAll: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closeAll.splice(0)) await close();
});

async function two(): Promise<[TestBackend, TestBackend]> {
  const { replicas, close } = await pgReplicas(await pg!.createDatabase());
  closeAll.push(close);
  return [replicas[0]!, replicas[1]!];
}

/** The same key's clients on both replicas. */
function both(a: TestBackend, b: TestBackend) {
  return [a.api, clientFor(b.app, a.api.key)] as const;
}

describe.skipIf(!pg)('writes at the same moment through two replicas on Postgres', () => {
  it('eight identical writes under one Idempotency-Key: one runs, seven wait and replay its answer; another body is 409', async () => {
    const [a, b] = await two();
    const [onA, onB] = both(a, b);
    const body = { name: 'Exactly once' };
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? onB : onA).post('/campaigns', body, { 'idempotency-key': 'the-key' }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(ok(await onB.get('/campaigns')).data).toHaveLength(1);
    for (const c of [onA, onB]) {
      const other = await c.post('/campaigns', { name: 'Other' }, { 'idempotency-key': 'the-key' });
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe('idempotency_conflict');
    }
  });

  it('a write that fails leaves its key free: the retry runs', async () => {
    const [a, b] = await two();
    const [onA, onB] = both(a, b);
    const missing = await onA.patch(
      '/campaigns/ffffffffffffffffffffffff',
      { name: 'x' },
      { 'idempotency-key': 'k1' },
    );
    expect(missing.status).toBe(404);
    const created = ok(await onB.post('/campaigns', { name: 'A' }), 201);
    const retried = await onB.patch(
      `/campaigns/${created.id}`,
      { name: 'B' },
      { 'idempotency-key': 'k2' },
    );
    expect(ok(retried).name).toBe('B');
  });

  it('two updates of one brand at once, each of another field: neither is lost', async () => {
    const [a, b] = await two();
    const [onA, onB] = both(a, b);
    const brand = ok(await onA.post('/brands', { name: 'n0', website: 'https://w0.example' }), 201);
    for (let n = 1; n <= 10; n++) {
      await Promise.all([
        onA.patch(`/brands/${brand.id}`, { name: `n${n}` }),
        onB.patch(`/brands/${brand.id}`, { website: `https://w${n}.example` }),
      ]);
      expect(ok(await onA.get(`/brands/${brand.id}`))).toMatchObject({
        name: `n${n}`,
        website: `https://w${n}.example`,
      });
    }
  });

  it('two updates of one campaign at once keep its rules across fields: a total budget keeps its end date', async () => {
    const [a, b] = await two();
    const [onA, onB] = both(a, b);
    const c = ok(await onA.post('/campaigns', { name: 'Rules' }), 201);
    for (let n = 0; n < 8; n++) {
      ok(
        await onA.patch(`/campaigns/${c.id}`, {
          budget: 100,
          budgetType: 'daily',
          endDate: '2026-12-24',
        }),
      );
      // each valid against the stored campaign alone, not after the other
      const [total, open] = await Promise.all([
        onA.patch(`/campaigns/${c.id}`, { budgetType: 'total' }),
        onB.patch(`/campaigns/${c.id}`, { endDate: null }),
      ]);
      expect([total.status, open.status].sort()).toEqual([200, 400]);
      const now = ok(await onB.get(`/campaigns/${c.id}`));
      expect(now.budgetType === 'total' ? now.endDate : 'open').not.toBeNull();
    }
  });

  it(`audiences attached at once: at most ${MAX_SLOTS} slots, never one audience twice`, async () => {
    const [a, b] = await two();
    const [onA, onB] = both(a, b);
    const c = ok(await onA.post('/campaigns', { name: 'Slots' }), 201);
    const ids: string[] = [];
    for (let n = 0; n < MAX_SLOTS + 2; n++)
      ids.push(ok(await onA.post('/audiences', { name: `aud ${n}` }), 201).id);
    const replies = await Promise.all(
      [...ids, ...ids.slice(0, 3)].map((audienceId, i) =>
        (i % 2 ? onB : onA).post(`/campaigns/${c.id}/audiences`, { audienceId }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(MAX_SLOTS - 1);
    expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const slots = ok(await onB.get(`/campaigns/${c.id}`)).audiences as { audienceId: string }[];
    expect(slots).toHaveLength(MAX_SLOTS);
    const attached = slots.map((s) => s.audienceId).filter((x) => x !== null);
    expect(new Set(attached).size).toBe(attached.length);
  });

  it('a brand deleted while campaigns are set to use it: no campaign is left naming it', async () => {
    const [a, b] = await two();
    const [onA, onB] = both(a, b);
    const campaigns: string[] = [];
    for (let n = 0; n < 6; n++)
      campaigns.push(ok(await onA.post('/campaigns', { name: `c${n}` }), 201).id);
    for (let round = 0; round < 3; round++) {
      const brand = ok(await onA.post('/brands', { name: `b${round}` }), 201);
      const [deleted, ...set] = await Promise.all([
        onA.delete(`/brands/${brand.id}`),
        ...campaigns.map((id) => onB.patch(`/campaigns/${id}`, { brandId: brand.id })),
      ]);
      ok(deleted);
      // each either went first (and lost its brand with the delete) or found the brand gone (400)
      expect(set.every((r) => r.status === 200 || r.status === 400)).toBe(true);
      const rows = await a.store.all<{ id: string }>(
        'SELECT id FROM campaigns WHERE brand_id = ?',
        brand.id,
      );
      expect(rows).toEqual([]);
    }
  });

  it('a data store deleted while slots are set to draw on it: no slot or audience is left naming it', async () => {
    const [a, b] = await two();
    const [onA, onB] = both(a, b);
    const campaigns: { id: string; slot: string }[] = [];
    for (let n = 0; n < 4; n++) {
      const c = ok(await onA.post('/campaigns', { name: `c${n}` }), 201);
      campaigns.push({ id: c.id, slot: c.audiences[0].id });
    }
    for (let round = 0; round < 3; round++) {
      const store = ok(await onA.post('/data-stores', { name: `s${round}` }), 201);
      const replies = await Promise.all([
        onA.delete(`/data-stores/${store.id}`),
        ...campaigns.map((c) =>
          onB.patch(`/campaigns/${c.id}/audiences/${c.slot}`, { dataStoreIds: [store.id] }),
        ),
        onB.post('/audiences', { name: `a${round}`, dataStoreIds: [store.id] }),
      ]);
      ok(replies[0]);
      expect(replies.slice(1).every((r) => r.status < 300 || r.status === 400)).toBe(true);
      const like = `%${store.id}%`;
      expect(
        await a.store.all(
          'SELECT id FROM campaign_audiences WHERE data_store_ids LIKE ? UNION ALL SELECT id FROM audiences WHERE data_store_ids LIKE ?',
          like,
          like,
        ),
      ).toEqual([]);
    }
  });

  it('enqueues of one job through both replicas at once leave one queued', async () => {
    const [a, b] = await two();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const r = i % 2 ? b : a;
        return r.store.write(() =>
          r.services.jobs.enqueue('collect_data_store', 'the-subject', { workspaceId: null }),
        );
      }),
    );
    expect(
      await a.store.all("SELECT id FROM jobs WHERE subject = 'the-subject' AND state = 'queued'"),
    ).toHaveLength(1);
  });

  it("a job's lease taken over while its holder completes it: completed once, not handed on", async () => {
    const [a, b] = await two();
    const queue = a.services.jobs;
    await a.store.write(() => queue.enqueue('collect_data_store', 'leased', { workspaceId: null }));
    const job = (await queue.claim())!;
    let checked!: () => void;
    const hasChecked = new Promise<void>((r) => (checked = r));
    let goOn!: () => void;
    const mayFinish = new Promise<void>((r) => (goOn = r));
    const completing = a.store.write(async () => {
      expect(await queue.holds(job.id)).toBe(true);
      checked();
      await mayFinish;
      await queue.finish(job.id, 'done');
    });
    await hasChecked;
    // the lease runs out meanwhile: the other replica looks for jobs to take over
    a.clock.advance(queue.leaseMs + 1);
    let settled = false;
    const claiming = b.services.jobs.claim().finally(() => (settled = true));
    // the other replica's claim has had its turn: it is done, or blocked on the holder's lock
    await until(
      "the other replica's claim to finish or wait on the holder",
      async () => settled || (await lockWaiters(a.store)) > 0,
      15_000,
      20,
    );
    goOn();
    await completing;
    expect(await claiming).toBeNull();
    expect(await a.store.get('SELECT state, lease_owner FROM jobs WHERE id = ?', job.id)).toEqual({
      state: 'done',
      lease_owner: null,
    });
  });

  it('a sync scheduled by both replicas at once is scheduled once', async () => {
    const [a, b] = await two();
    const ws = await a.workspaceId();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? b : a).services.ads.scheduleSync(ws)),
    );
    expect(
      await a.store.all("SELECT id FROM jobs WHERE kind = 'sync_ads' AND state = 'queued'"),
    ).toHaveLength(1);
  });

  it('a login link used twice at once opens one session', async () => {
    const [a, b] = await two();
    const keyId = (await a.services.keys.authenticate(a.api.key))!.keyId;
    const workspaceId = await a.workspaceId();
    for (let n = 0; n < 5; n++) {
      const { token } = await a.services.sessions.mint({ keyId, workspaceId }, '/');
      const used = await Promise.all([
        a.services.sessions.redeem(token),
        b.services.sessions.redeem(token),
        b.services.sessions.redeem(token),
      ]);
      expect(used.filter((u) => u !== null)).toHaveLength(1);
    }
  });
});
