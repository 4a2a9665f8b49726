// @store both
import { beforeEach, describe, expect, it } from 'vitest';
import { performanceReport, type PerformanceReport } from '../server/ads/report.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { SCOPES } from '../server/schemas/common.ts';
import { campaign, type Campaign } from '../server/schemas/records.ts';
import { runSeed } from '../server/seed/index.ts';
import { DEMO_ACCOUNTS, DEMO_CAMPAIGNS } from '../server/seed/demo.ts';
import { expectError, ok } from './helpers/assert.ts';
import {
  clientFor,
  MISSING_ID,
  testBackend,
  type Client,
  type TestBackend,
  runAdsSync,
} from './helpers/backend.ts';

/**
 * The ad-platform operations of the in-process app: accounts, creating a campaign in the ad platform
 * (always PAUSED), the background sync that carries settings and targeting over, and the
 * performance report (contract: Create in the ad platform, Get performance, Performance report;
 * the service's rules: accounts, presets, "PAUSED on creation, ENABLED/REMOVED only when set in the ad
 * platform").
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Calendar day of an instant in a zone, computed independently of server/ads/dates.ts. */
function dayIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function daysFromTo(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = plusDays(d, 1)) out.push(d);
  return out;
}

const cents = (n: number) => Math.round(n * 100);
const hundredths = (n: number) => Math.round(n * 100);
const r4 = (a: number, b: number) => (b ? Math.round((a / b) * 10_000) / 10_000 : 0);

// ---------------------------------------------------------------------------------------------

let b: TestBackend;
let api: Client;
/** the default (and only) account of workspace acme */
let acmeAccount: { customerId: string; name: string; currencyCode: string; timeZone: string };

beforeEach(async () => {
  b = await testBackend();
  api = b.api;
  acmeAccount = (await b.services.ads.platform.accounts(await b.workspaceId()))[0]!;
});

async function createCampaign(
  body: Record<string, unknown> = {},
  client: Client = api,
): Promise<Campaign> {
  const r = await client.post('/campaigns', {
    name: 'Spring trail shoes',
    campaignType: 'SEARCH',
    budget: 50,
    budgetType: 'daily',
    biddingStrategy: 'MAXIMIZE_CONVERSIONS',
    ...body,
  });
  expect(r.status).toBe(201);
  return campaign.parse(r.body);
}

async function publish(
  id: string,
  body: Record<string, unknown> = {},
  client: Client = api,
): Promise<Campaign> {
  return campaign.parse(ok(await client.post(`/campaigns/${id}/ads-platform`, body)));
}

/** Adds a second ad-platform account to workspace acme. */
async function addAcmeAccount(customerId = '2223334444', name = 'Acme Europe'): Promise<string> {
  const workspaceId = await b.workspaceId();
  await b.store.write(async () =>
    b.services.workspaces.addAccount(
      workspaceId,
      { customerId, name, currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
      false,
    ),
  );
  return `${customerId.slice(0, 3)}-${customerId.slice(3, 6)}-${customerId.slice(6)}`;
}

const runSync = () => runAdsSync(b);

async function historyCount(adsId: string): Promise<number> {
  return (await b.store.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM ads_settings_history WHERE campaign_id = ?',
    adsId,
  ))!.n;
}

// ---------------------------------------------------------------------------------------------

describe('GET /ads-platform/accounts', () => {
  it('lists the accounts with their shape, the default account first', async () => {
    const second = await addAcmeAccount();
    const body = ok(await api.get('/ads-platform/accounts'));
    expect(Object.keys(body).sort()).toEqual(['data', 'nextCursor']);
    expect(body.nextCursor).toBeNull();
    expect(body.data).toHaveLength(2);
    for (const a of body.data) {
      expect(Object.keys(a).sort()).toEqual(['currencyCode', 'customerId', 'name', 'timeZone']);
      expect(a.customerId).toMatch(/^\d{3}-\d{3}-\d{4}$/);
      expect(a.name).toEqual(expect.any(String));
      expect(a.currencyCode).toMatch(/^[A-Z]{3}$/);
      expect(a.timeZone).toEqual(expect.any(String));
    }
    expect(body.data[0]).toEqual(acmeAccount);
    expect(body.data[1]).toEqual({
      customerId: second,
      name: 'Acme Europe',
      currencyCode: 'EUR',
      timeZone: 'Europe/Berlin',
    });
  });

  it('shows a key limited to one account only that account (dashes or not in the limit)', async () => {
    const second = await addAcmeAccount();
    const limited = await b.client({ customerIds: [second.replace(/-/g, '')] });
    expect(
      ok(await limited.get('/ads-platform/accounts')).data.map((a: any) => a.customerId),
    ).toEqual([second]);
    const limitedDashes = await b.client({ customerIds: [acmeAccount.customerId] });
    expect(ok(await limitedDashes.get('/ads-platform/accounts')).data).toEqual([acmeAccount]);
  });

  it("shows only the accounts of the key's own workspace", async () => {
    const other = await b.client({ workspace: 'other' });
    const theirs = ok(await other.get('/ads-platform/accounts')).data;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].customerId).not.toBe(acmeAccount.customerId);
  });

  it('needs the ads:read scope', async () => {
    const noScope = await b.client({ scopes: SCOPES.filter((s) => s !== 'ads:read') });
    expectError(await noScope.get('/ads-platform/accounts'), 403, 'forbidden', 'ads:read');
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /campaigns/{id}/ads-platform', () => {
  it('creates the campaign in the default account, PAUSED, and answers the full campaign record', async () => {
    const c = await createCampaign();
    expect(c.adsPlatform).toEqual({
      customerId: acmeAccount.customerId,
      accountName: acmeAccount.name,
      campaignId: null,
      status: null,
    });
    const r = await api.post(`/campaigns/${c.id}/ads-platform`, {});
    expect(r.status).toBe(200);
    const rec = campaign.parse(r.body); // strict: exactly the contract's fields
    expect(rec.id).toBe(c.id);
    expect(rec.name).toBe(c.name);
    expect(rec.adsPlatform.customerId).toBe(acmeAccount.customerId);
    expect(rec.adsPlatform.accountName).toBe(acmeAccount.name);
    expect(rec.adsPlatform.campaignId).toMatch(/^[1-9]\d*$/);
    expect(rec.adsPlatform.status).toBe('PAUSED');
    // The record read afterwards says the same.
    expect(campaign.parse(ok(await api.get(`/campaigns/${c.id}`))).adsPlatform).toEqual(
      rec.adsPlatform,
    );
    // And the platform holds it, PAUSED, with the settings at creation and no targeting yet.
    const ads = (await b.services.ads.platform.campaign(rec.adsPlatform.campaignId!))!;
    expect(ads).toMatchObject({
      status: 'PAUSED',
      customerId: acmeAccount.customerId,
      serviceCampaignId: c.id,
      syncedAt: null,
    });
    expect(ads.settings).toMatchObject({
      name: c.name,
      campaignType: 'SEARCH',
      budget: 50,
      budgetType: 'daily',
      targeting: [],
    });
  });

  it('works without a body at all', async () => {
    const c = await createCampaign();
    const r = await api.request('POST', `/campaigns/${c.id}/ads-platform`);
    expect(r.status).toBe(200);
    expect(r.body.adsPlatform.status).toBe('PAUSED');
  });

  it.each([
    ['with dashes', (id: string) => id],
    ['without dashes', (id: string) => id.replace(/-/g, '')],
  ])('takes a customerId %s and moves the campaign to that account', async (_label, form) => {
    const second = await addAcmeAccount();
    const c = await createCampaign();
    const rec = await publish(c.id, { customerId: form(second) });
    expect(rec.adsPlatform).toMatchObject({
      customerId: second,
      accountName: 'Acme Europe',
      status: 'PAUSED',
    });
    expect((await b.services.ads.platform.campaign(rec.adsPlatform.campaignId!))!.customerId).toBe(
      second,
    );
  });

  it.each([
    '12-345-67890',
    '123456789',
    '12345678901',
    'abc-def-ghij',
    '123 456 7890',
    '',
    1234567890,
  ])('rejects customerId %j with 400', async (bad) => {
    const c = await createCampaign();
    expectError(
      await api.post(`/campaigns/${c.id}/ads-platform`, { customerId: bad }),
      400,
      'invalid_request',
      'customerId',
    );
    expect(
      campaign.parse(ok(await api.get(`/campaigns/${c.id}`))).adsPlatform.campaignId,
    ).toBeNull();
  });

  it('rejects unknown body fields and a bad campaign id with 400', async () => {
    const c = await createCampaign();
    expectError(
      await api.post(`/campaigns/${c.id}/ads-platform`, { status: 'ENABLED' }),
      400,
      'invalid_request',
    );
    expectError(await api.post('/campaigns/not-an-id/ads-platform', {}), 400, 'invalid_request');
  });

  it("answers 404 for an account that is not in the workspace (unknown, or another workspace's)", async () => {
    const c = await createCampaign();
    expectError(
      await api.post(`/campaigns/${c.id}/ads-platform`, { customerId: '999-999-9999' }),
      404,
      'not_found',
      '999-999-9999',
    );
    await b.client({ workspace: 'other' });
    const theirs = (await b.services.ads.platform.accounts(await b.workspaceId('other')))[0]!
      .customerId;
    expectError(
      await api.post(`/campaigns/${c.id}/ads-platform`, { customerId: theirs }),
      404,
      'not_found',
    );
    expect(
      campaign.parse(ok(await api.get(`/campaigns/${c.id}`))).adsPlatform.campaignId,
    ).toBeNull();
  });

  it('answers 403 to a key limited to other accounts', async () => {
    const second = await addAcmeAccount();
    const limited = await b.client({ customerIds: [second] });
    // a campaign in the default account: outside the key's limit
    const c = await createCampaign();
    expectError(await limited.post(`/campaigns/${c.id}/ads-platform`, {}), 403, 'forbidden');
    expectError(
      await limited.post(`/campaigns/${c.id}/ads-platform`, { customerId: second }),
      403,
      'forbidden',
    );
    // its own campaign (created in its account), sent to an account it may not use
    const own = await createCampaign({}, limited);
    expect(own.adsPlatform.customerId).toBe(second);
    expectError(
      await limited.post(`/campaigns/${own.id}/ads-platform`, {
        customerId: acmeAccount.customerId,
      }),
      403,
      'forbidden',
      acmeAccount.customerId,
    );
    expect(
      campaign.parse(ok(await api.get(`/campaigns/${own.id}`))).adsPlatform.campaignId,
    ).toBeNull();
    // in its own account it may
    expect((await publish(own.id, {}, limited)).adsPlatform.status).toBe('PAUSED');
  });

  it('answers 409 conflict to a second create', async () => {
    const c = await createCampaign();
    const first = await publish(c.id);
    expectError(
      await api.post(`/campaigns/${c.id}/ads-platform`, {}),
      409,
      'conflict',
      first.adsPlatform.campaignId!,
    );
    const second = await addAcmeAccount();
    expectError(
      await api.post(`/campaigns/${c.id}/ads-platform`, { customerId: second }),
      409,
      'conflict',
    );
    const after = campaign.parse(ok(await api.get(`/campaigns/${c.id}`)));
    expect(after.adsPlatform).toEqual(first.adsPlatform);
    expect(
      (await b.store.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM ads_campaigns WHERE service_campaign_id = ?',
        c.id,
      ))!.n,
    ).toBe(1);
  });

  it('answers 409 with what to set when the campaign has no campaignType or no budget', async () => {
    const noType = await createCampaign({ campaignType: undefined });
    expectError(
      await api.post(`/campaigns/${noType.id}/ads-platform`, {}),
      409,
      'conflict',
      'campaignType',
    );
    const noBudget = await createCampaign({ budget: undefined, budgetType: undefined });
    expectError(
      await api.post(`/campaigns/${noBudget.id}/ads-platform`, {}),
      409,
      'conflict',
      'budget',
    );
    const bare = campaign.parse(ok(await api.post('/campaigns', { name: 'Bare' }), 201));
    expectError(
      await api.post(`/campaigns/${bare.id}/ads-platform`, {}),
      409,
      'conflict',
      /campaignType|budget/,
    );
    // Once set, it goes through.
    ok(await api.patch(`/campaigns/${noType.id}`, { campaignType: 'VIDEO' }));
    expect((await publish(noType.id)).adsPlatform.status).toBe('PAUSED');
    expect((await b.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM ads_campaigns'))!.n).toBe(
      1,
    );
  });

  it('replays a create with the same Idempotency-Key instead of answering 409', async () => {
    const c = await createCampaign();
    const first = await api.post(
      `/campaigns/${c.id}/ads-platform`,
      {},
      { 'idempotency-key': 'publish-1' },
    );
    expect(first.status).toBe(200);
    const again = await api.post(
      `/campaigns/${c.id}/ads-platform`,
      {},
      { 'idempotency-key': 'publish-1' },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expectError(
      await api.post(
        `/campaigns/${c.id}/ads-platform`,
        { customerId: acmeAccount.customerId },
        { 'idempotency-key': 'publish-1' },
      ),
      409,
      'idempotency_conflict',
    );
    expectError(
      await api.post(`/campaigns/${c.id}/ads-platform`, {}, { 'idempotency-key': 'publish-2' }),
      409,
      'conflict',
    );
    expect((await b.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM ads_campaigns'))!.n).toBe(
      1,
    );
  });

  it('keeps campaignType fixed once the campaign is in the ad platform (409), other settings stay editable', async () => {
    const c = await createCampaign();
    await publish(c.id);
    expectError(
      await api.patch(`/campaigns/${c.id}`, { campaignType: 'DISPLAY' }),
      409,
      'conflict',
      'campaignType',
    );
    expect(
      ok(await api.patch(`/campaigns/${c.id}`, { campaignType: 'SEARCH', budget: 55 })).budget,
    ).toBe(55);
  });

  it('needs the ads:write scope', async () => {
    const c = await createCampaign();
    const noWrite = await b.client({ scopes: SCOPES.filter((s) => s !== 'ads:write') });
    expectError(
      await noWrite.post(`/campaigns/${c.id}/ads-platform`, {}),
      403,
      'forbidden',
      'ads:write',
    );
    expect(
      campaign.parse(ok(await api.get(`/campaigns/${c.id}`))).adsPlatform.campaignId,
    ).toBeNull();
  });

  it('answers 403 to a campaign-limited key outside its limit, and works inside it', async () => {
    const mine = await createCampaign();
    const notMine = await createCampaign({ name: 'Someone else' });
    const limited = await b.client({ campaignIds: [mine.id] });
    expectError(await limited.post(`/campaigns/${notMine.id}/ads-platform`, {}), 403, 'forbidden');
    expectError(await limited.post(`/campaigns/${MISSING_ID}/ads-platform`, {}), 403, 'forbidden');
    expect((await publish(mine.id, {}, limited)).adsPlatform.status).toBe('PAUSED');
  });

  it("answers 404 for another workspace's campaign and for an unknown one", async () => {
    const other = await b.client({ workspace: 'other' });
    const theirs = await createCampaign({}, other);
    expectError(await api.post(`/campaigns/${theirs.id}/ads-platform`, {}), 404, 'not_found');
    expectError(await api.post(`/campaigns/${MISSING_ID}/ads-platform`, {}), 404, 'not_found');
    expect(
      campaign.parse(ok(await other.get(`/campaigns/${theirs.id}`))).adsPlatform.campaignId,
    ).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

describe('sync to the ad platform', () => {
  async function published() {
    const c = await createCampaign();
    const rec = await publish(c.id);
    return { id: c.id, adsId: rec.adsPlatform.campaignId!, slotId: c.audiences[0]!.id };
  }

  it('carries settings and targeting over at the next sync, not at once', async () => {
    const { id, adsId, slotId } = await published();
    const atCreation = (await b.services.ads.platform.campaign(adsId))!.settings;

    ok(
      await api.patch(`/campaigns/${id}`, {
        name: 'Spring trail shoes (US)',
        budget: 75,
        locations: ['US', 'CA'],
      }),
    );
    const items = [
      { section: 'keywords', text: 'trail running shoes', matchType: 'PHRASE' },
      { section: 'websites', text: 'trailrunnermag.example' },
    ];
    const edited = ok(
      await api.put(`/campaigns/${id}/targeting/audiences/${slotId}/items`, { items }),
    );
    const expectedItems = edited.audiences[0].items;
    expect(expectedItems).toHaveLength(2);

    // Right after: the platform has not heard of any of it.
    expect((await b.services.ads.platform.campaign(adsId))!.settings).toEqual(atCreation);
    expect((await b.services.ads.platform.campaign(adsId))!.syncedAt).toBeNull();
    // Not even when the clock moves but the sync is not yet due.
    await b.services.ads.scheduleSync();
    b.clock.advance(b.services.ads.syncIntervalMs - 1000);
    await b.runner.runDue();
    expect((await b.services.ads.platform.campaign(adsId))!.settings).toEqual(atCreation);

    b.clock.advance(1001);
    await b.runner.runDue();
    const after = (await b.services.ads.platform.campaign(adsId))!;
    expect(after.settings).toMatchObject({
      name: 'Spring trail shoes (US)',
      budget: 75,
      locations: ['US', 'CA'],
      campaignType: 'SEARCH',
    });
    expect(after.settings.targeting).toEqual(expectedItems);
    expect(after.syncedAt).toBe(b.clock.now().toISOString());
  });

  it('carries over the items of slots with targeting; a slot never generated adds nothing', async () => {
    const { id, adsId, slotId } = await published();
    const ds = ok(await api.post('/data-stores', { name: 'Trail channels' }), 201);
    const aud = ok(
      await api.post('/audiences', { name: 'Ultrarunners', dataStoreIds: [ds.id] }),
      201,
    );
    ok(await api.post(`/campaigns/${id}/audiences`, { audienceId: aud.id }), 201);
    const targeting = ok(await api.get(`/campaigns/${id}/targeting`));
    expect(targeting.audiences).toHaveLength(2);
    const second = targeting.audiences[1];
    expect(second.status).toBe('not_generated');

    ok(
      await api.put(`/campaigns/${id}/targeting/audiences/${slotId}/items`, {
        items: [{ section: 'keywords', text: 'ultra vest' }],
      }),
    );
    await runSync();
    expect((await b.services.ads.platform.campaign(adsId))!.settings.targeting).toEqual([
      {
        section: 'keywords',
        label: 'ultra vest',
        text: 'ultra vest',
        matchType: 'BROAD',
        source: 'manual',
      },
    ]);

    ok(
      await api.put(`/campaigns/${id}/targeting/audiences/${second.id}/items`, {
        items: [{ section: 'topics', text: '/Sports/Running' }],
      }),
    );
    await runSync();
    expect(
      (await b.services.ads.platform.campaign(adsId))!.settings.targeting.map((i) => i.text),
    ).toEqual(['ultra vest', '/Sports/Running']);
  });

  it('keeps delivering the listed targeting of a slot while it regenerates and after a failed regeneration', async () => {
    // Contract, Get targeting: "Everything listed is in the campaign's targeting and goes to the ad
    // platform on the next sync." Regenerating must not strip a live campaign of its targeting.
    const { id, adsId, slotId } = await published();
    const items = [{ section: 'keywords', text: 'trail running shoes', matchType: 'EXACT' }];
    ok(await api.put(`/campaigns/${id}/targeting/audiences/${slotId}/items`, { items }));
    await runSync();
    const delivered = (await b.services.ads.platform.campaign(adsId))!.settings.targeting;
    expect(delivered.map((i) => i.text)).toEqual(['trail running shoes']);

    // An empty data store: the regeneration will end in error.
    const ds = ok(await api.post('/data-stores', { name: 'Empty for now' }), 201);
    ok(await api.patch(`/campaigns/${id}/audiences/${slotId}`, { dataStoreIds: [ds.id] }));
    // a generation that outlasts several syncs: started through a backend whose jobs take that long
    const generateDelayMs = 10 * b.services.ads.syncIntervalMs;
    const slow = await testBackend({ store: b.store, clock: b.clock, generateDelayMs });
    const started = ok(
      await slow.api.post(`/campaigns/${id}/targeting/generate`, { audienceIds: [slotId] }),
    );
    expect(started.started).toEqual([slotId]);
    const listed = ok(await api.get(`/campaigns/${id}/targeting`)).audiences[0];
    expect(listed.status).toBe('generating');
    expect(listed.items).toEqual(delivered);
    await runSync();
    expect((await b.services.ads.platform.campaign(adsId))!.settings.targeting).toEqual(delivered);

    b.clock.advance(generateDelayMs);
    await b.runner.runDue();
    const failed = ok(await api.get(`/campaigns/${id}/targeting`)).audiences[0];
    expect(failed.status).toBe('error');
    expect(failed.items).toEqual(delivered);
    await runSync();
    expect((await b.services.ads.platform.campaign(adsId))!.settings.targeting).toEqual(delivered);
    expect(await historyCount(adsId)).toBe(2);
  });

  it('does not deliver unchanged settings again', async () => {
    const { id, adsId } = await published();
    expect(await historyCount(adsId)).toBe(1);
    await runSync();
    await runSync();
    expect(await historyCount(adsId)).toBe(1);
    expect((await b.services.ads.platform.campaign(adsId))!.syncedAt).toBeNull();

    ok(await api.patch(`/campaigns/${id}`, { budget: 60 }));
    await runSync();
    expect(await historyCount(adsId)).toBe(2);
    const syncedAt = (await b.services.ads.platform.campaign(adsId))!.syncedAt;
    expect(syncedAt).not.toBeNull();
    await runSync();
    await runSync();
    expect(await historyCount(adsId)).toBe(2);
    expect((await b.services.ads.platform.campaign(adsId))!.syncedAt).toBe(syncedAt);
    // A PATCH that sets the same value changes nothing in the platform either.
    ok(await api.patch(`/campaigns/${id}`, { budget: 60 }));
    await runSync();
    expect(await historyCount(adsId)).toBe(2);
  });

  it('keeps itself scheduled: one pending sync job that comes round every interval', async () => {
    const { id, adsId } = await published();
    await b.services.ads.scheduleSync();
    await b.services.ads.scheduleSync();
    const pending = async () =>
      (await b.store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM jobs WHERE kind = 'sync_ads' AND state = 'queued'",
      ))!.n;
    expect(await pending()).toBe(1);
    for (let i = 0; i < 3; i++) {
      b.clock.advance(b.services.ads.syncIntervalMs);
      await b.runner.runDue();
      expect(await pending()).toBe(1);
    }
    ok(await api.patch(`/campaigns/${id}`, { name: 'Renamed later' }));
    b.clock.advance(b.services.ads.syncIntervalMs);
    await b.runner.runDue();
    expect((await b.services.ads.platform.campaign(adsId))!.settings.name).toBe('Renamed later');
  });

  it('shows the status set in the ad platform once a sync ran', async () => {
    const { id, adsId } = await published();
    await runSync();
    await b.services.ads.setStatus(adsId, 'ENABLED');
    expect((await b.services.ads.platform.campaign(adsId))!.status).toBe('ENABLED');
    // The service learns it at its next sync.
    expect(campaign.parse(ok(await api.get(`/campaigns/${id}`))).adsPlatform.status).toBe('PAUSED');
    await b.runner.runDue();
    expect(campaign.parse(ok(await api.get(`/campaigns/${id}`))).adsPlatform.status).toBe(
      'ENABLED',
    );

    // By service campaign id too; REMOVED is final.
    await b.services.ads.setStatus(id, 'REMOVED');
    await b.runner.runDue();
    expect(campaign.parse(ok(await api.get(`/campaigns/${id}`))).adsPlatform.status).toBe(
      'REMOVED',
    );
    await expect(b.services.ads.setStatus(adsId, 'ENABLED')).rejects.toThrow(/removed/);
    // A removed campaign gets no settings any more.
    ok(await api.patch(`/campaigns/${id}`, { name: 'Too late' }));
    await runSync();
    expect((await b.services.ads.platform.campaign(adsId))!.settings.name).toBe(
      'Spring trail shoes',
    );
  });

  it('the API cannot change the ad-platform status', async () => {
    const { id } = await published();
    expectError(
      await api.patch(`/campaigns/${id}`, { adsPlatform: { status: 'ENABLED' } }),
      400,
      'invalid_request',
    );
    expectError(await api.patch(`/campaigns/${id}`, { status: 'ENABLED' }), 400, 'invalid_request');
  });
});

// ---------------------------------------------------------------------------------------------

describe('spend follows the ad-platform status', () => {
  const perf = async (
    preset = 'LAST_7_DAYS',
    client: Client = api,
    customerId = acmeAccount.customerId,
  ): Promise<PerformanceReport> =>
    performanceReport.parse(
      ok(
        await client.get(`/ads-platform/performance?customerId=${customerId}&dateRange=${preset}`),
      ),
    );

  it('nothing spends while PAUSED; once ENABLED, days have figures within the daily budget', async () => {
    const c = await createCampaign({ budget: 40 });
    const adsId = (await publish(c.id)).adsPlatform.campaignId!;

    b.clock.advance(5 * DAY);
    await runSync();
    const paused = await perf();
    expect(paused.campaigns).toHaveLength(1);
    expect(paused.campaigns[0]).toMatchObject({
      campaignId: c.id,
      googleAdsCampaignId: adsId,
      status: 'PAUSED',
      impressions: 0,
      clicks: 0,
      cost: 0,
      conversions: 0,
      ctr: 0,
      cpc: 0,
      costPerConversion: 0,
      roas: 0,
    });
    expect(paused.daily).toHaveLength(7);
    expect(
      paused.daily.every(
        (d) => d.impressions === 0 && d.clicks === 0 && d.cost === 0 && d.conversions === 0,
      ),
    ).toBe(true);
    const today = dayIn(acmeAccount.timeZone, b.clock.now());
    expect((await perf('TODAY')).campaigns[0]!.cost).toBe(0);

    await b.services.ads.setStatus(adsId, 'ENABLED');
    const enabledOn = today;
    b.clock.advance(6 * DAY);
    await b.runner.runDue();
    const r = await perf();
    expect(r.campaigns[0]!.status).toBe('ENABLED');
    expect(r.campaigns[0]!.cost).toBeGreaterThan(0);
    expect(r.campaigns[0]!.impressions).toBeGreaterThan(0);
    for (const d of r.daily) {
      expect(d.cost).toBeLessThanOrEqual(40);
      expect(d.cost).toBeGreaterThanOrEqual(0);
      expect(d.clicks).toBeLessThanOrEqual(d.impressions);
      if (d.date < enabledOn)
        expect(d).toMatchObject({ impressions: 0, clicks: 0, cost: 0, conversions: 0 });
      // whole days after it was turned on have figures
      if (d.date > enabledOn) expect(d.cost).toBeGreaterThan(0);
    }
    expect(r.daily.filter((d) => d.cost > 0).length).toBeGreaterThanOrEqual(5);

    // A lower budget reaches the platform at the next sync and caps the days after it.
    ok(await api.patch(`/campaigns/${c.id}`, { budget: 10 }));
    await runSync();
    b.clock.advance(3 * DAY);
    const later = await perf('LAST_7_DAYS');
    const since = plusDays(dayIn(acmeAccount.timeZone, b.clock.now()), -2);
    for (const d of later.daily) if (d.date >= since) expect(d.cost).toBeLessThanOrEqual(10);

    // Paused again: nothing more spends.
    await b.services.ads.setStatus(adsId, 'PAUSED');
    b.clock.advance(8 * DAY);
    const pausedAgain = await perf('LAST_7_DAYS');
    expect(pausedAgain.campaigns[0]!.cost).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /ads-platform/performance (demo seed)', () => {
  /** 03:00 UTC: still the previous day in Los Angeles (and the previous month). */
  const NOW = '2026-03-02T03:00:00.000Z';
  const US = DEMO_ACCOUNTS[0]!;
  const EU = DEMO_ACCOUNTS[1]!;
  const US_ID = '512-384-7260';
  const EU_ID = '730-194-6825';
  let demo: Client;
  let demoWs: string;

  beforeEach(async () => {
    b = await testBackend({ clock: new ManualClock(NOW) });
    demoWs = (await runSeed(b.services, 'demo')).workspaceId;
    const key = await b.store.write(
      async () =>
        (
          await b.services.keys.create(demoWs, {
            scopes: ['ads:read', 'ads:write', 'campaigns:read', 'campaigns:write'],
          })
        ).key,
    );
    demo = clientFor(b.app, key);
  });

  const get = (c: Client, query: string) => c.get(`/ads-platform/performance${query}`);

  it('the demo has the accounts the brief promises', async () => {
    expect(US.timeZone).toBe('America/Los_Angeles');
    expect(ok(await demo.get('/ads-platform/accounts')).data.map((a: any) => a.customerId)).toEqual(
      [US_ID, EU_ID],
    );
    // The chosen instant really is on different days in Los Angeles and UTC.
    expect(dayIn('America/Los_Angeles', new Date(NOW))).toBe('2026-03-01');
    expect(dayIn('UTC', new Date(NOW))).toBe('2026-03-02');
  });

  it("defaults to LAST_30_DAYS ending yesterday in the account's time zone", async () => {
    const r = performanceReport.parse(ok(await get(demo, `?customerId=${US_ID}`)));
    const today = dayIn(US.timeZone, b.clock.now());
    expect(r.customerId).toBe(US_ID);
    expect(r.dateRange).toEqual({
      preset: 'LAST_30_DAYS',
      startDate: plusDays(today, -30),
      endDate: plusDays(today, -1),
    });
    expect(r.dateRange).toEqual({
      preset: 'LAST_30_DAYS',
      startDate: '2026-01-30',
      endDate: '2026-02-28',
    });
    expect(r.daily.map((d) => d.date)).toEqual(daysFromTo('2026-01-30', '2026-02-28'));
    // Same report without dashes.
    expect(ok(await get(demo, `?customerId=${US_ID.replace(/-/g, '')}`))).toEqual(r);
    expect(ok(await get(demo, `?customerId=${US_ID}&dateRange=LAST_30_DAYS`))).toEqual(r);
  });

  function expected(preset: string, timeZone: string): { startDate: string; endDate: string } {
    const today = dayIn(timeZone, b.clock.now());
    const yesterday = plusDays(today, -1);
    const first = `${today.slice(0, 8)}01`;
    const lastOfPrev = plusDays(first, -1);
    switch (preset) {
      case 'TODAY':
        return { startDate: today, endDate: today };
      case 'YESTERDAY':
        return { startDate: yesterday, endDate: yesterday };
      case 'THIS_MONTH':
        return { startDate: first, endDate: today };
      case 'LAST_MONTH':
        return { startDate: `${lastOfPrev.slice(0, 8)}01`, endDate: lastOfPrev };
      default: {
        const n = Number(/^LAST_(\d+)_DAYS$/.exec(preset)![1]);
        return { startDate: plusDays(today, -n), endDate: yesterday };
      }
    }
  }

  const PRESETS = [
    'TODAY',
    'YESTERDAY',
    'LAST_7_DAYS',
    'LAST_14_DAYS',
    'LAST_30_DAYS',
    'THIS_MONTH',
    'LAST_MONTH',
  ];

  it.each(PRESETS)(
    'resolves %s in the account time zone (Los Angeles and Berlin)',
    async (preset) => {
      for (const [account, id] of [
        [US, US_ID],
        [EU, EU_ID],
      ] as const) {
        const r = performanceReport.parse(
          ok(await get(demo, `?customerId=${id}&dateRange=${preset}`)),
        );
        const want = expected(preset, account.timeZone);
        expect(r.dateRange).toEqual({ preset, ...want });
        expect(r.daily.map((d) => d.date)).toEqual(daysFromTo(want.startDate, want.endDate));
      }
    },
  );

  it('has the literal dates at 03:00 UTC on 2 March (Los Angeles: 1 March)', async () => {
    const range = async (preset: string, id = US_ID) =>
      ok(await get(demo, `?customerId=${id}&dateRange=${preset}`)).dateRange;
    expect(await range('TODAY')).toEqual({
      preset: 'TODAY',
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(await range('YESTERDAY')).toEqual({
      preset: 'YESTERDAY',
      startDate: '2026-02-28',
      endDate: '2026-02-28',
    });
    expect(await range('LAST_7_DAYS')).toEqual({
      preset: 'LAST_7_DAYS',
      startDate: '2026-02-22',
      endDate: '2026-02-28',
    });
    expect(await range('LAST_14_DAYS')).toEqual({
      preset: 'LAST_14_DAYS',
      startDate: '2026-02-15',
      endDate: '2026-02-28',
    });
    expect(await range('THIS_MONTH')).toEqual({
      preset: 'THIS_MONTH',
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(await range('LAST_MONTH')).toEqual({
      preset: 'LAST_MONTH',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    // Berlin is already on 2 March.
    expect(await range('TODAY', EU_ID)).toEqual({
      preset: 'TODAY',
      startDate: '2026-03-02',
      endDate: '2026-03-02',
    });
    expect(await range('THIS_MONTH', EU_ID)).toEqual({
      preset: 'THIS_MONTH',
      startDate: '2026-03-01',
      endDate: '2026-03-02',
    });
    expect(await range('LAST_7_DAYS', EU_ID)).toEqual({
      preset: 'LAST_7_DAYS',
      startDate: '2026-02-23',
      endDate: '2026-03-01',
    });
  });

  it('rejects a bad preset, a missing or malformed customerId and unknown parameters with 400', async () => {
    expectError(
      await get(demo, `?customerId=${US_ID}&dateRange=LAST_90_DAYS`),
      400,
      'invalid_request',
      'dateRange',
    );
    expectError(
      await get(demo, `?customerId=${US_ID}&dateRange=last_7_days`),
      400,
      'invalid_request',
      'dateRange',
    );
    expectError(
      await get(demo, `?customerId=${US_ID}&dateRange=`),
      400,
      'invalid_request',
      'dateRange',
    );
    expectError(await get(demo, ''), 400, 'invalid_request', 'customerId');
    expectError(await get(demo, '?dateRange=TODAY'), 400, 'invalid_request', 'customerId');
    expectError(await get(demo, '?customerId=512-384-726'), 400, 'invalid_request', 'customerId');
    expectError(await get(demo, `?customerId=${US_ID}&from=2026-01-01`), 400, 'invalid_request');
  });

  it("answers 404 for an unknown account or another workspace's account", async () => {
    expectError(await get(demo, '?customerId=999-999-9999'), 404, 'not_found', '999-999-9999');
    const acmeId = (await b.services.ads.platform.accounts(await b.workspaceId('acme')))[0]!
      .customerId;
    expectError(await get(demo, `?customerId=${acmeId}`), 404, 'not_found');
    expectError(await get(b.api, `?customerId=${US_ID}`), 404, 'not_found');
  });

  it('answers 403 to a key limited to another account, and needs ads:read', async () => {
    const euOnly = clientFor(
      b.app,
      await b.store.write(
        async () =>
          (await b.services.keys.create(demoWs, { scopes: ['ads:read'], customerIds: [EU_ID] }))
            .key,
      ),
    );
    expectError(await get(euOnly, `?customerId=${US_ID}`), 403, 'forbidden', US_ID);
    expect(ok(await get(euOnly, `?customerId=${EU_ID}`)).customerId).toBe(EU_ID);
    const noScope = clientFor(
      b.app,
      await b.store.write(
        async () => (await b.services.keys.create(demoWs, { scopes: ['campaigns:read'] })).key,
      ),
    );
    expectError(await get(noScope, `?customerId=${US_ID}`), 403, 'forbidden', 'ads:read');
  });

  async function checkArithmetic(r: PerformanceReport): Promise<void> {
    const rawDaily = (c: PerformanceReport['campaigns'][number]) =>
      b.services.ads.platform.dailyMetrics(
        c.googleAdsCampaignId,
        r.dateRange.startDate,
        r.dateRange.endDate,
      );
    const all = { impressions: 0, clicks: 0, cost: 0, conversions: 0 };
    const perDay = new Map<
      string,
      { impressions: number; clicks: number; cost: number; conversions: number }
    >();
    for (const c of r.campaigns) {
      const days = await rawDaily(c);
      const sum = { impressions: 0, clicks: 0, cost: 0, conversions: 0, value: 0 };
      for (const d of days) {
        expect(d.date >= r.dateRange.startDate && d.date <= r.dateRange.endDate).toBe(true);
        sum.impressions += d.impressions;
        sum.clicks += d.clicks;
        sum.cost += cents(d.cost);
        sum.conversions += hundredths(d.conversions);
        sum.value += cents(d.conversionValue);
        const day = perDay.get(d.date) ?? { impressions: 0, clicks: 0, cost: 0, conversions: 0 };
        day.impressions += d.impressions;
        day.clicks += d.clicks;
        day.cost += cents(d.cost);
        day.conversions += hundredths(d.conversions);
        perDay.set(d.date, day);
      }
      // per-campaign totals are the sums of its daily figures
      expect(c.impressions).toBe(sum.impressions);
      expect(c.clicks).toBe(sum.clicks);
      expect(cents(c.cost)).toBe(sum.cost);
      expect(hundredths(c.conversions)).toBe(sum.conversions);
      // ratios are recomputed from the sums, 0 where undefined
      expect(c.ctr).toBeCloseTo(r4(sum.clicks, sum.impressions), 4);
      expect(c.cpc).toBeCloseTo(r4(sum.cost, sum.clicks * 100), 4);
      expect(c.costPerConversion).toBeCloseTo(r4(sum.cost, sum.conversions), 4);
      expect(c.roas).toBeCloseTo(r4(sum.value, sum.cost), 4);
      all.impressions += c.impressions;
      all.clicks += c.clicks;
      all.cost += cents(c.cost);
      all.conversions += hundredths(c.conversions);
    }
    // the daily series: one entry per day, summed across the campaigns
    for (const d of r.daily) {
      const want = perDay.get(d.date) ?? { impressions: 0, clicks: 0, cost: 0, conversions: 0 };
      expect({
        impressions: d.impressions,
        clicks: d.clicks,
        cost: cents(d.cost),
        conversions: hundredths(d.conversions),
      }).toEqual(want);
    }
    const dailySum = r.daily.reduce(
      (s, d) => ({
        impressions: s.impressions + d.impressions,
        clicks: s.clicks + d.clicks,
        cost: s.cost + cents(d.cost),
        conversions: s.conversions + hundredths(d.conversions),
      }),
      { impressions: 0, clicks: 0, cost: 0, conversions: 0 },
    );
    expect(dailySum).toEqual(all);
  }

  it('adds up: campaign totals are sums of its days, the daily series sums to the totals, ratios from sums', async () => {
    const r = performanceReport.parse(ok(await get(demo, `?customerId=${US_ID}`)));
    expect(r.campaigns).toHaveLength(1);
    const c = r.campaigns[0]!;
    expect(c).toMatchObject({
      name: DEMO_CAMPAIGNS.platform,
      campaignType: 'VIDEO',
      status: 'ENABLED',
    });
    expect(c.googleAdsCampaignId).toMatch(/^[1-9]\d*$/);
    expect(c.impressions).toBeGreaterThan(0);
    expect(c.clicks).toBeGreaterThan(0);
    expect(c.cost).toBeGreaterThan(0);
    expect(c.conversions).toBeGreaterThan(0);
    expect(c.ctr).toBeGreaterThan(0);
    expect(c.ctr).toBeLessThan(1);
    // 90 days ENABLED: every day of the last 30 has figures, within the daily budget of 150
    expect(r.daily.every((d) => d.cost > 0 && d.cost <= 150)).toBe(true);
    await checkArithmetic(r);
    for (const preset of PRESETS)
      await checkArithmetic(
        performanceReport.parse(ok(await get(demo, `?customerId=${US_ID}&dateRange=${preset}`))),
      );
  });

  it('adds up across several campaigns, with ratios of 0 where a campaign has no figures', async () => {
    // Two more campaigns in the US account: one turned on, one left PAUSED.
    const mk = async (name: string, type: string) =>
      campaign.parse(
        ok(
          await demo.post('/campaigns', {
            name,
            campaignType: type,
            budget: 30,
            budgetType: 'daily',
          }),
          201,
        ),
      );
    const on = await mk('Ridgeline search', 'SEARCH');
    const off = await mk('Ridgeline display', 'DISPLAY');
    const onAds = campaign.parse(
      ok(await demo.post(`/campaigns/${on.id}/ads-platform`, { customerId: US_ID })),
    ).adsPlatform.campaignId!;
    ok(await demo.post(`/campaigns/${off.id}/ads-platform`, { customerId: US_ID }));
    await b.services.ads.setStatus(onAds, 'ENABLED');
    b.clock.advance(10 * DAY);
    await b.runner.runDue();

    const r = performanceReport.parse(
      ok(await get(demo, `?customerId=${US_ID}&dateRange=LAST_14_DAYS`)),
    );
    expect(r.campaigns.map((c) => c.name).sort()).toEqual(
      ['Ridgeline display', 'Ridgeline search', DEMO_CAMPAIGNS.platform].sort(),
    );
    const paused = r.campaigns.find((c) => c.campaignId === off.id)!;
    expect(paused).toMatchObject({
      status: 'PAUSED',
      impressions: 0,
      clicks: 0,
      cost: 0,
      conversions: 0,
      ctr: 0,
      cpc: 0,
      costPerConversion: 0,
      roas: 0,
    });
    expect(r.campaigns.find((c) => c.campaignId === on.id)!.cost).toBeGreaterThan(0);
    await checkArithmetic(r);
  });

  it('lists only the campaigns of that account', async () => {
    const eu = campaign.parse(
      ok(
        await demo.post('/campaigns', {
          name: 'Alps vans EU',
          campaignType: 'SEARCH',
          budget: 20,
          budgetType: 'daily',
        }),
        201,
      ),
    );
    const euAds = campaign.parse(
      ok(await demo.post(`/campaigns/${eu.id}/ads-platform`, { customerId: EU_ID })),
    ).adsPlatform.campaignId!;
    await b.services.ads.setStatus(euAds, 'ENABLED');
    b.clock.advance(3 * DAY);
    await b.runner.runDue();

    const us = performanceReport.parse(
      ok(await get(demo, `?customerId=${US_ID}&dateRange=LAST_7_DAYS`)),
    );
    expect(us.campaigns.map((c) => c.name)).toEqual([DEMO_CAMPAIGNS.platform]);
    const euReport = performanceReport.parse(
      ok(await get(demo, `?customerId=${EU_ID}&dateRange=LAST_7_DAYS`)),
    );
    expect(euReport.customerId).toBe(EU_ID);
    expect(euReport.campaigns.map((c) => c.campaignId)).toEqual([eu.id]);
    expect(euReport.campaigns[0]!.cost).toBeGreaterThan(0);
    await checkArithmetic(euReport);
    // campaigns of the service that are not in the ad platform never appear
    const all = ok(await demo.get('/campaigns?limit=100')).data as Campaign[];
    const published = new Set([...us.campaigns, ...euReport.campaigns].map((c) => c.campaignId));
    for (const c of all) expect(published.has(c.id)).toBe(c.adsPlatform.campaignId !== null);
    // nor do another workspace's
    const acme = await createCampaign();
    await publish(acme.id);
    expect(
      performanceReport
        .parse(ok(await get(demo, `?customerId=${US_ID}&dateRange=LAST_7_DAYS`)))
        .campaigns.map((c) => c.campaignId),
    ).not.toContain(acme.id);
  });

  it('shows a campaign-limited key only its campaigns', async () => {
    const platformCampaign = (ok(await demo.get('/campaigns?limit=100')).data as Campaign[]).find(
      (c) => c.name === DEMO_CAMPAIGNS.platform,
    )!;
    const other = (ok(await demo.get('/campaigns?limit=100')).data as Campaign[]).find(
      (c) => c.name !== DEMO_CAMPAIGNS.platform,
    )!;
    const limitedTo = async (ids: string[]) =>
      clientFor(
        b.app,
        await b.store.write(
          async () =>
            (await b.services.keys.create(demoWs, { scopes: ['ads:read'], campaignIds: ids })).key,
        ),
      );
    expect(
      performanceReport.parse(
        ok(await get(await limitedTo([platformCampaign.id]), `?customerId=${US_ID}`)),
      ).campaigns,
    ).toHaveLength(1);
    const none = performanceReport.parse(
      ok(await get(await limitedTo([other.id]), `?customerId=${US_ID}`)),
    );
    expect(none.campaigns).toEqual([]);
    expect(none.daily.every((d) => d.cost === 0 && d.impressions === 0)).toBe(true);
  });

  it('is the same report every time it is read', async () => {
    const a = ok(await get(demo, `?customerId=${US_ID}&dateRange=LAST_MONTH`));
    const again = ok(await get(demo, `?customerId=${US_ID}&dateRange=LAST_MONTH`));
    expect(again).toEqual(a);
  });
});
