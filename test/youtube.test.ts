// @store both
/**
 * Collecting real channels: a data store's channel and video ids the catalog does not know are
 * collected from the YouTube Data API v3 (here its stand-in, test/helpers/youtube-stand-in.ts) by the
 * collection job, stored as an import of the same resources would store them, within the server's
 * daily quota (its days are Google's, in Pacific time); the API's quota and rate-limit answers and
 * its 5xx put the job back in the queue; a redirect, an endless playlist and an oversized answer end
 * the store in a clear error; the key is never written anywhere, nor sent anywhere but the API. Without a key nothing changes. Time is a ManualClock: a job
 * runs when the clock has passed its time and runner.runDue() is called.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { demoContent } from '../server/seed/demo-content.ts';
import { runSeed } from '../server/seed/index.ts';
import {
  channelUnits,
  collectionUnits,
  DEFAULT_BOUNDS,
  pageCap,
} from '../server/youtube/collector.ts';
import { MAX_ANSWER_BYTES } from '../server/youtube/http-api.ts';
import { ERROR_TEXT_MAX, YouTubeApiError } from '../server/youtube/port.ts';
import { nextQuotaDay, QuotaLedger, quotaDay } from '../server/youtube/quota.ts';
import type { Store } from '../server/store/port.ts';
import { storeError } from '../src/commands/data-stores/print-data-store.ts';
import { buildTools } from '../server/mcp/tools.ts';
import type { CallApi } from '../server/mcp/types.ts';
import { operations } from '../server/operations/index.ts';
import { ok } from './helpers/assert.ts';
import { runCli } from './helpers/cli.ts';
import { onPostgres, testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import {
  cleanupAll,
  runAdcli,
  sandbox,
  spawnAdcli,
  startServer,
  type Server,
} from './helpers/process.ts';
import { until } from './helpers/wait.ts';
import {
  startYouTubeStandIn,
  standInWorld,
  WORLD,
  type YouTubeStandIn,
} from './helpers/youtube-stand-in.ts';

/** A key as Google makes them: 39 characters starting AIza. */
const KEY = 'AIzaSyD-stand1n_K3y-0123456789abcdefghi';
const TODAY = '2026-03-02';
/** what a store of the roaster says: one of its videos has its comments off */
const ROASTER_NOTE =
  'Skipped: comments are off (commentsDisabled) for 1 video, collected without comments: cofRoastPr4.';

let yt: YouTubeStandIn;
let b: TestBackend | undefined;
let api: Client;
/** the request log and the job runner's lines */
let logLines: string[];

beforeEach(async () => {
  yt = await startYouTubeStandIn({ key: KEY });
});
afterEach(async () => {
  await yt.close();
  await b?.store.close();
  b = undefined;
});

async function backend(
  youtube: { dailyQuota?: number; workspaceQuota?: number; key?: string | null } = {},
): Promise<TestBackend> {
  logLines = [];
  const made = await testBackend({
    jobDelayMs: 0,
    log: (line) => logLines.push(line),
    ...(youtube.key === null
      ? {}
      : {
          youtube: {
            apiKey: youtube.key ?? KEY,
            baseUrl: yt.baseUrl,
            dailyQuota: youtube.dailyQuota,
            workspaceQuota: youtube.workspaceQuota,
          },
        }),
  });
  b = made;
  api = made.api;
  return made;
}

async function createStore(
  sources: { channelIds?: string[]; videoIds?: string[] },
  client: Client = api,
): Promise<string> {
  const created = ok(await client.post('/data-stores', { name: 'From YouTube', ...sources }), 201);
  expect(created.status).toBe('collecting');
  return created.id;
}

const getStore = async (id: string, client: Client = api) =>
  ok(await client.get(`/data-stores/${id}`));

async function listed(id: string, what: 'channels' | 'videos', client: Client = api) {
  return ok(await client.get(`/data-stores/${id}/${what}?limit=100`)).data as any[];
}

/** The quota units the server counted on a quota day (its own count, workspace_id ''), or a workspace's. */
async function unitsOn(day: string, workspaceId = ''): Promise<number> {
  const row = await b!.store.get<{ units: number }>(
    'SELECT units FROM youtube_quota WHERE day = ? AND workspace_id = ?',
    day,
    workspaceId,
  );
  return Number(row?.units ?? 0);
}

async function jobOf(storeId: string) {
  return (await b!.store.get<{ state: string; run_at: string; error: string; payload: string }>(
    "SELECT state, run_at, error, payload FROM jobs WHERE kind = 'collect_data_store' AND subject = ? ORDER BY created_at DESC LIMIT 1",
    storeId,
  ))!;
}

describe('collecting from the YouTube Data API', () => {
  it('collects an unknown channel: the channel, its recent uploads and their comments', async () => {
    const b = await backend();
    const id = await createStore({ channelIds: [WORLD.roaster] });
    expect(await b.runner.runDue()).toBeGreaterThan(0);

    const store = await getStore(id);
    // ready, saying what it skipped
    expect(store).toMatchObject({
      status: 'ready',
      error: ROASTER_NOTE,
      channelCount: 1,
      videoCount: 4,
    });
    expect(store.readyAt).not.toBe('');
    const [channel] = await listed(id, 'channels');
    expect(channel).toEqual({
      channelId: WORLD.roaster,
      title: 'Northside Roastery Lab',
      handle: '@northsideroasterylab',
      description: expect.stringContaining('Specialty coffee'),
      imageUrl: expect.stringContaining('=s800'),
      country: 'US',
      subscribers: 48200,
      videoCount: 4,
    });
    const videos = await listed(id, 'videos');
    const byId = Object.fromEntries(videos.map((v) => [v.videoId, v]));
    expect(Object.keys(byId).sort()).toEqual(
      ['cofEspress1', 'cofGrinder2', 'cofPourOvr3', 'cofRoastPr4'].sort(),
    );
    expect(byId.cofEspress1).toMatchObject({
      channelId: WORLD.roaster,
      tags: ['espresso', 'home barista', 'dialing in espresso', 'espresso machine'],
      viewCount: 120400,
      likeCount: 5400,
      commentCount: 3,
      duration: 'PT14M2S',
      publishedAt: '2026-02-10T15:00:00Z',
    });
    // comments off for one video: collected without them
    expect(byId.cofRoastPr4.commentCount).toBe(0);

    // the calls and their parts; each one unit, counted on today's UTC day
    expect(yt.requests.map((r) => [r.endpoint, r.params.part])).toEqual([
      ['channels', 'snippet,statistics,contentDetails,topicDetails,brandingSettings'],
      ['playlistItems', 'contentDetails'],
      ['videos', 'snippet,statistics,contentDetails,topicDetails'],
      ...Array(4).fill(['commentThreads', 'snippet']),
    ]);
    expect(yt.requests.find((r) => r.endpoint === 'playlistItems')!.params).toMatchObject({
      playlistId: `UU${WORLD.roaster.slice(2)}`,
      maxResults: String(DEFAULT_BOUNDS.videosPerChannel),
    });
    expect(yt.requests.find((r) => r.endpoint === 'commentThreads')!.params.maxResults).toBe('100');
    // videos.list by id takes no maxResults (the reference: not supported with `id`)
    const videosCall = yt.requests.find((r) => r.endpoint === 'videos')!;
    expect(videosCall.params.id).toBe('cofEspress1,cofGrinder2,cofPourOvr3,cofRoastPr4');
    expect(videosCall.params).not.toHaveProperty('maxResults');
    expect(await unitsOn(TODAY)).toBe(7);
    // the key goes in a header, never in a URL
    for (const r of yt.requests) {
      expect(r.keyHeader).toBe(KEY);
      expect(r.url).not.toContain(KEY);
      expect(r.params.key).toBeUndefined();
    }
  });

  it('generates targeting from a collected store', async () => {
    const b = await backend();
    const id = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();
    const campaign = ok(
      await api.post('/campaigns', {
        name: 'Grinder launch',
        objective: 'Sell burr grinders to home baristas',
        dataStoreIds: [id],
      }),
      201,
    );
    ok(await api.post(`/campaigns/${campaign.id}/targeting/generate`, {}));
    await b.runner.runDue();
    const targeting = ok(await api.get(`/campaigns/${campaign.id}/targeting`));
    const [slot] = targeting.audiences;
    expect(slot.status).toBe('ready');
    const texts = (slot.items as { section: string; text: string }[]).map((i) =>
      i.text.toLowerCase(),
    );
    expect(texts.some((t) => t.includes('espresso') || t.includes('grinder'))).toBe(true);
    expect(texts.some((t) => t.includes(WORLD.roaster.toLowerCase()))).toBe(true);
  });

  it('stores what an import of the same API answers stores, row for row', async () => {
    const b = await backend();
    const id = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();

    // the same resources, asked of the API directly and imported into another workspace
    const ask = async (path: string): Promise<unknown[]> => {
      const res = await fetch(`${yt.baseUrl}/${path}`, { headers: { 'x-goog-api-key': KEY } });
      return ((await res.json()) as { items?: unknown[] }).items ?? [];
    };
    const channels = await ask(
      `channels?part=snippet,statistics,contentDetails,topicDetails,brandingSettings&id=${WORLD.roaster}`,
    );
    const videoIds = ['cofEspress1', 'cofGrinder2', 'cofPourOvr3', 'cofRoastPr4'];
    const videos = await ask(
      `videos?part=snippet,statistics,contentDetails,topicDetails&id=${videoIds.join(',')}`,
    );
    const comments: unknown[] = [];
    for (const v of videoIds.slice(0, 3))
      comments.push(...(await ask(`commentThreads?part=snippet&videoId=${v}&maxResults=100`)));
    const other = await b.client({ workspace: 'other' });
    const imported = ok(await other.post('/data-stores', { name: 'Imported' }), 201).id;
    ok(await other.post(`/data-stores/${imported}/import`, { channels, videos, comments }));

    const acme = await b.workspaceId('acme');
    const otherId = await b.workspaceId('other');
    for (const [table, order] of [
      ['yt_channels', 'id'],
      ['yt_videos', 'id'],
      ['yt_comments', 'id'],
    ] as const) {
      const rows = async (owner: string) =>
        (
          await b.store.all<Record<string, unknown>>(
            `SELECT * FROM ${table} WHERE owner = ? ORDER BY ${order}`,
            owner,
          )
        ).map(({ owner: _, ...rest }) => rest);
      expect(await rows(acme), table).toEqual(await rows(otherId));
      expect((await rows(acme)).length, table).toBeGreaterThan(0);
    }
    const sorted = (xs: any[], k: string) => [...xs].sort((x, y) => (x[k] < y[k] ? -1 : 1));
    expect(sorted(await listed(id, 'videos'), 'videoId')).toEqual(
      sorted(await listed(imported, 'videos', other), 'videoId'),
    );
    expect(await listed(id, 'channels')).toEqual(await listed(imported, 'channels', other));
  });

  it('collects single videos, asks only for what the catalog lacks, and names ids YouTube does not have', async () => {
    const b = await backend();
    await runSeed(b.services, 'demo');
    const known = demoContent().themes.coffee[0]!;
    const missingChannel = 'UC' + 'x'.repeat(22);
    const id = await createStore({
      channelIds: [known, missingChannel],
      videoIds: [WORLD.grinderVideo, 'zzzzzzzzzzz'],
    });
    await b.runner.runDue();

    const store = await getStore(id);
    expect(store.status).toBe('ready');
    // the demo channel is counted; the grinder video's owner is listed, not counted
    expect(store).toMatchObject({ channelCount: 1, videoCount: expect.any(Number) });
    expect(store.error).toBe(
      `2 of 4 sources are not on YouTube (deleted, private or mistyped) and were not collected: ${missingChannel}, zzzzzzzzzzz.`,
    );
    // the demo channel came from the catalog; YouTube was asked only about the others
    expect(yt.requests.map((r) => [r.endpoint, r.params.id ?? r.params.videoId])).toEqual([
      ['channels', missingChannel],
      ['videos', `${WORLD.grinderVideo},zzzzzzzzzzz`],
      ['commentThreads', WORLD.grinderVideo],
    ]);
    const channels = await listed(id, 'channels');
    expect(channels.map((c) => c.channelId).sort()).toEqual([known, WORLD.roaster].sort());
    // a single video brings its channel as the import does: from the video's snippet
    expect(channels.find((c) => c.channelId === WORLD.roaster)).toMatchObject({
      title: 'Northside Roastery Lab',
      videoCount: 1,
    });
    const grinder = (await listed(id, 'videos')).find((v) => v.videoId === WORLD.grinderVideo);
    expect(grinder).toMatchObject({ commentCount: 2, duration: 'PT19M40S' });
    expect(await unitsOn(TODAY)).toBe(3);
  });
});

describe('when YouTube says no', () => {
  it('stops for the day on quotaExceeded and finishes after midnight Pacific time', async () => {
    const b = await backend();
    yt.fail('playlistItems', { status: 403, reason: 'quotaExceeded' });
    const id = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();

    const waiting = await getStore(id);
    expect(waiting.status).toBe('collecting');
    // 2026-03-02 is winter time in California: midnight there is 08:00 UTC
    expect(waiting.error).toBe(
      "the YouTube Data API says the project's daily quota is spent (quotaExceeded); collection resumes after midnight Pacific time (08:00 UTC), when Google resets it",
    );
    expect(await jobOf(id)).toMatchObject({ state: 'queued', run_at: '2026-03-03T08:00:00.000Z' });
    // nothing more is asked today, by this store or any other
    expect(await unitsOn(TODAY)).toBe(10_000);
    const calls = yt.calls();
    const other = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    expect(yt.calls()).toBe(calls);
    expect((await getStore(other)).error).toMatch(/^the YouTube quota of 10000 units for today/);

    b.clock.advance(22 * 3600_000 - 60_000);
    await b.runner.runDue();
    expect((await getStore(id)).status).toBe('collecting');
    b.clock.advance(60_000);
    await b.runner.runDue();
    expect(await getStore(id)).toMatchObject({
      status: 'ready',
      error: ROASTER_NOTE,
      videoCount: 4,
    });
    expect(await getStore(other)).toMatchObject({ status: 'ready', videoCount: 3 });
  });

  it("tells an MCP wait why a collection waits, in its progress and when the wait's bound is reached", async () => {
    const b = await backend();
    yt.fail('channels', { status: 403, reason: 'quotaExceeded' });
    const [create] = buildTools(operations, { waitTimeoutMs: 300, pollIntervalMs: 20 }).filter(
      (t) => t.name === 'create_data_store',
    );
    // the tool's requests go to the real app; the collection job runs once the store is created
    const call: CallApi = async (req) => {
      const q = new URLSearchParams(req.query).toString();
      const r = await api.request(req.method, `${req.path}${q ? `?${q}` : ''}`, req.body);
      if (req.method === 'POST') await b.runner.runDue();
      return { status: r.status, body: r.body };
    };
    const messages: string[] = [];
    const r = await create!.run(
      { name: 'From YouTube', channelIds: [WORLD.runner], wait: true },
      call,
      { progress: async (_p, _t, message) => void messages.push(message) },
    );
    const why =
      "the YouTube Data API says the project's daily quota is spent (quotaExceeded); collection resumes after midnight Pacific time (08:00 UTC), when Google resets it";
    expect(r.isError).toBeFalsy();
    expect(messages.at(-1)).toBe(`data store From YouTube: collecting: ${why}`);
    expect(r.content.at(-1)!.text).toBe(
      `Still collecting after 0 s: ${why}; call get_data_store later for its status.`,
    );
  });

  it('waits and tries again when asked to slow down (rateLimitExceeded)', async () => {
    const b = await backend();
    yt.fail('channels', { status: 403, reason: 'rateLimitExceeded' });
    const id = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    const waiting = await getStore(id);
    expect(waiting.status).toBe('collecting');
    expect(waiting.error).toBe(
      'YouTube asked to slow down (YouTube channels.list answered 403 rateLimitExceeded: Rate Limit Exceeded); collection resumes in 60 s',
    );
    b.clock.advance(60_000);
    await b.runner.runDue();
    expect(await getStore(id)).toMatchObject({ status: 'ready', error: '', videoCount: 3 });
  });

  it('retries a 5xx with backoff through the job queue', async () => {
    const b = await backend();
    yt.fail('videos', { status: 503, reason: 'backendError' });
    const id = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    const waiting = await getStore(id);
    expect(waiting.status).toBe('collecting');
    expect(waiting.error).toBe(
      'YouTube videos.list answered 503 backendError: Backend Error; collection tries again in 5 s (failure 1 of 5)',
    );
    expect(JSON.parse((await jobOf(id)).payload)).toEqual({ youtubeFailures: 1 });
    // not before its time
    b.clock.advance(4_000);
    expect(await b.runner.runDue()).toBe(0);
    b.clock.advance(1_000);
    await b.runner.runDue();
    expect(await getStore(id)).toMatchObject({ status: 'ready', error: '', videoCount: 3 });
  });

  it('gives up after 5 failures in a row, naming the sources it could not collect', async () => {
    const b = await backend();
    yt.fail('channels', { status: 500, reason: 'backendError', times: 5 });
    const id = await createStore({ channelIds: [WORLD.runner] });
    const waits: number[] = [];
    await b.runner.runDue();
    for (let i = 0; i < 10 && (await getStore(id)).status === 'collecting'; i++) {
      const job = await jobOf(id);
      const wait = Date.parse(job.run_at) - b.clock.now().getTime();
      waits.push(wait);
      b.clock.advance(wait);
      await b.runner.runDue();
    }
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(yt.calls('channels')).toBe(5);
    const failed = await getStore(id);
    expect(failed.status).toBe('error');
    expect(failed.error).toBe(
      `none of the 1 sources could be collected from YouTube (YouTube channels.list answered 500 backendError: Backend Error (5 times in a row)): ${WORLD.runner}. Change its sources or PATCH it to collect again, or import them into data store ${id} with import_data_store (POST /data-stores/${id}/import).`,
    );
    expect((await jobOf(id)).state).toBe('failed');
    // PATCHing it collects again
    ok(await api.patch(`/data-stores/${id}`, { channelIds: [WORLD.roaster] }));
    await b.runner.runDue();
    expect(await getStore(id)).toMatchObject({ status: 'ready', channelCount: 1 });
  });
});

describe('what YouTube says is not there', () => {
  it('says which channel has no uploads playlist and which video YouTube did not find', async () => {
    const b = await backend();
    yt.fail('playlistItems', { status: 404, reason: 'playlistNotFound' });
    yt.fail('commentThreads', { status: 404, reason: 'videoNotFound' });
    const id = await createStore({ channelIds: [WORLD.runner], videoIds: [WORLD.grinderVideo] });
    await b.runner.runDue();
    const store = await getStore(id);
    expect(store).toMatchObject({ status: 'ready', videoCount: 1 });
    expect(store.error).toBe(
      `Skipped: 1 channel has no uploads playlist on YouTube (playlistNotFound), so none of its videos were collected: ${WORLD.runner}. ` +
        `Skipped: YouTube did not find 1 video when asked for comments (videoNotFound), collected without comments: ${WORLD.grinderVideo}.`,
    );
  });

  it('says which videos came without a view count, whose 0 views are not real', async () => {
    const world = standInWorld();
    world[0]!.videos[0]!.hiddenCounts = true;
    await yt.close();
    yt = await startYouTubeStandIn({ key: KEY, channels: world });
    const b = await backend();
    const hidden = world[0]!.videos[0]!.id;
    const id = await createStore({ videoIds: [hidden] });
    await b.runner.runDue();
    const store = await getStore(id);
    expect(store).toMatchObject({ status: 'ready', videoCount: 1 });
    expect(store.error).toContain(
      `Not given: YouTube sent no view count or no duration for 1 video (hidden by the owner, live or still processing), shown as 0 views or PT0S: ${hidden}.`,
    );
    expect((await listed(id, 'videos'))[0]).toMatchObject({ videoId: hidden, viewCount: 0 });
  });

  it('keeps what earlier runs skipped when the collection waits for the quota', async () => {
    // the roaster's step fits a 30-unit workspace day, the runner's 28 more do not
    const b = await backend({ workspaceQuota: 30 });
    const id = await createStore({ channelIds: [WORLD.roaster, WORLD.runner] });
    await b.runner.runDue();
    const waiting = await getStore(id);
    expect(waiting.status).toBe('collecting');
    expect(waiting.error).toMatch(/^this workspace's YouTube quota of 30 units for today is spent/);
    expect(JSON.parse((await jobOf(id)).payload).skipped).toEqual({
      commentsOff: ['cofRoastPr4'],
      videoNotFound: [],
      noUploads: [],
      noFigures: [],
    });
    b.clock.set('2026-03-03T08:00:00.000Z');
    await b.runner.runDue();
    expect(await getStore(id)).toMatchObject({
      status: 'ready',
      error: ROASTER_NOTE,
      channelCount: 2,
      videoCount: 7,
    });
  });
});

describe('when the key is at fault', () => {
  const keyAdvice =
    'The sources are not at fault: whoever runs the server must set a valid key, with the YouTube Data API v3 enabled in its Google Cloud project and not blocked by its restrictions, in ADCLI_YOUTUBE_API_KEY (or adcli serve --youtube-api-key) and restart it, then PATCH it to collect again.';

  it('says a key Google does not know is the server key to fix, not the sources', async () => {
    const wrong = 'AIzaSyD-n0t-th3-r1ght-k3y-0123456789abc';
    const b = await backend({ key: wrong });
    const id = await createStore({ channelIds: [WORLD.runner], videoIds: [WORLD.grinderVideo] });
    await b.runner.runDue();
    const store = await getStore(id);
    expect(store.status).toBe('error');
    expect(store.error).toBe(
      `none of the 2 sources could be collected (${WORLD.runner}, ${WORLD.grinderVideo}): YouTube refused this server's YouTube Data API key (YouTube channels.list answered 400 badRequest (API_KEY_INVALID): API key not valid. Please pass a valid API key.). ${keyAdvice}`,
    );
    expect(store.error).not.toMatch(/change its sources|import/i);
    expect(store.error).not.toContain(wrong);
    // refused for good: one call, not retried
    expect(yt.calls()).toBe(1);
    expect((await jobOf(id)).state).toBe('failed');
    // the CLI says the update that collects again
    expect(storeError(store)).toContain(
      `restart it, then collect again with adcli data-stores update ${id} --channel ID…`,
    );
  });

  it.each([
    { status: 400, reason: 'keyInvalid', detail: undefined },
    { status: 403, reason: 'accessNotConfigured', detail: 'SERVICE_DISABLED' },
    { status: 403, reason: 'forbidden', detail: 'API_KEY_SERVICE_BLOCKED' },
  ])('says $status $reason is the server key to fix', async ({ status, reason, detail }) => {
    const b = await backend();
    yt.fail('videos', { status, reason, ...(detail ? { detail } : {}) });
    const id = await createStore({ videoIds: [WORLD.grinderVideo] });
    await b.runner.runDue();
    const store = await getStore(id);
    expect(store.status).toBe('error');
    expect(store.error).toContain(
      `none of the 1 sources could be collected (${WORLD.grinderVideo}): YouTube refused this server's YouTube Data API key (YouTube videos.list answered ${status} ${reason}`,
    );
    expect(store.error).toContain(keyAdvice);
    expect(store.error).not.toMatch(/change its sources/i);
    expect((await jobOf(id)).state).toBe('failed');
  });

  it('still blames a video, not the key, for a 403 forbidden about something else', async () => {
    const b = await backend();
    yt.fail('videos', {
      status: 403,
      reason: 'forbidden',
      message: 'The request is not properly authorized to retrieve the specified video.',
    });
    const id = await createStore({ videoIds: [WORLD.grinderVideo] });
    await b.runner.runDue();
    const store = await getStore(id);
    expect(store.error).toContain(
      'could be collected from YouTube (YouTube videos.list answered 403 forbidden',
    );
    expect(store.error).not.toContain('ADCLI_YOUTUBE_API_KEY');
  });
});

describe('when the API misbehaves', () => {
  it('never follows a redirect: the host it points at never sees the key, and the store ends in error', async () => {
    const elsewhere = await startYouTubeStandIn({ key: KEY });
    try {
      const b = await backend();
      yt.redirect('channels', `${elsewhere.baseUrl}/channels?part=snippet&id=${WORLD.runner}`);
      const id = await createStore({ channelIds: [WORLD.runner] });
      await b.runner.runDue();

      expect(elsewhere.requests).toEqual([]);
      expect(yt.requests.map((r) => [r.endpoint, r.status])).toEqual([['channels', 302]]);
      const store = await getStore(id);
      expect(store.status).toBe('error');
      expect(store.error).toBe(
        `none of the 1 sources could be collected from YouTube (YouTube channels.list answered 302, a redirect to ${new URL(elsewhere.baseUrl).host}; redirects are never followed, so the API key goes to ${new URL(yt.baseUrl).host} only): ${WORLD.runner}. Change its sources or PATCH it to collect again, or import them into data store ${id} with import_data_store (POST /data-stores/${id}/import).`,
      );
      // refused for good: not retried
      expect((await jobOf(id)).state).toBe('failed');
      expect(store.error).not.toContain(KEY);
    } finally {
      await elsewhere.close();
    }
  });

  it('stops an endless playlist at its page cap, every page paid for before it is asked for', async () => {
    const b = await backend();
    yt.endlessPages(WORLD.roaster);
    const id = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();

    const cap = pageCap(DEFAULT_BOUNDS);
    expect(yt.calls('playlistItems')).toBe(cap);
    expect(
      yt.requests.filter((r) => r.endpoint === 'playlistItems').map((r) => r.params.pageToken),
    ).toEqual([undefined, 'p25']);
    const store = await getStore(id);
    expect(store.status).toBe('error');
    expect(store.error).toContain(
      `(YouTube playlistItems.list kept sending a next page for channel ${WORLD.roaster}: stopped at the cap of ${cap} pages (0 of its 25 most recent videos found))`,
    );
    expect((await jobOf(id)).state).toBe('failed');
    // every call was counted, and no more
    expect(await unitsOn(TODAY)).toBe(yt.calls());

    // another workspace's store is not held up
    const other = await b.client({ workspace: 'other' });
    const next = await createStore({ channelIds: [WORLD.runner] }, other);
    await b.runner.runDue();
    expect(await getStore(next, other)).toMatchObject({ status: 'ready', videoCount: 3 });
  });

  it('asks for no page of a channel before its pages to the cap fit in the quota', async () => {
    // channels.list (1) and the channel's 28 need 29: one unit short
    const b = await backend({ dailyQuota: 1 + channelUnits(DEFAULT_BOUNDS) - 1 });
    yt.endlessPages(WORLD.roaster);
    const id = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();
    expect((await getStore(id)).status).toBe('collecting');
    expect(yt.calls('playlistItems')).toBe(0);
    expect(await unitsOn(TODAY)).toBe(1);
  });

  it('refuses an answer over the size bound as it streams, and one that declares it', async () => {
    const b = await backend();
    const huge = 100 * 1024 * 1024;
    yt.oversize('videos', { bytes: huge });
    const streamed = await createStore({ videoIds: [WORLD.grinderVideo] });
    await b.runner.runDue();
    yt.oversize('videos', { bytes: huge, declareLength: true });
    const declared = await createStore({ videoIds: ['runShoes001'] });
    await b.runner.runDue();

    for (const [id, video] of [
      [streamed, WORLD.grinderVideo],
      [declared, 'runShoes001'],
    ] as const) {
      const store = await getStore(id);
      expect(store.status).toBe('error');
      expect(store.error).toContain(
        `(YouTube videos.list answered 200 with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, far more than any page of the API; the answer was refused): ${video}.`,
      );
    }
    expect(yt.calls('videos')).toBe(2);
    // reading stopped near the bound: far from the 2 × 100 MiB were taken
    expect(yt.oversizeSent()).toBeLessThan(huge / 2);
  });

  it('keeps at most 500 characters of what YouTube says, ending with an ellipsis', async () => {
    const b = await backend();
    yt.fail('channels', {
      status: 400,
      reason: 'r'.repeat(100_000),
      message: 'm'.repeat(100_000),
    });
    const id = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    const store = await getStore(id);
    expect(store.status).toBe('error');
    // the reason cut at 100 characters, the message at 300, the whole under ERROR_TEXT_MAX
    expect(store.error).toContain(
      `(YouTube channels.list answered 400 ${'r'.repeat(99)}…: ${'m'.repeat(299)}…): ${WORLD.runner}.`,
    );
    expect(store.error.length).toBeLessThan(ERROR_TEXT_MAX + 300);

    // any error's text is bounded where it is made
    const e = new YouTubeApiError('refused', 400, 'r'.repeat(1000), 'm'.repeat(100_000));
    expect(e.message).toHaveLength(ERROR_TEXT_MAX);
    expect(e.message.endsWith('m…')).toBe(true);
    expect(e.reason).toHaveLength(100);
  });
});

describe('the daily quota', () => {
  it('holds across the server: a collection that does not fit waits for midnight Pacific time, not UTC', async () => {
    // the roaster: 1 (channels.list) + 28 reserved (2 playlistItems pages + 1 videos + 25 comments), 7 spent
    const b = await backend({ dailyQuota: 30 });
    const first = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();
    expect(await getStore(first)).toMatchObject({ status: 'ready', videoCount: 4 });
    expect(await unitsOn(TODAY)).toBe(7);

    // past midnight UTC (16:30 in California): still the same quota day
    b.clock.set('2026-03-03T00:30:00.000Z');
    // another workspace: 8 + 28 would pass 30, so its channel waits for the next quota day
    const other = await b.client({ workspace: 'other' });
    const second = await createStore({ channelIds: [WORLD.runner] }, other);
    await b.runner.runDue();
    const waiting = await getStore(second, other);
    expect(waiting.status).toBe('collecting');
    expect(waiting.error).toBe(
      'the YouTube quota of 30 units for today is spent; collection resumes after midnight Pacific time (08:00 UTC), with 29 more units at most needed for this data store',
    );
    expect(await jobOf(second)).toMatchObject({
      state: 'queued',
      run_at: '2026-03-03T08:00:00.000Z',
    });
    // never a call past the quota: every call is a unit the server counted, on the Pacific day
    expect(await unitsOn(TODAY)).toBe(8);
    expect(await unitsOn('2026-03-03')).toBe(0);
    expect(yt.calls()).toBe(8);

    b.clock.set('2026-03-03T07:59:59.999Z');
    expect(await b.runner.runDue()).toBe(0);
    b.clock.advance(1);
    await b.runner.runDue();
    expect(await getStore(second, other)).toMatchObject({
      status: 'ready',
      error: '',
      videoCount: 3,
    });
    expect(await unitsOn('2026-03-03')).toBe(1 + 1 + 1 + 3);
    expect(await unitsOn(TODAY)).toBe(8);
  });

  it('turns its day at midnight Pacific time across a daylight saving change (07:00 UTC in summer)', async () => {
    const b = await backend({ dailyQuota: 30 });
    // 2026-03-08 is the day clocks spring forward in California: 05:00 PDT
    b.clock.set('2026-03-08T12:00:00.000Z');
    const first = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();
    expect(await getStore(first)).toMatchObject({ status: 'ready', videoCount: 4 });
    const second = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    expect((await getStore(second)).error).toContain(
      'collection resumes after midnight Pacific time (07:00 UTC)',
    );
    expect((await jobOf(second)).run_at).toBe('2026-03-09T07:00:00.000Z');
    expect(await unitsOn('2026-03-08')).toBe(8);

    b.clock.set('2026-03-09T07:00:00.000Z');
    await b.runner.runDue();
    expect(await getStore(second)).toMatchObject({ status: 'ready', videoCount: 3 });
    expect(await unitsOn('2026-03-09')).toBe(6);
  });

  it("counts a ledger's units on the Pacific day of the clock it runs on", async () => {
    const b = await backend();
    const acme = await b.workspaceId('acme');
    // the backend's own ledger reads its base clock: this one the same
    const ledger = new QuotaLedger(b.store, 10, () => b.clock.now());
    const at = async (iso: string, units: number) => {
      b.clock.set(iso);
      return ledger.reserve(acme, units);
    };
    // 23:00 PST on 2026-03-07: the whole day's quota
    expect(await at('2026-03-08T07:00:00.000Z', 10)).toEqual({
      day: '2026-03-07',
      workspaceId: acme,
      units: 10,
    });
    expect(await at('2026-03-08T07:59:59.999Z', 1)).toBe('server');
    // midnight PST: a new day, of 23 hours
    expect(await at('2026-03-08T08:00:00.000Z', 10)).toMatchObject({ day: '2026-03-08' });
    expect(await at('2026-03-09T06:59:59.999Z', 1)).toBe('server');
    expect(await at('2026-03-09T07:00:00.000Z', 10)).toMatchObject({ day: '2026-03-09' });
    // back to winter time on 2026-11-01: a day of 25 hours
    expect(await at('2026-11-01T07:00:00.000Z', 10)).toMatchObject({ day: '2026-11-01' });
    expect(await at('2026-11-02T07:59:59.999Z', 1)).toBe('server');
    expect(await at('2026-11-02T08:00:00.000Z', 1)).toMatchObject({ day: '2026-11-02' });
    expect(await ledger.used('2026-03-07')).toBe(10);
    expect(await ledger.used('2026-11-02', acme)).toBe(1);
  });

  it('knows when each Pacific day begins, whatever the UTC date', () => {
    expect(quotaDay(new Date('2026-03-03T00:30:00.000Z'))).toBe('2026-03-02');
    expect(quotaDay(new Date('2026-03-03T07:59:59.999Z'))).toBe('2026-03-02');
    expect(quotaDay(new Date('2026-03-03T08:00:00.000Z'))).toBe('2026-03-03');
    expect(nextQuotaDay(new Date('2026-03-03T00:30:00.000Z')).toISOString()).toBe(
      '2026-03-03T08:00:00.000Z',
    );
    // spring forward: 2026-03-08 starts in winter time, 2026-03-09 in summer time
    expect(nextQuotaDay(new Date('2026-03-07T12:00:00.000Z')).toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(nextQuotaDay(new Date('2026-03-08T08:00:00.000Z')).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    // fall back: 2026-11-01 starts in summer time, 2026-11-02 in winter time
    expect(nextQuotaDay(new Date('2026-10-31T12:00:00.000Z')).toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
    expect(nextQuotaDay(new Date('2026-11-01T07:00:00.000Z')).toISOString()).toBe(
      '2026-11-02T08:00:00.000Z',
    );
  });

  it('keeps each workspace within its own share: one at its cap waits, another collects', async () => {
    // each workspace 30 a day of the server's 100: the roaster spends 7, the runner then needs 29
    const b = await backend({ dailyQuota: 100, workspaceQuota: 30 });
    const first = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();
    expect(await getStore(first)).toMatchObject({ status: 'ready', videoCount: 4 });
    const second = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    const waiting = await getStore(second);
    expect(waiting.status).toBe('collecting');
    expect(waiting.error).toBe(
      "this workspace's YouTube quota of 30 units for today is spent (adcli serve --youtube-workspace-quota); collection resumes after midnight Pacific time (08:00 UTC), with 29 more units at most needed for this data store",
    );
    // another workspace has its own 30 of the server's units left
    const other = await b.client({ workspace: 'other' });
    const third = await createStore({ channelIds: [WORLD.runner] }, other);
    await b.runner.runDue();
    expect(await getStore(third, other)).toMatchObject({ status: 'ready', videoCount: 3 });
    expect(await unitsOn(TODAY)).toBe(7 + 1 + 6);
    expect((await getStore(second)).status).toBe('collecting');
  });

  it('ends a store in error when one channel needs more than a whole day', async () => {
    const b = await backend({ dailyQuota: 10 });
    const id = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    const store = await getStore(id);
    expect(store.status).toBe('error');
    expect(store.error).toContain(
      'one step of the collection needs up to 28 units, more than the YouTube quota of 10 units a day (adcli serve --youtube-quota)',
    );
  });

  it('is the arithmetic of the docs', () => {
    // ⌈C/50⌉ + C·(P + ⌈N/50⌉ + N) + ⌈V/50⌉ + V with N = 25 and the page cap P = ⌈N/50⌉ + 1 = 2
    expect(pageCap(DEFAULT_BOUNDS)).toBe(2);
    expect(pageCap({ ...DEFAULT_BOUNDS, videosPerChannel: 120 })).toBe(4);
    expect(channelUnits(DEFAULT_BOUNDS)).toBe(28);
    expect(collectionUnits(1, 0, DEFAULT_BOUNDS)).toBe(29);
    expect(collectionUnits(50, 0, DEFAULT_BOUNDS)).toBe(1 + 50 * 28);
    expect(collectionUnits(0, 500, DEFAULT_BOUNDS)).toBe(10 + 500);
    expect(collectionUnits(50, 500, DEFAULT_BOUNDS)).toBe(1911);
  });
});

describe('the API key', () => {
  it('is never in a store, its errors, the jobs, the journal, the logs or a snapshot', async () => {
    const b = await backend();
    // an API that echoes the key back in its error
    yt.fail('channels', {
      status: 400,
      reason: 'badRequest',
      message: `API key ${KEY} not valid. Please pass a valid API key.`,
    });
    const refused = await createStore({ channelIds: [WORLD.runner] });
    await b.runner.runDue();
    yt.fail('videos', { status: 503, reason: 'backendError', message: `upstream ${KEY} down` });
    const retried = await createStore({ videoIds: [WORLD.grinderVideo] });
    await b.runner.runDue();
    const collected = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();

    const refusal = await getStore(refused);
    expect(refusal.status).toBe('error');
    expect(refusal.error).toContain(
      'YouTube channels.list answered 400 badRequest: API key [api key] not valid',
    );
    const retry = await getStore(retried);
    expect(retry.error).toContain('upstream [api key] down');
    expect(logLines.length).toBeGreaterThan(0);
    b.clock.advance(5_000);
    await b.runner.runDue();
    expect((await getStore(collected)).status).toBe('ready');

    const ctl = await b.client({ prefix: '/_adcli/v1' });
    const journal = await ctl.get('/requests?limit=1000');
    expect(journal.status).toBe(200);
    const snapshot = await b.app.request('/_adcli/v1/snapshot', {
      headers: { authorization: `Bearer ${ctl.key}` },
    });
    expect(snapshot.status).toBe(200);
    const bytes = Buffer.from(await snapshot.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);

    expect(bytes.includes(Buffer.from(KEY))).toBe(false);
    expect(JSON.stringify(journal.body)).not.toContain(KEY);
    expect([...logLines, ...b.warnings].join('\n')).not.toContain(KEY);
    expect(await everyValueOf(b.store)).not.toContain(KEY);
  });
});

describe('without a key', () => {
  it('ends unknown ids in the store error, as ever, and never asks YouTube', async () => {
    const b = await backend({ key: null });
    const id = await createStore({ channelIds: [WORLD.roaster] });
    await b.runner.runDue();
    expect(await getStore(id)).toMatchObject({
      status: 'error',
      error: `none of the 1 sources is in the content catalog: ${WORLD.roaster}. Import them into data store ${id} with import_data_store (POST /data-stores/${id}/import).`,
    });
    expect(yt.calls()).toBe(0);
  });
});

/** Every text of every table of the store, as one string. */
async function everyValueOf(store: Store): Promise<string> {
  const tables = (
    await store.all<{ name: string }>(
      store.dialect.name === 'postgres'
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
  ).map((t) => t.name);
  expect(tables).toContain('youtube_quota');
  const out: string[] = [];
  for (const t of tables)
    out.push(
      JSON.stringify(await store.all(`SELECT * FROM ${t}`), (_k, v: unknown) =>
        typeof v === 'bigint' ? String(v) : v,
      ),
    );
  return out.join('\n');
}

// ------------------------------------------------------------- adcli serve, as a process

describe.skipIf(onPostgres)('adcli serve --youtube-base-url', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });
  afterAll(cleanupAll);

  it('collects in its job workers with the key from ADCLI_YOUTUBE_API_KEY, never in argv or output', async () => {
    const sb = sandbox();
    server = await startServer(
      ['--memory', '--job-delay', '0', '--workers', '1', '--youtube-base-url', yt.baseUrl],
      { env: { ...sb.env, ADCLI_YOUTUBE_API_KEY: KEY } },
    );
    const created = await server.api('POST', '/data-stores', {
      name: 'Trail runners',
      channelIds: [WORLD.runner],
    });
    expect(created.status, created.text).toBe(201);
    const done = await until('the collection', async () => {
      const r = await server!.api('GET', `/data-stores/${created.body.id}`);
      return r.body.status !== 'collecting' && r.body;
    });
    expect(done).toMatchObject({ status: 'ready', error: '', channelCount: 1, videoCount: 3 });
    expect(yt.calls()).toBe(1 + 1 + 1 + 3);
    for (const r of yt.requests) expect(r.keyHeader).toBe(KEY);

    if (existsSync(`/proc/${server.pid}/cmdline`)) {
      const argv = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8');
      expect(argv).toContain('--youtube-base-url');
      expect(argv).not.toContain(KEY);
    }
    await server.stop();
    expect(server.stdout() + server.stderr()).not.toContain(KEY);
  });

  it('says at start where it collects from and within which quotas, never the key', async () => {
    const sb = sandbox();
    const proc = spawnAdcli(
      [
        'serve',
        '--memory',
        '--port',
        '0',
        '--youtube-base-url',
        yt.baseUrl,
        '--youtube-quota',
        '2500',
        '--youtube-workspace-quota',
        '500',
      ],
      { env: { ...sb.env, ADCLI_YOUTUBE_API_KEY: KEY } },
    );
    const shown = await proc.waitForStdout((t) => t.includes('Press Ctrl-C to stop.'));
    await proc.stop('SIGINT');
    expect(shown).toContain(
      `  YouTube    unknown channels and videos collected from ${yt.baseUrl}, 2,500 units a day (from midnight Pacific time), 500 for each workspace\n`,
    );
    expect(proc.stdout() + proc.stderr()).not.toContain(KEY);
  });

  it("keeps the key from --exec's command, wants a key for its flags, and a workspace's share within the server's", async () => {
    const sb = sandbox();
    const env = { ...sb.env, ADCLI_YOUTUBE_API_KEY: KEY };
    const shown = await runAdcli(
      [
        'serve',
        '--memory',
        '--quiet',
        '--youtube-base-url',
        yt.baseUrl,
        '--youtube-quota',
        '2500',
        '--exec',
        `node -e "process.stdout.write(String(process.env.ADCLI_YOUTUBE_API_KEY))"`,
      ],
      { env },
    );
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toBe('undefined');
    expect(shown.stderr).not.toContain(KEY);

    const refused = await runAdcli(['serve', '--memory', '--youtube-base-url', yt.baseUrl], {
      env: sb.env,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '--youtube-base-url needs a YouTube Data API key: set ADCLI_YOUTUBE_API_KEY (or give --youtube-api-key)',
    );
    const tooMuch = await runAdcli(
      ['serve', '--memory', '--youtube-quota', '100', '--youtube-workspace-quota', '200'],
      { env },
    );
    expect(tooMuch.code).toBe(2);
    expect(tooMuch.stderr).toContain(
      "--youtube-workspace-quota (200) cannot be more than the server's --youtube-quota (100)",
    );
  });
});

describe.skipIf(onPostgres)('the local profile', () => {
  it('collects with ADCLI_YOUTUBE_API_KEY as adcli serve does, and refuses a base URL that is not one', async () => {
    const env = {
      ...sandbox().env,
      ADCLI_YOUTUBE_API_KEY: KEY,
      ADCLI_YOUTUBE_BASE_URL: yt.baseUrl,
    };
    const made = await runCli(
      [
        'data-stores',
        'create',
        '--name',
        'Roasters',
        '--channel',
        WORLD.roaster,
        '--wait',
        '--json',
      ],
      { env },
    );
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({
      status: 'ready',
      error: ROASTER_NOTE,
      channelCount: 1,
      videoCount: 4,
    });
    expect(yt.calls()).toBe(1 + 1 + 1 + 4);
    for (const r of yt.requests) expect(r.keyHeader).toBe(KEY);
    expect(made.stdout + made.stderr).not.toContain(KEY);

    const refused = await runCli(['data-stores', 'list'], {
      env: { ...env, ADCLI_YOUTUBE_BASE_URL: 'ftp://example.com' },
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('ADCLI_YOUTUBE_BASE_URL must be an http(s) URL');
  });

  it('says why --wait waits: the quota Google says is spent', async () => {
    const env = {
      ...sandbox().env,
      ADCLI_YOUTUBE_API_KEY: KEY,
      ADCLI_YOUTUBE_BASE_URL: yt.baseUrl,
    };
    yt.fail('channels', { status: 403, reason: 'quotaExceeded' });
    const r = await runCli(
      [
        'data-stores',
        'create',
        '--name',
        'Runners',
        '--channel',
        WORLD.runner,
        '--wait',
        '--wait-timeout',
        '4s',
      ],
      { env },
    );
    // the local profile's job starts 1.5 s after the create; then the quota answer, shown while waiting
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      "collecting: the YouTube Data API says the project's daily quota is spent (quotaExceeded); collection resumes after midnight Pacific time",
    );
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });
});

// the stand-in's own world is what the tests above count on
it('has a world of two channels with 4 and 3 uploads', () => {
  expect(standInWorld().map((c) => c.videos.length)).toEqual([4, 3]);
});
