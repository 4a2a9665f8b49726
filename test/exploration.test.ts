// @store both
import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../server/schemas/common.ts';
import { storeVideo } from '../server/schemas/records.ts';
import { demoContent } from '../server/seed/demo-content.ts';
import { runSeed } from '../server/seed/index.ts';
import { expectError, ok } from './helpers/assert.ts';
import { clientFor, testBackend, type Client, type TestBackend } from './helpers/backend.ts';

/**
 * Audience exploration (invite-only) against the demo seed: Get a video-platform channel (contract)
 * and the views adcli adds (search, a channel's videos, similar channels).
 */

const SLOW_POUR = 'UC0PLkj0PKZXCdtyUjofn6e7'; // home pour-over coffee
const CREMA_LAB = 'UCMXfjkq_XBv-OXTMXyRMboC'; // home espresso
const FELL_TARN = 'UC0UCuExXhf4pTu6DRH9v4NA'; // fell running
const DIRT_ROAD = 'UCwHPrc0ldpsuwEOUbAJnHwi'; // trail running, Flagstaff
const UNKNOWN = 'UC' + 'x'.repeat(22);

const CHANNEL_KEYS = [
  'channelId',
  'contentThemes',
  'country',
  'handle',
  'imageUrl',
  'recentTitles',
  'subscribers',
  'title',
  'topics',
];

const content = demoContent();
const seedChannels = content.channels;
const seedVideosOf = (channelId: string) =>
  content.videos
    .filter((v) => v.snippet.channelId === channelId)
    .sort((a, b) =>
      a.snippet.publishedAt! < b.snippet.publishedAt!
        ? 1
        : a.snippet.publishedAt! > b.snippet.publishedAt!
          ? -1
          : 0,
    );

function expectChannelShape(c: any): void {
  expect(Object.keys(c).sort()).toEqual(CHANNEL_KEYS);
  expect(c.channelId).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
  for (const k of ['title', 'handle', 'imageUrl', 'country'] as const)
    expect(c[k]).toEqual(expect.any(String));
  expect(c.subscribers).toEqual(expect.any(Number));
  for (const k of ['topics', 'contentThemes', 'recentTitles'] as const) {
    expect(Array.isArray(c[k])).toBe(true);
    for (const x of c[k]) expect(x).toEqual(expect.any(String));
  }
}

/** Follows nextCursor through every page; returns the pages. */
async function allPages(client: Client, path: string, limit: number): Promise<any[][]> {
  const pages: any[][] = [];
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const body: any = ok(
      await client.get(
        `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    );
    expect(Object.keys(body).sort()).toEqual(['data', 'nextCursor']);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    pages.push(body.data);
    cursor = body.nextCursor;
    if (cursor !== null) expect(body.data.length).toBe(limit);
    expect(pages.length).toBeLessThan(100);
  } while (cursor !== null);
  return pages;
}

let b: TestBackend;
let demo: Client;
let demoWs: string;

beforeAll(async () => {
  b = await testBackend();
  demoWs = (await runSeed(b.services, 'demo')).workspaceId;
  demo = clientFor(
    b.app,
    await b.store.write(
      async () => (await b.services.keys.create(demoWs, { scopes: ['exploration:read'] })).key,
    ),
  );
});

// ---------------------------------------------------------------------------------------------

describe('invite-only', () => {
  const paths = [
    `/exploration/channels/${SLOW_POUR}`,
    '/exploration/channels?query=coffee',
    `/exploration/channels/${SLOW_POUR}/videos`,
    `/exploration/channels/${SLOW_POUR}/similar`,
  ];

  it.each(paths)('GET %s: 200 for the invited demo workspace', async (path) => {
    expect((await demo.get(path)).status).toBe(200);
  });

  it.each(paths)(
    'GET %s: 403 forbidden for a workspace that was not invited, even with the scope',
    async (path) => {
      const acme = await b.client({ workspace: 'acme', scopes: ['exploration:read'] });
      expectError(await acme.get(path), 403, 'forbidden', /invit/);
      // every scope does not help either
      expectError(await b.api.get(path), 403, 'forbidden', /invit/);
    },
  );

  it.each(paths)(
    'GET %s: 403 for a key of the invited workspace without exploration:read',
    async (path) => {
      const noScope = clientFor(
        b.app,
        await b.store.write(
          async () =>
            (
              await b.services.keys.create(demoWs, {
                scopes: SCOPES.filter((s) => s !== 'exploration:read'),
              })
            ).key,
        ),
      );
      expectError(await noScope.get(path), 403, 'forbidden', 'exploration:read');
    },
  );

  it('a workspace invited later gets in', async () => {
    await b.store.write(async () => b.services.workspaces.ensure('invited', { exploration: true }));
    const invited = await b.client({ workspace: 'invited', scopes: ['exploration:read'] });
    expect(ok(await invited.get(`/exploration/channels/${SLOW_POUR}`)).title).toBe('The Slow Pour');
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /exploration/channels/{channelId}', () => {
  it('describes a channel with exactly the contract fields', async () => {
    const c = ok(await demo.get(`/exploration/channels/${SLOW_POUR}`));
    expectChannelShape(c);
    const seed = seedChannels.find((s) => s.id === SLOW_POUR)!;
    expect(c).toMatchObject({
      channelId: SLOW_POUR,
      title: seed.snippet.title,
      handle: expect.stringContaining('theslowpour'),
      subscribers: Number(seed.statistics!.subscriberCount),
      country: seed.snippet.country,
    });
    expect(c.imageUrl).toMatch(/^https:\/\//);
  });

  it.each(seedChannels.map((s) => [s.snippet.title, s.id] as const))(
    'lists the recent titles of %s newest first, as in the seed',
    async (_title, id) => {
      const c = ok(await demo.get(`/exploration/channels/${id}`));
      expectChannelShape(c);
      const seedTitles = seedVideosOf(id).map((v) => v.snippet.title);
      expect(seedTitles.length).toBeGreaterThan(0);
      expect(c.recentTitles.length).toBeGreaterThan(0);
      expect(c.recentTitles).toEqual(seedTitles.slice(0, c.recentTitles.length));
      expect(c.recentTitles.length).toBe(Math.min(seedTitles.length, 10));
      expect(c.contentThemes.length).toBeGreaterThan(0);
      expect(c.topics.length).toBeGreaterThan(0);
      for (const t of c.topics) expect(t).toMatch(/^\/[^/]/);
    },
  );

  it('puts coffee channels under /Food & Drink in the taxonomy, and not trail runners', async () => {
    for (const id of [SLOW_POUR, CREMA_LAB]) {
      const c = ok(await demo.get(`/exploration/channels/${id}`));
      expect(
        c.topics.some((t: string) => t === '/Food & Drink' || t.startsWith('/Food & Drink/')),
      ).toBe(true);
    }
    const runner = ok(await demo.get(`/exploration/channels/${DIRT_ROAD}`));
    expect(runner.topics.some((t: string) => t.startsWith('/Food & Drink'))).toBe(false);
  });

  it('has content themes that are non-empty, distinct and the same every time', async () => {
    const first = ok(await demo.get(`/exploration/channels/${SLOW_POUR}`));
    expect(first.contentThemes.length).toBeGreaterThan(0);
    expect(new Set(first.contentThemes).size).toBe(first.contentThemes.length);
    for (const t of first.contentThemes) expect(t.trim().length).toBeGreaterThan(0);
    expect(ok(await demo.get(`/exploration/channels/${SLOW_POUR}`))).toEqual(first);
    // a fresh store seeded the same way gives the same description
    const other = await testBackend();
    const ws = (await runSeed(other.services, 'demo')).workspaceId;
    const key = await other.store.write(
      async () => (await other.services.keys.create(ws, { scopes: ['exploration:read'] })).key,
    );
    expect(ok(await clientFor(other.app, key).get(`/exploration/channels/${SLOW_POUR}`))).toEqual(
      first,
    );
  });

  it.each(seedChannels.map((s) => [s.snippet.title, s.id] as const))(
    'draws the content themes of %s from what its videos are about, not from the footer under every video',
    async (_title, id) => {
      const videos = seedVideosOf(id);
      const descriptions = videos.map((v) => v.snippet.description ?? '');
      // the creator's footer: the longest common ending of every description
      let footer = descriptions[0]!;
      for (const d of descriptions) while (!d.endsWith(footer)) footer = footer.slice(1);
      expect(footer.length).toBeGreaterThan(40);
      const norm = (s: string) =>
        ` ${s
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim()} `;
      const docs = videos.map((v) =>
        norm(
          `${v.snippet.title} ${(v.snippet.tags ?? []).join(' ')} ${v.snippet.description!.slice(0, -footer.length)}`,
        ),
      );
      const themes: string[] = ok(await demo.get(`/exploration/channels/${id}`)).contentThemes;
      expect(themes.length).toBeGreaterThan(0);
      for (const theme of themes) {
        // singular or plural: the theme recurs in at least two videos' own text
        const t = norm(theme).trim().replace(/s$/, '');
        const inDocs = docs.filter((d) => d.includes(` ${t} `) || d.includes(` ${t}s `)).length;
        expect({ theme, inDocs: Math.min(inDocs, 2) }).toEqual({ theme, inDocs: 2 });
      }
    },
  );

  it.each([
    'UC0PLkj0PKZXCdtyUjofn6e', // 21 after UC
    'UC0PLkj0PKZXCdtyUjofn6e77', // 23 after UC
    'uc0PLkj0PKZXCdtyUjofn6e7', // lowercase prefix
    'XY0PLkj0PKZXCdtyUjofn6e7',
    'UC0PLkj0PKZXCdtyUjofn6e!',
    'UC0PLkj0PKZXCdty.jofn6e7',
  ])('rejects channel id %s with 400', async (id) => {
    expectError(
      await demo.get(`/exploration/channels/${encodeURIComponent(id)}`),
      400,
      'invalid_request',
      'channelId',
    );
  });

  it('answers 404 for a channel that is not in the catalog', async () => {
    expectError(await demo.get(`/exploration/channels/${UNKNOWN}`), 404, 'not_found', UNKNOWN);
  });

  it('rejects query parameters it does not take', async () => {
    expectError(
      await demo.get(`/exploration/channels/${SLOW_POUR}?limit=5`),
      400,
      'invalid_request',
    );
  });

  it("does not show another workspace's private channels, and shows the workspace's own", async () => {
    const PRIVATE = 'UCprivatechannel0000000a';
    await b.store.write(async () => b.services.workspaces.ensure('rival', { exploration: true }));
    const rival = await b.client({ workspace: 'rival' });
    const ds = (await rival.post('/data-stores', { name: 'Private' })).body;
    const imported = await rival.post(`/data-stores/${ds.id}/import`, {
      channels: [
        {
          kind: 'youtube#channel',
          id: PRIVATE,
          snippet: {
            title: 'Zanzibar Espresso Secrets',
            description: 'Private espresso research channel',
            customUrl: '@zanzibarespresso',
            country: 'TZ',
          },
          statistics: { subscriberCount: '1200' },
        },
      ],
      videos: [
        {
          kind: 'youtube#video',
          id: 'zzzzzzzzzz1',
          snippet: {
            channelId: PRIVATE,
            title: 'Dialing in espresso in Zanzibar',
            publishedAt: '2026-01-05T10:00:00Z',
            tags: ['espresso'],
          },
          statistics: { viewCount: '10' },
          contentDetails: { duration: 'PT5M' },
        },
      ],
    });
    expect(imported.status).toBe(200);
    // the owner sees it
    const own = ok(await rival.get(`/exploration/channels/${PRIVATE}`));
    expect(own).toMatchObject({
      channelId: PRIVATE,
      title: 'Zanzibar Espresso Secrets',
      recentTitles: ['Dialing in espresso in Zanzibar'],
    });
    expect(
      ok(await rival.get('/exploration/channels?query=zanzibar')).data.map((c: any) => c.channelId),
    ).toEqual([PRIVATE]);
    // the demo workspace does not
    expectError(await demo.get(`/exploration/channels/${PRIVATE}`), 404, 'not_found');
    expectError(await demo.get(`/exploration/channels/${PRIVATE}/videos`), 404, 'not_found');
    expectError(await demo.get(`/exploration/channels/${PRIVATE}/similar`), 404, 'not_found');
    expect(ok(await demo.get('/exploration/channels?query=zanzibar')).data).toEqual([]);
    const similar = ok(await demo.get(`/exploration/channels/${CREMA_LAB}/similar?limit=50`)).data;
    expect(similar.map((c: any) => c.channelId)).not.toContain(PRIVATE);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /exploration/channels?query=', () => {
  const search = async (query: string, extra = '') =>
    ok(await demo.get(`/exploration/channels?query=${encodeURIComponent(query)}${extra}`));
  const ids = (body: any) => body.data.map((c: any) => c.channelId);

  it('finds channels by a title word, a handle or a description word, with full channel records', async () => {
    const byTitle = await search('Crema');
    expect(ids(byTitle)).toContain(CREMA_LAB);
    byTitle.data.forEach(expectChannelShape);
    expect(byTitle.data[0].channelId).toBe(CREMA_LAB);
    expect(ids(await search('@fellandtarn'))).toEqual([FELL_TARN]);
    expect(ids(await search('Melbourne'))).toEqual([CREMA_LAB]); // description only
    expect(ids(await search('flagstaff'))).toEqual([DIRT_ROAD]);
    // case-insensitive
    expect(ids(await search('MELBOURNE'))).toEqual([CREMA_LAB]);
    // the record in a search result is the same as the channel's own
    expect(byTitle.data.find((c: any) => c.channelId === CREMA_LAB)).toEqual(
      ok(await demo.get(`/exploration/channels/${CREMA_LAB}`)),
    );
  });

  it('finds channels matching any word, those matching more words first', async () => {
    const trail = ids(await search('trail'));
    expect(trail.length).toBeGreaterThan(2);
    // both words: Dirt Road Dispatch first, then the channels with "trail" only
    const both = ids(await search('trail flagstaff'));
    expect(both[0]).toBe(DIRT_ROAD);
    expect([...both].sort()).toEqual([...trail].sort());
    expect(ids(await search('espresso melbourne'))).toEqual([CREMA_LAB]);
    // no channel has both: each word finds its own
    expect(ids(await search('espresso flagstaff'))).toEqual(
      expect.arrayContaining([CREMA_LAB, DIRT_ROAD]),
    );
    expect(await search('qwertyuiop')).toEqual({ data: [], nextCursor: null });
  });

  it('ranks title matches above matches in the description', async () => {
    // "running": in the title of Fell & Tarn Running, only in the keywords and description of Dirt Road Dispatch
    const r = ids(await search('running'));
    expect(r).toContain(DIRT_ROAD);
    expect(r[0]).toBe(FELL_TARN);
    expect(r.indexOf(FELL_TARN)).toBeLessThan(r.indexOf(DIRT_ROAD));
  });

  it('pages through every result with limit and cursor, without gaps or repeats', async () => {
    const full = ids(await search('trail', '&limit=100'));
    expect(full.length).toBeGreaterThanOrEqual(4);
    for (const limit of [1, 2, 3]) {
      const pages = await allPages(demo, '/exploration/channels?query=trail', limit);
      expect(pages.length).toBe(Math.ceil(full.length / limit));
      expect(pages.flat().map((c) => c.channelId)).toEqual(full);
    }
    // default page size is 25: everything at once here
    expect((await search('trail')).nextCursor).toBeNull();
  });

  it('validates query, limit and cursor', async () => {
    expectError(await demo.get('/exploration/channels'), 400, 'invalid_request', 'query');
    expectError(await demo.get('/exploration/channels?query='), 400, 'invalid_request', 'query');
    expectError(
      await demo.get(`/exploration/channels?query=${'a'.repeat(201)}`),
      400,
      'invalid_request',
      'query',
    );
    expect((await demo.get(`/exploration/channels?query=${'a'.repeat(200)}`)).status).toBe(200);
    expectError(
      await demo.get('/exploration/channels?query=trail&limit=0'),
      400,
      'invalid_request',
      'limit',
    );
    expectError(
      await demo.get('/exploration/channels?query=trail&limit=101'),
      400,
      'invalid_request',
      'limit',
    );
    expectError(
      await demo.get('/exploration/channels?query=trail&limit=two'),
      400,
      'invalid_request',
      'limit',
    );
    expectError(
      await demo.get('/exploration/channels?query=trail&cursor=not-a-cursor'),
      400,
      'invalid_request',
      'cursor',
    );
    expectError(
      await demo.get('/exploration/channels?query=trail&sort=new'),
      400,
      'invalid_request',
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /exploration/channels/{channelId}/videos', () => {
  it("lists the channel's videos newest first, in the data-store video shape", async () => {
    const body = ok(await demo.get(`/exploration/channels/${SLOW_POUR}/videos?limit=100`));
    expect(body.nextCursor).toBeNull();
    const seed = seedVideosOf(SLOW_POUR);
    expect(body.data.map((v: any) => v.videoId)).toEqual(seed.map((v) => v.id));
    for (const v of body.data) {
      storeVideo.parse(v); // strict: exactly these fields
      expect(v.channelId).toBe(SLOW_POUR);
      expect(v.commentCount).toBeGreaterThanOrEqual(0);
    }
    const published = body.data.map((v: any) => v.publishedAt);
    expect([...published].sort().reverse()).toEqual(published);
    const first = seed[0]!;
    expect(body.data[0]).toMatchObject({
      title: first.snippet.title,
      publishedAt: first.snippet.publishedAt,
      tags: first.snippet.tags,
      viewCount: Number(first.statistics!.viewCount),
      duration: first.contentDetails!.duration,
    });
  });

  it('pages with limit and cursor', async () => {
    const all = ok(await demo.get(`/exploration/channels/${CREMA_LAB}/videos?limit=100`)).data.map(
      (v: any) => v.videoId,
    );
    expect(all.length).toBeGreaterThan(3);
    const pages = await allPages(demo, `/exploration/channels/${CREMA_LAB}/videos`, 3);
    expect(pages.flat().map((v) => v.videoId)).toEqual(all);
    expect(ok(await demo.get(`/exploration/channels/${CREMA_LAB}/videos`)).data).toHaveLength(
      Math.min(all.length, 25),
    );
  });

  it('validates the channel id and the paging parameters; unknown channel is 404', async () => {
    expectError(
      await demo.get('/exploration/channels/UCshort/videos'),
      400,
      'invalid_request',
      'channelId',
    );
    expectError(await demo.get(`/exploration/channels/${UNKNOWN}/videos`), 404, 'not_found');
    expectError(
      await demo.get(`/exploration/channels/${SLOW_POUR}/videos?limit=0`),
      400,
      'invalid_request',
      'limit',
    );
    expectError(
      await demo.get(`/exploration/channels/${SLOW_POUR}/videos?limit=101`),
      400,
      'invalid_request',
      'limit',
    );
    expectError(
      await demo.get(`/exploration/channels/${SLOW_POUR}/videos?cursor=%%%`),
      400,
      'invalid_request',
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /exploration/channels/{channelId}/similar', () => {
  it('ranks other channels by similarity, the other coffee channel first', async () => {
    const body = ok(await demo.get(`/exploration/channels/${SLOW_POUR}/similar`));
    expect(Object.keys(body)).toEqual(['data']);
    const data = body.data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.map((c: any) => c.channelId)).not.toContain(SLOW_POUR);
    expect(new Set(data.map((c: any) => c.channelId)).size).toBe(data.length);
    for (const c of data) {
      const { similarity, sharedTopics, ...channel } = c;
      expectChannelShape(channel);
      expect(similarity).toBeGreaterThan(0);
      expect(similarity).toBeLessThanOrEqual(1);
      expect(Array.isArray(sharedTopics)).toBe(true);
    }
    const sims = data.map((c: any) => c.similarity);
    expect([...sims].sort((x: number, y: number) => y - x)).toEqual(sims);
    expect(data[0].channelId).toBe(CREMA_LAB);
    expect(data[0].sharedTopics.some((t: string) => t.startsWith('/Food & Drink'))).toBe(true);
    // and the other way round
    expect(ok(await demo.get(`/exploration/channels/${CREMA_LAB}/similar`)).data[0].channelId).toBe(
      SLOW_POUR,
    );
    // the same every time
    expect(ok(await demo.get(`/exploration/channels/${SLOW_POUR}/similar`))).toEqual(body);
  });

  it('shared topics are topics of both channels', async () => {
    const me = ok(await demo.get(`/exploration/channels/${DIRT_ROAD}`));
    for (const c of ok(await demo.get(`/exploration/channels/${DIRT_ROAD}/similar?limit=50`))
      .data) {
      for (const t of c.sharedTopics) {
        expect(me.topics).toContain(t);
        expect(c.topics).toContain(t);
      }
    }
  });

  it('takes limit 1-50', async () => {
    const all = ok(await demo.get(`/exploration/channels/${SLOW_POUR}/similar?limit=50`)).data;
    expect(all.length).toBeLessThanOrEqual(seedChannels.length - 1);
    const one = ok(await demo.get(`/exploration/channels/${SLOW_POUR}/similar?limit=1`)).data;
    expect(one).toEqual(all.slice(0, 1));
    expect(ok(await demo.get(`/exploration/channels/${SLOW_POUR}/similar?limit=3`)).data).toEqual(
      all.slice(0, 3),
    );
    for (const bad of ['0', '51', '-1', '2.5', 'ten']) {
      expectError(
        await demo.get(`/exploration/channels/${SLOW_POUR}/similar?limit=${bad}`),
        400,
        'invalid_request',
        'limit',
      );
    }
    expectError(
      await demo.get(`/exploration/channels/${SLOW_POUR}/similar?cursor=abc`),
      400,
      'invalid_request',
    );
  });

  it('validates the channel id; unknown channel is 404', async () => {
    expectError(
      await demo.get('/exploration/channels/UC!/similar'),
      400,
      'invalid_request',
      'channelId',
    );
    expectError(await demo.get(`/exploration/channels/${UNKNOWN}/similar`), 404, 'not_found');
  });
});

describe('search needs a word', () => {
  it('a query of only spaces is a 400 naming the field', async () => {
    const { testBackend } = await import('./helpers/backend.ts');
    const { runSeed } = await import('../server/seed/index.ts');
    const b = await testBackend();
    const { workspaceId } = await runSeed(b.services, 'demo');
    const key = await b.store.write(
      async () => (await b.services.keys.create(workspaceId, { scopes: ['exploration:read'] })).key,
    );
    const { clientFor } = await import('./helpers/backend.ts');
    const r = await clientFor(b.app, key).get('/exploration/channels?query=%20%20%20');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('query must hold at least one word');
  });
});
