// @store both
/**
 * Audience segments (affinity and in-market) carried to Google Ads as user-interest criteria of the
 * ad group (server/ads/google-ads/segments.ts), against the stand-in of
 * test/helpers/google-ads-stand-in.ts. Its answers to them were written from the Google Ads API
 * reference (developers.google.com/google-ads/api, v26): the user_interest resource's fields page
 * and UserInterest (resource name `customers/{customer_id}/userInterests/{user_interest_id}`, name,
 * taxonomy_type, user_interest_parent, launched_to_all, availabilities: empty when launched to all,
 * or for a deprecated or restricted one), UserInterestTaxonomyType (AFFINITY, IN_MARKET),
 * CriterionCategoryAvailability, CriterionCategoryChannelAvailability and
 * CriterionCategoryChannelAvailabilityMode (ALL_CHANNELS, CHANNEL_TYPE_AND_ALL_SUBTYPES,
 * CHANNEL_TYPE_AND_SUBSET_SUBTYPES), and UserInterestInfo (`userInterestCategory`, the UserInterest
 * resource name) on AdGroupCriterion; the "Targeting settings" guide for why a Search campaign is
 * not sent them (an audience on an ad group targets, `bid_only` false, unless set to observation).
 * Through the service's API and through the port, on both stores.
 */
import { describe, expect, it } from 'vitest';
import { ok } from './helpers/assert.ts';
import { type TestBackend, runAdsSync } from './helpers/backend.ts';
import { googleAdsBackendEach, STAND_IN_ACCOUNT } from './helpers/google-ads-backend.ts';
import { item, settings, SVC, useGoogleAds } from './helpers/google-ads-fixture.ts';
import type { GoogleAdsStandIn } from './helpers/google-ads-stand-in.ts';
import type { World } from './helpers/google-ads-world.ts';

const ACCOUNT = STAND_IN_ACCOUNT;
const interest = (id: string) => `customers/1234567890/userInterests/${id}`;

/** The user interests the stand-in's ad groups hold as criteria. */
const userInterestsIn = (world: World) =>
  [...world.criteria.values()]
    .map((c) => c.userInterest?.userInterestCategory as string | undefined)
    .filter(Boolean)
    .sort();

describe('through the service', () => {
  let standIn: GoogleAdsStandIn;
  let b: TestBackend;

  googleAdsBackendEach((fresh) => ({ standIn, b } = fresh));

  const runSync = () => runAdsSync(b);

  async function published(campaignType: 'DISPLAY' | 'SEARCH') {
    const created = await b.api.post('/campaigns', {
      name: `Outdoor gear, ${campaignType}`,
      campaignType,
      budget: 30,
      budgetType: 'daily',
      biddingStrategy: 'MAXIMIZE_CONVERSIONS',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    ok(await b.api.post(`/campaigns/${id}/ads-platform`, { customerId: ACCOUNT }));
    const slot = `/campaigns/${id}/targeting/audiences/${created.body.audiences[0].id}/items`;
    const target = async (items: object[]) => {
      ok(await b.api.put(slot, { items }));
      await runSync();
    };
    return { id, target };
  }

  const segment = (text: string) => ({ section: 'segments', text });

  async function problemsOf(id: string): Promise<string[]> {
    const ctl = await b.client({ prefix: '/_adcli/v1' });
    const listed = ok(await ctl.get('/ads/campaigns')).data as {
      campaignId: string;
      problems: string[];
    }[];
    return listed.find((c) => c.campaignId === id)!.problems;
  }

  const interestQueries = () =>
    standIn.seen.filter((s) => /\bFROM user_interest\b/.test(s.body?.query ?? ''));

  it('a Display campaign carries its segments as user interests; one Google Ads has none of is named, not sent', async () => {
    const { id, target } = await published('DISPLAY');
    await target([
      segment('Outdoor Enthusiasts'),
      segment('Travel › Hotels & Accommodations'),
      segment('Coffee Lovers'),
    ]);
    expect(userInterestsIn(standIn.world)).toEqual([interest('80102'), interest('80402')]);
    const query = interestQueries()[0]!.body.query as string;
    expect(query).toMatch(
      /FROM user_interest WHERE user_interest\.taxonomy_type IN \('AFFINITY', 'IN_MARKET'\)/,
    );
    expect(await problemsOf(id)).toEqual([
      'segments "Coffee Lovers": Google Ads has no affinity segment of that name; not sent',
    ]);
    const sent = standIn.seen.filter((s) => s.path.endsWith('adGroupCriteria:mutate')).at(-1)!;
    expect(sent.body.operations).toEqual([
      {
        create: expect.objectContaining({
          status: 'ENABLED',
          userInterest: { userInterestCategory: interest('80102') },
        }),
      },
      {
        create: expect.objectContaining({
          userInterest: { userInterestCategory: interest('80402') },
        }),
      },
    ]);
  });

  it('a segment taken out of the targeting is removed from the ad group at the next sync', async () => {
    const { id, target } = await published('DISPLAY');
    await target([segment('Outdoor Enthusiasts'), segment('Health & Fitness Buffs')]);
    expect(userInterestsIn(standIn.world)).toEqual([interest('80102'), interest('80103')]);
    await target([segment('Health & Fitness Buffs')]);
    expect(userInterestsIn(standIn.world)).toEqual([interest('80103')]);
    const sent = standIn.seen.filter((s) => s.path.endsWith('adGroupCriteria:mutate')).at(-1)!;
    expect(sent.body.operations).toEqual([{ remove: expect.stringMatching(/adGroupCriteria\//) }]);
    expect(await problemsOf(id)).toEqual([]);
    // the account's user interests were read once, for the first segment sent
    expect(interestQueries()).toHaveLength(1);
  });

  it('a Search campaign does not send segments: named in the problems, its keywords go over', async () => {
    const { id, target } = await published('SEARCH');
    await target([
      { section: 'keywords', text: 'trail running shoes', matchType: 'PHRASE' },
      segment('Outdoor Enthusiasts'),
    ]);
    expect(userInterestsIn(standIn.world)).toEqual([]);
    expect([...standIn.world.criteria.values()].map((c) => c.keyword?.text)).toEqual([
      'trail running shoes',
    ]);
    expect(await problemsOf(id)).toEqual([
      expect.stringMatching(
        /^segments "Outdoor Enthusiasts": a SEARCH campaign would show its ads only to that audience .*; not sent: add it in Google Ads for observation$/,
      ),
    ]);
    expect(interestQueries()).toEqual([]);
  });
});

describe('through the port', () => {
  const f = useGoogleAds();

  async function display(campaignType: 'DISPLAY' | 'VIDEO', segments: string[]) {
    const p = f.platform();
    const { campaignId } = await p.createCampaign(ACCOUNT, SVC, settings({ campaignType }));
    const out = await p.sync(
      campaignId,
      settings({ campaignType, targeting: segments.map((s) => item('segments', s)) }),
    );
    return out.problems;
  }

  it('matches names without case or punctuation, and tells two of one name apart by their parents', async () => {
    const problems = await display('DISPLAY', [
      'health and fitness buffs',
      'Apparel & Accessories › Shoes',
      'Shoes',
    ]);
    expect(userInterestsIn(f.standIn.world)).toEqual([interest('80103'), interest('80501')]);
    expect(problems).toEqual([
      'segments "Shoes": Google Ads has several in-market segments of that name (Apparel & Accessories/Shoes, Sporting Goods/Shoes); not sent: write its path, e.g. "Apparel & Accessories › Shoes"',
    ]);
  });

  it('uses a user interest only where Google Ads makes it available: by channel, never a deprecated one', async () => {
    expect(await display('DISPLAY', ['Coffee Shop Regulars', 'Motor Vehicles'])).toEqual([
      'segments "Coffee Shop Regulars": Google Ads\' affinity segment "Food & Dining/Coffee Shop Regulars" is not available to DISPLAY campaigns; not sent',
      'segments "Motor Vehicles": Google Ads\' in-market segment "Motor Vehicles" is not available to DISPLAY campaigns; not sent',
    ]);
    expect(userInterestsIn(f.standIn.world)).toEqual([]);
  });

  it('a Video campaign takes a user interest launched to Video campaigns', async () => {
    expect(await display('VIDEO', ['Coffee Shop Regulars'])).toEqual([]);
    expect(userInterestsIn(f.standIn.world)).toEqual([interest('80203')]);
  });
});
