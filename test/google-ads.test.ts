// @store both
/**
 * The Google Ads adapter (server/ads/google-ads/) through the AdPlatform port, against the local
 * stand-in of test/helpers/google-ads-stand-in.ts (its header says which reference page each of its
 * answers was written from), on the suite's store (SQLite, and Postgres in the Postgres pass):
 * accounts, publishing, syncs, statuses and performance. Failures: google-ads-failures.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { linkAccount } from '../server/ads/google-ads/records.ts';
import { CREDS } from './helpers/google-ads-stand-in.ts';
import { failureOf, item, kw, settings, SVC, useGoogleAds } from './helpers/google-ads-fixture.ts';

const f = useGoogleAds();

describe('accounts', () => {
  it('a server of one workspace and no link: every account the credentials reach, managers left out', async () => {
    const accounts = await f.platform().accounts('ws1');
    expect(accounts).toEqual([
      {
        customerId: '123-456-7890',
        name: 'Northside Roastery',
        currencyCode: 'EUR',
        timeZone: 'Europe/Berlin',
      },
    ]);
    const calls = f.standIn.seen.filter((s) => s.path !== '/token');
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/v26/customers:listAccessibleCustomers',
    });
    expect(calls[1]!.body.query).toMatch(/customer\.currency_code, customer\.time_zone/);
    expect(calls.every((c) => c.headers['developer-token'] === CREDS.developerToken)).toBe(true);
    expect(calls.every((c) => /^Bearer ya29\./.test(c.headers.authorization ?? ''))).toBe(true);
    expect(f.standIn.tokensIssued()).toBe(1);
  });

  it('links say which workspace uses which account; a client account needs its manager as login-customer-id', async () => {
    await f.addWorkspace('ws2', 'beta');
    expect(await f.platform().accounts('ws1')).toEqual([]); // two workspaces, no link: none
    await linkAccount(f.store, 'ws1', '222-333-4444', '2026-03-02T10:00:00.000Z');
    const missing = await failureOf(f.platform().accounts('ws1'));
    expect(missing.code).toBe('credentials');
    expect(missing.message).toMatch(/ADCLI_GOOGLE_ADS_LOGIN_CUSTOMER_ID/);
    const viaManager = f.platform({ loginCustomerId: '9998887777' });
    expect((await viaManager.accounts('ws1')).map((a) => a.customerId)).toEqual(['222-333-4444']);
    expect(f.standIn.seen.at(-1)!.headers['login-customer-id']).toBe('9998887777');
    expect(await viaManager.accounts('ws2')).toEqual([]);
  });
});

describe('publish and sync', () => {
  it('creates a budget in micros, a PAUSED campaign and an ad group', async () => {
    const p = f.platform();
    const made = await p.createCampaign('123-456-7890', SVC, settings({ budget: 42.5 }));
    expect(made.status).toBe('PAUSED');
    const [budget] = [...f.standIn.world.budgets.values()];
    expect(budget).toMatchObject({ amountMicros: '42500000', deliveryMethod: 'STANDARD' });
    const campaign = f.standIn.world.campaigns.get(made.campaignId);
    expect(campaign).toMatchObject({
      status: 'PAUSED',
      advertisingChannelType: 'SEARCH',
      campaignBudget: budget.resourceName,
    });
    expect(campaign.name).toContain(SVC);
    expect([...f.standIn.world.adGroups.values()][0]).toMatchObject({ type: 'SEARCH_STANDARD' });
    const again = await failureOf(p.createCampaign('123-456-7890', SVC, settings()));
    expect(again.code).toBe('already_exists');
    expect(await p.campaign(made.campaignId)).toMatchObject({
      status: 'PAUSED',
      serviceCampaignId: SVC,
    });
  });

  it('a sync adds and removes criteria after a targeting edit, and names what the type cannot carry', async () => {
    const p = f.platform();
    const { campaignId } = await p.createCampaign('123-456-7890', SVC, settings());
    const first = await p.sync(
      campaignId,
      settings({
        targeting: [
          kw('espresso machine', 'EXACT'),
          kw('pour over', 'PHRASE'),
          item('topics', '/Food & Drink/Beverages/Coffee & Tea'),
        ],
      }),
    );
    expect(first.problems).toEqual([
      expect.stringMatching(/topics ".*Coffee & Tea": a SEARCH campaign cannot carry topic/),
    ]);
    const keywords = () =>
      [...f.standIn.world.criteria.values()]
        .map((c) => `${c.keyword?.text}/${c.keyword?.matchType}`)
        .sort();
    expect(keywords()).toEqual(['espresso machine/EXACT', 'pour over/PHRASE']);
    await p.sync(
      campaignId,
      settings({ targeting: [kw('pour over', 'PHRASE'), kw('burr grinder', 'BROAD')] }),
    );
    expect(keywords()).toEqual(['burr grinder/BROAD', 'pour over/PHRASE']);
    const last = f.standIn.seen.filter((s) => s.path.endsWith('adGroupCriteria:mutate')).at(-1)!;
    expect(last.body.partialFailure).toBe(true);
    expect(last.body.operations.map((o: object) => Object.keys(o)[0])).toEqual([
      'create',
      'remove',
    ]);
    expect((await p.campaign(campaignId))!.settings.targeting).toHaveLength(2);
  });

  it('a display campaign carries topics and placements; a refused criterion is named, the rest are made', async () => {
    const p = f.platform();
    const { campaignId } = await p.createCampaign(
      '123-456-7890',
      SVC,
      settings({ campaignType: 'DISPLAY' }),
    );
    f.standIn.world.refuse.set('casino.example', { criterionError: 'INVALID_PLACEMENT_URL' });
    const out = await p.sync(
      campaignId,
      settings({
        campaignType: 'DISPLAY',
        targeting: [
          item('topics', '/Food & Drink/Beverages/Coffee & Tea'),
          item('websites', 'baristahustle.example'),
          item('websites', 'casino.example'),
          item('websites', 'https://www.youtube.com/channel/UCstandinCoffeeRoast0001'),
          item('segments', 'Coffee Lovers'),
        ],
      }),
    );
    const made = [...f.standIn.world.criteria.values()];
    expect(
      made.map((c) => c.topic?.topicConstant ?? c.placement?.url ?? c.youtubeChannel?.channelId),
    ).toEqual(['topicConstants/71', 'baristahustle.example', 'UCstandinCoffeeRoast0001']);
    expect(out.problems).toEqual([
      expect.stringMatching(/segments "Coffee Lovers": Google Ads has no affinity segment/),
      expect.stringMatching(
        /websites "casino.example": Google Ads refused the criterion casino.example \(INVALID_PLACEMENT_URL\)/,
      ),
    ]);
    expect((await p.campaign(campaignId))!.problems).toEqual(out.problems);
  });

  it('sets locations and language as campaign criteria at creation, and moves them at a sync', async () => {
    const p = f.platform();
    const made = await p.createCampaign(
      '123-456-7890',
      SVC,
      settings({ locations: ['DE', 'US-CA'], language: 'de' }),
    );
    const targets = () =>
      [...f.standIn.world.campaignCriteria.values()]
        .map((c) => c.location?.geoTargetConstant ?? c.language?.languageConstant)
        .sort();
    expect(targets()).toEqual(['geoTargetConstants/2276', 'languageConstants/1001']);
    expect((await p.campaign(made.campaignId))!.problems).toEqual([
      expect.stringMatching(/locations "US-CA": Google Ads names regions by its own ids/),
    ]);
    await p.sync(made.campaignId, settings({ locations: ['US', 'CA'], language: 'pt-BR' }));
    expect(targets()).toEqual([
      'geoTargetConstants/2124',
      'geoTargetConstants/2840',
      'languageConstants/1014',
    ]);
    expect((await p.campaign(made.campaignId))!.problems).toEqual([]);
  });

  it('a status a person changes in Google Ads is seen at the next sync; REMOVED is final', async () => {
    const p = f.platform();
    const { campaignId } = await p.createCampaign('123-456-7890', SVC, settings());
    f.standIn.world.campaigns.get(campaignId).status = 'ENABLED';
    await p.sync(campaignId, settings());
    expect((await p.campaign(campaignId))!.status).toBe('ENABLED');
    await p.setStatus(campaignId, 'PAUSED');
    expect(f.standIn.world.campaigns.get(campaignId).status).toBe('PAUSED');
    f.standIn.world.campaigns.get(campaignId).status = 'REMOVED';
    expect((await failureOf(p.sync(campaignId, settings()))).code).toBe('removed');
    expect((await p.campaigns('123-456-7890')).map((c) => c.status)).toEqual(['REMOVED']);
  });

  it('performance is read from searchStream rows, cost from micros, and cached', async () => {
    const p = f.platform();
    const { campaignId } = await p.createCampaign('123-456-7890', SVC, settings());
    f.standIn.world.metrics.set(campaignId, [
      {
        date: '2026-02-27',
        impressions: 1200,
        clicks: 40,
        costMicros: 12_345_678,
        conversions: 2.5,
        conversionsValue: 80.125,
      },
      {
        date: '2026-02-28',
        impressions: 900,
        clicks: 31,
        costMicros: 9_990_000,
        conversions: 1,
        conversionsValue: 30,
      },
      {
        date: '2026-03-05',
        impressions: 1,
        clicks: 0,
        costMicros: 0,
        conversions: 0,
        conversionsValue: 0,
      },
    ]);
    const days = await p.dailyMetrics(campaignId, '2026-02-01', '2026-02-28');
    expect(days).toEqual([
      {
        date: '2026-02-27',
        impressions: 1200,
        clicks: 40,
        cost: 12.35,
        conversions: 2.5,
        conversionValue: 80.13,
      },
      {
        date: '2026-02-28',
        impressions: 900,
        clicks: 31,
        cost: 9.99,
        conversions: 1,
        conversionValue: 30,
      },
    ]);
    const query = f.standIn.seen.at(-1)!.body.query as string;
    expect(query).toMatch(/metrics\.cost_micros/);
    expect(query).toMatch(/segments\.date BETWEEN '2026-02-01' AND '2026-02-28'/);
    const before = f.standIn.seen.length;
    await p.dailyMetrics(campaignId, '2026-02-01', '2026-02-28');
    expect(f.standIn.seen.length).toBe(before);
  });
});
