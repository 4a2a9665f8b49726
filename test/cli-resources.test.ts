/**
 * `adcli workspace`, `audiences …`, `data-stores …` and `brands …`, run in-process (test/helpers/cli.ts):
 * against a real `adcli serve` through ADCLI_BASE_URL + ADCLI_API_KEY, and on the built-in `local`
 * profile (demo seeded on first use). Piped output (TSV, no colour), --json against the API's own
 * answers, local validation before any request, each exit code, imports of real-shaped YouTube Data
 * API responses in batches, and a terminal's tables; prompts on a real pseudo-terminal.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchBody,
  packBatches,
  MAX_BATCH_BYTES,
} from '../src/commands/data-stores/import-batches.ts';
import { routeItems } from '../src/commands/data-stores/youtube-export.ts';
import { json, succeeded } from './helpers/assert.ts';
import { cliIn, runCli, type CliResult } from './helpers/cli.ts';
import {
  cleanupAll,
  hasScript,
  listAll,
  runInTerminal,
  sandbox,
  startServer,
  tempDir,
  type Sandbox,
  type Server,
} from './helpers/process.ts';

afterAll(cleanupAll);

const MISSING = 'ffffffffffffffffffffffff';
const ESC = '\x1b[';

/** Piped output: rows of tab-separated cells, no colour codes, no box drawing. */
function tsv(r: CliResult): string[][] {
  succeeded(r);
  expect(r.stdout).not.toContain(ESC);
  expect(r.stdout).not.toMatch(/[┌│└─]/);
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));
}

/** A failure: the exit code, one plain line on stderr (no stack trace) containing the fragments. */
function fails(r: CliResult, code: number, ...fragments: string[]): string {
  expect(r.code, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(code);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  const lines = r.stderr.trim().split('\n');
  expect(lines.length, r.stderr).toBe(1);
  for (const f of fragments) expect(r.stderr).toContain(f);
  return r.stderr;
}

// ------------------------------------------------ real-shaped YouTube Data API v3 responses

const CHANNEL = 'UCuAXFkgsw1L7xaCfnd5JJOw';
const CHANNEL2 = 'UC-lHJZR3Gqxm24_Vd_AJ5Yw';
const VIDEO = 'dQw4w9WgXcQ';
const VIDEO2 = 'yPYZpwSpKmA';

const channelList = {
  kind: 'youtube#channelListResponse',
  etag: 'xnZUkM9bC6Vl1dZ8rQeMCk8Hh6E',
  pageInfo: { totalResults: 2, resultsPerPage: 5 },
  items: [CHANNEL, CHANNEL2].map((id, i) => ({
    kind: 'youtube#channel',
    etag: `etag-${i}`,
    id,
    snippet: {
      title: i ? 'Second Channel' : 'Rick Astley',
      description: 'Official channel.',
      customUrl: i ? '@second' : '@rickastleyyt',
      publishedAt: '2006-07-25T21:27:11Z',
      thumbnails: {
        default: {
          url: `https://yt3.ggpht.com/${i}=s88-c-k-c0x00ffffff-no-rj`,
          width: 88,
          height: 88,
        },
        medium: {
          url: `https://yt3.ggpht.com/${i}=s240-c-k-c0x00ffffff-no-rj`,
          width: 240,
          height: 240,
        },
        high: {
          url: `https://yt3.ggpht.com/${i}=s800-c-k-c0x00ffffff-no-rj`,
          width: 800,
          height: 800,
        },
      },
      localized: { title: 'Rick Astley', description: 'Official channel.' },
      country: 'GB',
    },
    contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${id.slice(2)}` } },
    statistics: {
      viewCount: '2681406911',
      subscriberCount: '4270000',
      hiddenSubscriberCount: false,
      videoCount: '228',
    },
    brandingSettings: {
      channel: {
        title: 'Rick Astley',
        keywords: '"rick astley" music pop',
        unsubscribedTrailer: VIDEO,
      },
      image: {},
    },
  })),
};

const videoList = {
  kind: 'youtube#videoListResponse',
  etag: 'Xy1mB4_yLrHy_BmKmPBggty2mZQ',
  items: [
    [VIDEO, CHANNEL, 'Rick Astley - Never Gonna Give You Up (Official Music Video)', 'PT3M34S'],
    [VIDEO2, CHANNEL2, 'Together Forever (Official Video)', 'PT3M25S'],
  ].map(([id, channelId, title, duration]) => ({
    kind: 'youtube#video',
    etag: `etag-${id}`,
    id,
    snippet: {
      publishedAt: '2009-10-25T06:57:33Z',
      channelId,
      title,
      description: 'The official video for “Never Gonna Give You Up” by Rick Astley.',
      thumbnails: {
        default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
      },
      channelTitle: 'Rick Astley',
      tags: ['rick astley', 'Never Gonna Give You Up', 'rickroll'],
      categoryId: '10',
      liveBroadcastContent: 'none',
      defaultLanguage: 'en',
      localized: { title, description: '…' },
      defaultAudioLanguage: 'en',
    },
    contentDetails: {
      duration,
      dimension: '2d',
      definition: 'hd',
      caption: 'true',
      licensedContent: true,
      contentRating: {},
      projection: 'rectangular',
    },
    statistics: {
      viewCount: '1613486491',
      likeCount: '18156428',
      favoriteCount: '0',
      commentCount: '2368000',
    },
  })),
  pageInfo: { totalResults: 2, resultsPerPage: 2 },
};

const comment = (id: string, videoId: string, text: string) => ({
  kind: 'youtube#comment',
  etag: `etag-${id}`,
  id,
  snippet: {
    channelId: CHANNEL,
    videoId,
    textDisplay: text,
    textOriginal: text,
    authorDisplayName: '@listener',
    authorProfileImageUrl: 'https://yt3.ggpht.com/ytc/abc=s48-c-k-c0x00ffffff-no-rj',
    authorChannelUrl: 'http://www.youtube.com/@listener',
    authorChannelId: { value: 'UCabcdefghijklmnopqrstuv' },
    canRate: true,
    viewerRating: 'none',
    likeCount: 12,
    publishedAt: '2024-01-02T03:04:05Z',
    updatedAt: '2024-01-02T03:04:05Z',
  },
});

const commentThreadList = {
  kind: 'youtube#commentThreadListResponse',
  etag: 'nH2cEHbSgE6Xo0ocwG9U-0p4Q6U',
  nextPageToken: 'QURTSl9pMkVBQU',
  pageInfo: { totalResults: 2, resultsPerPage: 20 },
  items: [
    {
      kind: 'youtube#commentThread',
      etag: 'thread-1',
      id: 'UgzDE2tasfmrYLyNkGt4AaABAg',
      snippet: {
        channelId: CHANNEL,
        videoId: VIDEO,
        topLevelComment: comment('UgzDE2tasfmrYLyNkGt4AaABAg', VIDEO, 'Still a banger.'),
        canReply: true,
        totalReplyCount: 1,
        isPublic: true,
      },
      replies: { comments: [comment('UgzDE2tasfmrYLyNkGt4AaABAg.9xYz', VIDEO, 'Agreed!')] },
    },
    {
      kind: 'youtube#commentThread',
      etag: 'thread-2',
      id: 'UgwQ1a2b3c4d5e6f7g8h9i0jAaABAg',
      snippet: {
        channelId: CHANNEL2,
        videoId: VIDEO2,
        topLevelComment: comment('UgwQ1a2b3c4d5e6f7g8h9i0jAaABAg', VIDEO2, 'Classic.'),
        canReply: true,
        totalReplyCount: 0,
        isPublic: true,
      },
    },
  ],
};

// ------------------------------------------------------------------- against adcli serve

describe('against adcli serve --memory (ADCLI_BASE_URL + ADCLI_API_KEY)', () => {
  let sb: Sandbox;
  let s: Server;
  let env: NodeJS.ProcessEnv;
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    runCli(args, { env: { ...env, ...extra } });
  const runWithInput = (args: string[], input: string) => runCli(args, { env, stdin: input });

  beforeAll(async () => {
    sb = sandbox();
    s = await startServer(['--memory', '--quiet', '--rate-limit', '0', '--job-delay', '0'], {
      env: sb.env,
    });
    env = { ...sb.env, ADCLI_BASE_URL: s.info.baseUrl, ADCLI_API_KEY: s.info.apiKey };
  });
  afterAll(async () => {
    await s?.stop('SIGTERM');
  });

  it('workspace: piped fields and rows, --json equal to GET /workspace', async () => {
    const b = json(await run(['brands', 'create', '--name', 'WS brand', '--json']));
    const created = await s.api('POST', '/campaigns', { name: 'WS campaign', brandId: b.id });
    expect(created.status).toBe(201);

    const rows = tsv(await run(['workspace']));
    expect(rows).toContainEqual(['Workspace', 'default']);
    expect(rows.find((r) => r[0] === 'Brands')?.[1]).toMatch(/^\d+$/);
    expect(
      rows.some((r) => r[0] === created.body.id && r[1] === 'WS campaign' && r[2] === 'draft'),
    ).toBe(true);

    const api = await s.api('GET', '/workspace');
    expect(json(await run(['workspace', '--json']))).toEqual(api.body);
  });

  it('brands: create, get, list (TSV, --name, --limit, --all), update, delete with --yes', async () => {
    const created = json(
      await run([
        'brands',
        'create',
        '--name',
        'Acme Tents',
        '--website',
        'https://acme.example',
        '--description',
        'Tents for everyone',
        '--json',
      ]),
    );
    expect(created).toMatchObject({
      name: 'Acme Tents',
      website: 'https://acme.example',
      description: 'Tents for everyone',
    });
    expect((await s.api('GET', `/brands/${created.id}`)).body).toEqual(created);

    const fields = tsv(await run(['brands', 'get', created.id]));
    expect(fields).toContainEqual(['ID', created.id]);
    expect(fields).toContainEqual(['Name', 'Acme Tents']);
    expect(fields).toContainEqual(['Website', 'https://acme.example']);
    expect(json(await run(['brands', 'get', created.id, '--json']))).toEqual(created);

    for (const n of [1, 2, 3])
      succeeded(await run(['brands', 'create', '--name', `Paged brand ${n}`]));
    const rows = tsv(await run(['brands', 'list', '--name', 'Paged brand']));
    expect(rows.map((r) => r[1])).toEqual(['Paged brand 3', 'Paged brand 2', 'Paged brand 1']);
    expect(rows.every((r) => r.length === 4)).toBe(true);

    const page = await run(['brands', 'list', '--limit', '2', '--json']);
    expect(json(page)).toHaveLength(2);
    const all = json(await run(['brands', 'list', '--all', '--limit', '2', '--json']));
    const api = await listAll(s.info.baseUrl, s.info.apiKey, '/brands');
    expect(all).toEqual(api);
    expect(all.length).toBeGreaterThan(2);

    const updated = json(
      await run([
        'brands',
        'update',
        created.id,
        '--website',
        '',
        '--name',
        'Acme Tents & Tarps',
        '--json',
      ]),
    );
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Acme Tents & Tarps',
      website: '',
      description: 'Tents for everyone',
    });

    fails(await run(['brands', 'delete', created.id]), 2, '--yes');
    expect((await s.api('GET', `/brands/${created.id}`)).status).toBe(200);
    const del = json(await run(['brands', 'delete', created.id, '--yes', '--json']));
    expect(del).toEqual({ id: created.id, deleted: true });
    fails(await run(['brands', 'get', created.id]), 3, 'not_found');
  });

  it('audiences: every field has a flag; --no-X clears a list; list, get, delete', async () => {
    const store = json(await run(['data-stores', 'create', '--name', 'For audiences', '--json']));
    const a = json(
      await run([
        'audiences',
        'create',
        '--name',
        'Hikers',
        '--description',
        'People who hike',
        '--kind',
        'affinity',
        '--keyword',
        'hiking boots',
        '--keyword',
        'trail maps',
        '--topic',
        'Outdoors',
        '--tag',
        'q1',
        '--tag',
        'test',
        '--data-store',
        store.id,
        '--json',
      ]),
    );
    expect(a).toMatchObject({
      name: 'Hikers',
      description: 'People who hike',
      kind: 'affinity',
      keywords: ['hiking boots', 'trail maps'],
      topics: ['Outdoors'],
      tags: ['q1', 'test'],
      dataStoreIds: [store.id],
    });
    expect((await s.api('GET', `/audiences/${a.id}`)).body).toEqual(a);

    const rows = tsv(await run(['audiences', 'list', '--name', 'Hikers']));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 6)).toEqual([a.id, 'Hikers', 'affinity', '2', '1', '1']);
    expect(json(await run(['audiences', 'list', '--json']))).toEqual(
      (await s.api('GET', '/audiences')).body.data,
    );

    const fields = tsv(await run(['audiences', 'get', a.id]));
    expect(fields).toContainEqual(['Keywords', 'hiking boots, trail maps']);
    expect(fields).toContainEqual(['Data stores', store.id]);

    const u = json(
      await run([
        'audiences',
        'update',
        a.id,
        '--no-keyword',
        '--topic',
        'Camping',
        '--kind',
        'in_market',
        '--json',
      ]),
    );
    expect(u).toMatchObject({
      keywords: [],
      topics: ['Camping'],
      kind: 'in_market',
      tags: ['q1', 'test'],
    });
    fails(await run(['audiences', 'update', a.id]), 2, 'nothing to change');

    fails(await run(['audiences', 'create', '--name', 'x', '--kind', 'lookalike']), 2);
    fails(await run(['audiences', 'delete', a.id]), 2, '--yes');
    succeeded(await run(['audiences', 'delete', a.id, '--yes']));
    expect((await s.api('GET', `/audiences/${a.id}`)).status).toBe(404);
  });

  it('data stores: create, get, update, list, import of YouTube list responses, channels and videos tables', async () => {
    const dir = tempDir(sb, 'import');
    const files = {
      channels: join(dir, 'channels.json'),
      videos: join(dir, 'videos.json'),
      comments: join(dir, 'comment-threads.json'),
    };
    writeFileSync(files.channels, JSON.stringify(channelList, null, 2));
    writeFileSync(files.videos, JSON.stringify(videoList, null, 2));
    writeFileSync(files.comments, JSON.stringify(commentThreadList, null, 2));

    const ds = json(
      await run([
        'data-stores',
        'create',
        '--name',
        'Music',
        '--description',
        'imported',
        '--json',
      ]),
    );
    expect(ds).toMatchObject({
      name: 'Music',
      description: 'imported',
      status: 'ready',
      scope: 'workspace',
      channelCount: 0,
    });

    // Files in any order: channels go first, then videos, then comments (the threads need their videos).
    const r = await run([
      'data-stores',
      'import',
      ds.id,
      '--file',
      files.comments,
      '--file',
      files.videos,
      '--file',
      files.channels,
    ]);
    const rows = tsv(r);
    expect(rows).toContainEqual(['Imported', '2 channels, 2 videos, 3 comments in 1 request']);
    expect(rows).toContainEqual(['Channels', '2']);
    expect(rows).toContainEqual(['Videos', '2']);

    const channels = tsv(await run(['data-stores', 'channels', ds.id]));
    expect(channels.map((c) => c[0]).sort()).toEqual([CHANNEL, CHANNEL2].sort());
    const rick = channels.find((c) => c[0] === CHANNEL)!;
    expect(rick.slice(1)).toEqual(['Rick Astley', '@rickastleyyt', 'GB', '4270000', '1']);
    expect(json(await run(['data-stores', 'channels', ds.id, '--json']))).toEqual(
      (await s.api('GET', `/data-stores/${ds.id}/channels`)).body.data,
    );

    const videos = tsv(await run(['data-stores', 'videos', ds.id, '--channel', CHANNEL]));
    expect(videos).toHaveLength(1);
    expect(videos[0]!.slice(0, 5)).toEqual([
      VIDEO,
      CHANNEL,
      'Rick Astley - Never Gonna Give You Up (Official Music Video)',
      '2009-10-25',
      '1613486491',
    ]);
    expect(videos[0]![7]).toBe('PT3M34S');

    // An array of resources on stdin, --json: the API's {dataStore, imported}.
    const mixed = [...channelList.items, ...videoList.items];
    const viaStdin = JSON.parse(
      succeeded(
        await runWithInput(
          ['data-stores', 'import', ds.id, '--file', '-', '--json'],
          JSON.stringify(mixed),
        ),
      ).stdout,
    );
    expect(viaStdin.imported).toEqual({ channels: 2, videos: 2, comments: 0 });
    expect(viaStdin.dataStore).toEqual((await s.api('GET', `/data-stores/${ds.id}`)).body);
    // The {channels, videos, comments} shape too.
    const bundle = {
      channels: [channelList.items[0]],
      videos: [videoList.items[0]],
      comments: [commentThreadList.items[0]],
    };
    const viaBundle = JSON.parse(
      succeeded(
        await runWithInput(
          ['data-stores', 'import', ds.id, '-f', '-', '--json'],
          JSON.stringify(bundle),
        ),
      ).stdout,
    );
    expect(viaBundle.imported).toEqual({ channels: 1, videos: 1, comments: 2 });

    const got = json(await run(['data-stores', 'get', ds.id, '--json']));
    expect(got).toEqual((await s.api('GET', `/data-stores/${ds.id}`)).body);
    const upd = json(
      await run(['data-stores', 'update', ds.id, '--name', 'Music videos', '--json']),
    );
    expect(upd).toMatchObject({ id: ds.id, name: 'Music videos', channelCount: 2, videoCount: 2 });

    const list = tsv(await run(['data-stores', 'list', '--name', 'Music videos']));
    expect(list).toEqual([
      [
        ds.id,
        'Music videos',
        'ready',
        'workspace',
        '2',
        '2',
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      ],
    ]);
    expect(json(await run(['data-stores', 'list', '--include-library', '--json']))).toEqual(
      (await s.api('GET', '/data-stores?includeLibrary=true')).body.data,
    );

    fails(await run(['data-stores', 'delete', ds.id]), 2, '--yes');
    succeeded(await run(['data-stores', 'delete', ds.id, '--yes']));
    fails(await run(['data-stores', 'get', ds.id]), 3);
  });

  it('data-stores import: a bad file fails locally (exit 2) naming the file and the field, and nothing is imported', async () => {
    const ds = json(await run(['data-stores', 'create', '--name', 'Strict', '--json']));
    const dir = tempDir(sb, 'bad');
    const badVideo = structuredClone(videoList);
    badVideo.items[1]!.snippet.title = '';
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([channelList, badVideo]));
    fails(
      await run(['data-stores', 'import', ds.id, '--file', file]),
      2,
      `${file}: [1].items[1].snippet.title must not be empty`,
    );
    expect((await s.api('GET', `/data-stores/${ds.id}`)).body.channelCount).toBe(0);

    fails(
      await runWithInput(
        ['data-stores', 'import', ds.id, '-f', '-'],
        '{"kind":"youtube#searchListResponse","items":[]}',
      ),
      2,
      'youtube#searchListResponse cannot be imported',
    );
    fails(
      await runWithInput(['data-stores', 'import', ds.id, '-f', '-'], 'not json'),
      2,
      'stdin is not JSON',
    );
    fails(
      await runWithInput(['data-stores', 'import', ds.id, '-f', '-'], '{"channels":[],"etag":"x"}'),
      2,
      'unknown field "etag"',
    );
    fails(
      await runWithInput(['data-stores', 'import', ds.id, '-f', '-'], '[]'),
      2,
      'nothing to import',
    );
    const orphan = {
      comments: [{ kind: 'youtube#comment', id: 'c1', snippet: { textOriginal: 'hi' } }],
    };
    fails(
      await runWithInput(['data-stores', 'import', ds.id, '-f', '-'], JSON.stringify(orphan)),
      2,
      'comments[0].snippet.videoId is required',
    );
    fails(await run(['data-stores', 'import', ds.id]), 2, '--file is required');
    fails(
      await run(['data-stores', 'import', ds.id, '--file', join(dir, 'missing.json')]),
      2,
      'ENOENT',
    );
    // A comment on a video the catalog does not hold: the API refuses it (400 → exit 3).
    const unknownVideo = { comments: [comment('c2', 'AAAAAAAAAAA', 'hello')] };
    fails(
      await runWithInput(['data-stores', 'import', ds.id, '-f', '-'], JSON.stringify(unknownVideo)),
      3,
      'not in the catalog',
      'invalid_request',
    );
    fails(await run(['data-stores', 'import', MISSING, '--file', join(dir, 'bad.json')]), 2);
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(videoList));
    fails(await run(['data-stores', 'import', MISSING, '--file', good]), 3, 'not_found');
  });

  it('data-stores import: a large export goes in batches under the count limits and 1 MB, each with its own Idempotency-Key', async () => {
    const ds = json(await run(['data-stores', 'create', '--name', 'Big import', '--json']));
    const dir = tempDir(sb, 'big');
    const ch = 'UCbigbigbigbigbigbigbigb';
    const vid = (i: number) => `v${String(i).padStart(10, '0')}`;
    const videos = {
      kind: 'youtube#videoListResponse',
      items: Array.from({ length: 1100 }, (_, i) => ({
        kind: 'youtube#video',
        id: vid(i),
        snippet: { channelId: ch, title: `Video ${i}`, description: 'd'.repeat(1200), tags: ['t'] },
        statistics: { viewCount: '10' },
      })),
    };
    const threads = {
      kind: 'youtube#commentThreadListResponse',
      items: Array.from({ length: 5100 }, (_, i) => ({
        kind: 'youtube#commentThread',
        id: `thread${i}`,
        snippet: {
          videoId: vid(i % 1100),
          topLevelComment: {
            kind: 'youtube#comment',
            id: `thread${i}`,
            snippet: { textOriginal: 'nice', authorDisplayName: 'a' },
          },
        },
      })),
    };
    writeFileSync(join(dir, 'videos.json'), JSON.stringify(videos));
    writeFileSync(join(dir, 'threads.json'), JSON.stringify(threads));
    writeFileSync(
      join(dir, 'channel.json'),
      JSON.stringify({
        kind: 'youtube#channelListResponse',
        items: [{ kind: 'youtube#channel', id: ch, snippet: { title: 'Big' } }],
      }),
    );

    const r = await run(
      [
        'data-stores',
        'import',
        ds.id,
        '-f',
        join(dir, 'threads.json'),
        '-f',
        join(dir, 'videos.json'),
        '-f',
        join(dir, 'channel.json'),
        '--json',
        '--debug',
        '--idempotency-key',
        'big-import',
      ],
      {},
    );
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.imported).toEqual({ channels: 1, videos: 1100, comments: 5100 });
    expect(out.dataStore).toMatchObject({ id: ds.id, channelCount: 1, videoCount: 1100 });

    const posts = r.stderr.split('\n').filter((l) => l.startsWith('→ POST'));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const keys = [...r.stderr.matchAll(/idempotency-key: (\S+)/g)].map((m) => m[1]);
    expect(keys).toEqual(posts.map((_, i) => `big-import-${i + 1}`));
    const sizes = [...r.stderr.matchAll(/… \((\d+) chars\)/g)].map((m) => Number(m[1]));
    expect(sizes.filter((n) => n > 100_000).length).toBeGreaterThanOrEqual(posts.length - 1);
    for (const n of sizes) expect(n).toBeLessThan(1_000_000);

    // Running it again with the same key replays each batch: nothing doubles.
    const again = await run([
      'data-stores',
      'import',
      ds.id,
      '-f',
      join(dir, 'threads.json'),
      '-f',
      join(dir, 'videos.json'),
      '-f',
      join(dir, 'channel.json'),
      '--json',
      '--idempotency-key',
      'big-import',
    ]);
    expect(JSON.parse(succeeded(again).stdout).imported).toEqual(out.imported);
    const after = await s.api('GET', `/data-stores/${ds.id}`);
    expect(after.body).toMatchObject({ channelCount: 1, videoCount: 1100 });
  });

  it('validates locally before any request: an unreachable API still gives exit 2 with the server message', async () => {
    const down = { ADCLI_BASE_URL: 'http://127.0.0.1:9/api/v1' };
    const long = 'x'.repeat(161);
    fails(
      await run(['brands', 'create', '--name', long], down),
      2,
      '--name must be at most 160 characters',
    );
    fails(
      await run(['audiences', 'create', '--name', long], down),
      2,
      '--name must be at most 160 characters',
    );
    fails(
      await run(['data-stores', 'create', '--name', long], down),
      2,
      '--name must be at most 160 characters',
    );
    fails(
      await run(['brands', 'update', MISSING, '--website', 'ftp://x'], down),
      2,
      '--website must be an http(s) URL or empty',
    );
    fails(
      await run(['audiences', 'create', '--name', 'ok', '--keyword', 'k'.repeat(81)], down),
      2,
      '--keyword must be at most 80 characters',
    );
    fails(
      await run(['audiences', 'create', '--name', 'ok', '--data-store', 'nope'], down),
      2,
      '--data-store must match',
    );
    fails(
      await run(['audiences', 'update', MISSING, '--description', 'd'.repeat(4001)], down),
      2,
      '--description must be at most 4000 characters',
    );
    fails(
      await run(['data-stores', 'create', '--name', 'ok', '--channel', 'UCshort'], down),
      2,
      '--channel must be a YouTube channel id',
    );
    fails(
      await run(['data-stores', 'create', '--name', 'ok', '--video', 'bad'], down),
      2,
      '--video must be a YouTube video id',
    );
    fails(await run(['brands', 'get', 'not-an-id'], down), 2, 'brandId must match');
    fails(await run(['audiences', 'list', '--limit', '101'], down), 2);
    fails(
      await run(['brands', 'list', '--name', long], down),
      2,
      '--name must be at most 160 characters',
    );
    fails(
      await run(['brands', 'create', '--name', 'ok', '--idempotency-key', 'k'.repeat(201)], down),
      2,
      'Idempotency-Key must be 1 to 200 characters',
    );
    // missing required flag without a terminal: a usage error naming the flag
    fails(
      await run(['brands', 'create', '--website', 'https://x.example'], down),
      2,
      '--name is required',
    );
    fails(await run(['audiences', 'create'], down), 2, '--name is required');
    fails(await run(['data-stores', 'create'], down), 2, '--name is required');
    fails(await run(['data-stores', 'delete', MISSING], down), 2, '--yes');
    // the same command with valid values does reach for the network (and fails there, exit 5)
    fails(await run(['brands', 'create', '--name', 'ok'], down), 5, 'cannot reach');
  });

  it('404 is exit 3; with --json the error goes to stderr as JSON', async () => {
    fails(await run(['brands', 'get', MISSING]), 3, 'not_found');
    fails(await run(['audiences', 'get', MISSING]), 3, 'not_found');
    fails(await run(['data-stores', 'get', MISSING]), 3, 'not_found');
    fails(await run(['data-stores', 'channels', MISSING]), 3, 'not_found');
    fails(await run(['audiences', 'update', MISSING, '--name', 'x']), 3, 'not_found');
    fails(await run(['brands', 'delete', MISSING, '--yes']), 3, 'not_found');
    const r = await run(['audiences', 'get', MISSING, '--json']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    const err = JSON.parse(r.stderr).error;
    expect(err).toMatchObject({ status: 404, code: 'not_found' });
    expect(err.requestId).toMatch(/\S/);
  });
});

describe('a key without the scope (adcli serve keys create)', () => {
  it('403 is exit 4; what the key may do still works', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'scoped');
    const s = await startServer(['--data', dir, '--quiet', '--rate-limit', '0'], { env: sb.env });
    try {
      const k = await runCli(
        [
          'serve',
          'keys',
          'create',
          '--data',
          dir,
          '--workspace',
          'default',
          '--scopes',
          'campaigns:read',
          '--json',
        ],
        { env: sb.env },
      );
      const key = json(k).key as string;
      const env = { ...sb.env, ADCLI_BASE_URL: s.info.baseUrl, ADCLI_API_KEY: key };
      succeeded(await runCli(['workspace'], { env }));
      fails(await runCli(['audiences', 'list'], { env }), 4, 'audiences:read');
      fails(await runCli(['brands', 'create', '--name', 'nope'], { env }), 4);
      fails(await runCli(['data-stores', 'list'], { env }), 4);
      const bad = await runCli(['brands', 'list'], {
        env: { ...env, ADCLI_API_KEY: 'adcli_notakeyatall0000000000' },
      });
      fails(bad, 4);
    } finally {
      await s.stop('SIGTERM');
    }
  });
});

// ------------------------------------------------------------------- the local profile

describe('the built-in local profile (no env; the demo seeded on first use)', () => {
  let sb: Sandbox;
  const run = (args: string[]) => runCli(args, { env: sb.env });
  beforeAll(() => {
    sb = sandbox();
  });

  it('workspace, lists and a library store', async () => {
    const ws = json(await run(['workspace', '--json']));
    expect(ws.slug).toBe('demo');
    expect(ws.counts.audiences).toBeGreaterThan(0);
    const rows = tsv(await run(['workspace']));
    expect(rows).toContainEqual(['Workspace', 'demo']);
    expect(rows.filter((r) => /^[a-f0-9]{24}$/.test(r[0]!))).toHaveLength(
      ws.recentCampaigns.length,
    );

    const audiences = tsv(await run(['audiences', 'list']));
    expect(audiences).toHaveLength(ws.counts.audiences);
    const brands = json(await run(['brands', 'list', '--json']));
    expect(brands).toHaveLength(ws.counts.brands);

    const own = json(await run(['data-stores', 'list', '--json']));
    expect(own.every((d: any) => d.scope === 'workspace')).toBe(true);
    const withLib = tsv(await run(['data-stores', 'list', '--include-library']));
    const lib = withLib.find((r) => r[3] === 'library')!;
    expect(lib).toBeTruthy();
    expect(lib[2]).toBe('ready');

    const channels = tsv(await run(['data-stores', 'channels', lib[0]!]));
    expect(channels.length).toBe(Number(lib[4]));
    expect(channels.every((c) => /^UC[A-Za-z0-9_-]{22}$/.test(c[0]!))).toBe(true);
    const videos = json(
      await run(['data-stores', 'videos', lib[0]!, '--all', '--limit', '10', '--json']),
    );
    expect(videos).toHaveLength(Number(lib[5]));

    // library stores are read-only: 409 → exit 3
    fails(await run(['data-stores', 'delete', lib[0]!, '--yes']), 3, 'conflict');
  });

  it('create, update and delete a brand and an audience; the data persists between runs', async () => {
    const b = json(await run(['brands', 'create', '--name', 'Local brand', '--json']));
    const a = json(
      await run(['audiences', 'create', '--name', 'Local audience', '--tag', 'x', '--json']),
    );
    expect(json(await run(['brands', 'get', b.id, '--json']))).toEqual(b);
    expect(
      json(await run(['audiences', 'update', a.id, '--description', 'later', '--json'])),
    ).toMatchObject({ description: 'later', tags: ['x'] });
    succeeded(await run(['brands', 'delete', b.id, '--yes']));
    fails(await run(['brands', 'get', b.id]), 3);
    fails(await run(['audiences', 'delete', a.id]), 2, '--yes');
    succeeded(await run(['audiences', 'delete', a.id, '-y']));
  });
});

// ------------------------------------------------------------------- a terminal

describe('on a terminal', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cliIn>;
  beforeAll(() => {
    sb = sandbox();
    adcli = cliIn(sb.env, { tty: true, columns: 120 });
  });

  it('tables with a header line, the local-backend notice, and aligned fields', async () => {
    const list = await adcli(['audiences', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^ID +NAME +KIND/);
    expect(list.stderr).toContain('Using the local backend');
    const ws = await adcli(['workspace']);
    expect(ws.code, ws.stderr).toBe(0);
    expect(ws.stdout).toMatch(/Workspace +demo/);
    expect(ws.stdout).toMatch(/^RECENT CAMPAIGN +NAME/m);
    const stores = await adcli(['data-stores', 'list', '--include-library'], { columns: 120 });
    expect(stores.stdout).toMatch(/ library +\d/);
  });

  it('with colour: status words coloured', async () => {
    const env = { ...sb.env };
    delete env.NO_COLOR;
    const r = await runCli(['data-stores', 'list'], { env, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${ESC}32mready${ESC}39m`);
  });
});

describe.skipIf(!hasScript)('on a real terminal (pseudo-terminal via script)', () => {
  it('prompts for a missing name, and confirms a delete', async () => {
    const sb = sandbox();
    const created = await runInTerminal(
      ['brands', 'create', '--website', 'https://typed.example'],
      sb.env,
      { dialog: { prompt: 'Brand name', answer: 'Typed brand\r' } },
    );
    expect(created.code, created.output).toBe(0);
    const id = /ID +([a-f0-9]{24})/.exec(created.output)?.[1];
    expect(id).toBeTruthy();
    const rows = tsv(await runCli(['brands', 'list', '--name', 'Typed brand'], { env: sb.env }));
    expect(rows).toEqual([[id, 'Typed brand', 'https://typed.example', expect.any(String)]]);

    const no = await runInTerminal(['brands', 'delete', id!], sb.env, {
      dialog: { prompt: 'Delete brand', answer: 'n\r' },
    });
    expect(no.code).toBe(2);
    expect(no.output).toContain('nothing deleted');
    const yes = await runInTerminal(['brands', 'delete', id!], sb.env, {
      dialog: { prompt: 'Delete brand', answer: 'y\r' },
    });
    expect(yes.code, yes.output).toBe(0);
    expect(yes.output).toContain(`Deleted brand ${id}`);
  });
});

// ------------------------------------------------------------------- import packing (no process)

describe('import routing and packing', () => {
  it('routes list responses by kind and packs channels, videos, comments in order within the limits', () => {
    const items = routeItems([commentThreadList, videoList, channelList], 'f.json');
    expect(items.map((i) => i.kind)).toEqual([
      'comments',
      'comments',
      'videos',
      'videos',
      'channels',
      'channels',
    ]);
    expect(items[0]!.path).toEqual([0, 'items', 0]);
    const one = packBatches(items);
    expect(one).toHaveLength(1);
    expect(Object.keys(batchBody(one[0]!))).toEqual(['channels', 'videos', 'comments']);

    const many = routeItems(
      { videos: Array.from({ length: 2500 }, (_, i) => ({ id: `v${i}`, snippet: {} })) },
      'g.json',
    );
    const batches = packBatches(many, MAX_BATCH_BYTES, {
      channels: 100,
      videos: 1000,
      comments: 5000,
    });
    expect(batches.map((b) => b.videos.length)).toEqual([1000, 1000, 500]);
    const small = packBatches(many, 20_000);
    for (const b of small)
      expect(Buffer.byteLength(JSON.stringify(batchBody(b)))).toBeLessThanOrEqual(20_000);
    expect(small.reduce((n, b) => n + b.videos.length, 0)).toBe(2500);
  });
});
