// @store both
import { beforeEach, describe, expect, it } from 'vitest';
import { performanceReport, type PerformanceReport } from '../server/ads/report.ts';
import { campaign } from '../server/schemas/records.ts';
import { ok } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend, runAdsSync } from './helpers/backend.ts';

/**
 * The platform campaign outlives the service's campaign (contract, Delete a campaign: "A linked
 * ad-platform campaign is not touched"): after the delete, `adcli serve ads list` and
 * `serve ads set-status` still find it, the periodic sync goes on without it, and the account's
 * performance report keeps counting what it spends.
 */

const DAY = 24 * 3_600_000;

let b: TestBackend;
let api: Client;
let customerId: string;

beforeEach(async () => {
  b = await testBackend();
  api = b.api;
  customerId = (await b.services.ads.platform.accounts(await b.workspaceId()))[0]!.customerId;
});

async function published(name = 'Spring trail shoes'): Promise<{ id: string; adsId: string }> {
  const c = campaign.parse(
    ok(
      await api.post('/campaigns', {
        name,
        campaignType: 'SEARCH',
        budget: 50,
        budgetType: 'daily',
      }),
      201,
    ),
  );
  const rec = campaign.parse(ok(await api.post(`/campaigns/${c.id}/ads-platform`, {})));
  return { id: c.id, adsId: rec.adsPlatform.campaignId! };
}

const runSync = () => runAdsSync(b);

const listed = () => b.store.read(async () => b.services.ads.listCreated());
const setStatus = (id: string, status: 'ENABLED' | 'PAUSED' | 'REMOVED') =>
  b.store.write(async () => b.services.ads.setStatus(id, status));
const perf = async (client: Client = api, preset = 'LAST_7_DAYS'): Promise<PerformanceReport> =>
  performanceReport.parse(
    ok(await client.get(`/ads-platform/performance?customerId=${customerId}&dateRange=${preset}`)),
  );

describe('the campaign record tells whether the campaign runs in the ad platform (for the delete prompt)', () => {
  it('has adsPlatform.status: null before publishing, PAUSED after, ENABLED once a sync saw it turned on', async () => {
    const c = campaign.parse(
      ok(
        await api.post('/campaigns', {
          name: 'x',
          campaignType: 'SEARCH',
          budget: 5,
          budgetType: 'daily',
        }),
        201,
      ),
    );
    expect(c.adsPlatform).toMatchObject({ campaignId: null, status: null });
    const { id, adsId } = await published();
    expect(campaign.parse(ok(await api.get(`/campaigns/${id}`))).adsPlatform).toMatchObject({
      campaignId: adsId,
      status: 'PAUSED',
    });
    await setStatus(adsId, 'ENABLED');
    await b.runner.runDue();
    expect(campaign.parse(ok(await api.get(`/campaigns/${id}`))).adsPlatform.status).toBe(
      'ENABLED',
    );
  });
});

describe('adcli serve ads list after a delete', () => {
  it("still lists the platform campaign, from the platform's records, marked deleted in the service", async () => {
    const kept = await published('Kept');
    const gone = await published('Gone');
    ok(await api.patch(`/campaigns/${gone.id}`, { budget: 60 }));
    await runSync();
    const before = await listed();
    expect(before.map((r) => [r.campaignId, r.deletedInService])).toEqual([
      [kept.id, false],
      [gone.id, false],
    ]);
    const serviceSync = before[1]!.lastSyncAt;
    expect(serviceSync).not.toBeNull();

    b.clock.advance(1000);
    ok(await api.delete(`/campaigns/${gone.id}`));
    expect((await api.get(`/campaigns/${gone.id}`)).status).toBe(404);

    const after = await listed();
    expect(after).toHaveLength(2);
    expect(after[1]).toEqual({
      campaignId: gone.id,
      workspace: 'acme',
      name: 'Gone',
      googleAdsCampaignId: gone.adsId,
      customerId,
      status: 'PAUSED',
      // the service no longer syncs it: the last time it delivered settings
      lastSyncAt: (await b.services.ads.platform.campaign(gone.adsId))!.syncedAt,
      deletedInService: true,
      // nothing the simulated platform refused
      problems: [],
    });
    expect(after[1]!.lastSyncAt).toBe(serviceSync);
    expect(after[0]).toMatchObject({
      campaignId: kept.id,
      deletedInService: false,
      workspace: 'acme',
    });
  });

  it("shows each platform campaign under its account's workspace", async () => {
    const { id } = await published();
    const globex = await b.client({ workspace: 'globex' });
    const g = campaign.parse(
      ok(
        await globex.post('/campaigns', {
          name: 'Globex',
          campaignType: 'VIDEO',
          budget: 9,
          budgetType: 'daily',
        }),
        201,
      ),
    );
    ok(await globex.post(`/campaigns/${g.id}/ads-platform`, {}));
    ok(await globex.delete(`/campaigns/${g.id}`));
    ok(await api.delete(`/campaigns/${id}`));
    expect((await listed()).map((r) => [r.campaignId, r.workspace, r.deletedInService])).toEqual([
      [id, 'acme', true],
      [g.id, 'globex', true],
    ]);
  });
});

describe('adcli serve ads set-status after a delete', () => {
  it('finds the platform campaign by the deleted service id or by its platform id', async () => {
    const { id, adsId } = await published();
    ok(await api.delete(`/campaigns/${id}`));

    expect(await setStatus(id, 'ENABLED')).toEqual({
      campaignId: id,
      googleAdsCampaignId: adsId,
      status: 'ENABLED',
    });
    expect((await b.services.ads.platform.campaign(adsId))!.status).toBe('ENABLED');
    expect(await setStatus(adsId, 'PAUSED')).toEqual({
      campaignId: id,
      googleAdsCampaignId: adsId,
      status: 'PAUSED',
    });
    expect((await listed())[0]).toMatchObject({
      campaignId: id,
      status: 'PAUSED',
      deletedInService: true,
    });

    await setStatus(id, 'REMOVED');
    await expect(setStatus(adsId, 'ENABLED')).rejects.toThrow(/removed/);
    expect((await listed())[0]!.status).toBe('REMOVED');
  });

  it('answers 404 for what the ad platform does not have', async () => {
    const c = campaign.parse(ok(await api.post('/campaigns', { name: 'never published' }), 201));
    await expect(setStatus(c.id, 'ENABLED')).rejects.toThrow(
      `no campaign ${c.id} exists in the ad platform`,
    );
    await expect(setStatus('99999999999', 'ENABLED')).rejects.toThrow(
      'no campaign 99999999999 exists in the ad platform',
    );
  });
});

describe('the periodic sync after a delete', () => {
  it('goes on for the campaigns the service still has and leaves the orphan with its last settings', async () => {
    const kept = await published('Kept');
    const gone = await published('Gone');
    await runSync();
    const orphanSettings = (await b.services.ads.platform.campaign(gone.adsId))!.settings;
    ok(await api.delete(`/campaigns/${gone.id}`));
    await setStatus(gone.id, 'ENABLED'); // makes a sync due now

    ok(await api.patch(`/campaigns/${kept.id}`, { name: 'Kept, renamed' }));
    await b.runner.runDue();
    await runSync();
    expect((await b.services.ads.platform.campaign(kept.adsId))!.settings.name).toBe(
      'Kept, renamed',
    );
    expect((await b.services.ads.platform.campaign(gone.adsId))!.settings).toEqual(orphanSettings);
    expect(
      (await b.store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM jobs WHERE kind = 'sync_ads' AND state = 'queued'",
      ))!.n,
    ).toBe(1);
    expect(
      (await b.store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM jobs WHERE kind = 'sync_ads' AND state = 'failed'",
      ))!.n,
    ).toBe(0);
  });
});

describe('performance after a delete', () => {
  it("keeps counting what a deleted campaign's platform campaign spends while ENABLED, as the platform's report would", async () => {
    const kept = await published('Kept');
    const gone = await published('Gone');
    await setStatus(gone.adsId, 'ENABLED');
    b.clock.advance(2 * DAY);
    ok(await api.delete(`/campaigns/${gone.id}`));
    b.clock.advance(4 * DAY);

    const r = await perf();
    // the service's campaigns first, then the deleted one, with the id and name it was created with
    expect(r.campaigns.map((c) => [c.campaignId, c.name, c.status])).toEqual([
      [kept.id, 'Kept', 'PAUSED'],
      [gone.id, 'Gone', 'ENABLED'],
    ]);
    const orphan = r.campaigns[1]!;
    expect(orphan).toMatchObject({ googleAdsCampaignId: gone.adsId, campaignType: 'SEARCH' });
    // it spent on the days after its service record was deleted too
    const yesterday = r.dateRange.endDate;
    expect(r.daily.find((d) => d.date === yesterday)!.cost).toBeGreaterThan(0);
    expect(r.daily.reduce((s, d) => s + Math.round(d.cost * 100), 0)).toBe(
      Math.round(orphan.cost * 100),
    );

    // a key limited to campaigns sees it when its id is in the limit
    const limited = (ids: string[]) => b.client({ scopes: ['ads:read'], campaignIds: ids });
    expect((await perf(await limited([gone.id]))).campaigns.map((c) => c.campaignId)).toEqual([
      gone.id,
    ]);
    expect((await perf(await limited([kept.id]))).campaigns.map((c) => c.campaignId)).toEqual([
      kept.id,
    ]);

    // once paused there, it stops spending
    await setStatus(gone.id, 'PAUSED');
    b.clock.advance(8 * DAY);
    expect((await perf()).campaigns.find((c) => c.campaignId === gone.id)!.cost).toBe(0);
  });
});
