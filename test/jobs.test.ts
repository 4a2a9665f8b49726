// @store both
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemActor } from '../server/domain/actor.ts';
import type { DomainDeps } from '../server/kernel/deps.ts';
import { WorkspaceClocks } from '../server/time/workspace-clocks.ts';
import { createServices, type Services } from '../server/domain/services.ts';
import {
  JobQueue,
  leasePlace,
  processOwner,
  type JobKind,
  type JobRow,
} from '../server/jobs/queue.ts';
import { JobLoop } from '../server/jobs/loop.ts';
import { JobRunner } from '../server/jobs/runner.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { SCOPES } from '../server/schemas/common.ts';
import { dataStore as dataStoreSchema } from '../server/schemas/records.ts';
import { demoContent, type DemoContent } from '../server/seed/demo-content.ts';
import { runSeed } from '../server/seed/index.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import {
  onPostgres,
  testBackend,
  testStore,
  type Client,
  type TestBackend,
} from './helpers/backend.ts';
import { until } from './helpers/wait.ts';

/**
 * Background jobs: data store collection through the API, the queue's claim and
 * lease rules on a real SQLite file shared by two connections, and the runner's order and retries.
 */

const DELAY = 5000;
let content: DemoContent;

beforeAll(() => {
  content = demoContent();
});

const channelsOf = (theme: keyof DemoContent['themes']) => content.themes[theme];
const videosOfChannel = (channelId: string) =>
  content.videos.filter((v) => v.snippet!.channelId === channelId).map((v) => v.id);

// ---------------------------------------------------------------- collection through the API

describe('data store collection', () => {
  let b: TestBackend;
  let api: Client;

  beforeEach(async () => {
    b = await testBackend({ jobDelayMs: DELAY });
    await runSeed(b.services, 'demo');
    api = b.api;
  });

  const runJobs = async (ms = DELAY) => {
    b.clock.advance(ms);
    return b.runner.runDue();
  };

  async function getStore(id: string) {
    const r = await api.get(`/data-stores/${id}`);
    expect(r.status).toBe(200);
    return dataStoreSchema.parse(r.body);
  }

  async function listIds(id: string, what: 'channels' | 'videos'): Promise<string[]> {
    const out: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { status: number; body: any } = await api.get(
        `/data-stores/${id}/${what}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(r.status).toBe(200);
      out.push(
        ...r.body.data.map((x: { channelId: string; videoId: string }) =>
          what === 'channels' ? x.channelId : x.videoId,
        ),
      );
      cursor = r.body.nextCursor;
    } while (cursor);
    return out.sort();
  }

  async function campaignStatus(id: string): Promise<string> {
    return (await api.get(`/campaigns/${id}`)).body.status;
  }

  it('collects the named channels (with their videos) and videos from the catalog', async () => {
    const channels = channelsOf('hiking');
    const coffeeVideo = videosOfChannel(channelsOf('coffee')[0]!)[0]!;
    const r = await api.post('/data-stores', {
      name: 'Hikers',
      channelIds: [...channels, channels[0]],
      videoIds: [coffeeVideo],
    });
    expect(r.status).toBe(201);
    const created = dataStoreSchema.parse(r.body);
    expect(created).toMatchObject({
      status: 'collecting',
      channelCount: 0,
      videoCount: 0,
      readyAt: '',
      error: '',
    });

    // Not before the job's delay.
    expect(await b.runner.runDue()).toBe(0);
    b.clock.advance(DELAY - 1);
    expect(await b.runner.runDue()).toBe(0);
    expect((await getStore(created.id)).status).toBe('collecting');

    expect(await runJobs(1)).toBe(1);
    const ds = await getStore(created.id);
    const expectedVideos = [...channels.flatMap(videosOfChannel), coffeeVideo].sort();
    const expectedChannels = [...channels, channelsOf('coffee')[0]!].sort();
    expect(ds).toMatchObject({
      status: 'ready',
      error: '',
      // the named channels; the coffee video's owner is listed with it but not counted
      channelCount: channels.length,
      videoCount: expectedVideos.length,
    });
    expect(ds.readyAt).toBe(b.clock.now().toISOString());
    expect(await listIds(created.id, 'channels')).toEqual(expectedChannels);
    expect(await listIds(created.id, 'videos')).toEqual(expectedVideos);
    expect(await b.store.all("SELECT state FROM jobs WHERE kind = 'collect_data_store'")).toEqual([
      { state: 'done' },
    ]);
  });

  it('reports unknown ids in the error and collects the rest', async () => {
    const channel = channelsOf('trail')[0]!;
    const unknownChannel = 'UC' + 'x'.repeat(22);
    const unknownVideo = 'zzzzzzzzzzz';
    const r = await api.post('/data-stores', {
      name: 'Runners',
      channelIds: [channel, unknownChannel],
      videoIds: [unknownVideo],
    });
    expect(r.status).toBe(201);
    await runJobs();
    const ds = await getStore(r.body.id);
    expect(ds.status).toBe('ready');
    expect(ds.error).toContain(unknownChannel);
    expect(ds.error).toContain(unknownVideo);
    expect(ds.error).toMatch(/2 of 3 sources/);
    expect(ds.error).not.toContain(channel);
    expect(ds.channelCount).toBe(1);
    expect(ds.videoCount).toBe(videosOfChannel(channel).length);
    expect(ds.readyAt).toBe(b.clock.now().toISOString());
  });

  it('ends in error when no source is in the catalog', async () => {
    const ids = ['UC' + 'a'.repeat(22), 'UC' + 'b'.repeat(22)];
    const r = await api.post('/data-stores', { name: 'Ghosts', channelIds: ids });
    await runJobs();
    const ds = await getStore(r.body.id);
    expect(ds.status).toBe('error');
    for (const id of ids) expect(ds.error).toContain(id);
    expect(ds).toMatchObject({ channelCount: 0, videoCount: 0, readyAt: '' });
  });

  it('collects again when the sources change: collected links are replaced, imported ones kept', async () => {
    const [first, second] = channelsOf('coffee');
    const r = await api.post('/data-stores', { name: 'Coffee', channelIds: [first] });
    const id = r.body.id as string;
    await runJobs();
    expect(await listIds(id, 'channels')).toEqual([first]);

    // An imported video of a channel of its own.
    const imported = {
      kind: 'youtube#video',
      id: 'importedV01',
      snippet: {
        channelId: 'UCimportedChannel0000001',
        channelTitle: 'Imported',
        title: 'Latte art basics',
        description: 'Milk steaming for latte art',
        tags: ['latte art'],
      },
    };
    const imp = await api.post(`/data-stores/${id}/import`, { videos: [imported] });
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    expect(await listIds(id, 'channels')).toEqual([first, 'UCimportedChannel0000001'].sort());

    b.clock.advance(1000);
    const patched = await api.patch(`/data-stores/${id}`, { channelIds: [second] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'collecting', error: '' });
    expect(await runJobs()).toBe(1);
    const ds = await getStore(id);
    expect(ds.status).toBe('ready');
    expect(ds.readyAt).toBe(b.clock.now().toISOString());
    expect(await listIds(id, 'channels')).toEqual([second, 'UCimportedChannel0000001'].sort());
    expect(await listIds(id, 'videos')).toEqual(
      [...videosOfChannel(second!), 'importedV01'].sort(),
    );
    expect(ds).toMatchObject({ channelCount: 2, videoCount: videosOfChannel(second!).length + 1 });

    // A rename alone collects nothing.
    expect((await api.patch(`/data-stores/${id}`, { name: 'Coffee brewers' })).body.status).toBe(
      'ready',
    );
    expect(await runJobs()).toBe(0);
  });

  it('keeps only the newest collection when the sources change twice before the job runs', async () => {
    const [first, second] = channelsOf('coffee');
    const r = await api.post('/data-stores', { name: 'Coffee', channelIds: [first] });
    await api.patch(`/data-stores/${r.body.id}`, { channelIds: [second] });
    expect(
      await b.store.all(
        "SELECT state FROM jobs WHERE kind = 'collect_data_store' AND subject = ?",
        r.body.id,
      ),
    ).toEqual([{ state: 'queued' }]);
    expect(await runJobs()).toBe(1);
    expect(await listIds(r.body.id, 'channels')).toEqual([second]);
  });

  it('keeps a campaign loading while its store collects, and lets it follow the store afterwards', async () => {
    const r = await api.post('/data-stores', { name: 'Trail', channelIds: channelsOf('trail') });
    const storeId = r.body.id as string;
    const c = await api.post('/campaigns', { name: 'Trail launch', dataStoreIds: [storeId] });
    expect(c.status).toBe(201);
    expect(c.body.status).toBe('loading');
    expect(await runJobs()).toBe(1);
    // Collected, no targeting yet: back to draft.
    expect(await campaignStatus(c.body.id)).toBe('draft');

    expect((await api.post(`/campaigns/${c.body.id}/targeting/generate`, {})).status).toBe(200);
    expect(await campaignStatus(c.body.id)).toBe('loading');
    await runJobs();
    expect(await campaignStatus(c.body.id)).toBe('ready');

    // New sources: the store collects again and the campaign is loading until it is done.
    const patched = await api.patch(`/data-stores/${storeId}`, {
      channelIds: channelsOf('hiking'),
    });
    expect(patched.body.status).toBe('collecting');
    expect(await campaignStatus(c.body.id)).toBe('loading');
    expect(await runJobs()).toBe(1);
    expect((await getStore(storeId)).status).toBe('ready');
    expect(await campaignStatus(c.body.id)).toBe('ready');
  });

  it('does not leave a campaign loading when its collecting store is deleted', async () => {
    const r = await api.post('/data-stores', { name: 'Trail', channelIds: channelsOf('trail') });
    const c = await api.post('/campaigns', { name: 'Trail launch', dataStoreIds: [r.body.id] });
    expect(c.body.status).toBe('loading');
    expect((await api.delete(`/data-stores/${r.body.id}`)).status).toBe(200);
    expect(await campaignStatus(c.body.id)).toBe('draft');
    expect(await runJobs()).toBe(1);
    expect(await campaignStatus(c.body.id)).toBe('draft');
  });
});

// ---------------------------------------------------------------- the queue on a shared SQLite file

describe.skipIf(onPostgres)(
  'job queue on one SQLite file with two connections (SQLite only; replicas on one Postgres: shared-state-pg)',
  () => {
    let dir: string;
    let stores: SqliteStore[] = [];
    let clock: ManualClock;

    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'adcli-jobs-'));
      clock = new ManualClock('2026-03-02T10:00:00.000Z');
      stores = [];
    });

    afterEach(() => {
      for (const s of stores) s.closeNow();
      rmSync(dir, { recursive: true, force: true });
    });

    const open = (): DomainDeps => {
      const store = new SqliteStore(join(dir, 'adcli.db'));
      stores.push(store);
      return { store, clock: new WorkspaceClocks(store, clock) };
    };

    const LEASE = 10_000;

    it('gives each job to exactly one of two queues', async () => {
      const a = new JobQueue(open(), { owner: processOwner(), leaseMs: LEASE });
      const b = new JobQueue(open(), { owner: processOwner(), leaseMs: LEASE });
      expect(a.owner).not.toBe(b.owner);
      for (let i = 0; i < 10; i++) await a.enqueue('collect_data_store', `subject-${i}`);
      const claimed: Record<string, string[]> = { a: [], b: [] };
      for (let i = 0; i < 20; i++) {
        const [name, q] = i % 2 === 0 ? (['a', a] as const) : (['b', b] as const);
        const job = await q.claim();
        if (job) claimed[name]!.push(job.subject);
      }
      expect(claimed.a).toHaveLength(5);
      expect(claimed.b).toHaveLength(5);
      expect([...claimed.a!, ...claimed.b!].sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `subject-${i}`).sort(),
      );
      expect(await a.claim()).toBeNull();
      expect(await b.claim()).toBeNull();
      const rows = await stores[0]!.all<JobRow>('SELECT * FROM jobs');
      expect(rows.every((r) => r.state === 'running' && r.attempts === 1)).toBe(true);
      expect(
        rows
          .filter((r) => r.lease_owner === a.owner)
          .map((r) => r.subject)
          .sort(),
      ).toEqual([...claimed.a!].sort());
    });

    it('lets the other queue take a job over once the lease ran out, and refuses the old holder', async () => {
      const a = new JobQueue(open(), { owner: processOwner(), leaseMs: LEASE });
      const b = new JobQueue(open(), { owner: processOwner(), leaseMs: LEASE });
      const id = await a.enqueue('generate_targeting', 'slot-1');
      const mine = (await a.claim())!;
      expect(mine.id).toBe(id);
      expect(await b.claim()).toBeNull();
      expect(await a.holds(id)).toBe(true);
      expect(await b.holds(id)).toBe(false);

      clock.advance(LEASE - 1);
      expect(await b.claim()).toBeNull();
      clock.advance(1);
      const taken = (await b.claim())!;
      expect(taken).toMatchObject({ id, attempts: 2, lease_owner: b.owner });
      expect(await a.holds(id)).toBe(false);
      expect(await b.holds(id)).toBe(true);
      // a cannot take it back while b's lease runs
      expect(await a.claim()).toBeNull();
    });

    it('reclaims at once a job whose holder process is gone, but not one of a live process', async () => {
      const deps = open();
      const q = new JobQueue(deps, { owner: processOwner(), leaseMs: LEASE });
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      const farFuture = '2099-01-01T00:00:00.000Z';
      const owners = {
        dead: `${leasePlace()}:${dead}:x`,
        alive: `${leasePlace()}:${process.pid}:y`,
        elsewhere: `some-other-host-${hostname()}:${dead}:z`,
      };
      for (const [subject, owner] of Object.entries(owners)) {
        const id = await q.enqueue('collect_data_store', subject);
        await deps.store.run(
          "UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?, attempts = 1 WHERE id = ?",
          owner,
          farFuture,
          id,
        );
      }
      const job = (await q.claim())!;
      expect(job).toMatchObject({ subject: 'dead', attempts: 2, lease_owner: q.owner });
      expect(await q.claim()).toBeNull();
      const rows = await deps.store.all<JobRow>(
        'SELECT subject, state, lease_owner FROM jobs ORDER BY subject',
      );
      expect(rows).toEqual([
        { subject: 'alive', state: 'running', lease_owner: owners.alive },
        { subject: 'dead', state: 'running', lease_owner: q.owner },
        { subject: 'elsewhere', state: 'running', lease_owner: owners.elsewhere },
      ]);
    });

    /** Two services on two connections to one file, as two `adcli serve` processes would have. */
    async function twoProcesses(): Promise<{
      one: Services;
      two: Services;
      actor: ReturnType<typeof systemActor>;
    }> {
      const one = createServices(open());
      const two = createServices(open());
      expect(one.jobs.owner).not.toBe(two.jobs.owner);
      const { workspaceId } = await one.deps.store.write(async () => runSeed(one, 'demo'));
      const ws = (await one.workspaces.bySlug('demo'))!;
      expect(ws.id).toBe(workspaceId);
      return { one, two, actor: systemActor(ws, SCOPES) };
    }

    it('applies a collection once when its lease passed to another process', async () => {
      const { one, two, actor } = await twoProcesses();
      const ds = await one.deps.store.write(async () =>
        one.dataStores.create(actor, { name: 'Trail', channelIds: channelsOf('trail') }),
      );
      const stale = (await one.jobs.claim())!;
      expect(stale.subject).toBe(ds.id);
      expect(await two.jobs.claim()).toBeNull();

      clock.advance(one.jobs.leaseMs);
      const job = (await two.jobs.claim())!;
      expect(job.id).toBe(stale.id);
      await two.dataStores.runCollect(job);
      const row = () =>
        two.deps.store.get<Record<string, unknown>>(
          'SELECT * FROM data_stores WHERE id = ?',
          ds.id,
        );
      const links = () =>
        two.deps.store.all(
          'SELECT * FROM data_store_videos WHERE data_store_id = ? ORDER BY video_id',
          ds.id,
        );
      const jobRow = () => two.deps.store.get('SELECT * FROM jobs WHERE id = ?', job.id);
      expect(await row()).toMatchObject({ status: 'ready', channel_count: 2 });
      const before = { row: await row(), links: await links(), job: await jobRow() };
      expect(before.job).toMatchObject({ state: 'done', attempts: 2 });

      // The first process wakes up late and finishes its copy: nothing changes.
      clock.advance(60_000);
      await one.dataStores.runCollect(stale);
      expect({ row: await row(), links: await links(), job: await jobRow() }).toEqual(before);
    });

    it('applies a generation once when its lease passed to another process', async () => {
      const { one, two, actor } = await twoProcesses();
      const campaign = await one.deps.store.read(
        async () => (await one.campaigns.list(actor, { limit: 100, name: 'Talus' })).data[0]!,
      );
      const slotId = campaign.audiences[0]!.id;
      await one.deps.store.write(async () => one.targeting.generate(actor, campaign.id, undefined));
      const stale = (await one.jobs.claim())!;
      expect(stale).toMatchObject({ kind: 'generate_targeting', subject: slotId });

      clock.advance(one.jobs.leaseMs);
      const job = (await two.jobs.claim())!;
      expect(job.id).toBe(stale.id);
      await two.targeting.runJob(job);
      expect(
        (await two.deps.store.read(async () => two.targeting.get(actor, campaign.id))).audiences[0]!
          .status,
      ).toBe('ready');

      // Someone edits the items by hand; the stale run must not write its result over them.
      const manual = [
        {
          section: 'keywords' as const,
          label: 'talus',
          text: 'talus',
          matchType: 'BROAD' as const,
          source: 'manual',
        },
      ];
      await two.deps.store.write(async () =>
        two.targeting.editItems(actor, campaign.id, slotId, manual),
      );
      clock.advance(1000);
      await one.targeting.runJob(stale);
      const after = (await one.deps.store.read(async () => one.targeting.get(actor, campaign.id)))
        .audiences[0]!;
      expect(after).toMatchObject({ status: 'ready', items: manual });
      // (the demo's running campaign had its own generation when the demo was made)
      expect(
        await two.deps.store.all(
          "SELECT state, attempts FROM jobs WHERE kind = 'generate_targeting' AND subject = ?",
          slotId,
        ),
      ).toEqual([{ state: 'done', attempts: 2 }]);
    });
  },
);

// ---------------------------------------------------------------- the runner

describe('job runner', () => {
  let deps: DomainDeps;
  let clock: ManualClock;
  let queue: JobQueue;

  beforeEach(async () => {
    clock = new ManualClock('2026-03-02T10:00:00.000Z');
    const store = await testStore();
    deps = { store, clock: new WorkspaceClocks(store, clock) };
    queue = new JobQueue(deps);
  });

  const finishing = (ran: string[]) => async (job: JobRow) => {
    ran.push(job.subject);
    await deps.store.write(async () => {
      if (await queue.holds(job.id)) await queue.finish(job.id, 'done');
    });
  };

  it('a loop whose store keeps failing says so once, not at every poll, and stops when told', async () => {
    const runner = new JobRunner(deps, queue, {});
    const warnings: string[] = [];
    await deps.store.close();
    const abort = new AbortController();
    const running = new JobLoop(runner, { pollMs: 1, warn: (l) => warnings.push(l) }).run(
      abort.signal,
    );
    await until('the failure to be said', () => warnings.length > 0);
    // polls go on (backing off) while the store fails: none of them is said again
    await new Promise((r) => setTimeout(r, 200)); // a window for repeats to show, if any were said
    abort.abort();
    await running;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^job loop: .+; trying again$/);
  });

  it('runs due jobs in due order, and later ones when their time comes', async () => {
    const ran: string[] = [];
    const handler = finishing(ran);
    const runner = new JobRunner(deps, queue, {
      collect_data_store: { run: handler },
      generate_targeting: { run: handler },
      sync_ads: { run: handler },
    });
    const plan: [JobKind, string, number][] = [
      ['sync_ads', 'late', 3000],
      ['collect_data_store', 'second', 1000],
      ['generate_targeting', 'now', 0],
      ['generate_targeting', 'third', 2000],
      ['collect_data_store', 'first', 500],
    ];
    for (const [kind, subject, delayMs] of plan) await queue.enqueue(kind, subject, { delayMs });
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['now']);
    clock.advance(2000);
    expect(await runner.runDue()).toBe(3);
    expect(ran).toEqual(['now', 'first', 'second', 'third']);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1000);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['now', 'first', 'second', 'third', 'late']);
    expect(await deps.store.all('SELECT DISTINCT state FROM jobs')).toEqual([{ state: 'done' }]);
  });

  it('replaces a queued job of the same kind and subject', async () => {
    const ran: string[] = [];
    const runner = new JobRunner(deps, queue, { collect_data_store: { run: finishing(ran) } });
    await queue.enqueue('collect_data_store', 's', { delayMs: 1000 });
    await queue.enqueue('collect_data_store', 's', { delayMs: 5000 });
    clock.advance(1000);
    expect(await runner.runDue()).toBe(0);
    clock.advance(4000);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['s']);
  });

  it('retries a throwing handler and marks the job failed after 3 attempts', async () => {
    const log: string[] = [];
    const failures: string[] = [];
    let calls = 0;
    const runner = new JobRunner(
      deps,
      queue,
      {
        sync_ads: {
          run: async () => {
            calls++;
            throw new Error(`boom ${calls}`);
          },
          failed: async (j, message) => {
            failures.push(`${j.subject}: ${message}`);
          },
        },
      },
      { log: (l) => log.push(l) },
    );
    const id = await queue.enqueue('sync_ads', 'sync');
    const job = async () => (await deps.store.get<JobRow>('SELECT * FROM jobs WHERE id = ?', id))!;

    expect(await runner.runDue()).toBe(1);
    expect(await job()).toMatchObject({ state: 'queued', attempts: 1, lease_owner: null });
    expect(await runner.runDue()).toBe(0); // backs off 1 s
    clock.advance(999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(await job()).toMatchObject({ state: 'queued', attempts: 2 });
    clock.advance(1999);
    expect(await runner.runDue()).toBe(0); // then 2 s
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(await job()).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: 'boom 3',
      lease_owner: null,
    });
    expect((await job()).finished_at).toBe(clock.now().toISOString());
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(log).toHaveLength(3);
    expect(log[2]).toContain('boom 3');
    expect(failures).toEqual(['sync: boom 3']); // told once, when it failed for good
  });

  it('fails a job of a kind without a handler the same way', async () => {
    const runner = new JobRunner(deps, queue, {});
    const id = await queue.enqueue('generate_targeting', 'slot');
    for (let i = 0; i < 3; i++) {
      await runner.runDue();
      clock.advance(5000);
    }
    expect(
      await deps.store.get('SELECT state, attempts, error FROM jobs WHERE id = ?', id),
    ).toEqual({
      state: 'failed',
      attempts: 3,
      error: 'no handler for generate_targeting jobs',
    });
  });
});

describe('jobs that fail for good leave nothing hanging (the real handlers)', () => {
  it('a collection that keeps failing ends the store in error; a failed sync schedules the next one', async () => {
    const { testBackend } = await import('./helpers/backend.ts');
    const { jobHandlers } = await import('../server/domain/job-handlers.ts');
    const b = await testBackend();
    const store = b.api;
    const created = await store.post('/data-stores', {
      name: 'Never collected',
      channelIds: ['UC' + 'x'.repeat(22)],
    });
    expect(created.body.status).toBe('collecting');
    const handlers = jobHandlers(b.services);
    const job = (await b.store.get<JobRow>(
      "SELECT * FROM jobs WHERE kind = 'collect_data_store' AND subject = ?",
      created.body.id,
    ))!;
    await b.store.write(async () => handlers.collect_data_store!.failed!(job, 'the disk is full'));
    const after = await store.get(`/data-stores/${created.body.id}`);
    expect(after.body.status).toBe('error');
    expect(after.body.error).toMatch(/collecting failed: the disk is full/);

    await b.store.run("DELETE FROM jobs WHERE kind = 'sync_ads'");
    await b.store.write(async () => handlers.sync_ads!.failed!(job, 'platform down'));
    expect(
      await b.store.get("SELECT 1 AS ok FROM jobs WHERE kind = 'sync_ads' AND state = 'queued'"),
    ).toEqual({ ok: 1 });
  });
});
