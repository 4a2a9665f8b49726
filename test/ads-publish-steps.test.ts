// @store both
/**
 * Publishing to the ad platform in steps (server/domain/ads-publish.ts), on Google Ads through the
 * stand-in of test/helpers/google-ads-stand-in.ts: no lock is held while Google Ads works (another
 * write of the workspace goes through), a second publish meanwhile is a 409, a retry with the same
 * Idempotency-Key replays the answer, and a publish interrupted after Google Ads made the campaign
 * is adopted (by a retry or by the sync; found by its name when the adapter never recorded it), so
 * Google Ads holds exactly one campaign. On both stores.
 */
import { describe, expect, it } from 'vitest';
import { adsSettingsOf, PUBLISH_LEASE_MS } from '../server/domain/ads-publish.ts';
import type { CampaignRow } from '../server/domain/campaigns.ts';
import { expectError, ok } from './helpers/assert.ts';
import type { TestBackend } from './helpers/backend.ts';
import { googleAdsBackendEach, STAND_IN_ACCOUNT } from './helpers/google-ads-backend.ts';
import type { GoogleAdsStandIn } from './helpers/google-ads-stand-in.ts';

const ACCOUNT = STAND_IN_ACCOUNT;
/** A lease holder on another host: never judged dead, its lease runs out instead. */
const ELSEWHERE = 'elsewhere:1:x:0';

let standIn: GoogleAdsStandIn;
let b: TestBackend;

googleAdsBackendEach((fresh) => ({ standIn, b } = fresh));

/** A campaign ready to publish: its type and budget set. */
async function ready(): Promise<string> {
  const created = await b.api.post('/campaigns', {
    name: 'Espresso at home',
    campaignType: 'SEARCH',
    budget: 50,
    budgetType: 'daily',
    biddingStrategy: 'MAXIMIZE_CONVERSIONS',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

const publish = (id: string, headers: Record<string, string> = {}) =>
  b.api.post(`/campaigns/${id}/ads-platform`, { customerId: ACCOUNT }, headers);

const campaignsMade = () => standIn.seen.filter((s) => s.path.endsWith('/campaigns:mutate'));

/**
 * What an interrupted publish leaves: Google Ads made the campaign (through the adapter, which keeps
 * its record), the service never linked it, and its mark names a publisher that stopped answering.
 */
async function interruptedPublish(id: string, leaseUntil: string): Promise<string> {
  const row = (await b.store.get<CampaignRow>('SELECT * FROM campaigns WHERE id = ?', id))!;
  const made = await b.services.ads.platform.createCampaign(ACCOUNT, id, {
    ...adsSettingsOf(row),
    targeting: [],
  });
  await b.store.run(
    `INSERT INTO ads_publishes (campaign_id, workspace_id, customer_id, owner, lease_until, started_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    id,
    await b.workspaceId(),
    ACCOUNT,
    ELSEWHERE,
    leaseUntil,
    b.clock.now().toISOString(),
  );
  return made.campaignId;
}

const inFuture = (ms: number) => new Date(b.clock.now().getTime() + ms).toISOString();

describe('a publish to Google Ads', () => {
  it('holds no lock while Google Ads works: the workspace writes meanwhile, and a second publish is a 409', async () => {
    const id = await ready();
    const slow = standIn.hold('/campaigns:mutate');
    const first = publish(id, { 'idempotency-key': 'publish-1' });
    await slow.held;
    // another write of the same workspace goes through while the campaign is being made
    const brand = await b.api.post('/brands', { name: 'Written during a publish' });
    expect(brand.status).toBe(201);
    const second = await publish(id);
    expectError(second, 409, 'conflict', 'is being published to the ad platform');
    expect(second.body.error.message).toMatch(/by another request/);
    const retried = await publish(id, { 'idempotency-key': 'publish-1' });
    expectError(retried, 409, 'conflict', 'by this very request, sent before');
    slow.release();
    const done = ok(await first);
    expect(done.adsPlatform).toMatchObject({ customerId: ACCOUNT, status: 'PAUSED' });
    expect(campaignsMade()).toHaveLength(1);
    expect(await b.store.all('SELECT * FROM ads_publishes')).toEqual([]);
    // the same key once it is done: the answer as it was, nothing made again
    const replay = ok(await publish(id, { 'idempotency-key': 'publish-1' }));
    expect(replay).toEqual(done);
    expectError(await publish(id), 409, 'conflict', 'already exists in the ad platform');
    expect(campaignsMade()).toHaveLength(1);
  });

  it('drops its mark when Google Ads refuses, so the next publish may go ahead', async () => {
    const id = await ready();
    standIn.fail('campaignBudgets:mutate', {
      status: 400,
      rpc: 'INVALID_ARGUMENT',
      errorCode: { campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' },
      message: 'The budget amount is not a multiple of the minimum currency unit.',
    });
    expectError(await publish(id), 409, 'conflict', 'minimum currency unit');
    expect(await b.store.all('SELECT * FROM ads_publishes')).toEqual([]);
    ok(await publish(id));
    expect(campaignsMade()).toHaveLength(1);
  });
});

describe('a publish interrupted after Google Ads made the campaign', () => {
  it('is a 409 while its publisher may still be working, then adopted by a retry: one campaign in Google Ads', async () => {
    const id = await ready();
    const adsId = await interruptedPublish(id, inFuture(PUBLISH_LEASE_MS));
    expectError(await publish(id), 409, 'conflict', 'is being published to the ad platform');
    // the publisher never renewed its lease: a retry takes over, and links what was made
    b.clock.advance(PUBLISH_LEASE_MS + 1);
    const adopted = ok(await publish(id, { 'idempotency-key': 'after-crash' }));
    expect(adopted.adsPlatform).toMatchObject({ campaignId: adsId, customerId: ACCOUNT });
    expect(campaignsMade()).toHaveLength(1);
    expect(standIn.world.campaigns.size).toBe(1);
    expect(await b.store.all('SELECT * FROM ads_publishes')).toEqual([]);
    expect(ok(await publish(id, { 'idempotency-key': 'after-crash' }))).toEqual(adopted);
  });

  it('is adopted when the service never marked it (it made the campaign, then lost its transaction)', async () => {
    const id = await ready();
    const adsId = await interruptedPublish(id, inFuture(0));
    await b.store.run('DELETE FROM ads_publishes WHERE campaign_id = ?', id);
    const adopted = ok(await publish(id));
    expect(adopted.adsPlatform.campaignId).toBe(adsId);
    expect(standIn.world.campaigns.size).toBe(1);
  });

  it("is resolved by the workspace's sync: the campaign linked, the mark gone", async () => {
    const id = await ready();
    const adsId = await interruptedPublish(id, inFuture(0));
    await b.services.ads.scheduleSync();
    b.clock.advance(b.services.ads.syncIntervalMs + 1);
    await b.runner.runDue();
    expect(ok(await b.api.get(`/campaigns/${id}`)).adsPlatform).toMatchObject({
      campaignId: adsId,
      customerId: ACCOUNT,
    });
    expect(await b.store.all('SELECT * FROM ads_publishes')).toEqual([]);
    expect(standIn.world.campaigns.size).toBe(1);
  });

  it('whose platform call never happened is cleared by the sync, and publishes anew', async () => {
    const id = await ready();
    await b.store.run(
      `INSERT INTO ads_publishes (campaign_id, workspace_id, customer_id, owner, lease_until, started_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      id,
      await b.workspaceId(),
      ACCOUNT,
      ELSEWHERE,
      inFuture(0),
      b.clock.now().toISOString(),
    );
    await b.services.ads.scheduleSync();
    b.clock.advance(b.services.ads.syncIntervalMs + 1);
    await b.runner.runDue();
    expect(await b.store.all('SELECT * FROM ads_publishes')).toEqual([]);
    expect(ok(await b.api.get(`/campaigns/${id}`)).adsPlatform.campaignId).toBeNull();
    ok(await publish(id));
    expect(standIn.world.campaigns.size).toBe(1);
  });
});

describe('a campaign Google Ads made that the adapter never recorded (stopped before its record)', () => {
  /** Google Ads made it; the adapter's record, and the ad group when `noAdGroup`, are gone. */
  async function unrecorded(id: string, noAdGroup: boolean): Promise<string> {
    const adsId = await interruptedPublish(id, inFuture(0));
    await b.store.run('DELETE FROM google_ads_campaigns WHERE service_campaign_id = ?', id);
    await b.store.run('DELETE FROM ads_publishes WHERE campaign_id = ?', id);
    if (noAdGroup) standIn.world.adGroups.clear();
    return adsId;
  }

  it('is found by its name and adopted by the next publish: one campaign in Google Ads', async () => {
    const id = await ready();
    const adsId = await unrecorded(id, false);
    const adopted = ok(await publish(id));
    expect(adopted.adsPlatform).toMatchObject({ campaignId: adsId, customerId: ACCOUNT });
    expect(campaignsMade()).toHaveLength(1);
    expect(standIn.world.campaigns.size).toBe(1);
    expect(standIn.world.adGroups.size).toBe(1);
    const record = await b.store.get<{ campaign_id: string }>(
      'SELECT campaign_id FROM google_ads_campaigns WHERE service_campaign_id = ?',
      id,
    );
    expect(record?.campaign_id).toBe(adsId);
  });

  it('gets the ad group its creation stopped before', async () => {
    const id = await ready();
    const adsId = await unrecorded(id, true);
    ok(await publish(id));
    expect(standIn.world.campaigns.size).toBe(1);
    expect([...standIn.world.adGroups.values()]).toEqual([
      expect.objectContaining({ campaign: `customers/1234567890/campaigns/${adsId}` }),
    ]);
  });
});
