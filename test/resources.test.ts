// @store both
/**
 * Brands, saved audiences and data stores (with imports) through the in-process app: the real routes,
 * validation, domain services and SQLite store. Every success body is parsed with the strict record
 * schemas; every error is checked for its status, code, requestId and a message naming field and bound.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deleted, page } from '../server/schemas/common.ts';
import {
  audience,
  brand,
  campaign,
  dataStore,
  storeChannel,
  storeVideo,
} from '../server/schemas/records.ts';
import { ytChannel, ytVideo } from '../server/schemas/youtube.ts';
import { expectError, ok } from './helpers/assert.ts';
import {
  MISSING_ID,
  testBackend,
  type Client,
  type Reply,
  type TestBackend,
} from './helpers/backend.ts';

// ---------------------------------------------------------------- helpers

const importResult = z.strictObject({
  dataStore,
  imported: z.strictObject({ channels: z.number(), videos: z.number(), comments: z.number() }),
});

function expectOk<T extends z.ZodType>(r: Reply, status: number, schema: T): z.output<T> {
  return schema.parse(ok(r, status));
}

/** Follows nextCursor through every page of a list, checking page sizes on the way. */
async function allPages<T extends z.ZodType>(c: Client, path: string, limit: number, schema: T) {
  const items: z.output<T>[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const r: Reply = await c.get(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const p = expectOk(r, 200, page(schema));
    expect(p.data.length).toBeLessThanOrEqual(limit);
    if (p.nextCursor !== null) expect(p.data.length).toBe(limit);
    items.push(...p.data);
    cursor = p.nextCursor;
    pages++;
    expect(pages).toBeLessThan(1000);
  } while (cursor !== null);
  return { items, pages };
}

const chId = (n: number | string) => `UC${String(n).padStart(22, '0')}`;
const vidId = (n: number | string) => `vid${String(n).padStart(8, '0')}`;

/** A youtube#channel resource as the Data API v3 returns it (counts as strings, extra fields). */
function ytChannelResource(n: number, over: Record<string, unknown> = {}) {
  return {
    kind: 'youtube#channel',
    etag: `etag-ch-${n}`,
    id: chId(n),
    snippet: {
      title: `Channel ${n}`,
      description: `About channel ${n}`,
      customUrl: `@channel${n}`,
      publishedAt: '2019-04-01T12:00:00Z',
      thumbnails: {
        default: { url: `https://yt3.example/${n}/default.jpg`, width: 88, height: 88 },
        high: { url: `https://yt3.example/${n}/high.jpg`, width: 800, height: 800 },
      },
      localized: { title: `Channel ${n}`, description: '' },
      country: 'US',
    },
    statistics: {
      viewCount: '987654',
      subscriberCount: '1234',
      hiddenSubscriberCount: false,
      videoCount: '42',
    },
    brandingSettings: { channel: { keywords: 'cooking "home food"' } },
    ...over,
  };
}

/** A youtube#video resource (statistics as strings, extra fields such as etag and categoryId). */
function ytVideoResource(n: number, channel: string, over: Record<string, unknown> = {}) {
  return {
    kind: 'youtube#video',
    etag: `etag-v-${n}`,
    id: vidId(n),
    snippet: {
      publishedAt: '2025-06-01T08:00:00Z',
      channelId: channel,
      channelTitle: `Title of ${channel}`,
      title: `Video ${n}`,
      description: `Description ${n}`,
      tags: ['recipe', `tag${n}`],
      categoryId: '26',
      liveBroadcastContent: 'none',
    },
    statistics: { viewCount: '1000', likeCount: '50', favoriteCount: '0', commentCount: '999' },
    contentDetails: { duration: 'PT5M3S', dimension: '2d', definition: 'hd' },
    ...over,
  };
}

function ytComment(id: string, videoId: string | undefined, text: string) {
  return {
    kind: 'youtube#comment',
    etag: `etag-${id}`,
    id,
    snippet: {
      ...(videoId ? { videoId } : {}),
      textDisplay: text,
      textOriginal: text,
      authorDisplayName: `@author-${id}`,
      authorChannelId: { value: chId('author') },
      likeCount: 3,
      publishedAt: '2025-06-02T08:00:00Z',
      updatedAt: '2025-06-02T08:00:00Z',
    },
  };
}

function ytThread(id: string, videoId: string, replies: string[] = []) {
  return {
    kind: 'youtube#commentThread',
    etag: `etag-t-${id}`,
    id,
    snippet: {
      channelId: chId(1),
      videoId,
      topLevelComment: ytComment(id, videoId, `top ${id}`),
      canReply: true,
      totalReplyCount: replies.length,
      isPublic: true,
    },
    ...(replies.length
      ? { replies: { comments: replies.map((r) => ytComment(r, undefined, `reply ${r}`)) } }
      : {}),
  };
}

const SECOND = 1000;

let t: TestBackend;
let api: Client;
beforeEach(async () => {
  t = await testBackend();
  api = t.api;
});

async function createBrand(body: Record<string, unknown> = {}, c: Client = api) {
  return expectOk(await c.post('/brands', { name: 'Brand', ...body }), 201, brand);
}
async function createAudience(body: Record<string, unknown> = {}, c: Client = api) {
  return expectOk(await c.post('/audiences', { name: 'Audience', ...body }), 201, audience);
}
async function createStore(body: Record<string, unknown> = {}, c: Client = api) {
  return expectOk(await c.post('/data-stores', { name: 'Store', ...body }), 201, dataStore);
}
function createLibrary(name = 'Library store', channelIds: string[] = [], videoIds: string[] = []) {
  return t.store.write(async () =>
    t.services.dataStores.createLibrary({
      name,
      description: 'shared by every workspace',
      channelIds,
      videoIds,
    }),
  );
}

// ---------------------------------------------------------------- brands

describe('brands', () => {
  it('creates a brand (201, full record) and reads it back', async () => {
    const r = await api.post('/brands', {
      name: 'Acme Outdoor',
      website: 'https://acme.example/shop',
      description: 'Tents and boots',
    });
    const b = expectOk(r, 201, brand);
    expect(b).toMatchObject({
      name: 'Acme Outdoor',
      website: 'https://acme.example/shop',
      description: 'Tents and boots',
    });
    expect(b.id).toMatch(/^[a-f0-9]{24}$/);
    expect(b.createdAt).toBe('2026-03-02T10:00:00.000Z');
    expect(b.updatedAt).toBe(b.createdAt);
    expect(expectOk(await api.get(`/brands/${b.id}`), 200, brand)).toEqual(b);
  });

  it('defaults website and description to empty strings', async () => {
    const b = await createBrand({ name: 'Only a name' });
    expect(b.website).toBe('');
    expect(b.description).toBe('');
  });

  it('checks name: 1-160 characters, required', async () => {
    expectError(await api.post('/brands', { name: '' }), 400, 'invalid_request', 'name', 'empty');
    expect((await createBrand({ name: 'x' })).name).toBe('x');
    expect((await createBrand({ name: 'n'.repeat(160) })).name).toHaveLength(160);
    expectError(
      await api.post('/brands', { name: 'n'.repeat(161) }),
      400,
      'invalid_request',
      'name',
      '160',
    );
    expectError(
      await api.post('/brands', { website: 'https://acme.example' }),
      400,
      'invalid_request',
      'name',
      'required',
    );
    expectError(await api.post('/brands', { name: 42 }), 400, 'invalid_request', 'name', 'string');
  });

  it('checks website: an http(s) URL or empty, at most 2000 characters', async () => {
    expect((await createBrand({ website: '' })).website).toBe('');
    expect((await createBrand({ website: 'http://acme.example' })).website).toBe(
      'http://acme.example',
    );
    expect((await createBrand({ website: 'HTTPS://ACME.EXAMPLE/x?y=1' })).website).toBe(
      'HTTPS://ACME.EXAMPLE/x?y=1',
    );
    for (const bad of [
      'acme.example',
      'ftp://acme.example',
      'javascript:alert(1)',
      'https://',
      'https:// acme.example',
    ]) {
      expectError(
        await api.post('/brands', { name: 'B', website: bad }),
        400,
        'invalid_request',
        'website',
        'http(s) URL',
      );
    }
    const prefix = 'https://acme.example/';
    const atBound = prefix + 'p'.repeat(2000 - prefix.length);
    expect((await createBrand({ website: atBound })).website).toHaveLength(2000);
    expectError(
      await api.post('/brands', { name: 'B', website: atBound + 'p' }),
      400,
      'invalid_request',
      'website',
      '2000',
    );
    expectError(
      await api.post('/brands', { name: 'B', website: null }),
      400,
      'invalid_request',
      'website',
    );
  });

  it('checks description: at most 4000 characters', async () => {
    expect((await createBrand({ description: 'd'.repeat(3999) })).description).toHaveLength(3999);
    expect((await createBrand({ description: 'd'.repeat(4000) })).description).toHaveLength(4000);
    expectError(
      await api.post('/brands', { name: 'B', description: 'd'.repeat(4001) }),
      400,
      'invalid_request',
      'description',
      '4000',
    );
  });

  it('refuses unknown fields, a missing body and a non-JSON body', async () => {
    expectError(
      await api.post('/brands', { name: 'B', logo: 'x' }),
      400,
      'invalid_request',
      'logo',
    );
    expectError(await api.post('/brands'), 400, 'invalid_request', 'body');
    expectError(await api.post('/brands', '{"name":'), 400, 'invalid_request', 'JSON');
    expectError(await api.post('/brands', ['x']), 400, 'invalid_request');
  });

  it('get: 404 for an unknown id, 400 for a malformed one', async () => {
    expectError(await api.get(`/brands/${MISSING_ID}`), 404, 'not_found', MISSING_ID);
    expectError(await api.get('/brands/not-an-id'), 400, 'invalid_request', 'brandId');
    expectError(
      await api.get(`/brands/${MISSING_ID.toUpperCase()}`),
      400,
      'invalid_request',
      'brandId',
    );
  });

  it('lists newest first with the default page of 25 and pages through all with the cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push((await createBrand({ name: `Brand ${i}` })).id);
      t.clock.advance(SECOND);
    }
    const newestFirst = [...ids].reverse();

    const first = expectOk(await api.get('/brands'), 200, page(brand));
    expect(first.data.map((b) => b.id)).toEqual(newestFirst.slice(0, 25));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = expectOk(
      await api.get(`/brands?cursor=${encodeURIComponent(first.nextCursor!)}`),
      200,
      page(brand),
    );
    expect(second.data.map((b) => b.id)).toEqual(newestFirst.slice(25));
    expect(second.nextCursor).toBeNull();

    for (const limit of [1, 7, 30, 100]) {
      const { items, pages } = await allPages(api, '/brands', limit, brand);
      expect(items.map((b) => b.id)).toEqual(newestFirst);
      expect(pages).toBe(Math.max(1, Math.ceil(30 / limit)));
    }
  });

  it('a last page that is exactly full has a null nextCursor', async () => {
    for (let i = 0; i < 4; i++) await createBrand({ name: `B${i}` });
    const p1 = expectOk(await api.get('/brands?limit=2'), 200, page(brand));
    const p2 = expectOk(await api.get(`/brands?limit=2&cursor=${p1.nextCursor}`), 200, page(brand));
    expect(p2.data).toHaveLength(2);
    expect(p2.nextCursor).toBeNull();
    expect(expectOk(await api.get('/brands?limit=4'), 200, page(brand)).nextCursor).toBeNull();
  });

  it('checks limit 1-100 and the cursor', async () => {
    expectError(await api.get('/brands?limit=0'), 400, 'invalid_request', 'limit', '1');
    expectError(await api.get('/brands?limit=101'), 400, 'invalid_request', 'limit', '100');
    expectError(await api.get('/brands?limit=2.5'), 400, 'invalid_request', 'limit');
    expectError(await api.get('/brands?limit=ten'), 400, 'invalid_request', 'limit');
    expectError(await api.get('/brands?cursor=garbage!'), 400, 'invalid_request', 'cursor');
    expectError(await api.get('/brands?sort=name'), 400, 'invalid_request', 'sort');
    expectOk(await api.get('/brands?limit=1'), 200, page(brand));
    expectOk(await api.get('/brands?limit=100'), 200, page(brand));
  });

  it('filters by name (contains, case-insensitive, wildcards taken literally)', async () => {
    const a = await createBrand({ name: 'Acme Shoes' });
    const b = await createBrand({ name: 'shoes & more' });
    await createBrand({ name: 'Globex' });
    const c = await createBrand({ name: '100% cotton_wear' });
    const names = async (q: string) =>
      expectOk(await api.get(`/brands?name=${encodeURIComponent(q)}`), 200, page(brand)).data.map(
        (x) => x.id,
      );
    expect(await names('SHOES')).toEqual([b.id, a.id]);
    expect(await names('acme')).toEqual([a.id]);
    expect(await names('%')).toEqual([c.id]);
    expect(await names('_')).toEqual([c.id]);
    expect(await names('nothing like it')).toEqual([]);
    // the filter combines with paging
    const first = expectOk(await api.get('/brands?name=shoes&limit=1'), 200, page(brand));
    expect(first.data.map((x) => x.id)).toEqual([b.id]);
    const next = expectOk(
      await api.get(`/brands?name=shoes&limit=1&cursor=${first.nextCursor}`),
      200,
      page(brand),
    );
    expect(next.data.map((x) => x.id)).toEqual([a.id]);
    expect(next.nextCursor).toBeNull();
  });

  it('updates only the fields sent; updatedAt moves with the clock', async () => {
    const b = await createBrand({
      name: 'Acme',
      website: 'https://acme.example',
      description: 'Old',
    });
    t.clock.advance(60 * SECOND);
    const u = expectOk(await api.patch(`/brands/${b.id}`, { description: 'New' }), 200, brand);
    expect(u).toEqual({ ...b, description: 'New', updatedAt: '2026-03-02T10:01:00.000Z' });
    t.clock.advance(60 * SECOND);
    const u2 = expectOk(
      await api.patch(`/brands/${b.id}`, { name: 'Acme Inc', website: '' }),
      200,
      brand,
    );
    expect(u2).toEqual({
      ...u,
      name: 'Acme Inc',
      website: '',
      updatedAt: '2026-03-02T10:02:00.000Z',
    });
    expect(expectOk(await api.get(`/brands/${b.id}`), 200, brand)).toEqual(u2);
  });

  it('update checks the same bounds and unknown fields', async () => {
    const b = await createBrand();
    expectError(await api.patch(`/brands/${b.id}`, { name: '' }), 400, 'invalid_request', 'name');
    expectError(
      await api.patch(`/brands/${b.id}`, { name: 'n'.repeat(161) }),
      400,
      'invalid_request',
      'name',
      '160',
    );
    expectError(
      await api.patch(`/brands/${b.id}`, { website: 'www.acme.example' }),
      400,
      'invalid_request',
      'website',
    );
    expectError(
      await api.patch(`/brands/${b.id}`, { description: 'd'.repeat(4001) }),
      400,
      'invalid_request',
      'description',
      '4000',
    );
    expectError(
      await api.patch(`/brands/${b.id}`, { id: MISSING_ID }),
      400,
      'invalid_request',
      'id',
    );
    expectError(await api.patch(`/brands/${MISSING_ID}`, { name: 'x' }), 404, 'not_found');
    expect(expectOk(await api.get(`/brands/${b.id}`), 200, brand)).toEqual(b);
  });

  it('deletes: {id, deleted: true}, then 404 everywhere', async () => {
    const b = await createBrand();
    const keep = await createBrand({ name: 'Keep' });
    expect(expectOk(await api.delete(`/brands/${b.id}`), 200, deleted)).toEqual({
      id: b.id,
      deleted: true,
    });
    expectError(await api.get(`/brands/${b.id}`), 404, 'not_found');
    expectError(await api.patch(`/brands/${b.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await api.delete(`/brands/${b.id}`), 404, 'not_found');
    expect(expectOk(await api.get('/brands'), 200, page(brand)).data.map((x) => x.id)).toEqual([
      keep.id,
    ]);
  });

  it('campaigns show the brand, follow its changes, and lose it (brandId null, empty brand) when it is deleted', async () => {
    const b = await createBrand({
      name: 'Acme',
      website: 'https://acme.example',
      description: 'Boots',
    });
    const c = expectOk(
      await api.post('/campaigns', { name: 'Spring', brandId: b.id }),
      201,
      campaign,
    );
    expect(c.brandId).toBe(b.id);
    expect(c.brand).toEqual({
      name: 'Acme',
      website: 'https://acme.example',
      description: 'Boots',
    });

    await api.patch(`/brands/${b.id}`, { name: 'Acme 2' });
    expect(expectOk(await api.get(`/campaigns/${c.id}`), 200, campaign).brand.name).toBe('Acme 2');

    expectOk(await api.delete(`/brands/${b.id}`), 200, deleted);
    const after = expectOk(await api.get(`/campaigns/${c.id}`), 200, campaign);
    expect(after.brandId).toBeNull();
    expect(after.brand).toEqual({ name: '', website: '', description: '' });
    const listed = expectOk(await api.get('/campaigns'), 200, page(campaign)).data.find(
      (x) => x.id === c.id,
    )!;
    expect(listed.brandId).toBeNull();
    expect(listed.brand).toEqual({ name: '', website: '', description: '' });
  });

  it('a campaign cannot name another workspace’s brand', async () => {
    const other = await t.client({ workspace: 'globex' });
    const theirs = await createBrand({ name: 'Theirs' }, other);
    expectError(
      await api.post('/campaigns', { name: 'C', brandId: theirs.id }),
      400,
      'invalid_request',
      'brandId',
    );
  });

  it('is isolated per workspace', async () => {
    const mine = await createBrand({ name: 'Mine' });
    const other = await t.client({ workspace: 'globex' });
    expectError(await other.get(`/brands/${mine.id}`), 404, 'not_found');
    expectError(await other.patch(`/brands/${mine.id}`, { name: 'Hacked' }), 404, 'not_found');
    expectError(await other.delete(`/brands/${mine.id}`), 404, 'not_found');
    expect(expectOk(await other.get('/brands'), 200, page(brand))).toEqual({
      data: [],
      nextCursor: null,
    });
    expect(expectOk(await other.get('/brands?name=Mine'), 200, page(brand)).data).toEqual([]);
    const theirs = await createBrand({ name: 'Theirs' }, other);
    expect(expectOk(await api.get('/brands'), 200, page(brand)).data.map((b) => b.id)).toEqual([
      mine.id,
    ]);
    expect(expectOk(await other.get('/brands'), 200, page(brand)).data.map((b) => b.id)).toEqual([
      theirs.id,
    ]);
    expect(expectOk(await api.get(`/brands/${mine.id}`), 200, brand)).toEqual(mine);
  });

  it('needs brands:read to read and brands:write to change', async () => {
    const b = await createBrand();
    const writer = await t.client({ scopes: ['brands:write'] });
    expectError(await writer.get('/brands'), 403, 'forbidden', 'brands:read');
    expectError(await writer.get(`/brands/${b.id}`), 403, 'forbidden', 'brands:read');
    const reader = await t.client({ scopes: ['brands:read'] });
    expectOk(await reader.get(`/brands/${b.id}`), 200, brand);
    expectError(await reader.post('/brands', { name: 'x' }), 403, 'forbidden', 'brands:write');
    expectError(
      await reader.patch(`/brands/${b.id}`, { name: 'x' }),
      403,
      'forbidden',
      'brands:write',
    );
    expectError(await reader.delete(`/brands/${b.id}`), 403, 'forbidden', 'brands:write');
    expect(expectOk(await api.get(`/brands/${b.id}`), 200, brand)).toEqual(b);
  });
});

// ---------------------------------------------------------------- audiences

describe('saved audiences', () => {
  it('creates with defaults: kind custom, empty description and arrays', async () => {
    const r = await api.post('/audiences', { name: 'Home cooks' });
    const a = expectOk(r, 201, audience);
    expect(a).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name: 'Home cooks',
      description: '',
      kind: 'custom',
      keywords: [],
      topics: [],
      tags: [],
      dataStoreIds: [],
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
    });
    expect(expectOk(await api.get(`/audiences/${a.id}`), 200, audience)).toEqual(a);
  });

  it('creates with every field', async () => {
    const s1 = await createStore({ name: 'S1' });
    const s2 = await createStore({ name: 'S2' });
    const body = {
      name: 'Trail runners',
      description: 'People who run off-road',
      kind: 'in_market',
      keywords: ['trail shoes', 'ultra marathon'],
      topics: ['Running'],
      tags: ['q3', 'sport'],
      dataStoreIds: [s1.id, s2.id],
    };
    const a = expectOk(await api.post('/audiences', body), 201, audience);
    expect(a).toMatchObject(body);
    for (const kind of ['custom', 'affinity', 'in_market'])
      expect((await createAudience({ kind })).kind).toBe(kind);
  });

  it('checks name, description and kind', async () => {
    expectError(await api.post('/audiences', {}), 400, 'invalid_request', 'name', 'required');
    expectError(
      await api.post('/audiences', { name: '' }),
      400,
      'invalid_request',
      'name',
      'empty',
    );
    expect((await createAudience({ name: 'a' })).name).toBe('a');
    expect((await createAudience({ name: 'a'.repeat(160) })).name).toHaveLength(160);
    expectError(
      await api.post('/audiences', { name: 'a'.repeat(161) }),
      400,
      'invalid_request',
      'name',
      '160',
    );
    expect((await createAudience({ description: 'd'.repeat(4000) })).description).toHaveLength(
      4000,
    );
    expectError(
      await api.post('/audiences', { name: 'A', description: 'd'.repeat(4001) }),
      400,
      'invalid_request',
      'description',
      '4000',
    );
    expectError(
      await api.post('/audiences', { name: 'A', kind: 'lookalike' }),
      400,
      'invalid_request',
      'kind',
      'custom',
      'affinity',
      'in_market',
    );
    expectError(
      await api.post('/audiences', { name: 'A', kind: 'CUSTOM' }),
      400,
      'invalid_request',
      'kind',
    );
    expectError(
      await api.post('/audiences', { name: 'A', segments: [] }),
      400,
      'invalid_request',
      'segments',
    );
  });

  const arrayBounds = [
    { field: 'keywords', maxItems: 200, maxLen: 80 },
    { field: 'topics', maxItems: 50, maxLen: 120 },
    { field: 'tags', maxItems: 50, maxLen: 60 },
  ] as const;
  for (const { field, maxItems, maxLen } of arrayBounds) {
    it(`checks ${field}: at most ${maxItems} items, each 1-${maxLen} characters`, async () => {
      const items = (n: number) => Array.from({ length: n }, (_, i) => `${field}-${i}`);
      expect((await createAudience({ [field]: items(maxItems - 1) }))[field]).toHaveLength(
        maxItems - 1,
      );
      expect((await createAudience({ [field]: items(maxItems) }))[field]).toEqual(items(maxItems));
      expectError(
        await api.post('/audiences', { name: 'A', [field]: items(maxItems + 1) }),
        400,
        'invalid_request',
        field,
        String(maxItems),
      );
      expect((await createAudience({ [field]: ['x', 'y'.repeat(maxLen)] }))[field]).toEqual([
        'x',
        'y'.repeat(maxLen),
      ]);
      expectError(
        await api.post('/audiences', { name: 'A', [field]: ['ok', 'y'.repeat(maxLen + 1)] }),
        400,
        'invalid_request',
        `${field}[1]`,
        String(maxLen),
      );
      expectError(
        await api.post('/audiences', { name: 'A', [field]: ['ok', 'fine', ''] }),
        400,
        'invalid_request',
        `${field}[2]`,
      );
      expectError(
        await api.post('/audiences', { name: 'A', [field]: 'not an array' }),
        400,
        'invalid_request',
        field,
      );
      expectError(
        await api.post('/audiences', { name: 'A', [field]: [7] }),
        400,
        'invalid_request',
        `${field}[0]`,
      );
    });
  }

  it('checks dataStoreIds: at most 20 ids of data stores the workspace has', async () => {
    const stores: string[] = [];
    for (let i = 0; i < 21; i++) stores.push((await createStore({ name: `S${i}` })).id);
    expect((await createAudience({ dataStoreIds: stores.slice(0, 20) })).dataStoreIds).toEqual(
      stores.slice(0, 20),
    );
    expectError(
      await api.post('/audiences', { name: 'A', dataStoreIds: stores }),
      400,
      'invalid_request',
      'dataStoreIds',
      '20',
    );
    expectError(
      await api.post('/audiences', { name: 'A', dataStoreIds: [stores[0], MISSING_ID] }),
      400,
      'invalid_request',
      'dataStoreIds[1]',
      MISSING_ID,
    );
    expectError(
      await api.post('/audiences', { name: 'A', dataStoreIds: ['nope'] }),
      400,
      'invalid_request',
      'dataStoreIds[0]',
    );
    // another workspace's store is as unknown as a missing one
    const other = await t.client({ workspace: 'globex' });
    const theirs = await createStore({ name: 'Theirs' }, other);
    expectError(
      await api.post('/audiences', { name: 'A', dataStoreIds: [theirs.id] }),
      400,
      'invalid_request',
      'dataStoreIds[0]',
    );
    // a shared library store may be used
    const lib = await createLibrary();
    expect((await createAudience({ dataStoreIds: [lib.id] })).dataStoreIds).toEqual([lib.id]);
    // nothing was created by the refused requests
    const { items } = await allPages(api, '/audiences', 100, audience);
    expect(items).toHaveLength(2);
  });

  it('lists newest first, default page 25, pages through all; checks the page size 1-100', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) {
      ids.push((await createAudience({ name: i % 3 === 0 ? `Runners ${i}` : `Cooks ${i}` })).id);
      t.clock.advance(SECOND);
    }
    const newestFirst = [...ids].reverse();
    const first = expectOk(await api.get('/audiences'), 200, page(audience));
    expect(first.data.map((a) => a.id)).toEqual(newestFirst.slice(0, 25));
    const second = expectOk(
      await api.get(`/audiences?cursor=${first.nextCursor}`),
      200,
      page(audience),
    );
    expect(second.data.map((a) => a.id)).toEqual(newestFirst.slice(25));
    expect(second.nextCursor).toBeNull();
    for (const limit of [1, 4, 100]) {
      expect((await allPages(api, '/audiences', limit, audience)).items.map((a) => a.id)).toEqual(
        newestFirst,
      );
    }
    const runners = await allPages(api, '/audiences?name=RUNNERS', 2, audience);
    expect(runners.items.map((a) => a.id)).toEqual(
      newestFirst.filter((_, i) => (26 - i) % 3 === 0),
    );
    expectError(await api.get('/audiences?limit=0'), 400, 'invalid_request', 'limit');
    expectError(await api.get('/audiences?limit=101'), 400, 'invalid_request', 'limit', '100');
    expectError(await api.get('/audiences?cursor=%%%'), 400, 'invalid_request', 'cursor');
  });

  it('updates only the fields sent and replaces arrays whole', async () => {
    const s1 = await createStore({ name: 'S1' });
    const s2 = await createStore({ name: 'S2' });
    const a = await createAudience({
      name: 'A',
      kind: 'affinity',
      keywords: ['a', 'b', 'c'],
      topics: ['t'],
      tags: ['x', 'y'],
      dataStoreIds: [s1.id],
    });
    t.clock.advance(5 * SECOND);
    const u = expectOk(
      await api.patch(`/audiences/${a.id}`, { keywords: ['d'], dataStoreIds: [s2.id] }),
      200,
      audience,
    );
    expect(u).toEqual({
      ...a,
      keywords: ['d'],
      dataStoreIds: [s2.id],
      updatedAt: '2026-03-02T10:00:05.000Z',
    });
    t.clock.advance(5 * SECOND);
    const u2 = expectOk(
      await api.patch(`/audiences/${a.id}`, {
        tags: [],
        name: 'Renamed',
        kind: 'custom',
        description: 'now described',
      }),
      200,
      audience,
    );
    expect(u2).toEqual({
      ...u,
      tags: [],
      name: 'Renamed',
      kind: 'custom',
      description: 'now described',
      updatedAt: '2026-03-02T10:00:10.000Z',
    });
    expect(expectOk(await api.get(`/audiences/${a.id}`), 200, audience)).toEqual(u2);
  });

  it('update checks bounds and data store ids', async () => {
    const a = await createAudience();
    expectError(
      await api.patch(`/audiences/${a.id}`, { name: '' }),
      400,
      'invalid_request',
      'name',
    );
    expectError(
      await api.patch(`/audiences/${a.id}`, { kind: 'other' }),
      400,
      'invalid_request',
      'kind',
    );
    expectError(
      await api.patch(`/audiences/${a.id}`, { keywords: Array(201).fill('k') }),
      400,
      'invalid_request',
      'keywords',
      '200',
    );
    expectError(
      await api.patch(`/audiences/${a.id}`, { topics: ['t'.repeat(121)] }),
      400,
      'invalid_request',
      'topics[0]',
      '120',
    );
    expectError(
      await api.patch(`/audiences/${a.id}`, { tags: Array(51).fill('t') }),
      400,
      'invalid_request',
      'tags',
      '50',
    );
    expectError(
      await api.patch(`/audiences/${a.id}`, { dataStoreIds: [MISSING_ID] }),
      400,
      'invalid_request',
      'dataStoreIds[0]',
    );
    expectError(
      await api.patch(`/audiences/${a.id}`, { createdAt: 'x' }),
      400,
      'invalid_request',
      'createdAt',
    );
    expectError(await api.patch(`/audiences/${MISSING_ID}`, { name: 'x' }), 404, 'not_found');
    expectError(await api.get('/audiences/123'), 400, 'invalid_request', 'audienceId');
    expect(expectOk(await api.get(`/audiences/${a.id}`), 200, audience)).toEqual(a);
  });

  it('deletes: {id, deleted: true}, then 404; campaigns keep their copy', async () => {
    const a = await createAudience({ name: 'Saved', keywords: ['k'] });
    const c = expectOk(
      await api.post('/campaigns', { name: 'C', audienceIds: [a.id] }),
      201,
      campaign,
    );
    expect(c.audiences.map((s) => s.audienceId)).toContain(a.id);
    expect(expectOk(await api.delete(`/audiences/${a.id}`), 200, deleted)).toEqual({
      id: a.id,
      deleted: true,
    });
    expectError(await api.get(`/audiences/${a.id}`), 404, 'not_found');
    expectError(await api.patch(`/audiences/${a.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await api.delete(`/audiences/${a.id}`), 404, 'not_found');
    expect(expectOk(await api.get('/audiences'), 200, page(audience)).data).toEqual([]);
    const after = expectOk(await api.get(`/campaigns/${c.id}`), 200, campaign);
    expect(after.audiences).toEqual(c.audiences);
  });

  it('is isolated per workspace', async () => {
    const mine = await createAudience({ name: 'Mine' });
    const other = await t.client({ workspace: 'globex' });
    expectError(await other.get(`/audiences/${mine.id}`), 404, 'not_found');
    expectError(await other.patch(`/audiences/${mine.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await other.delete(`/audiences/${mine.id}`), 404, 'not_found');
    expect(expectOk(await other.get('/audiences'), 200, page(audience))).toEqual({
      data: [],
      nextCursor: null,
    });
    await createAudience({ name: 'Theirs' }, other);
    expect(expectOk(await api.get('/audiences'), 200, page(audience)).data).toEqual([mine]);
  });

  it('needs audiences:read / audiences:write', async () => {
    const a = await createAudience();
    const writer = await t.client({ scopes: ['audiences:write'] });
    expectError(await writer.get('/audiences'), 403, 'forbidden', 'audiences:read');
    expectError(await writer.get(`/audiences/${a.id}`), 403, 'forbidden', 'audiences:read');
    const reader = await t.client({ scopes: ['audiences:read', 'datasets:write'] });
    expectOk(await reader.get('/audiences'), 200, page(audience));
    expectError(
      await reader.post('/audiences', { name: 'x' }),
      403,
      'forbidden',
      'audiences:write',
    );
    expectError(
      await reader.patch(`/audiences/${a.id}`, { name: 'x' }),
      403,
      'forbidden',
      'audiences:write',
    );
    expectError(await reader.delete(`/audiences/${a.id}`), 403, 'forbidden', 'audiences:write');
  });
});

// ---------------------------------------------------------------- data stores

describe('data stores', () => {
  it('created with only a name: ready at once, readyAt set, counts 0, scope workspace', async () => {
    const r = await api.post('/data-stores', { name: 'Cooking channels' });
    const s = expectOk(r, 201, dataStore);
    expect(s).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name: 'Cooking channels',
      description: '',
      status: 'ready',
      error: '',
      scope: 'workspace',
      channelCount: 0,
      videoCount: 0,
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
      readyAt: '2026-03-02T10:00:00.000Z',
    });
    expect(expectOk(await api.get(`/data-stores/${s.id}`), 200, dataStore)).toEqual(s);
  });

  it('created with channelIds or videoIds: collecting, not ready yet', async () => {
    const a = await createStore({
      name: 'A',
      description: 'from channels',
      channelIds: [chId(1), chId(2)],
    });
    expect(a).toMatchObject({
      status: 'collecting',
      description: 'from channels',
      scope: 'workspace',
      readyAt: '',
    });
    const b = await createStore({ name: 'B', videoIds: [vidId(1)] });
    expect(b.status).toBe('collecting');
    expect(b.readyAt).toBe('');
    const empty = await createStore({ name: 'C', channelIds: [], videoIds: [] });
    expect(empty.status).toBe('ready');
  });

  it('checks name, description, channelIds and videoIds', async () => {
    expectError(await api.post('/data-stores', {}), 400, 'invalid_request', 'name', 'required');
    expectError(
      await api.post('/data-stores', { name: '' }),
      400,
      'invalid_request',
      'name',
      'empty',
    );
    expect((await createStore({ name: 's'.repeat(160) })).name).toHaveLength(160);
    expectError(
      await api.post('/data-stores', { name: 's'.repeat(161) }),
      400,
      'invalid_request',
      'name',
      '160',
    );
    expect((await createStore({ description: 'd'.repeat(4000) })).description).toHaveLength(4000);
    expectError(
      await api.post('/data-stores', { name: 'S', description: 'd'.repeat(4001) }),
      400,
      'invalid_request',
      'description',
      '4000',
    );

    const channels = (n: number) => Array.from({ length: n }, (_, i) => chId(i));
    expect((await createStore({ channelIds: channels(50) })).status).toBe('collecting');
    expectError(
      await api.post('/data-stores', { name: 'S', channelIds: channels(51) }),
      400,
      'invalid_request',
      'channelIds',
      '50',
    );
    for (const bad of [
      'UC123',
      'XX' + 'a'.repeat(22),
      'UC' + 'a'.repeat(21) + '!',
      'UC' + 'a'.repeat(23),
    ]) {
      expectError(
        await api.post('/data-stores', { name: 'S', channelIds: [chId(1), bad] }),
        400,
        'invalid_request',
        'channelIds[1]',
        'UC',
      );
    }
    expect((await createStore({ channelIds: ['UC' + 'aZ09_-'.repeat(3) + 'abcd'] })).status).toBe(
      'collecting',
    );

    const videos = (n: number) => Array.from({ length: n }, (_, i) => vidId(i));
    expect((await createStore({ videoIds: videos(500) })).status).toBe('collecting');
    expectError(
      await api.post('/data-stores', { name: 'S', videoIds: videos(501) }),
      400,
      'invalid_request',
      'videoIds',
      '500',
    );
    for (const bad of ['short', 'a'.repeat(12), 'abc def ghi', 'abc.def.ghi']) {
      expectError(
        await api.post('/data-stores', { name: 'S', videoIds: [bad] }),
        400,
        'invalid_request',
        'videoIds[0]',
      );
    }
    expectError(
      await api.post('/data-stores', { name: 'S', status: 'ready' }),
      400,
      'invalid_request',
      'status',
    );
  });

  it('lists newest first, pages through all, filters by name; checks limit', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 26; i++) {
      ids.push((await createStore({ name: i % 2 ? `Odd ${i}` : `Even ${i}` })).id);
      t.clock.advance(SECOND);
    }
    const newestFirst = [...ids].reverse();
    const first = expectOk(await api.get('/data-stores'), 200, page(dataStore));
    expect(first.data.map((s) => s.id)).toEqual(newestFirst.slice(0, 25));
    expect((await allPages(api, '/data-stores', 5, dataStore)).items.map((s) => s.id)).toEqual(
      newestFirst,
    );
    expect((await allPages(api, '/data-stores?name=odd', 4, dataStore)).items).toHaveLength(13);
    expectError(await api.get('/data-stores?limit=0'), 400, 'invalid_request', 'limit');
    expectError(await api.get('/data-stores?limit=101'), 400, 'invalid_request', 'limit', '100');
  });

  it('library stores appear only with includeLibrary=true, scope library; includeLibrary must be true or false', async () => {
    const mine = await createStore({ name: 'Mine' });
    t.clock.advance(SECOND);
    const lib = await createLibrary('Library: home cooking');
    t.clock.advance(SECOND);
    const mine2 = await createStore({ name: 'Mine 2' });

    const without = expectOk(await api.get('/data-stores'), 200, page(dataStore));
    expect(without.data.map((s) => s.id)).toEqual([mine2.id, mine.id]);
    expect(
      expectOk(await api.get('/data-stores?includeLibrary=false'), 200, page(dataStore)).data.map(
        (s) => s.id,
      ),
    ).toEqual([mine2.id, mine.id]);

    const withLib = expectOk(
      await api.get('/data-stores?includeLibrary=true'),
      200,
      page(dataStore),
    );
    expect(withLib.data.map((s) => s.id)).toEqual([mine2.id, lib.id, mine.id]);
    const libRecord = withLib.data.find((s) => s.id === lib.id)!;
    expect(libRecord).toMatchObject({
      scope: 'library',
      status: 'ready',
      name: 'Library: home cooking',
    });
    expect(withLib.data.filter((s) => s.id !== lib.id).every((s) => s.scope === 'workspace')).toBe(
      true,
    );
    expect(
      (await allPages(api, '/data-stores?includeLibrary=true', 1, dataStore)).items.map(
        (s) => s.id,
      ),
    ).toEqual([mine2.id, lib.id, mine.id]);
    expect(
      expectOk(
        await api.get('/data-stores?includeLibrary=true&name=home'),
        200,
        page(dataStore),
      ).data.map((s) => s.id),
    ).toEqual([lib.id]);

    for (const bad of ['maybe', '1', 'TRUE', '']) {
      expectError(
        await api.get(`/data-stores?includeLibrary=${bad}`),
        400,
        'invalid_request',
        'includeLibrary',
      );
    }

    // every workspace sees the library store, and only its own workspace stores
    const other = await t.client({ workspace: 'globex' });
    expect(expectOk(await other.get('/data-stores'), 200, page(dataStore)).data).toEqual([]);
    expect(
      expectOk(await other.get('/data-stores?includeLibrary=true'), 200, page(dataStore)).data.map(
        (s) => s.id,
      ),
    ).toEqual([lib.id]);
  });

  it('a library store can be read but not changed, deleted or imported into (409 conflict)', async () => {
    const lib = await createLibrary();
    const got = expectOk(await api.get(`/data-stores/${lib.id}`), 200, dataStore);
    expect(got).toMatchObject({ id: lib.id, scope: 'library', status: 'ready' });
    expectError(
      await api.patch(`/data-stores/${lib.id}`, { name: 'Mine now' }),
      409,
      'conflict',
      lib.id,
    );
    expectError(await api.delete(`/data-stores/${lib.id}`), 409, 'conflict', lib.id);
    expectError(
      await api.post(`/data-stores/${lib.id}/import`, { channels: [ytChannelResource(1)] }),
      409,
      'conflict',
      lib.id,
    );
    expect(expectOk(await api.get(`/data-stores/${lib.id}`), 200, dataStore)).toEqual(got);
    const other = await t.client({ workspace: 'globex' });
    expect(expectOk(await other.get(`/data-stores/${lib.id}`), 200, dataStore)).toEqual(got);
  });

  it('a library store lists the shared catalog content it links', async () => {
    const ch = ytChannel.parse(ytChannelResource(7));
    const v = ytVideo.parse(ytVideoResource(7, chId(7)));
    await t.store.write(async () => {
      await t.services.catalog.upsertChannel('', ch);
      await t.services.catalog.upsertVideo('', v);
    });
    const lib = await createLibrary('Lib', [chId(7)], [vidId(7)]);
    const got = expectOk(await api.get(`/data-stores/${lib.id}`), 200, dataStore);
    expect(got).toMatchObject({ channelCount: 1, videoCount: 1 });
    const channels = expectOk(
      await api.get(`/data-stores/${lib.id}/channels`),
      200,
      page(storeChannel),
    );
    expect(channels.data).toEqual([
      expect.objectContaining({ channelId: chId(7), title: 'Channel 7', videoCount: 1 }),
    ]);
    const videos = expectOk(await api.get(`/data-stores/${lib.id}/videos`), 200, page(storeVideo));
    expect(videos.data).toEqual([
      expect.objectContaining({ videoId: vidId(7), channelId: chId(7), commentCount: 0 }),
    ]);
  });

  it('updates name and description only; updatedAt moves; checks bounds', async () => {
    const s = await createStore({ name: 'Old', description: 'old text' });
    t.clock.advance(30 * SECOND);
    const u = expectOk(await api.patch(`/data-stores/${s.id}`, { name: 'New' }), 200, dataStore);
    expect(u).toEqual({ ...s, name: 'New', updatedAt: '2026-03-02T10:00:30.000Z' });
    t.clock.advance(30 * SECOND);
    const u2 = expectOk(
      await api.patch(`/data-stores/${s.id}`, { description: '' }),
      200,
      dataStore,
    );
    expect(u2).toEqual({ ...u, description: '', updatedAt: '2026-03-02T10:01:00.000Z' });
    expect(expectOk(await api.get(`/data-stores/${s.id}`), 200, dataStore)).toEqual(u2);

    expectError(
      await api.patch(`/data-stores/${s.id}`, { name: '' }),
      400,
      'invalid_request',
      'name',
    );
    expectError(
      await api.patch(`/data-stores/${s.id}`, { name: 'n'.repeat(161) }),
      400,
      'invalid_request',
      'name',
      '160',
    );
    expectError(
      await api.patch(`/data-stores/${s.id}`, { description: 'd'.repeat(4001) }),
      400,
      'invalid_request',
      'description',
      '4000',
    );
    expectError(
      await api.patch(`/data-stores/${s.id}`, { channelIds: ['bad'] }),
      400,
      'invalid_request',
      'channelIds[0]',
    );
    expectError(
      await api.patch(`/data-stores/${s.id}`, { scope: 'library' }),
      400,
      'invalid_request',
      'scope',
    );
    expectError(await api.patch(`/data-stores/${MISSING_ID}`, { name: 'x' }), 404, 'not_found');
    expect(expectOk(await api.get(`/data-stores/${s.id}`), 200, dataStore)).toEqual(u2);
  });

  it('replacing the sources starts collecting again', async () => {
    const s = await createStore();
    const u = expectOk(
      await api.patch(`/data-stores/${s.id}`, { channelIds: [chId(3)] }),
      200,
      dataStore,
    );
    expect(u.status).toBe('collecting');
  });

  it('delete: {id, deleted: true}, 404 afterwards, and the id leaves audiences and campaign slots', async () => {
    const s1 = await createStore({ name: 'S1' });
    const s2 = await createStore({ name: 'S2' });
    const a = await createAudience({ dataStoreIds: [s1.id, s2.id] });
    const onlyS1 = await createAudience({ name: 'only s1', dataStoreIds: [s1.id] });
    const untouched = await createAudience({ name: 'other', dataStoreIds: [s2.id] });
    const c = expectOk(
      await api.post('/campaigns', { name: 'C', dataStoreIds: [s1.id, s2.id] }),
      201,
      campaign,
    );
    expect(c.audiences[0]!.dataStoreIds).toEqual([s1.id, s2.id]);

    expect(expectOk(await api.delete(`/data-stores/${s1.id}`), 200, deleted)).toEqual({
      id: s1.id,
      deleted: true,
    });
    expectError(await api.get(`/data-stores/${s1.id}`), 404, 'not_found');
    expectError(await api.patch(`/data-stores/${s1.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await api.delete(`/data-stores/${s1.id}`), 404, 'not_found');
    expectError(await api.get(`/data-stores/${s1.id}/channels`), 404, 'not_found');
    expectError(
      await api.post(`/data-stores/${s1.id}/import`, { channels: [ytChannelResource(1)] }),
      404,
      'not_found',
    );

    expect(expectOk(await api.get(`/audiences/${a.id}`), 200, audience).dataStoreIds).toEqual([
      s2.id,
    ]);
    expect(expectOk(await api.get(`/audiences/${onlyS1.id}`), 200, audience).dataStoreIds).toEqual(
      [],
    );
    expect(
      expectOk(await api.get(`/audiences/${untouched.id}`), 200, audience).dataStoreIds,
    ).toEqual([s2.id]);
    expect(
      expectOk(await api.get(`/campaigns/${c.id}`), 200, campaign).audiences[0]!.dataStoreIds,
    ).toEqual([s2.id]);
    expect(
      expectOk(await api.get('/data-stores'), 200, page(dataStore)).data.map((s) => s.id),
    ).toEqual([s2.id]);
  });

  it('is isolated per workspace', async () => {
    const mine = await createStore({ name: 'Mine' });
    const other = await t.client({ workspace: 'globex' });
    expectError(await other.get(`/data-stores/${mine.id}`), 404, 'not_found');
    expectError(await other.patch(`/data-stores/${mine.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await other.delete(`/data-stores/${mine.id}`), 404, 'not_found');
    expectError(await other.get(`/data-stores/${mine.id}/channels`), 404, 'not_found');
    expectError(await other.get(`/data-stores/${mine.id}/videos`), 404, 'not_found');
    expectError(
      await other.post(`/data-stores/${mine.id}/import`, { channels: [ytChannelResource(1)] }),
      404,
      'not_found',
    );
    expect(
      expectOk(await other.get('/data-stores?includeLibrary=true'), 200, page(dataStore)).data,
    ).toEqual([]);
    expect(expectOk(await api.get(`/data-stores/${mine.id}`), 200, dataStore)).toEqual(mine);
  });

  it('needs datasets:read / datasets:write', async () => {
    const s = await createStore();
    const writer = await t.client({ scopes: ['datasets:write'] });
    expectError(await writer.get('/data-stores'), 403, 'forbidden', 'datasets:read');
    expectError(await writer.get(`/data-stores/${s.id}/videos`), 403, 'forbidden', 'datasets:read');
    const reader = await t.client({ scopes: ['datasets:read'] });
    expectOk(await reader.get(`/data-stores/${s.id}`), 200, dataStore);
    expectError(
      await reader.post('/data-stores', { name: 'x' }),
      403,
      'forbidden',
      'datasets:write',
    );
    expectError(await reader.delete(`/data-stores/${s.id}`), 403, 'forbidden', 'datasets:write');
    expectError(
      await reader.post(`/data-stores/${s.id}/import`, { channels: [ytChannelResource(1)] }),
      403,
      'forbidden',
      'datasets:write',
    );
  });
});

// ---------------------------------------------------------------- import

describe('data store import (YouTube Data API v3 shapes)', () => {
  let store: z.output<typeof dataStore>;
  beforeEach(async () => {
    store = await createStore({ name: 'Imports' });
  });
  const imp = (body: unknown, id = store.id, c: Client = api) =>
    c.post(`/data-stores/${id}/import`, body);
  const channelsOf = async (id = store.id, c: Client = api) =>
    (await allPages(c, `/data-stores/${id}/channels`, 100, storeChannel)).items;
  const videosOf = async (id = store.id, query = '', c: Client = api) =>
    (await allPages(c, `/data-stores/${id}/videos${query ? `?${query}` : ''}`, 100, storeVideo))
      .items;

  it('imports channels, videos and comment threads with replies; counts go up; listings show them', async () => {
    t.clock.advance(10 * SECOND);
    const r = await imp({
      channels: [
        ytChannelResource(1),
        ytChannelResource(2, { statistics: { subscriberCount: 77 } }),
      ],
      videos: [
        ytVideoResource(1, chId(1)),
        ytVideoResource(2, chId(1), {
          statistics: { viewCount: '5', likeCount: '1', commentCount: '0' },
        }),
      ],
      comments: [
        ytThread('t1', vidId(1), ['t1.r1', 't1.r2']),
        ytThread('t2', vidId(1)),
        ytComment('c9', vidId(2), 'plain comment'),
      ],
    });
    const res = expectOk(r, 200, importResult);
    expect(res.imported).toEqual({ channels: 2, videos: 2, comments: 5 });
    expect(res.dataStore).toMatchObject({
      id: store.id,
      channelCount: 2,
      videoCount: 2,
      status: 'ready',
      scope: 'workspace',
    });
    expect(res.dataStore.updatedAt).toBe('2026-03-02T10:00:10.000Z');
    expect(expectOk(await api.get(`/data-stores/${store.id}`), 200, dataStore)).toEqual(
      res.dataStore,
    );

    const channels = await channelsOf();
    expect(channels.map((c) => c.channelId).sort()).toEqual([chId(1), chId(2)]);
    expect(channels.find((c) => c.channelId === chId(1))).toEqual({
      channelId: chId(1),
      title: 'Channel 1',
      handle: '@channel1',
      description: 'About channel 1',
      imageUrl: 'https://yt3.example/1/high.jpg',
      country: 'US',
      subscribers: 1234,
      videoCount: 2,
    });
    expect(channels.find((c) => c.channelId === chId(2))).toMatchObject({
      subscribers: 77,
      videoCount: 0,
    });

    const videos = await videosOf();
    expect(videos.map((v) => v.videoId).sort()).toEqual([vidId(1), vidId(2)]);
    expect(videos.find((v) => v.videoId === vidId(1))).toEqual({
      videoId: vidId(1),
      channelId: chId(1),
      title: 'Video 1',
      description: 'Description 1',
      tags: ['recipe', 'tag1'],
      publishedAt: '2025-06-01T08:00:00Z',
      viewCount: 1000,
      likeCount: 50,
      commentCount: 4, // comments held (t1 + 2 replies + t2), not the platform's "999"
      duration: 'PT5M3S',
    });
    expect(videos.find((v) => v.videoId === vidId(2))).toMatchObject({
      viewCount: 5,
      likeCount: 1,
      commentCount: 1,
    });
  });

  it('accepts minimal resources and the search-result id form {videoId}', async () => {
    const res = expectOk(
      await imp({
        channels: [{ id: chId(5), snippet: { title: 'Bare' } }],
        videos: [
          {
            id: { kind: 'youtube#video', videoId: vidId(5) },
            snippet: { channelId: chId(5), title: 'Bare video' },
          },
        ],
      }),
      200,
      importResult,
    );
    expect(res.imported).toEqual({ channels: 1, videos: 1, comments: 0 });
    const [c] = await channelsOf();
    expect(c).toEqual({
      channelId: chId(5),
      title: 'Bare',
      handle: '',
      description: '',
      imageUrl: '',
      country: '',
      subscribers: 0,
      videoCount: 1,
    });
    const [v] = await videosOf();
    expect(v).toMatchObject({
      videoId: vidId(5),
      tags: [],
      publishedAt: null,
      viewCount: 0,
      likeCount: 0,
      commentCount: 0,
      duration: expect.any(String),
    });
  });

  it('a video whose channel was not imported still gets its channel', async () => {
    expectOk(await imp({ videos: [ytVideoResource(3, chId(30))] }), 200, importResult);
    const channels = await channelsOf();
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({
      channelId: chId(30),
      title: `Title of ${chId(30)}`,
      videoCount: 1,
    });
    expect(expectOk(await api.get(`/data-stores/${store.id}`), 200, dataStore)).toMatchObject({
      channelCount: 1,
      videoCount: 1,
    });
    // importing the channel later fills it in without a second row
    expectOk(await imp({ channels: [ytChannelResource(30)] }), 200, importResult);
    const again = await channelsOf();
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      channelId: chId(30),
      title: 'Channel 30',
      subscribers: 1234,
      videoCount: 1,
    });
  });

  it('filters videos by channelId and checks it', async () => {
    expectOk(
      await imp({
        videos: [
          ytVideoResource(1, chId(1)),
          ytVideoResource(2, chId(2)),
          ytVideoResource(3, chId(1)),
        ],
      }),
      200,
      importResult,
    );
    expect((await videosOf(store.id, `channelId=${chId(1)}`)).map((v) => v.videoId).sort()).toEqual(
      [vidId(1), vidId(3)],
    );
    expect((await videosOf(store.id, `channelId=${chId(2)}`)).map((v) => v.videoId)).toEqual([
      vidId(2),
    ]);
    expect(await videosOf(store.id, `channelId=${chId(9)}`)).toEqual([]);
    expectError(
      await api.get(`/data-stores/${store.id}/videos?channelId=nope`),
      400,
      'invalid_request',
      'channelId',
    );
    expectError(
      await api.get(`/data-stores/${store.id}/videos?name=x`),
      400,
      'invalid_request',
      'name',
    );
    expectError(
      await api.get(`/data-stores/${store.id}/channels?limit=101`),
      400,
      'invalid_request',
      'limit',
      '100',
    );
    expectError(
      await api.get(`/data-stores/${store.id}/videos?limit=0`),
      400,
      'invalid_request',
      'limit',
    );
  });

  it('pages the channel and video listings, most recently added first', async () => {
    const videos = Array.from({ length: 7 }, (_, i) => ytVideoResource(i, chId(i % 3)));
    expectOk(await imp({ videos }), 200, importResult);
    const vp = await allPages(api, `/data-stores/${store.id}/videos`, 2, storeVideo);
    expect(vp.pages).toBe(4);
    expect(vp.items.map((v) => v.videoId)).toEqual(videos.map((v) => v.id).reverse());
    const cp = await allPages(api, `/data-stores/${store.id}/channels`, 1, storeChannel);
    expect(cp.items.map((c) => c.channelId).sort()).toEqual([chId(0), chId(1), chId(2)]);
    expect(cp.items.map((c) => c.videoCount).sort()).toEqual([2, 2, 3]);
  });

  it('importing the same ids again updates rather than duplicates', async () => {
    const body = {
      channels: [ytChannelResource(1)],
      videos: [ytVideoResource(1, chId(1))],
      comments: [ytThread('t1', vidId(1), ['t1.r1'])],
    };
    expectOk(await imp(body), 200, importResult);
    t.clock.advance(SECOND);
    const second = expectOk(
      await imp({
        channels: [
          ytChannelResource(1, {
            snippet: { title: 'Renamed channel' },
            statistics: { subscriberCount: '2000' },
          }),
        ],
        videos: [ytVideoResource(1, chId(1), { statistics: { viewCount: '2500' } })],
        comments: [ytThread('t1', vidId(1), ['t1.r1'])],
      }),
      200,
      importResult,
    );
    expect(second.dataStore).toMatchObject({ channelCount: 1, videoCount: 1 });
    const channels = await channelsOf();
    expect(channels).toEqual([
      expect.objectContaining({
        channelId: chId(1),
        title: 'Renamed channel',
        subscribers: 2000,
        handle: '',
        videoCount: 1,
      }),
    ]);
    const videos = await videosOf();
    expect(videos).toEqual([
      expect.objectContaining({
        videoId: vidId(1),
        viewCount: 2500,
        likeCount: 0,
        commentCount: 2,
      }),
    ]);
  });

  it('the same content imported into two stores of one workspace is linked to both', async () => {
    const other = await createStore({ name: 'Second' });
    expectOk(await imp({ videos: [ytVideoResource(1, chId(1))] }), 200, importResult);
    expectOk(
      await imp(
        { videos: [ytVideoResource(1, chId(1))], comments: [ytThread('t1', vidId(1))] },
        other.id,
      ),
      200,
      importResult,
    );
    expect((await videosOf(store.id)).map((v) => [v.videoId, v.commentCount])).toEqual([
      [vidId(1), 1],
    ]);
    expect((await videosOf(other.id)).map((v) => [v.videoId, v.commentCount])).toEqual([
      [vidId(1), 1],
    ]);
  });

  it('comments may name a video imported earlier', async () => {
    expectOk(await imp({ videos: [ytVideoResource(1, chId(1))] }), 200, importResult);
    const r = expectOk(
      await imp({ comments: [ytThread('later', vidId(1), ['later.r'])] }),
      200,
      importResult,
    );
    expect(r.imported).toEqual({ channels: 0, videos: 0, comments: 2 });
    expect((await videosOf())[0]!.commentCount).toBe(2);
  });

  it('a comment whose video is unknown is refused (400 naming comments[i]) and nothing of the request is kept', async () => {
    const { message: msg } = expectError(
      await imp({
        videos: [ytVideoResource(1, chId(1))],
        comments: [ytThread('ok', vidId(1)), ytThread('bad', vidId(99))],
      }),
      400,
      'invalid_request',
      'comments[1]',
      vidId(99),
    );
    expect(msg).not.toContain('comments[0]');
    expect(expectOk(await api.get(`/data-stores/${store.id}`), 200, dataStore)).toMatchObject({
      channelCount: 0,
      videoCount: 0,
    });
    expect(await videosOf()).toEqual([]);
    expect(await channelsOf()).toEqual([]);
    // a comment without any video id
    expectError(
      await imp({ comments: [ytComment('lonely', undefined, 'hi')] }),
      400,
      'invalid_request',
      'comments[0]',
      'videoId',
    );
  });

  it('refuses an empty import, malformed resources and oversized lists', async () => {
    expectError(await imp({}), 400, 'invalid_request', 'channels', 'videos', 'comments');
    expectError(await imp({ channels: [], videos: [], comments: [] }), 400, 'invalid_request');
    expectError(await imp(undefined), 400, 'invalid_request', 'body');
    expectError(
      await imp({ videos: [ytVideoResource(1, chId(1), { id: 'bad-id' })] }),
      400,
      'invalid_request',
      'videos[0].id',
    );
    expectError(
      await imp({ videos: [ytVideoResource(1, chId(1)), ytVideoResource(2, 'UCshort')] }),
      400,
      'invalid_request',
      'videos[1].snippet.channelId',
    );
    expectError(
      await imp({ videos: [ytVideoResource(1, chId(1), { statistics: { viewCount: '-5' } })] }),
      400,
      'invalid_request',
      'videos[0].statistics.viewCount',
    );
    expectError(
      await imp({ videos: [ytVideoResource(1, chId(1), { snippet: { channelId: chId(1) } })] }),
      400,
      'invalid_request',
      'videos[0].snippet.title',
    );
    expectError(
      await imp({ channels: [ytChannelResource(1, { id: 'UC-too-short' })] }),
      400,
      'invalid_request',
      'channels[0].id',
    );
    expectError(
      await imp({ channels: [{ ...ytChannelResource(1), kind: 'youtube#video' }] }),
      400,
      'invalid_request',
      'channels[0].kind',
    );
    expectError(
      await imp({ playlists: [], channels: [ytChannelResource(1)] }),
      400,
      'invalid_request',
      'playlists',
    );

    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: vidId(i),
        snippet: { channelId: chId(1), title: `V${i}` },
      }));
    expectError(await imp({ videos: many(1001) }), 400, 'invalid_request', 'videos', '1000');
    expect(expectOk(await api.get(`/data-stores/${store.id}`), 200, dataStore)).toMatchObject({
      channelCount: 0,
      videoCount: 0,
    });
    const channels = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: chId(i), snippet: { title: `C${i}` } }));
    expectError(await imp({ channels: channels(101) }), 400, 'invalid_request', 'channels', '100');
    const comments = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `c${i}`, snippet: { videoId: vidId(1) } }));
    expectError(
      await imp({ comments: comments(5001) }),
      400,
      'invalid_request',
      'comments',
      '5000',
    );
    const huge = Array.from({ length: 300 }, (_, i) => ({
      id: vidId(i),
      snippet: { channelId: chId(1), title: 'V', description: 'd'.repeat(4000) },
    }));
    expectError(await imp({ videos: huge }), 413, 'payload_too_large', '1 MB');
    expect(expectOk(await api.get(`/data-stores/${store.id}`), 200, dataStore)).toMatchObject({
      channelCount: 0,
      videoCount: 0,
    });

    expect(
      expectOk(await imp({ channels: channels(100) }), 200, importResult).imported.channels,
    ).toBe(100);
    const ok = expectOk(await imp({ videos: many(1000) }), 200, importResult);
    expect(ok.imported.videos).toBe(1000);
    expect(ok.dataStore).toMatchObject({ videoCount: 1000, channelCount: 100 });
  });

  it('a workspace’s imports do not leak into another workspace', async () => {
    const other = await t.client({ workspace: 'globex' });
    expectOk(
      await imp({
        channels: [
          ytChannelResource(1, { snippet: { title: 'Acme private title', description: 'secret' } }),
        ],
        videos: [
          ytVideoResource(1, chId(1), {
            snippet: { channelId: chId(1), title: 'Acme private video' },
          }),
        ],
        comments: [ytThread('t1', vidId(1))],
      }),
      200,
      importResult,
    );
    const theirs = await createStore({ name: 'Globex store' }, other);
    // globex imports a video of the same channel without the channel: it gets its own minimal copy
    expectOk(
      await imp(
        {
          videos: [
            ytVideoResource(2, chId(1), { snippet: { channelId: chId(1), title: 'Globex video' } }),
          ],
        },
        theirs.id,
        other,
      ),
      200,
      importResult,
    );
    const channels = await channelsOf(theirs.id, other);
    expect(channels).toHaveLength(1);
    expect(channels[0]!.channelId).toBe(chId(1));
    expect(channels[0]!.title).not.toBe('Acme private title');
    expect(channels[0]!.description).not.toBe('secret');
    expect(channels[0]!.videoCount).toBe(1);
    // acme's video is not in globex's catalog: a comment on it is refused there
    expectError(
      await imp({ comments: [ytThread('x', vidId(1))] }, theirs.id, other),
      400,
      'invalid_request',
      'comments[0]',
    );
    // and acme's own listing is unchanged
    expect((await channelsOf()).map((c) => [c.title, c.videoCount])).toEqual([
      ['Acme private title', 1],
    ]);
    expect((await videosOf()).map((v) => [v.title, v.commentCount])).toEqual([
      ['Acme private video', 1],
    ]);
  });

  it('a workspace copy of shared catalog content is counted once', async () => {
    // the shared catalog (library content) already holds channel 1 and video 1 with a comment
    await t.store.write(async () => {
      await t.services.catalog.upsertChannel('', ytChannel.parse(ytChannelResource(1)));
      await t.services.catalog.upsertVideo('', ytVideo.parse(ytVideoResource(1, chId(1))));
      await t.services.catalog.upsertComment(
        '',
        { id: 't1', snippet: { authorDisplayName: 'x', textOriginal: 'shared' } } as never,
        vidId(1),
      );
    });
    // the workspace imports its own copy of the same video and the same comment thread
    expectOk(
      await imp({
        videos: [ytVideoResource(1, chId(1), { statistics: { viewCount: '7' } })],
        comments: [ytThread('t1', vidId(1))],
      }),
      200,
      importResult,
    );
    const channels = await channelsOf();
    expect(channels).toEqual([expect.objectContaining({ channelId: chId(1), videoCount: 1 })]);
    const videos = await videosOf();
    expect(videos).toEqual([
      expect.objectContaining({ videoId: vidId(1), viewCount: 7, commentCount: 1 }),
    ]);
  });
});
