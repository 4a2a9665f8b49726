import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemActor } from '../server/domain/actor.ts';
import { createServices } from '../server/domain/services.ts';
import { createBackend } from '../server/app/backend.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { SCOPES, page } from '../server/schemas/common.ts';
import {
  audience,
  brand,
  campaign,
  dataStore,
  storeChannel,
  storeVideo,
  workspace,
} from '../server/schemas/records.ts';
import { ytChannel, ytCommentThread, ytVideo } from '../server/schemas/youtube.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CAMPAIGNS,
  DEMO_LIBRARY_STORE,
  seedDemo,
} from '../server/seed/demo.ts';
import { demoContent } from '../server/seed/demo-content.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';

async function seeded() {
  const store = SqliteStore.memory();
  const clock = new ManualClock();
  const services = createServices({ store, clock });
  const { workspaceId } = await seedDemo(services);
  return { store, clock, services, workspaceId };
}

const count = async (store: SqliteStore, sql: string, ...params: string[]) =>
  (await store.get<{ n: number }>(sql, ...params))!.n;

/** Row counts of everything the seed writes, to compare before and after a second run. */
async function tableCounts(store: SqliteStore): Promise<Record<string, number>> {
  const tables = [
    'workspaces',
    'ad_accounts',
    'brands',
    'campaigns',
    'campaign_audiences',
    'audiences',
    'data_stores',
    'data_store_channels',
    'data_store_videos',
    'yt_channels',
    'yt_videos',
    'yt_comments',
  ];
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = await count(store, `SELECT COUNT(*) AS n FROM ${t}`);
  return counts;
}

describe('demo seed', () => {
  it('creates the demo workspace with exploration, two ad accounts and the promised records', async () => {
    const { store, services, workspaceId } = await seeded();
    const ws = (await services.workspaces.bySlug('demo'))!;
    expect(ws.id).toBe(workspaceId);
    expect(ws.exploration).toBe(1);

    const accounts = await store.all<{
      customer_id: string;
      currency_code: string;
      time_zone: string;
      is_default: number;
    }>('SELECT * FROM ad_accounts WHERE workspace_id = ? ORDER BY is_default DESC', workspaceId);
    expect(accounts).toHaveLength(2);
    expect(accounts.map((a) => a.customer_id.replace(/-/g, ''))).toEqual(
      DEMO_ACCOUNTS.map((a) => a.customerId),
    );
    expect(accounts.map((a) => a.currency_code)).toEqual(['USD', 'EUR']);
    expect(accounts[0]!.is_default).toBe(1);

    const actor = systemActor(ws, SCOPES);
    expect(await services.brands.count(actor)).toBeGreaterThanOrEqual(2);
    expect(await services.campaigns.count(actor)).toBeGreaterThanOrEqual(3);
    expect(await services.audiences.count(actor)).toBeGreaterThanOrEqual(2);
    expect(await services.dataStores.count(actor)).toBeGreaterThanOrEqual(2);
    expect(
      await count(store, "SELECT COUNT(*) AS n FROM data_stores WHERE scope = 'library'"),
    ).toBeGreaterThanOrEqual(1);
  });

  it('has a campaign on a saved audience, one with data stores and no targeting, and a VIDEO/SEARCH one with a daily budget', async () => {
    const { services, workspaceId } = await seeded();
    const actor = systemActor((await services.workspaces.bySlug('demo'))!, SCOPES);
    const campaigns = (await services.campaigns.list(actor, { limit: 100 })).data;
    const byName = new Map(campaigns.map((c) => [c.name, c]));
    expect(campaigns.every((c) => c.adsPlatform.customerId !== null)).toBe(true);

    const saved = byName.get(DEMO_CAMPAIGNS.savedAudience)!;
    expect(saved.audiences.some((s) => s.audienceId !== null)).toBe(true);

    const launch = byName.get(DEMO_CAMPAIGNS.launch)!;
    expect(launch.audiences).toHaveLength(1);
    expect(launch.audiences[0]!.audienceId).toBeNull();
    expect(launch.audiences[0]!.dataStoreIds.length).toBeGreaterThan(0);
    const slots = await services.campaigns.slots(launch.id);
    expect(slots.every((s) => s.targeting_status === 'not_generated')).toBe(true);

    const platform = byName.get(DEMO_CAMPAIGNS.platform)!;
    expect(['SEARCH', 'VIDEO']).toContain(platform.campaignType);
    expect(platform.budgetType).toBe('daily');
    expect(platform.budget).toBeGreaterThan(0);
    expect(platform.biddingStrategy).not.toBeNull();
    expect(platform.brandId).not.toBeNull();
    expect(platform.adsPlatform.campaignId).toBeNull();

    for (const c of campaigns) {
      expect(c.objective.length).toBeGreaterThan(100);
      expect(c.industry).not.toBe('');
      expect(c.successMetrics.length).toBeGreaterThan(0);
      expect(c.locations.length).toBeGreaterThan(0);
      if (c.budgetType === 'total') expect(c.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(workspaceId).toBe(actor.workspaceId);
  });

  it('gives saved audiences keywords, topics, tags and data stores', async () => {
    const { services } = await seeded();
    const actor = systemActor((await services.workspaces.bySlug('demo'))!, SCOPES);
    const audiences = (await services.audiences.list(actor, { limit: 100 })).data;
    expect(audiences.length).toBeGreaterThanOrEqual(2);
    for (const a of audiences) {
      expect(a.keywords.length).toBeGreaterThan(0);
      expect(a.topics.length).toBeGreaterThan(0);
      expect(a.tags.length).toBeGreaterThan(0);
      expect(a.dataStoreIds.length).toBeGreaterThan(0);
    }
  });

  it('fills every data store with channels and videos, and the library store is shared and ready', async () => {
    const { store, services } = await seeded();
    const actor = systemActor((await services.workspaces.bySlug('demo'))!, SCOPES);
    const stores = (await services.dataStores.list(actor, { limit: 100, includeLibrary: true }))
      .data;
    expect(stores.filter((s) => s.scope === 'workspace').length).toBeGreaterThanOrEqual(2);
    expect(stores.filter((s) => s.scope === 'library').map((s) => s.name)).toEqual([
      DEMO_LIBRARY_STORE,
    ]);
    for (const s of stores) {
      expect(s.status).toBe('ready');
      expect(s.channelCount).toBeGreaterThan(0);
      expect(s.videoCount).toBeGreaterThan(0);
      // Counts agree with the links, and every link points at catalog content.
      expect(s.channelCount).toBe(
        await count(
          store,
          'SELECT COUNT(*) AS n FROM data_store_channels WHERE data_store_id = ?',
          s.id,
        ),
      );
      expect(
        await count(
          store,
          "SELECT COUNT(*) AS n FROM data_store_videos l WHERE data_store_id = ? AND NOT EXISTS (SELECT 1 FROM yt_videos v WHERE v.id = l.video_id AND v.owner = '')",
          s.id,
        ),
      ).toBe(0);
    }
  });

  it('is a no-op the second time, and a second workspace reuses the library store', async () => {
    const { store, services, workspaceId } = await seeded();
    const before = await tableCounts(store);
    expect(await seedDemo(services)).toEqual({ workspaceId });
    expect(await tableCounts(store)).toEqual(before);

    const other = await seedDemo(services, 'demo-2');
    expect(other.workspaceId).not.toBe(workspaceId);
    expect(
      await count(store, "SELECT COUNT(*) AS n FROM data_stores WHERE scope = 'library'"),
    ).toBe(1);
    expect(await count(store, 'SELECT COUNT(*) AS n FROM yt_videos')).toBe(before.yt_videos);
  });

  it('writes identical catalog content into two fresh stores', async () => {
    const a = (await seeded()).store;
    const b = (await seeded()).store;
    for (const sql of [
      'SELECT * FROM yt_channels ORDER BY owner, id',
      'SELECT * FROM yt_videos ORDER BY owner, id',
      'SELECT * FROM yt_comments ORDER BY owner, id',
    ]) {
      const rowsA = await a.all<Record<string, unknown>>(sql);
      expect(rowsA.length).toBeGreaterThan(0);
      expect(await b.all<Record<string, unknown>>(sql)).toEqual(rowsA);
    }
    expect(JSON.stringify(demoContent())).toBe(JSON.stringify(demoContent()));
  });

  it('keeps content ids well-formed and every resource valid for the import schemas', async () => {
    const { store } = await seeded();
    const channels = await store.all<{ id: string }>('SELECT id FROM yt_channels');
    const videos = await store.all<{ id: string }>('SELECT id FROM yt_videos');
    expect(channels.length).toBeGreaterThanOrEqual(8);
    expect(channels.length).toBeLessThanOrEqual(10);
    for (const c of channels) expect(c.id).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
    for (const v of videos) expect(v.id).toMatch(/^[A-Za-z0-9_-]{11}$/);

    const content = demoContent();
    for (const c of content.channels) expect(() => ytChannel.parse(c)).not.toThrow();
    for (const v of content.videos) expect(() => ytVideo.parse(v)).not.toThrow();
    for (const t of content.commentThreads) expect(() => ytCommentThread.parse(t)).not.toThrow();
    // Every comment made it in: no two share an id.
    const flat = content.commentThreads.reduce(
      (n, t) => n + 1 + (t.replies?.comments.length ?? 0),
      0,
    );
    expect(await count(store, 'SELECT COUNT(*) AS n FROM yt_comments')).toBe(flat);
  });

  it('writes realistic content: 6-10 videos a channel, 5-15 threads a video, links to filter, and some noise', async () => {
    const { store } = await seeded();
    const perChannel = await store.all<{ n: number }>(
      'SELECT COUNT(*) AS n FROM yt_videos GROUP BY channel_id',
    );
    for (const { n } of perChannel) {
      expect(n).toBeGreaterThanOrEqual(6);
      expect(n).toBeLessThanOrEqual(10);
    }

    const content = demoContent();
    const threads = new Map<string, number>();
    for (const t of content.commentThreads)
      threads.set(t.snippet.videoId!, (threads.get(t.snippet.videoId!) ?? 0) + 1);
    expect(threads.size).toBe(content.videos.length);
    for (const n of threads.values()) {
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(15);
    }
    expect(content.commentThreads.some((t) => (t.replies?.comments.length ?? 0) > 0)).toBe(true);

    const descriptions = (
      await store.all<{ description: string }>('SELECT description FROM yt_channels')
    )
      .map((r) => r.description)
      .join('\n');
    expect(descriptions).toMatch(/https:\/\/bit\.ly\//);
    expect(descriptions).toMatch(/https:\/\/instagram\.com\//);
    expect(descriptions).toMatch(/https:\/\/[a-z.-]+\.example\b/);

    const texts = (await store.all<{ text: string }>('SELECT text FROM yt_comments')).map(
      (r) => r.text,
    );
    const noise = texts.filter((t) =>
      /check out my channel|gift cards|^first!$|^nice video$/i.test(t),
    );
    expect(noise.length).toBeGreaterThan(0);
    expect(noise.length / texts.length).toBeLessThan(0.1);
    // Recurring product and technique names a keyword generator can pick up.
    for (const phrase of [
      'Ridgeline 45',
      'Talus 3',
      'Ember & Grind',
      'pour-over',
      'trekking pole tent',
      'night train',
    ]) {
      expect(
        texts.filter((t) => t.toLowerCase().includes(phrase.toLowerCase())).length,
        phrase,
      ).toBeGreaterThanOrEqual(3);
    }

    const dates = (
      await store.all<{ published_at: string }>('SELECT published_at FROM yt_videos')
    ).map((r) => r.published_at);
    expect(dates.some((d) => d.startsWith('2025-'))).toBe(true);
    expect(dates.some((d) => d.startsWith('2026-'))).toBe(true);
  });

  it('serves records that validate against the response schemas', async () => {
    const { store, clock, services, workspaceId } = await seeded();
    const { app } = createBackend({ store, clock, rateLimit: 0 });
    const { key } = await store.write(async () =>
      services.keys.create(workspaceId, { scopes: [...SCOPES] }),
    );
    const get = async <T extends z.ZodType>(path: string, schema: T): Promise<z.output<T>> => {
      const res = await app.request(`/api/v1${path}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status, path).toBe(200);
      return schema.parse(await res.json());
    };

    const summary = await get('/workspace', workspace);
    const actor = systemActor((await services.workspaces.bySlug('demo'))!, SCOPES);
    expect(summary.slug).toBe('demo');
    expect(summary.counts).toEqual({
      campaigns: await services.campaigns.count(actor),
      audiences: await services.audiences.count(actor),
      dataStores: await services.dataStores.count(actor),
      brands: await services.brands.count(actor),
    });
    expect(summary.counts.campaigns).toBeGreaterThanOrEqual(3);

    const campaigns = await get('/campaigns?limit=100', page(campaign));
    expect(campaigns.data).toHaveLength(summary.counts.campaigns);
    expect((await get('/audiences?limit=100', page(audience))).data).toHaveLength(
      summary.counts.audiences,
    );
    expect((await get('/brands?limit=100', page(brand))).data).toHaveLength(summary.counts.brands);
    const stores = await get('/data-stores?limit=100&includeLibrary=true', page(dataStore));
    expect(stores.data).toHaveLength(summary.counts.dataStores + 1);

    for (const s of stores.data) {
      const channels = await get(`/data-stores/${s.id}/channels?limit=100`, page(storeChannel));
      expect(channels.data).toHaveLength(s.channelCount);
      expect(
        channels.data.every(
          (c) => c.handle.startsWith('@') && c.subscribers > 0 && c.videoCount > 0,
        ),
      ).toBe(true);
      const videos = await get(`/data-stores/${s.id}/videos?limit=100`, page(storeVideo));
      expect(videos.data).toHaveLength(s.videoCount);
      expect(
        videos.data.every(
          (v) => v.commentCount >= 5 && v.tags.length > 0 && v.duration.startsWith('PT'),
        ),
      ).toBe(true);
    }
  });
});
