// @store both
/**
 * Round trips that catch a forgotten field, over a workspace that uses every field: each field of
 * the create and update operations' bodies (campaigns, brands, audiences, data stores, slots,
 * targeting items), imported YouTube content, the ad-platform state and the clock, made from the
 * declarations (test/helpers/every-field.ts), so a field added to a resource is used here without
 * anyone listing it. An export applied on an EMPTY second server (no demo, no shared catalog) makes
 * a workspace that exports the same document and reads the same through every read operation; a
 * snapshot saved, the workspace reset and the snapshot loaded gives back every record exactly as
 * every read operation shows it (test/helpers/every-read.ts). The demo's export applies on an empty
 * server, and back onto the demo changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  campaign,
  brand,
  audience,
  dataStore,
  storeChannel,
  storeVideo,
} from '../server/schemas/records.ts';
import { targeting } from '../server/operations/targeting.ts';
import { ok } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { bodyFields, fullBody, operation, unusedFields } from './helpers/every-field.ts';
import { everyRead, type Reads } from './helpers/every-read.ts';
import { snapshotTools } from './helpers/snapshots.ts';

const ACCOUNTS = [
  { customerId: '4123456780', name: 'Main', currencyCode: 'USD', timeZone: 'America/New_York' },
  { customerId: '4987654320', name: 'Europe', currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
];
const CHANNEL = 'UCroundtripxxxxxxxxxxxxx';
const VIDEO = 'roundtrip01';

/** A channel, a video and a comment thread with every field the catalog keeps. */
const RESOURCES = {
  channels: [
    {
      kind: 'youtube#channel',
      id: CHANNEL,
      snippet: {
        title: 'Round Trip Trails',
        description: 'Trail running, every field',
        customUrl: '@roundtrip',
        publishedAt: '2019-05-01T10:00:00Z',
        thumbnails: { high: { url: 'https://img.example/roundtrip.jpg' } },
        country: 'CA',
      },
      statistics: { subscriberCount: 4200 },
      brandingSettings: { channel: { keywords: 'trail running ultramarathon' } },
    },
  ],
  videos: [
    {
      kind: 'youtube#video',
      id: VIDEO,
      snippet: {
        channelId: CHANNEL,
        title: 'Talus 3 after 500 miles',
        description: 'A long-term review',
        tags: ['trail running', 'shoe review'],
        publishedAt: '2026-01-10T08:00:00Z',
      },
      statistics: { viewCount: 48000, likeCount: 1900, commentCount: 2 },
      contentDetails: { duration: 'PT12M3S' },
    },
  ],
  comments: [
    {
      kind: 'youtube#commentThread',
      id: 'thread-rt',
      snippet: {
        videoId: VIDEO,
        topLevelComment: {
          kind: 'youtube#comment',
          id: 'comment-rt-1',
          snippet: {
            textOriginal: 'Great grip on wet rock',
            authorDisplayName: 'Ana',
            likeCount: 12,
            publishedAt: '2026-01-11T08:00:00Z',
          },
        },
      },
      replies: {
        comments: [
          {
            kind: 'youtube#comment',
            id: 'comment-rt-2',
            snippet: {
              videoId: VIDEO,
              textOriginal: 'Agreed, and wide enough',
              authorDisplayName: 'Ben',
              likeCount: 3,
              publishedAt: '2026-01-12T08:00:00Z',
            },
          },
        ],
      },
    },
  ],
};

interface Workspace {
  api: Client;
  ctl: Client;
}

/** Workspace `slug` of `b`, invited to exploration, with two ad-platform accounts (a campaign uses the second). */
async function workspace(b: TestBackend, slug: string): Promise<Workspace> {
  await b.store.write(() =>
    b.services.workspaces.ensure(slug, { exploration: true, accounts: ACCOUNTS }),
  );
  return {
    api: await b.client({ workspace: slug }),
    ctl: await b.client({ workspace: slug, prefix: '/_adcli/v1' }),
  };
}

/**
 * Fills a workspace with records that set every field of their operations' bodies, through the API
 * and the controls, then lets its jobs run (collection, sync, daily figures) over two days.
 */
async function fill({ api, ctl }: Workspace): Promise<void> {
  ok(await ctl.post('/clock/freeze', {}));
  const northwind = ok(
    await api.post('/brands', fullBody('create_brand', { website: 'https://northwind.example' })),
    201,
  );
  const imported = ok(await api.post('/data-stores', { name: 'Imported reviews' }), 201);
  ok(await api.post(`/data-stores/${imported.id}/import`, RESOURCES));
  // sources the catalog holds (collected in the background), and one it does not (the store errs)
  const sourced = ok(
    await api.post(
      '/data-stores',
      fullBody('create_data_store', { channelIds: [CHANNEL], videoIds: [VIDEO] }),
    ),
    201,
  );
  ok(await api.post('/data-stores', { name: 'Broken', videoIds: ['zzzzzzzzzzz'] }), 201);
  const runners = ok(
    await api.post(
      '/audiences',
      fullBody('create_audience', { dataStoreIds: [imported.id, sourced.id] }),
    ),
    201,
  );
  const launch = ok(
    await api.post(
      '/campaigns',
      fullBody('create_campaign', {
        brandId: northwind.id,
        language: 'de',
        locations: ['DE', 'AT'],
        endDate: '2026-12-31',
        biddingStrategy: 'TARGET_CPA',
        dataStoreIds: [imported.id],
        audienceIds: [runners.id],
        customerId: ACCOUNTS[1]!.customerId,
      }),
    ),
    201,
  );
  const [primary, attached] = launch.audiences as { id: string }[];
  ok(
    await api.patch(
      `/campaigns/${launch.id}/audiences/${attached!.id}`,
      fullBody('update_campaign_audience', { dataStoreIds: [sourced.id] }),
    ),
  );
  const item = fullBody('edit_targeting', {}).items as Record<string, unknown>[];
  ok(
    await api.put(`/campaigns/${launch.id}/targeting/audiences/${primary!.id}/items`, {
      items: [
        { ...item[0], section: 'keywords', text: 'trail running shoes', matchType: 'EXACT' },
        { section: 'topics', text: 'Running', label: 'Sports > Running', source: 'taxonomy' },
      ],
    }),
  );
  ok(await api.post(`/campaigns/${launch.id}/ads-platform`, {}));
  ok(await ctl.post(`/ads/campaigns/${launch.id}/status`, { status: 'ENABLED' }));
  const paused = ok(
    await api.post('/campaigns', {
      name: 'Paused one',
      campaignType: 'VIDEO',
      budget: 20,
      budgetType: 'daily',
    }),
    201,
  );
  ok(await api.post(`/campaigns/${paused.id}/ads-platform`, {}));
  ok(await ctl.post('/clock/advance', { by: '2d' }));
}

/** Fields of each record schema that no record of the workspace sets (none, or said why). */
async function unused({ api, ctl }: Workspace): Promise<Record<string, string[]>> {
  const list = async (path: string) =>
    ok(await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=100`)).data as any[];
  const campaigns = await list('/campaigns');
  const stores = await list('/data-stores');
  const channels = [];
  const videos = [];
  for (const s of stores) {
    channels.push(...(await list(`/data-stores/${s.id}/channels`)));
    videos.push(...(await list(`/data-stores/${s.id}/videos`)));
  }
  const targetings = [];
  for (const c of campaigns) targetings.push(ok(await api.get(`/campaigns/${c.id}/targeting`)));
  const platform = operation('list_ads_campaigns').response;
  return {
    campaign: unusedFields(campaign, campaigns),
    brand: unusedFields(brand, await list('/brands')),
    audience: unusedFields(audience, await list('/audiences')),
    dataStore: unusedFields(dataStore, stores),
    storeChannel: unusedFields(storeChannel, channels),
    storeVideo: unusedFields(storeVideo, videos),
    targeting: unusedFields(targeting, targetings),
    adsPlatform: unusedFields(platform, [ok(await ctl.get('/ads/campaigns'))]),
  };
}

const ID = /\b[a-f0-9]{24}\b/g;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Reads of two servers made comparable: each record id (they differ between servers) replaced by
 * its kind and name, and instants (when each server made its records) left out.
 */
function comparable(reads: Reads): unknown {
  const label = new Map<string, string>();
  const name = (prefix: string, r: any) => label.set(r.id, `${prefix}:${r.name}`);
  for (const [key, { body }] of Object.entries(reads)) {
    const data = (body as any)?.data;
    if (!Array.isArray(data)) continue;
    if (key.startsWith('list_campaigns '))
      for (const c of data) {
        name('campaign', c);
        for (const s of c.audiences) label.set(s.id, `slot:${c.name}/${s.name}`);
        if (c.adsPlatform.campaignId) label.set(c.adsPlatform.campaignId, `platform:${c.name}`);
      }
    if (key.startsWith('list_data_stores ')) for (const s of data) name('store', s);
    if (key.startsWith('list_brands ')) for (const s of data) name('brand', s);
    if (key.startsWith('list_audiences ')) for (const s of data) name('audience', s);
  }
  const text = (s: string) =>
    s.replace(ID, (id) => label.get(id) ?? id).replace(/\b\d{6,20}\b/g, (n) => label.get(n) ?? n);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return INSTANT.test(v) ? '(instant)' : text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x)]));
    return v;
  };
  return walk(Object.fromEntries(Object.entries(reads).map(([k, r]) => [text(k), r])));
}

let source: TestBackend;
let full: Workspace;

beforeAll(async () => {
  source = await testBackend();
  full = await workspace(source, 'full');
  await fill(full);
});

describe('a workspace that uses every field', () => {
  it('sets every field of the records the API shows', async () => {
    expect(await unused(full)).toEqual({
      campaign: [],
      brand: [],
      audience: [],
      // a store in error says why; a ready one has no error
      dataStore: [],
      storeChannel: [],
      storeVideo: [],
      // a slot whose generation failed says why: none did
      targeting: ['audiences[].error'],
      // a campaign deleted in the service is no record to export: none is; the simulated platform
      // takes every item (what Google Ads refuses is tested on its stand-in)
      adsPlatform: ['data[].deletedInService', 'data[].problems'],
    });
  });
});

describe('export → apply on an empty server → export', () => {
  it('gives the same document, and the same records through every read', async () => {
    const exported = ok(await full.ctl.get('/fixtures'));
    // every field of each body is in the document (a field the export forgets fails here)
    const launch = exported.campaigns.find(
      (c: any) => c.settings.name === 'create_campaign.name of the round trip',
    );
    expect(Object.keys(launch.settings).sort()).toEqual(
      Object.keys(bodyFields('create_campaign')).sort(),
    );
    expect(Object.keys(exported.brands[0]).sort()).toEqual(
      ['ref', ...Object.keys(bodyFields('create_brand'))].sort(),
    );
    expect(Object.keys(exported.audiences[0]).sort()).toEqual(
      ['ref', ...Object.keys(bodyFields('create_audience'))].sort(),
    );
    const sourced = exported.dataStores.find((d: any) => d.channelIds);
    expect(Object.keys(sourced)).toEqual(
      expect.arrayContaining(Object.keys(bodyFields('create_data_store'))),
    );
    const slot = launch.slots.find((s: any) => s.audience !== 'primary');
    expect(Object.keys(slot)).toEqual(
      expect.arrayContaining(Object.keys(bodyFields('update_campaign_audience'))),
    );

    const empty = await testBackend();
    const copy = await workspace(empty, 'full');
    const applied = ok(await copy.ctl.post('/fixtures', exported));
    expect(applied).toMatchObject({ updated: 1 /* the clock */, deleted: 0, unchanged: 0 });
    await empty.runner.runDue();
    expect(ok(await copy.ctl.get('/fixtures'))).toEqual(exported);
    const skip = {
      get_performance: 'the history of figures is not exported',
      list_requests: 'the journal is not exported',
      get_key: "each server's own key",
      export_fixtures: 'compared above',
    };
    const there = comparable(await everyRead(copy.api, copy.ctl, skip));
    expect(there).toEqual(comparable(await everyRead(full.api, full.ctl, skip)));
    // and applied back where it came from, it changes nothing
    expect(ok(await full.ctl.post('/fixtures', exported))).toMatchObject({
      created: 0,
      updated: 0,
      deleted: 0,
    });
  });
});

describe('snapshot save → reset → load', () => {
  it('gives back every record as every read operation shows it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'adcli-round-trip-'));
    const snapshots = snapshotTools(source, dir);
    const skip = { list_requests: 'the journal is the server’s, not in a snapshot' };
    const before = await everyRead(full.api, full.ctl, skip);
    expect(Object.keys(before).length).toBeGreaterThan(30);
    const bytes = await snapshots.save(full.ctl.key);
    ok(await full.ctl.post('/reset', {}));
    expect(await everyRead(full.api, full.ctl, skip)).not.toEqual(before);
    const loaded = await snapshots.load(bytes, full.ctl.key);
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    expect(await everyRead(full.api, full.ctl, skip)).toEqual(before);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('an export applies on any server', () => {
  it("the demo's, on a server without the demo's catalog and library store, and back onto the demo", async () => {
    const demoServer = await testBackend();
    const demo = await demoServer.client({ workspace: 'demo', prefix: '/_adcli/v1' });
    ok(await demo.post('/reset', { seed: 'demo' }));
    const exported = ok(await demo.get('/fixtures'));
    // each channel and video once in the document, with what it needs
    const carried = exported.dataStores.flatMap((d: any) =>
      (d.resources?.videos ?? []).map((v: any) => v.id),
    );
    expect(new Set(carried).size).toBe(carried.length);
    const library = exported.dataStores.at(-1);
    expect(library).toMatchObject({ library: expect.stringMatching(/^[a-f0-9]{24}$/) });

    const empty = await testBackend();
    const ctl = await empty.client({ prefix: '/_adcli/v1' });
    const applied = ok(await ctl.post('/fixtures', exported));
    const again = ok(await ctl.get('/fixtures'));
    // the library store is the workspace's own there; the Europe account is not that server's
    const { library: _, ...own } = library;
    const alps = exported.campaigns.find((c: any) => c.settings.customerId);
    // ... and the apply says where that campaign went instead, as the one thing it did otherwise
    expect(applied.notes).toEqual([
      expect.stringMatching(
        new RegExp(
          `settings\\.customerId ${alps.settings.customerId} is no ad-platform account of this workspace; the campaign is in \\d{3}-\\d{3}-\\d{4}, its default account`,
        ),
      ),
    ]);
    const { customerId: __, ...alpsSettings } = alps.settings;
    expect(again).toEqual({
      ...exported,
      dataStores: [...exported.dataStores.slice(0, -1), own],
      campaigns: exported.campaigns.map((c: any) =>
        c === alps ? { ...c, settings: alpsSettings } : c,
      ),
    });
    // applied back onto the demo, it changes nothing
    expect(ok(await demo.post('/fixtures', exported))).toMatchObject({
      created: 0,
      updated: 0,
      deleted: 0,
      notes: [],
    });
  });
});
