// One workspace's flood of jobs against another's one job, on SQLite and on Postgres (started by the
// bench in a temporary directory; its rows skipped in one line where none starts).
//
// The claim: what JobQueue.claim costs with a big queue, in process on each store: 1,500 due jobs of
// one workspace, 5 of each of 20 others and 5,000 finished ones (a day of floods kept for their
// retention), each claim followed by its job's finish, as the job loop does. Its floor is a point read
// of one job by its id on the same store, measured the same way.
//
// Fairness: a real `adcli serve` (the built bundle, one job worker, no job delay), workspace A with
// 150 campaigns of 10 audience slots, workspace B with one campaign of one slot, every slot over a
// data store of the same synthetic corpus. B's generation alone, then again while A's 1,500
// generations are queued and running: the time from B's generate call until its slot is ready.
// Goal: within 10× the time alone, or 5 s, whichever is larger.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, type PgServer } from '../test/helpers/postgres-server.ts';
import { JobQueue, processOwner } from '../server/jobs/queue.ts';
import { newId } from '../server/lib/ids.ts';
import { systemClock } from '../server/lib/clock.ts';
import type { Store } from '../server/store/port.ts';
import { PostgresStore } from '../server/store/postgres/store.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { WorkspaceClocks } from '../server/time/workspace-clocks.ts';
import { serve, type ServeInfo } from './adcli-serve.ts';
import { importBodies, syntheticCorpus, type ApiCall } from './corpus.ts';
import { adcliBin, report, stop, table, MACHINE, type BenchServer, type Figure } from './lib.ts';

/** A's campaigns and slots (the flood), and the corpus every slot draws on. */
const CAMPAIGNS = Number(process.env.BENCH_FLOOD_CAMPAIGNS ?? 150);
const SLOTS = 10;
const VIDEOS = Number(process.env.BENCH_FLOOD_VIDEOS ?? 300);
const COMMENTS = 10;
/** How long B's generation may wait during the flood before the figure says "more than". */
const PATIENCE_MS = Number(process.env.BENCH_FLOOD_PATIENCE_SECONDS ?? 120) * 1000;
/** How often B's slot is polled: well under the times measured. */
const POLL_MS = 20;

/** The claim's queue: due jobs of the flooding workspace, of each other one, and finished ones. */
const FLOOD = 1500;
const OTHERS = 20;
const EACH = 5;
const FINISHED = 5000;
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 600);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const fmtUs = (us: number) => `${us.toFixed(0)} µs`;

// ---------------------------------------------------------------- the claim, in process

/**
 * Fills the queue as a flood leaves it: FINISHED done jobs of workspace A, then FLOOD due ones queued
 * ten at a time (a generate call's slots share their instant), then EACH due ones of OTHERS more.
 */
async function fill(store: Store): Promise<void> {
  const start = Date.now() - 3600_000;
  const row = (ws: string, subject: string, state: 'queued' | 'done', at: number) => {
    const iso = new Date(at).toISOString();
    return store.run(
      `INSERT INTO jobs (id, kind, subject, workspace_id, payload, state, run_at, created_at, updated_at, finished_at)
       VALUES (?, 'generate_targeting', ?, ?, '{}', ?, ?, ?, ?, ?)`,
      newId(new Date(at)),
      subject,
      ws,
      state,
      iso,
      iso,
      iso,
      state === 'done' ? iso : null,
    );
  };
  const a = 'a'.repeat(24);
  for (let from = 0; from < FINISHED; from += 500)
    await store.write(async () => {
      for (let i = from; i < Math.min(FINISHED, from + 500); i++)
        await row(a, `done-${i}`, 'done', start + Math.floor(i / 10));
    });
  const queued = start + FINISHED;
  await store.write(async () => {
    for (let i = 0; i < FLOOD; i++)
      await row(a, `flood-${i}`, 'queued', queued + Math.floor(i / 10));
    for (let w = 0; w < OTHERS; w++)
      for (let i = 0; i < EACH; i++)
        await row(`b${String(w).padStart(23, '0')}`, `s${i}`, 'queued', queued + FLOOD + w);
  });
}

/**
 * Mean µs of `fn` over `n` runs, after a tenth as many unmeasured; `fn` may answer the ms of its own
 * that are not to be counted.
 */
async function meanUs(n: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.ceil(n / 10); i++) await fn();
  let total = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const aside = await fn();
    total += performance.now() - t - (typeof aside === 'number' ? aside : 0);
  }
  return (total / n) * 1000;
}

async function claimCost(
  store: Store,
  analyze: boolean,
): Promise<{ claim: number; floor: number }> {
  try {
    await fill(store);
    // as autovacuum would on a server that has run a while (the bench's Postgres runs without it)
    if (analyze) await store.run('ANALYZE jobs');
    const queue = new JobQueue(
      { store, clock: new WorkspaceClocks(store, systemClock) },
      { owner: processOwner() },
    );
    const ids = (await store.all<{ id: string }>('SELECT id FROM jobs LIMIT 1000')).map(
      (r) => r.id,
    );
    let k = 0;
    const floor = await meanUs(CLAIMS, async () => {
      await store.get('SELECT * FROM jobs WHERE id = ?', ids[k++ % ids.length]!);
    });
    const claim = await meanUs(CLAIMS, async () => {
      const job = await queue.claim();
      if (!job) throw new Error('the queue ran dry: fewer jobs than claims');
      // not measured: what the job loop does between two claims
      const t = performance.now();
      await store.write(() => queue.finish(job.id, 'done'));
      return performance.now() - t;
    });
    return { claim, floor };
  } finally {
    await store.close();
  }
}

// ---------------------------------------------------------------- fairness, on adcli serve

function apiOf(baseUrl: string, key: string): ApiCall {
  return async (method, path, body) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
}

function okOf(api: ApiCall) {
  return async (method: string, path: string, body?: unknown) => {
    const r = await api(method, path, body);
    if (r.status >= 300)
      throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
}

/** A ready data store of the corpus, in the key's workspace. */
async function corpusStore(api: ApiCall): Promise<string> {
  const ok = okOf(api);
  const store = await ok('POST', '/data-stores', { name: `Synthetic ${VIDEOS} × ${COMMENTS}` });
  for (const body of importBodies(syntheticCorpus(VIDEOS, COMMENTS, 0xf100d)))
    await ok('POST', `/data-stores/${store.id}/import`, body);
  return store.id;
}

/** A's campaigns, each with SLOTS slots over the corpus (the primary one and saved audiences). */
async function floodCampaigns(api: ApiCall): Promise<string[]> {
  const ok = okOf(api);
  const dataStoreId = await corpusStore(api);
  const audienceIds: string[] = [];
  for (let i = 1; i < SLOTS; i++)
    audienceIds.push(
      (await ok('POST', '/audiences', { name: `Flood audience ${i}`, dataStoreIds: [dataStoreId] }))
        .id,
    );
  const ids: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++)
    ids.push(
      (
        await ok('POST', '/campaigns', {
          name: `Flood campaign ${i}`,
          objective: 'Reach trail runners, home baristas and van lifers',
          dataStoreIds: [dataStoreId],
          audienceIds,
        })
      ).id,
    );
  return ids;
}

/** B's generation of its one slot, from the call until the slot is ready again; null past `patience`. */
async function generateOne(
  api: ApiCall,
  campaignId: string,
  slotId: string,
  patience: number,
): Promise<number | null> {
  const t0 = performance.now();
  const started = await api('POST', `/campaigns/${campaignId}/targeting/generate`, {
    audienceIds: [slotId],
  });
  if (started.status !== 200 || started.body.started.length !== 1)
    throw new Error(`generate: ${started.status} ${JSON.stringify(started.body)}`);
  for (;;) {
    const r = await api('GET', `/campaigns/${campaignId}/targeting`);
    const slot = r.body.audiences.find((a: { id: string }) => a.id === slotId);
    if (slot.status === 'ready') return performance.now() - t0;
    if (slot.status !== 'generating')
      throw new Error(`B's slot ended ${slot.status}: ${JSON.stringify(slot.error ?? '')}`);
    if (performance.now() - t0 > patience) return null;
    await sleep(POLL_MS);
  }
}

interface Fairness {
  alone: number;
  /** null: still waiting after PATIENCE_MS */
  flooded: number | null;
  /** A's jobs still queued when B's was done */
  leftInFlood: number;
}

/** A key of workspace `slug` on the server's store, made as the operator does (`adcli serve keys create`). */
function keyOf(slug: string, store: string[]): string {
  const r = spawnSync(
    process.execPath,
    [
      adcliBin(),
      'serve',
      'keys',
      'create',
      '--workspace',
      slug,
      '--scopes',
      'campaigns:read,campaigns:write,datasets:read,datasets:write,audiences:read,audiences:write',
      '--json',
      ...store,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`adcli serve keys create: ${r.stderr.trim()}`);
  return (JSON.parse(r.stdout) as { key: string }).key;
}

async function fairness(store: string[]): Promise<Fairness> {
  const server: BenchServer<ServeInfo> = await serve([...store, '--job-delay', '0']);
  try {
    const { baseUrl } = server.info;
    const a = apiOf(baseUrl, server.info.apiKey ?? keyOf('flood', store));
    const b = apiOf(baseUrl, keyOf('other', store));
    const campaigns = await floodCampaigns(a);
    const bStore = await corpusStore(b);
    const bCampaign = await okOf(b)('POST', '/campaigns', {
      name: 'The other workspace',
      objective: 'Reach trail runners, home baristas and van lifers',
      dataStoreIds: [bStore],
    });
    const slotId = (await okOf(b)('GET', `/campaigns/${bCampaign.id}/targeting`)).audiences[0].id;
    // twice alone: the first warms the worker's code and caches; the second is the figure
    await generateOne(b, bCampaign.id, slotId, PATIENCE_MS);
    const alone = (await generateOne(b, bCampaign.id, slotId, PATIENCE_MS))!;

    for (const id of campaigns) {
      const r = await okOf(a)('POST', `/campaigns/${id}/targeting/generate`, {});
      if (r.started.length !== SLOTS) throw new Error(`flood: ${JSON.stringify(r)}`);
    }
    const flooded = await generateOne(b, bCampaign.id, slotId, PATIENCE_MS);
    let leftInFlood = 0;
    for (const id of campaigns) {
      const t = await okOf(a)('GET', `/campaigns/${id}/targeting`);
      leftInFlood += t.audiences.filter(
        (s: { status: string }) => s.status === 'generating',
      ).length;
    }
    return { alone, flooded, leftInFlood };
  } finally {
    await stop(server);
  }
}

// ---------------------------------------------------------------- the section

export async function jobFairnessBench(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'adcli-bench-fairness-'));
  let pgServer: PgServer | null = null;
  let pgSkipped = '';
  try {
    try {
      pgServer = await startPostgres();
    } catch (e) {
      pgSkipped = (e as Error).message.split('\n')[0]!;
    }
    const claims: string[][] = [];
    const figures: Figure[] = [];
    const stores: [string, () => Promise<Store>, string[] | null][] = [
      [
        'SQLite',
        async () => new SqliteStore(join(root, 'claims.db')),
        [`--data`, join(root, 'lite')],
      ],
    ];
    if (pgServer) {
      const server = pgServer;
      const fairUrl = await server.createDatabase();
      stores.push([
        'Postgres',
        async () => PostgresStore.open(await server.createDatabase()),
        ['--database', fairUrl, '--data', join(root, 'pg')],
      ]);
    }
    for (const [name, open, serveArgs] of stores) {
      const c = await claimCost(await open(), name === 'Postgres');
      claims.push([name, fmtUs(c.floor), fmtUs(c.claim), (c.claim / c.floor).toFixed(2)]);
      if (!serveArgs) continue;
      const f = await fairness(serveArgs);
      const goalMs = Math.max(10 * f.alone, 5000);
      figures.push(
        {
          name: `${name}: floor: B's 1-slot generation alone`,
          value: fmtMs(f.alone),
          ratio: 1,
          goal: '-',
          ok: true,
        },
        {
          name: `${name}: B's 1-slot generation during A's ${(CAMPAIGNS * SLOTS).toLocaleString('en-US')}-slot flood (${f.leftInFlood} of A's left after)`,
          value: f.flooded === null ? `> ${fmtMs(PATIENCE_MS)}` : fmtMs(f.flooded),
          ratio: (f.flooded ?? PATIENCE_MS) / f.alone,
          goal: `<= ${fmtMs(goalMs)}`,
          ok: f.flooded !== null && f.flooded <= goalMs,
        },
      );
    }
    table(
      `Job claims (${MACHINE}), in process: ${FLOOD.toLocaleString('en-US')} due jobs of one workspace, ${EACH} of each of ${OTHERS} others, ${FINISHED.toLocaleString('en-US')} finished; mean of ${CLAIMS} claims, each followed by its finish (not counted); ratio against a point read of a job by id`,
      ['store', 'floor: point read', 'claim', 'ratio'],
      claims,
    );
    report(
      `Fairness between workspaces (${MACHINE}, one job worker, no job delay; every slot over ${VIDEOS} videos × ${COMMENTS} comments): ` +
        `B's generation from its call until ready; ratio against B alone; goal 10× alone or 5 s, whichever is larger` +
        (pgSkipped ? `\n  Postgres: skipped (${pgSkipped})` : ''),
      figures,
    );
  } finally {
    await pgServer?.destroy();
    rmSync(root, { recursive: true, force: true });
  }
}
