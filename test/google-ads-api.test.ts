// @store both
/**
 * The service on Google Ads (ads: { kind: 'google-ads' }), through its API, against the stand-in of
 * test/helpers/google-ads-stand-in.ts (its header names the reference page of each answer): the
 * operator's link, accounts, publishing (a PAUSED campaign, a budget in micros), a sync after a
 * targeting edit (criteria added and removed), a status changed in Google Ads seen at the next sync,
 * performance from searchStream rows, a failure as the API answers it, and the credentials in no
 * log line, journal entry, snapshot, export or row. On both stores.
 */
import { describe, expect, it } from 'vitest';
import { linkAccount } from '../server/ads/google-ads/records.ts';
import type { Store } from '../server/store/port.ts';
import { ok } from './helpers/assert.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestBackend, runAdsSync } from './helpers/backend.ts';
import { googleAdsBackendEach } from './helpers/google-ads-backend.ts';
import { snapshotTools } from './helpers/snapshots.ts';
import { CREDS, type GoogleAdsStandIn } from './helpers/google-ads-stand-in.ts';

let standIn: GoogleAdsStandIn;
let b: TestBackend;

googleAdsBackendEach((fresh) => ({ standIn, b } = fresh));

const runSync = () => runAdsSync(b);

async function published() {
  const created = await b.api.post('/campaigns', {
    name: 'Espresso at home',
    campaignType: 'SEARCH',
    budget: 50,
    budgetType: 'daily',
    biddingStrategy: 'MAXIMIZE_CONVERSIONS',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const rec = ok(await b.api.post(`/campaigns/${id}/ads-platform`, { customerId: '123-456-7890' }));
  return { id, adsId: rec.adsPlatform.campaignId as string, slotId: created.body.audiences[0].id };
}

const criteria = () =>
  [...standIn.world.criteria.values()]
    .map((c) => `${c.keyword.text}/${c.keyword.matchType}`)
    .sort();

describe('the service on Google Ads', () => {
  it('lists the linked account, publishes PAUSED with a budget in micros, and syncs targeting edits', async () => {
    const accounts = ok(await b.api.get('/ads-platform/accounts'));
    expect(accounts.data).toEqual([
      {
        customerId: '123-456-7890',
        name: 'Northside Roastery',
        currencyCode: 'EUR',
        timeZone: 'Europe/Berlin',
      },
    ]);
    const { id, adsId, slotId } = await published();
    expect(standIn.world.campaigns.get(adsId)).toMatchObject({ status: 'PAUSED' });
    expect([...standIn.world.budgets.values()][0]).toMatchObject({ amountMicros: '50000000' });
    expect(ok(await b.api.get(`/campaigns/${id}`)).adsPlatform).toMatchObject({
      campaignId: adsId,
      status: 'PAUSED',
    });

    const items = (list: [string, string][]) => ({
      items: list.map(([text, matchType]) => ({ section: 'keywords', text, matchType })),
    });
    const slot = `/campaigns/${id}/targeting/audiences/${slotId}/items`;
    ok(
      await b.api.put(
        slot,
        items([
          ['espresso machine', 'EXACT'],
          ['pour over', 'PHRASE'],
        ]),
      ),
    );
    await runSync();
    expect(criteria()).toEqual(['espresso machine/EXACT', 'pour over/PHRASE']);
    ok(
      await b.api.put(
        slot,
        items([
          ['pour over', 'PHRASE'],
          ['burr grinder', 'BROAD'],
        ]),
      ),
    );
    await runSync();
    expect(criteria()).toEqual(['burr grinder/BROAD', 'pour over/PHRASE']);
  });

  it('syncs without holding the store: other workspaces write while Google Ads is slow to answer', async () => {
    await published();
    const slow = standIn.hold(':searchStream');
    const syncing = runSync();
    await slow.held;
    // the sync waits on the network: another workspace's write goes through meanwhile
    const other = await b.client({ workspace: 'other' });
    const brand = await other.post('/brands', { name: 'Written during a sync' });
    slow.release();
    await syncing;
    expect(brand.status).toBe(201);
    expect(standIn.seen.filter((x) => x.path.endsWith(':searchStream')).length).toBeGreaterThan(0);
  });

  it("restores a snapshot of a published campaign into its workspace, never into another's", async () => {
    const { id, adsId } = await published();
    const dir = mkdtempSync(join(tmpdir(), 'adcli-test-google-snapshot-'));
    try {
      const tools = snapshotTools(b, dir);
      const ctl = await b.client({ prefix: '/_adcli/v1' });
      const saved = await tools.save(ctl.key);
      const loaded = await tools.load(saved, ctl.key);
      expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
      expect(ok(await b.api.get(`/campaigns/${id}`)).adsPlatform).toMatchObject({
        campaignId: adsId,
        customerId: '123-456-7890',
      });
      await runSync();
      expect(ok(await b.api.get(`/campaigns/${id}`)).adsPlatform.lastSyncAt).not.toBeNull();
      // another workspace's key cannot take over the campaign this server made in Google Ads
      const otherCtl = await b.client({ workspace: 'other', prefix: '/_adcli/v1' });
      // (the simulation's accounts left out of the file, which another workspace may not take either)
      const taken = await tools.load(tools.edited(saved, 'DELETE FROM ad_accounts'), otherCtl.key);
      expect(taken.status).toBe(400);
      expect(taken.body.error.message).toMatch(/customer_id must name an ad account/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists what Google Ads refused at the last sync beside the campaign; the rest went over', async () => {
    const { id, slotId } = await published();
    standIn.world.refuse.set('online casino', { criterionError: 'KEYWORD_HAS_INVALID_CHARS' });
    ok(
      await b.api.put(`/campaigns/${id}/targeting/audiences/${slotId}/items`, {
        items: [
          { section: 'keywords', text: 'online casino', matchType: 'EXACT' },
          { section: 'keywords', text: 'pour over', matchType: 'PHRASE' },
        ],
      }),
    );
    await runSync();
    expect(criteria()).toEqual(['pour over/PHRASE']);
    const ctl = await b.client({ prefix: '/_adcli/v1' });
    const listed = ok(await ctl.get('/ads/campaigns')).data;
    expect(listed).toEqual([
      expect.objectContaining({
        campaignId: id,
        problems: [expect.stringContaining('online casino')],
      }),
    ]);
  });

  it('sees a status changed in Google Ads at the next sync, and reads performance from it', async () => {
    const { id, adsId } = await published();
    standIn.world.campaigns.get(adsId).status = 'ENABLED';
    await runSync();
    expect(ok(await b.api.get(`/campaigns/${id}`)).adsPlatform.status).toBe('ENABLED');
    standIn.world.metrics.set(adsId, [
      {
        date: '2026-02-27',
        impressions: 1000,
        clicks: 50,
        costMicros: 12_500_000,
        conversions: 2,
        conversionsValue: 60,
      },
      {
        date: '2026-03-01',
        impressions: 500,
        clicks: 10,
        costMicros: 2_250_000,
        conversions: 0,
        conversionsValue: 0,
      },
    ]);
    const report = ok(
      await b.api.get('/ads-platform/performance?customerId=123-456-7890&dateRange=LAST_7_DAYS'),
    );
    const row = report.campaigns.find((c: { campaignId: string }) => c.campaignId === id);
    expect(row).toMatchObject({ googleAdsCampaignId: adsId, status: 'ENABLED' });
    expect(JSON.stringify(report)).toContain('14.75');
    expect(standIn.seen.some((s) => /metrics\.cost_micros/.test(s.body?.query ?? ''))).toBe(true);
  });

  it('turns a campaign on in Google Ads through the controls, and lists it as the platform has it', async () => {
    const { id, adsId } = await published();
    const ctl = await b.client({ prefix: '/_adcli/v1' });
    ok(await ctl.post(`/ads/campaigns/${id}/status`, { status: 'ENABLED' }));
    expect(standIn.world.campaigns.get(adsId).status).toBe('ENABLED');
    const last = standIn.seen.filter((x) => x.path.endsWith('campaigns:mutate')).at(-1)!;
    expect(last.body.operations[0]).toMatchObject({ updateMask: 'status' });
    const listed = ok(await ctl.get('/ads/campaigns'));
    expect(listed.data).toEqual([
      expect.objectContaining({ campaignId: id, googleAdsCampaignId: adsId, status: 'ENABLED' }),
    ]);
  });

  it('an unlinked account is no longer synced; the other campaigns still are', async () => {
    const { adsId } = await published();
    const ws = await b.workspaceId();
    await linkAccount(b.store, ws, '222-333-4444', '2026-03-01T00:00:01.000Z');
    await b.store.run(
      "DELETE FROM google_ads_links WHERE customer_id = '123-456-7890' AND workspace_id = ?",
      ws,
    );
    const before = standIn.seen.length;
    await runSync();
    expect(await b.services.ads.platform.campaign(adsId)).toBeNull();
    expect(standIn.seen.slice(before).some((s) => s.path.includes('1234567890'))).toBe(false);
    // the sync itself went through: no attempt of it failed
    const failed = await b.store.all(
      "SELECT id FROM jobs WHERE kind = 'sync_ads' AND (error <> '' OR attempts > 1)",
    );
    expect(failed).toEqual([]);
  });

  it('answers a failure of Google Ads as a 503 that names the variable, and keeps the credentials out of everything', async () => {
    const { id } = await published();
    standIn.developerTokenNotApproved();
    const r = await b.api.get('/ads-platform/accounts');
    expect(r.status).toBe(503);
    expect(r.body.error.message).toMatch(/ADCLI_GOOGLE_ADS_DEVELOPER_TOKEN/);

    const ctl = await b.client({ prefix: '/_adcli/v1' });
    const journal = await ctl.get('/requests?limit=1000');
    const snapshot = await b.app.request('/_adcli/v1/snapshot', {
      headers: { authorization: `Bearer ${ctl.key}` },
    });
    const fixtures = await ctl.get('/fixtures');
    const everything = [
      JSON.stringify(journal.body),
      Buffer.from(await snapshot.arrayBuffer()).toString('latin1'),
      JSON.stringify(fixtures.body),
      JSON.stringify(ok(await b.api.get(`/campaigns/${id}`))),
      b.warnings.join('\n'),
      await everyValueOf(b.store),
    ].join('\n');
    for (const secret of Object.values(CREDS)) expect(everything).not.toContain(secret);
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
  expect(tables).toContain('google_ads_campaigns');
  const out: string[] = [];
  for (const t of tables)
    out.push(
      JSON.stringify(await store.all(`SELECT * FROM ${t}`), (_k, v: unknown) =>
        typeof v === 'bigint' ? String(v) : v,
      ),
    );
  return out.join('\n');
}
