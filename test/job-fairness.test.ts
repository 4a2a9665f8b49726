// @store both
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../server/domain/services.ts';
import type { DomainDeps } from '../server/kernel/deps.ts';
import { JobQueue, MAX_JOBS_PER_WORKSPACE, type JobRow } from '../server/jobs/queue.ts';
import { ApiError } from '../server/lib/errors.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { demoContent, type DemoContent } from '../server/seed/demo-content.ts';
import { WorkspaceClocks } from '../server/time/workspace-clocks.ts';
import { expectError, ok } from './helpers/assert.ts';
import {
  onPostgres,
  testBackend,
  testStore,
  type Client,
  type TestBackend,
} from './helpers/backend.ts';
import { until } from './helpers/wait.ts';

/**
 * One workspace's flood of jobs does not starve another's: claims go round the workspaces. And no
 * workspace queues more than its cap of jobs: past it a generation or collection is 429, on both
 * stores, also when the enqueues race each other.
 */

let content: DemoContent;

beforeAll(() => {
  content = demoContent();
});

describe('claims go round the workspaces', () => {
  let b: TestBackend;

  beforeEach(async () => {
    b = await testBackend();
  });

  /** A ready data store of the key's workspace, with a few demo videos imported. */
  async function filledStore(api: Client): Promise<string> {
    const store = ok(await api.post('/data-stores', { name: 'A few videos' }), 201);
    ok(await api.post(`/data-stores/${store.id}/import`, { videos: content.videos.slice(0, 12) }));
    return store.id;
  }

  /** A campaign with its primary slot and one slot per saved audience, all drawing on `store`. */
  async function campaign(api: Client, store: string, audienceIds: string[]): Promise<string> {
    return ok(
      await api.post('/campaigns', {
        name: 'Spring launch',
        objective: 'Sell more trail shoes',
        dataStoreIds: [store],
        audienceIds,
      }),
      201,
    ).id;
  }

  it("claims the other workspace's one slot next, not after the flood (20 campaigns × 5 slots)", async () => {
    const a = b.api;
    const other = await b.client({ workspace: 'other' });
    const aStore = await filledStore(a);
    const audiences: string[] = [];
    for (let i = 0; i < 4; i++)
      audiences.push(
        ok(await a.post('/audiences', { name: `Runners ${i}`, dataStoreIds: [aStore] }), 201).id,
      );
    for (let i = 0; i < 20; i++) {
      const id = await campaign(a, aStore, audiences);
      expect(ok(await a.post(`/campaigns/${id}/targeting/generate`, {})).started).toHaveLength(5);
    }
    const flood = await b.workspaceId('acme');
    const queued = () =>
      b.store.all<{ n: number }>(
        "SELECT COUNT(*) AS n FROM jobs WHERE workspace_id = ? AND state = 'queued'",
        flood,
      );
    expect(await queued()).toEqual([{ n: 100 }]);

    // the flood is under way
    const claimed: JobRow[] = [];
    const runOne = async () => {
      const job = (await b.runner.queue.claim())!;
      claimed.push(job);
      await b.runner.run(job);
    };
    for (let i = 0; i < 3; i++) await runOne();
    expect(claimed.every((j) => j.workspace_id === flood)).toBe(true);

    const bCampaign = await campaign(other, await filledStore(other), []);
    ok(await other.post(`/campaigns/${bCampaign}/targeting/generate`, {}));
    const asked = claimed.length;
    await runOne();
    await runOne();
    const after = claimed.slice(asked).map((j) => j.workspace_id);
    expect(after).toContain(await b.workspaceId('other'));
    expect(ok(await other.get(`/campaigns/${bCampaign}/targeting`)).audiences[0].status).toBe(
      'ready',
    );
    // the flood's other jobs wait their turn, none lost
    expect(await queued()).toEqual([{ n: 100 - 3 - after.filter((w) => w === flood).length }]);
  });
});

describe('the queue round', () => {
  let clock: ManualClock;
  let deps: DomainDeps & { clock: WorkspaceClocks };
  let queue: JobQueue;

  beforeEach(async () => {
    clock = new ManualClock('2026-03-02T10:00:00.000Z');
    const store = await testStore();
    deps = { store, clock: new WorkspaceClocks(store, clock) };
    queue = new JobQueue(deps);
  });

  const claimAll = async () => {
    const order: string[] = [];
    for (let job = await queue.claim(); job; job = await queue.claim())
      order.push(`${job.workspace_id ?? '-'}:${job.subject}`);
    return order;
  };

  it('takes each workspace in turn, the jobs of no workspace included, each in due order', async () => {
    // queued workspace by workspace, the later ones first: neither order decides the round
    for (const ws of ['w3', 'w2', 'w1'])
      for (let i = 0; i < 3; i++)
        await queue.enqueue('generate_targeting', `${ws}-${i}`, { workspaceId: ws, delayMs: i });
    for (let i = 0; i < 2; i++)
      await queue.enqueue('collect_data_store', `lib-${i}`, { workspaceId: null, delayMs: i });
    clock.advance(10);
    expect(await claimAll()).toEqual([
      'w1:w1-0',
      'w2:w2-0',
      'w3:w3-0',
      '-:lib-0',
      'w1:w1-1',
      'w2:w2-1',
      'w3:w3-1',
      '-:lib-1',
      'w1:w1-2',
      'w2:w2-2',
      'w3:w3-2',
    ]);
  });

  it("goes by each workspace's own time: one ahead of real time takes its turn, a frozen one waits", async () => {
    const services = createServices(deps);
    const [ahead, frozen, real] = await deps.store.write(async () => {
      const ids = [];
      for (const slug of ['ahead', 'frozen', 'real'])
        ids.push((await services.workspaces.ensure(slug)).id);
      await deps.clock.moveTo(ids[0]!, new Date(clock.now().getTime() + 3600_000));
      await deps.clock.freeze(ids[1]!);
      return ids;
    });
    const names = new Map([
      [ahead, 'ahead'],
      [frozen, 'frozen'],
      [real, 'real'],
    ]);
    for (const ws of [ahead!, frozen!, real!])
      for (let i = 0; i < 2; i++)
        await queue.enqueue('generate_targeting', `${names.get(ws)}-${i}`, {
          workspaceId: ws,
          delayMs: 1000,
        });
    clock.advance(1000);
    // ahead: due an hour ago in its time; frozen: due a second from now in its time, which stands
    const [first, second] = [ahead!, real!].sort().map((ws) => names.get(ws));
    expect((await claimAll()).map((c) => c.split(':')[1])).toEqual([
      `${first}-0`,
      `${second}-0`,
      `${first}-1`,
      `${second}-1`,
    ]);
  });
});

describe('the cap of jobs per workspace', () => {
  /** `n` queued generations of workspace `ws`, as many generate calls leave them. */
  async function fill(b: { store: DomainDeps['store'] }, ws: string, n: number) {
    await b.store.run(
      `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)
       INSERT INTO jobs (id, kind, subject, workspace_id, payload, state, run_at, created_at, updated_at)
       SELECT 'fill' || i, 'generate_targeting', 'slot-' || i, ?, '{}', 'queued', '2026-03-02T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-02T10:00:00.000Z' FROM k`,
      n,
      ws,
    );
  }

  it('answers 429 naming the cap when a generation would pass it; other workspaces go on', async () => {
    const b = await testBackend();
    const a = b.api;
    const store = ok(await a.post('/data-stores', { name: 'Empty' }), 201).id;
    const id = ok(
      await a.post('/campaigns', {
        name: 'Spring launch',
        objective: 'Sell more trail shoes',
        dataStoreIds: [store],
      }),
      201,
    ).id;
    const acme = await b.workspaceId('acme');
    await fill(b, acme, MAX_JOBS_PER_WORKSPACE);

    const refused = await a.post(`/campaigns/${id}/targeting/generate`, {});
    expectError(refused, 429, 'rate_limited', '2,000 jobs queued or running', 'retry in 30 s');
    expect(refused.headers.get('retry-after')).toBe('30');
    // nothing was started: the slot and the queue are as they were
    expect(ok(await a.get(`/campaigns/${id}/targeting`)).audiences[0].status).toBe('not_generated');
    const count = () =>
      b.store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM jobs WHERE workspace_id = ? AND state IN ('queued', 'running')",
        acme,
      );
    expect(await count()).toEqual({ n: MAX_JOBS_PER_WORKSPACE });
    // a collection is refused alike
    expectError(
      await a.post('/data-stores', { name: 'Collected', videoIds: [content.videos[0]!.id] }),
      429,
      'rate_limited',
      'the most one workspace may have is 2,000',
    );

    const other = await b.client({ workspace: 'other' });
    const otherStore = ok(await other.post('/data-stores', { name: 'Empty' }), 201).id;
    const otherCampaign = ok(
      await other.post('/campaigns', {
        name: 'Theirs',
        objective: 'x',
        dataStoreIds: [otherStore],
      }),
      201,
    ).id;
    expect(
      ok(await other.post(`/campaigns/${otherCampaign}/targeting/generate`, {})).started,
    ).toHaveLength(1);

    // as jobs finish there is room again
    await b.store.run("UPDATE jobs SET state = 'done' WHERE id = 'fill1'");
    expect(ok(await a.post(`/campaigns/${id}/targeting/generate`, {})).started).toHaveLength(1);
    expect(await count()).toEqual({ n: MAX_JOBS_PER_WORKSPACE });
  });

  it('holds when two enqueues race: the second counts the first, which has not committed yet', async () => {
    const store = await testStore();
    const clock = new ManualClock('2026-03-02T10:00:00.000Z');
    const queue = new JobQueue(
      { store, clock: new WorkspaceClocks(store, clock) },
      { maxPerWorkspace: 3 },
    );
    const enqueue = (subject: string) =>
      queue.enqueue('generate_targeting', subject, { workspaceId: 'ws' });
    await enqueue('slot-0');
    await enqueue('slot-1');

    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let enqueued!: () => void;
    const inFirst = new Promise<void>((resolve) => (enqueued = resolve));
    const first = store.write(async () => {
      await enqueue('slot-2');
      enqueued();
      await held;
    });
    await inFirst;
    let settled = false;
    const second = store.write(() => enqueue('slot-3'));
    second.then(
      () => (settled = true),
      () => (settled = true),
    );
    // On Postgres (READ COMMITTED) the second must wait for the first's commit before it counts;
    // SQLite runs one write transaction at a time.
    if (onPostgres)
      await until('the second enqueue to wait for the first, or to end', async () => {
        if (settled) return true;
        const row = await store.get<{ n: number }>(
          "SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        return row!.n > 0;
      });
    commit();
    await first;
    await expect(second).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    await expect(second).rejects.toBeInstanceOf(ApiError);
    const count = () => store.get("SELECT COUNT(*) AS n FROM jobs WHERE workspace_id = 'ws'");
    expect(await count()).toEqual({ n: 3 });

    // at the cap: a queued job replaced takes no more room, and the workspace's own sync (no
    // request's) is never refused
    await enqueue('slot-1');
    await queue.enqueue('sync_ads', 'ws', { workspaceId: 'ws' });
    expect(await count()).toEqual({ n: 4 });
    await expect(enqueue('slot-4')).rejects.toMatchObject({ status: 429 });
  });
});
