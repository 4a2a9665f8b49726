import { beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  DATE_PRESETS,
  daysBetween,
  eachDay,
  resolveDateRange,
  startOfDay,
  todayIn,
} from '../server/ads/dates.ts';
import { dailyBudgetCap, dailyFigures, scaleFigures } from '../server/ads/metrics.ts';
import {
  AdPlatformError,
  type AdsCampaignSettings,
  type DailyMetrics,
} from '../server/ads/port.ts';
import { buildReport, performanceReport } from '../server/ads/report.ts';
import { SimulatedAdPlatform } from '../server/ads/simulated.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { BIDDING_STRATEGIES, CAMPAIGN_TYPES } from '../server/schemas/records.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';

/**
 * The simulated ad platform, its performance model, the date-range presets
 * and the Performance report of the contract.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CUSTOMER = '123-456-7890';
const SVC = 'aaaaaaaaaaaaaaaaaaaaaaaa';

function settings(over: Partial<AdsCampaignSettings> = {}): AdsCampaignSettings {
  return {
    name: 'Spring trail shoes',
    campaignType: 'SEARCH',
    budget: 50,
    budgetType: 'daily',
    endDate: null,
    biddingStrategy: 'MAXIMIZE_CONVERSIONS',
    targetCpa: null,
    targetRoas: null,
    locations: ['US'],
    language: 'en',
    targeting: [],
    ...over,
  };
}

async function setup(timeZone = 'America/New_York', start = '2026-01-15T12:00:00.000Z') {
  const store = SqliteStore.memory();
  const clock = new ManualClock(start);
  await store.run(
    'INSERT INTO workspaces (id, slug, exploration, created_at) VALUES (?, ?, ?, ?)',
    'ws1',
    'acme',
    0,
    start,
  );
  const account = `INSERT INTO ad_accounts (customer_id, workspace_id, name, currency_code, time_zone, is_default, created_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?)`;
  await store.run(account, CUSTOMER, 'ws1', 'Acme US', 'USD', timeZone, 1, start);
  await store.run(account, '555-000-1111', 'ws1', 'Acme EU', 'EUR', 'Europe/Berlin', 0, start);
  return { store, clock, ads: new SimulatedAdPlatform(store, clock) };
}

const dates = (m: DailyMetrics[]) => m.map((d) => d.date);

describe('simulated ad platform', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    env = await setup();
  });

  it('lists the accounts of a workspace, the default first', async () => {
    expect(await env.ads.accounts('ws1')).toEqual([
      { customerId: CUSTOMER, name: 'Acme US', currencyCode: 'USD', timeZone: 'America/New_York' },
      {
        customerId: '555-000-1111',
        name: 'Acme EU',
        currencyCode: 'EUR',
        timeZone: 'Europe/Berlin',
      },
    ]);
    expect(await env.ads.accounts('other')).toEqual([]);
    expect((await env.ads.account('1234567890'))?.name).toBe('Acme US');
    expect(await env.ads.account('999-999-9999')).toBeNull();
  });

  it('creates campaigns PAUSED with numeric ids, once per service campaign', async () => {
    const created = await env.ads.createCampaign('1234567890', SVC, settings());
    expect(created.status).toBe('PAUSED');
    expect(created.campaignId).toMatch(/^[1-9]\d{9,10}$/);
    expect(await env.ads.campaign(created.campaignId)).toEqual({
      campaignId: created.campaignId,
      customerId: CUSTOMER,
      serviceCampaignId: SVC,
      status: 'PAUSED',
      createdAt: '2026-01-15T12:00:00.000Z',
      syncedAt: null,
      settings: settings(),
    });
    expect(await env.store.all('SELECT status FROM ads_status_changes')).toEqual([
      { status: 'PAUSED' },
    ]);
    expect(await env.store.all('SELECT campaign_id FROM ads_settings_history')).toHaveLength(1);

    const again = () => env.ads.createCampaign(CUSTOMER, SVC, settings());
    await expect(again()).rejects.toThrow(AdPlatformError);
    await expect(again()).rejects.toThrow(/already exists in the ad platform/);
    await expect(again()).rejects.toMatchObject({ code: 'already_exists' });
    await expect(
      env.ads.createCampaign('999-999-9999', 'b'.repeat(24), settings()),
    ).rejects.toThrow(/no account 999-999-9999/);

    // Ids are derived from account and service campaign: the same on another machine, distinct per campaign.
    const other = await setup();
    expect((await other.ads.createCampaign(CUSTOMER, SVC, settings())).campaignId).toBe(
      created.campaignId,
    );
    const second = await env.ads.createCampaign(CUSTOMER, 'b'.repeat(24), settings());
    expect(second.campaignId).not.toBe(created.campaignId);
    expect(await env.ads.campaign('1')).toBeNull();
  });

  it('resolves id collisions', async () => {
    const first = await env.ads.createCampaign(CUSTOMER, SVC, settings());
    // Make the service campaign's first-choice id taken in a fresh store.
    const other = await setup();
    await other.store.run(
      `INSERT INTO ads_campaigns (campaign_id, customer_id, service_campaign_id, name, status, settings, created_at)
       VALUES (?, ?, 'someone-else', 'x', 'PAUSED', '{}', '2026-01-01T00:00:00.000Z')`,
      first.campaignId,
      CUSTOMER,
    );
    const moved = await other.ads.createCampaign(CUSTOMER, SVC, settings());
    expect(moved.campaignId).toMatch(/^\d{11}$/);
    expect(moved.campaignId).not.toBe(first.campaignId);
  });

  it('sync stores the settings and the sync time; unknown campaigns are not found', async () => {
    const { campaignId } = await env.ads.createCampaign(CUSTOMER, SVC, settings());
    env.clock.advance(HOUR);
    const next = settings({
      name: 'Renamed',
      budget: 80,
      targeting: [
        {
          section: 'keywords',
          label: 'trail shoes',
          text: 'trail shoes',
          matchType: 'PHRASE',
          source: 'titles',
        },
      ],
    });
    expect(await env.ads.sync(campaignId, next)).toEqual({ syncedAt: '2026-01-15T13:00:00.000Z' });
    const c = (await env.ads.campaign(campaignId))!;
    expect(c.syncedAt).toBe('2026-01-15T13:00:00.000Z');
    expect(c.settings).toEqual(next);
    expect(await env.store.all('SELECT at FROM ads_settings_history ORDER BY at')).toHaveLength(2);
    await expect(env.ads.sync('42', next)).rejects.toThrow(/no campaign 42/);
    await expect(env.ads.setStatus('42', 'ENABLED')).rejects.toThrow(AdPlatformError);
    await expect(env.ads.dailyMetrics('42', '2026-01-01', '2026-01-31')).rejects.toThrow(
      /no campaign 42/,
    );
  });

  it('names a keyword with a symbol Google Ads refuses in the problems, as Google Ads would', async () => {
    const { campaignId } = await env.ads.createCampaign(CUSTOMER, SVC, settings());
    const keyword = (text: string) => ({
      section: 'keywords' as const,
      label: text,
      text,
      matchType: 'PHRASE' as const,
      source: 'manual',
    });
    // a person can write these through the edit operation; Google Ads takes "AT&T", not "p!nk"
    await env.ads.sync(campaignId, settings({ targeting: [keyword('p!nk'), keyword('AT&T')] }));
    const c = (await env.ads.campaign(campaignId))!;
    expect(c.problems).toEqual([
      'keywords "p!nk": Google Ads refused the criterion (KEYWORD_HAS_INVALID_CHARS) (Google Ads: Keyword or negative keyword text has invalid characters or symbols.)',
    ]);
    expect((await env.ads.campaigns(CUSTOMER))[0]!.problems).toEqual(c.problems);
    // a delivery it takes whole has none
    await env.ads.sync(campaignId, settings({ targeting: [keyword('AT&T')] }));
    expect((await env.ads.campaign(campaignId))!.problems).toBeUndefined();
  });

  it('nothing spends while PAUSED', async () => {
    const { campaignId } = await env.ads.createCampaign(CUSTOMER, SVC, settings());
    env.clock.advance(20 * DAY);
    expect(await env.ads.dailyMetrics(campaignId, '2025-12-01', '2026-03-31')).toEqual([]);
  });

  it('exactly the ENABLED days have figures; REMOVED stops them for good', async () => {
    // 2026-01-15T12:00Z is 07:00 in New York.
    const { campaignId } = await env.ads.createCampaign(CUSTOMER, SVC, settings());
    env.clock.advance(2 * DAY); // Jan 17 07:00 local
    await env.ads.setStatus(campaignId, 'ENABLED');
    await env.ads.setStatus(campaignId, 'ENABLED'); // no-op
    expect((await env.ads.campaign(campaignId))!.status).toBe('ENABLED');
    env.clock.advance(10 * DAY); // Jan 27 07:00 local

    let m = await env.ads.dailyMetrics(campaignId, '2026-01-01', '2026-02-28');
    expect(dates(m)).toEqual(eachDay('2026-01-17', '2026-01-27'));
    // Full days carry the model's full-day figures; the first and the current day only their share.
    const full = (date: string) =>
      dailyFigures(campaignId, date, settings(), { startDate: '2026-01-15' });
    for (const d of m.slice(1, -1)) expect(d).toEqual({ date: d.date, ...full(d.date) });
    expect(m[0]).toEqual({ date: '2026-01-17', ...scaleFigures(full('2026-01-17'), 17 / 24) });
    expect(m.at(-1)).toEqual({ date: '2026-01-27', ...scaleFigures(full('2026-01-27'), 7 / 24) });
    expect(m[0]!.cost).toBeLessThan(full('2026-01-17').cost);
    // Never after today, never before it existed, and only inside the asked range.
    expect(dates(await env.ads.dailyMetrics(campaignId, '2026-01-20', '2026-01-22'))).toEqual([
      '2026-01-20',
      '2026-01-21',
      '2026-01-22',
    ]);
    expect(await env.ads.dailyMetrics(campaignId, '2026-01-28', '2026-02-28')).toEqual([]);

    await env.ads.setStatus(campaignId, 'PAUSED');
    env.clock.advance(3 * DAY); // Jan 30 07:00
    await env.ads.setStatus(campaignId, 'ENABLED');
    env.clock.advance(2 * DAY); // Feb 1 07:00
    await env.ads.setStatus(campaignId, 'REMOVED');
    env.clock.advance(5 * DAY);
    m = await env.ads.dailyMetrics(campaignId, '2026-01-01', '2026-02-28');
    expect(dates(m)).toEqual([
      ...eachDay('2026-01-17', '2026-01-27'),
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
    ]);
    // The day of the pause has the morning only.
    expect(m.find((d) => d.date === '2026-01-27')).toEqual({
      date: '2026-01-27',
      ...scaleFigures(full('2026-01-27'), 7 / 24),
    });

    await expect(env.ads.setStatus(campaignId, 'ENABLED')).rejects.toThrow(/removed/);
    await expect(env.ads.sync(campaignId, settings())).rejects.toThrow(AdPlatformError);
    expect((await env.ads.campaign(campaignId))!.status).toBe('REMOVED');
    await expect(env.ads.setStatus(campaignId, 'BOGUS' as never)).rejects.toThrow(RangeError);
  });

  it("counts days in the account's time zone", async () => {
    // Berlin: created and enabled 2026-01-15 13:00 local, paused at 23:30Z, which is already Jan 17 00:30 in Berlin.
    const { campaignId } = await env.ads.createCampaign('555-000-1111', SVC, settings());
    await env.ads.setStatus(campaignId, 'ENABLED');
    env.clock.set('2026-01-16T23:30:00.000Z');
    await env.ads.setStatus(campaignId, 'PAUSED');
    env.clock.advance(3 * DAY);
    const berlin = await env.ads.dailyMetrics(campaignId, '2026-01-01', '2026-01-31');
    expect(dates(berlin)).toEqual(['2026-01-15', '2026-01-16', '2026-01-17']);
    // Half an hour of Jan 17.
    const full = dailyFigures(campaignId, '2026-01-17', settings(), { startDate: '2026-01-15' });
    expect(berlin[2]).toEqual({ date: '2026-01-17', ...scaleFigures(full, 0.5 / 24) });

    const la = await setup('America/Los_Angeles', '2026-01-16T07:30:00.000Z'); // Jan 15 23:30 in Los Angeles
    const id = (await la.ads.createCampaign(CUSTOMER, SVC, settings())).campaignId;
    await la.ads.setStatus(id, 'ENABLED');
    la.clock.advance(HOUR); // Jan 16 00:30 local
    await la.ads.setStatus(id, 'PAUSED');
    la.clock.advance(DAY);
    const m = await la.ads.dailyMetrics(id, '2026-01-01', '2026-01-31');
    expect(dates(m)).toEqual(['2026-01-15', '2026-01-16']);
  });

  it("a day's figures follow the settings in force that day", async () => {
    const { campaignId } = await env.ads.createCampaign(CUSTOMER, SVC, settings());
    await env.ads.setStatus(campaignId, 'ENABLED');
    env.clock.set('2026-01-20T17:00:00.000Z'); // Jan 20 12:00 local
    await env.ads.sync(campaignId, settings({ budget: null, budgetType: null }));
    env.clock.set('2026-01-25T17:00:00.000Z');
    const m = await env.ads.dailyMetrics(campaignId, '2026-01-15', '2026-01-25');
    expect(dates(m)).toEqual(eachDay('2026-01-15', '2026-01-25'));
    for (const d of m) {
      if (d.date < '2026-01-20') expect(d.cost).toBeGreaterThan(0);
      else
        expect(d).toEqual({
          date: d.date,
          impressions: 0,
          clicks: 0,
          cost: 0,
          conversions: 0,
          conversionValue: 0,
        });
    }
  });

  it('a total budget is spread over the flight and stops after the end date', async () => {
    const total = settings({ budget: 300, budgetType: 'total', endDate: '2026-01-24' }); // flight Jan 15-24: $30/day
    const { campaignId } = await env.ads.createCampaign(CUSTOMER, SVC, total);
    await env.ads.setStatus(campaignId, 'ENABLED');
    env.clock.advance(20 * DAY);
    const m = await env.ads.dailyMetrics(campaignId, '2026-01-01', '2026-02-28');
    expect(dates(m)).toEqual(eachDay('2026-01-15', '2026-02-04'));
    for (const d of m) {
      if (d.date > '2026-01-24') expect(d.cost).toBe(0);
      else expect(d.cost).toBeLessThanOrEqual(30);
    }
    expect(m.reduce((s, d) => s + Math.round(d.cost * 100), 0)).toBeLessThanOrEqual(300_00);
    expect(m.find((d) => d.date === '2026-01-20')!.cost).toBeGreaterThan(15);
  });
});

describe('performance model', () => {
  it('is deterministic and varies across dates and campaigns', () => {
    const s = settings();
    const a = dailyFigures('12345678901', '2026-02-10', s);
    expect(dailyFigures('12345678901', '2026-02-10', settings())).toEqual(a);
    expect(dailyFigures('12345678901', '2026-02-11', s)).not.toEqual(a);
    expect(dailyFigures('12345678902', '2026-02-10', s)).not.toEqual(a);
    expect(a.cost).toBeGreaterThan(0);
    expect(a.clicks).toBeGreaterThan(0);
  });

  it('stays within the daily budget with consistent figures, for every type and strategy (90 days)', () => {
    const start = '2026-01-01';
    for (const campaignType of CAMPAIGN_TYPES) {
      for (const biddingStrategy of BIDDING_STRATEGIES) {
        for (const [i, budget] of [3, 50, 1234.56].entries()) {
          const id = `9${i}${campaignType.length}${biddingStrategy.length}4567890`;
          const s = settings({
            campaignType,
            biddingStrategy,
            budget,
            targetCpa: 25,
            targetRoas: 4,
          });
          let spent = 0;
          for (let k = 0; k < 90; k++) {
            const f = dailyFigures(id, addDays(start, k), s);
            expect(f.cost).toBeLessThanOrEqual(budget);
            expect(f.cost).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(f.impressions) && Number.isInteger(f.clicks)).toBe(true);
            expect(Math.round(f.cost * 100) / 100).toBe(f.cost);
            expect(Math.round(f.conversions * 100) / 100).toBe(f.conversions);
            expect(f.clicks).toBeLessThanOrEqual(f.impressions);
            expect(f.conversions).toBeLessThanOrEqual(f.clicks);
            spent += f.cost;
          }
          if (budget >= 50) expect(spent / (90 * budget)).toBeGreaterThan(0.25);
        }
      }
    }
  });

  it('shapes CTR and CPC by campaign type', () => {
    const totals = (campaignType: AdsCampaignSettings['campaignType']) => {
      let imp = 0;
      let clicks = 0;
      let cost = 0;
      for (let c = 0; c < 10; c++) {
        for (let k = 0; k < 30; k++) {
          const f = dailyFigures(
            `5550000${c}`,
            addDays('2026-02-01', k),
            settings({ campaignType, budget: 500, biddingStrategy: 'MANUAL_CPC' }),
          );
          imp += f.impressions;
          clicks += f.clicks;
          cost += f.cost;
        }
      }
      return { ctr: clicks / imp, cpc: cost / clicks };
    };
    const search = totals('SEARCH');
    const display = totals('DISPLAY');
    const video = totals('VIDEO');
    expect(search.ctr).toBeGreaterThan(0.03);
    expect(search.ctr).toBeLessThan(0.075);
    expect(search.cpc).toBeGreaterThan(0.45);
    expect(search.cpc).toBeLessThan(3.3);
    expect(display.ctr).toBeGreaterThan(0.0025);
    expect(display.ctr).toBeLessThan(0.009);
    expect(display.cpc).toBeLessThan(search.cpc);
    expect(video.ctr).toBeGreaterThan(display.ctr);
    expect(video.ctr).toBeLessThan(search.ctr);
  });

  it('spends nothing without a budget, after the end date, or on a total budget without one', () => {
    expect(dailyFigures('1', '2026-02-01', settings({ budget: null }))).toEqual({
      impressions: 0,
      clicks: 0,
      cost: 0,
      conversions: 0,
      conversionValue: 0,
    });
    expect(dailyFigures('1', '2026-02-01', settings({ endDate: '2026-01-31' })).cost).toBe(0);
    expect(
      dailyFigures('1', '2026-01-31', settings({ endDate: '2026-01-31' })).cost,
    ).toBeGreaterThan(0);
    expect(dailyBudgetCap(settings({ budgetType: 'total', budget: 100 }), '2026-01-01')).toBe(0);
    expect(
      dailyBudgetCap(
        settings({ budgetType: 'total', budget: 100, endDate: '2026-01-10' }),
        '2026-01-05',
        { startDate: '2026-01-01' },
      ),
    ).toBe(10);
    expect(
      dailyBudgetCap(
        settings({ budgetType: 'total', budget: 300, endDate: '2026-01-30' }),
        '2026-01-05',
      ),
    ).toBe(10);
  });

  it('TARGET_CPA keeps cost per conversion near the target; TARGET_ROAS keeps value/cost near the target', () => {
    for (let c = 0; c < 8; c++) {
      const id = `7000000${c}`;
      let cost = 0;
      let conv = 0;
      let value = 0;
      let roasCost = 0;
      for (let k = 0; k < 30; k++) {
        const date = addDays('2026-02-01', k);
        const f = dailyFigures(
          id,
          date,
          settings({ budget: 200, biddingStrategy: 'TARGET_CPA', targetCpa: 40 }),
        );
        cost += f.cost;
        conv += f.conversions;
        const g = dailyFigures(
          id,
          date,
          settings({ budget: 200, biddingStrategy: 'TARGET_ROAS', targetRoas: 4 }),
        );
        roasCost += g.cost;
        value += g.conversionValue;
      }
      expect(cost / conv).toBeGreaterThan(40 * 0.75);
      expect(cost / conv).toBeLessThan(40 * 1.3);
      expect(value / roasCost).toBeGreaterThan(4 * 0.75);
      expect(value / roasCost).toBeLessThan(4 * 1.3);
    }
  });

  it('maximize strategies spend closer to the budget than manual bidding; weekends differ', () => {
    const share = (biddingStrategy: AdsCampaignSettings['biddingStrategy']) => {
      let cost = 0;
      for (let c = 0; c < 10; c++) {
        for (let k = 0; k < 28; k++)
          cost += dailyFigures(
            `8${c}`,
            addDays('2026-02-02', k),
            settings({ budget: 100, biddingStrategy }),
          ).cost;
      }
      return cost / (10 * 28 * 100);
    };
    expect(share('MAXIMIZE_CONVERSIONS')).toBeGreaterThan(share('MANUAL_CPC') + 0.05);
    expect(share('MAXIMIZE_CONVERSIONS')).toBeGreaterThan(0.8);

    let weekday = 0;
    let weekend = 0;
    for (let c = 0; c < 10; c++) {
      // 2026-02-02 is a Monday
      for (let w = 0; w < 4; w++) {
        for (let k = 0; k < 7; k++) {
          const f = dailyFigures(
            `6${c}`,
            addDays('2026-02-02', 7 * w + k),
            settings({ budget: 100, biddingStrategy: 'MANUAL_CPC' }),
          );
          if (k >= 5) weekend += f.cost / 2;
          else weekday += f.cost / 5;
        }
      }
    }
    expect(weekend).toBeLessThan(weekday * 0.92); // SEARCH: quieter weekends
  });

  it('scales a partial day without breaking the guarantees', () => {
    const f = dailyFigures('12345678901', '2026-02-10', settings({ budget: 100 }));
    expect(scaleFigures(f, 1)).toEqual(f);
    expect(scaleFigures(f, 0)).toEqual({
      impressions: 0,
      clicks: 0,
      cost: 0,
      conversions: 0,
      conversionValue: 0,
    });
    const half = scaleFigures(f, 0.5);
    expect(half.cost).toBeLessThanOrEqual(f.cost / 2);
    expect(half.clicks).toBeLessThanOrEqual(half.impressions);
    expect(half.conversions).toBeLessThanOrEqual(half.clicks);
  });
});

describe('date range presets', () => {
  const now = new Date('2026-03-01T03:00:00Z'); // Los Angeles: Feb 28 19:00; Berlin: Mar 1 04:00

  it("resolve in the account's time zone", () => {
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-03-01');
    const la = (p: (typeof DATE_PRESETS)[number]) =>
      resolveDateRange(p, 'America/Los_Angeles', now);
    const berlin = (p: (typeof DATE_PRESETS)[number]) => resolveDateRange(p, 'Europe/Berlin', now);

    expect(la('TODAY')).toEqual({
      preset: 'TODAY',
      startDate: '2026-02-28',
      endDate: '2026-02-28',
    });
    expect(berlin('TODAY')).toEqual({
      preset: 'TODAY',
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(la('YESTERDAY')).toEqual({
      preset: 'YESTERDAY',
      startDate: '2026-02-27',
      endDate: '2026-02-27',
    });
    expect(berlin('YESTERDAY')).toEqual({
      preset: 'YESTERDAY',
      startDate: '2026-02-28',
      endDate: '2026-02-28',
    });
    expect(berlin('LAST_7_DAYS')).toEqual({
      preset: 'LAST_7_DAYS',
      startDate: '2026-02-22',
      endDate: '2026-02-28',
    });
    expect(la('LAST_7_DAYS')).toEqual({
      preset: 'LAST_7_DAYS',
      startDate: '2026-02-21',
      endDate: '2026-02-27',
    });
    expect(berlin('LAST_14_DAYS')).toEqual({
      preset: 'LAST_14_DAYS',
      startDate: '2026-02-15',
      endDate: '2026-02-28',
    });
    expect(berlin('LAST_30_DAYS')).toEqual({
      preset: 'LAST_30_DAYS',
      startDate: '2026-01-30',
      endDate: '2026-02-28',
    });
    expect(berlin('LAST_MONTH')).toEqual({
      preset: 'LAST_MONTH',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(la('LAST_MONTH')).toEqual({
      preset: 'LAST_MONTH',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(berlin('THIS_MONTH')).toEqual({
      preset: 'THIS_MONTH',
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(la('THIS_MONTH')).toEqual({
      preset: 'THIS_MONTH',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    for (const p of ['LAST_7_DAYS', 'LAST_14_DAYS', 'LAST_30_DAYS'] as const) {
      for (const zone of ['America/Los_Angeles', 'Europe/Berlin']) {
        const r = resolveDateRange(p, zone, now);
        expect(daysBetween(r.startDate, r.endDate) + 1).toBe(Number(p.split('_')[1]));
        expect(r.endDate).toBe(addDays(todayIn(zone, now), -1));
      }
    }
  });

  it('default to LAST_30_DAYS and handle year ends and leap years', () => {
    expect(resolveDateRange(undefined, 'UTC', now).preset).toBe('LAST_30_DAYS');
    expect(resolveDateRange('LAST_MONTH', 'UTC', new Date('2026-01-01T10:00:00Z'))).toMatchObject({
      startDate: '2025-12-01',
      endDate: '2025-12-31',
    });
    expect(resolveDateRange('YESTERDAY', 'UTC', new Date('2026-01-01T10:00:00Z'))).toMatchObject({
      startDate: '2025-12-31',
    });
    expect(
      resolveDateRange('LAST_MONTH', 'Asia/Tokyo', new Date('2028-03-15T00:00:00Z')),
    ).toMatchObject({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(DATE_PRESETS).toContain('LAST_30_DAYS');
    expect(() => resolveDateRange('NEXT_WEEK' as never, 'UTC', now)).toThrow(
      /unknown date range preset/,
    );
  });

  it('finds the first instant of a day, also across DST changes', () => {
    expect(new Date(startOfDay('2026-03-01', 'Europe/Berlin')).toISOString()).toBe(
      '2026-02-28T23:00:00.000Z',
    );
    expect(new Date(startOfDay('2026-07-01', 'America/Los_Angeles')).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    // New York springs forward on 2026-03-08: a 23-hour day.
    expect(
      startOfDay('2026-03-09', 'America/New_York') - startOfDay('2026-03-08', 'America/New_York'),
    ).toBe(23 * HOUR);
    expect(
      startOfDay('2026-11-02', 'America/New_York') - startOfDay('2026-11-01', 'America/New_York'),
    ).toBe(25 * HOUR);
    // Santiago skips midnight on 2025-09-07 (00:00 -> 01:00): the day starts at 01:00 local.
    expect(new Date(startOfDay('2025-09-07', 'America/Santiago')).toISOString()).toBe(
      '2025-09-07T04:00:00.000Z',
    );
  });
});

describe('performance report', () => {
  const range = { preset: 'LAST_7_DAYS' as const, startDate: '2026-02-01', endDate: '2026-02-03' };
  const day = (
    date: string,
    impressions: number,
    clicks: number,
    cost: number,
    conversions: number,
    conversionValue: number,
  ): DailyMetrics => ({
    date,
    impressions,
    clicks,
    cost,
    conversions,
    conversionValue,
  });

  it('sums the days, recomputes ratios from the sums and keeps the daily series equal to the totals', () => {
    const report = buildReport({
      customerId: '1234567890',
      dateRange: range,
      campaigns: [
        {
          campaignId: 'a'.repeat(24),
          name: 'Alpha',
          googleAdsCampaignId: '12345678901',
          campaignType: 'SEARCH',
          status: 'ENABLED',
          deletedInService: false,
          daily: [
            day('2026-02-01', 1000, 100, 0.1, 1.1, 10),
            day('2026-02-03', 10, 10, 0.2, 0.33, 0.7),
            day('2026-01-31', 5, 5, 5, 5, 5),
          ],
        },
        {
          campaignId: 'b'.repeat(24),
          name: 'Beta',
          googleAdsCampaignId: null,
          campaignType: null,
          status: null,
          deletedInService: true,
          daily: [],
        },
        {
          campaignId: 'c'.repeat(24),
          name: 'Gamma',
          googleAdsCampaignId: '98765432109',
          campaignType: 'DISPLAY',
          status: 'PAUSED',
          deletedInService: false,
          daily: [day('2026-02-01', 300, 1, 0.7, 0, 0)],
        },
      ],
    });
    expect(performanceReport.parse(report)).toEqual(report);
    expect(report.customerId).toBe(CUSTOMER);
    expect(report.dateRange).toEqual(range);

    const [alpha, beta, gamma] = report.campaigns;
    // The Jan 31 entry is outside the range and ignored.
    expect(alpha).toEqual({
      campaignId: 'a'.repeat(24),
      name: 'Alpha',
      googleAdsCampaignId: '12345678901',
      campaignType: 'SEARCH',
      status: 'ENABLED',
      deletedInService: false,
      impressions: 1010,
      clicks: 110,
      cost: 0.3, // not 0.30000000000000004
      conversions: 1.43,
      ctr: 0.1089, // 110 / 1010, not the mean of 0.1 and 1.0
      cpc: 0.0027, // 0.3 / 110
      costPerConversion: 0.2098, // 0.3 / 1.43
      roas: 35.6667, // 10.7 / 0.3
    });
    expect(beta).toMatchObject({
      googleAdsCampaignId: '',
      campaignType: '',
      status: '',
      deletedInService: true,
      impressions: 0,
      cost: 0,
      ctr: 0,
      cpc: 0,
      costPerConversion: 0,
      roas: 0,
    });
    expect(gamma).toMatchObject({
      clicks: 1,
      conversions: 0,
      costPerConversion: 0,
      roas: 0,
      cpc: 0.7,
    });

    expect(report.daily).toEqual([
      { date: '2026-02-01', impressions: 1300, clicks: 101, cost: 0.8, conversions: 1.1 },
      { date: '2026-02-02', impressions: 0, clicks: 0, cost: 0, conversions: 0 },
      { date: '2026-02-03', impressions: 10, clicks: 10, cost: 0.2, conversions: 0.33 },
    ]);
    const cents = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0);
    expect(cents(report.daily.map((d) => d.cost))).toBe(cents(report.campaigns.map((c) => c.cost)));
    expect(cents(report.daily.map((d) => d.conversions))).toBe(
      cents(report.campaigns.map((c) => c.conversions)),
    );
    expect(report.daily.reduce((s, d) => s + d.clicks, 0)).toBe(
      report.campaigns.reduce((s, c) => s + c.clicks, 0),
    );
    expect(report.daily.reduce((s, d) => s + d.impressions, 0)).toBe(
      report.campaigns.reduce((s, c) => s + c.impressions, 0),
    );
  });

  it('is strict about its shape', () => {
    const report = buildReport({ customerId: CUSTOMER, dateRange: range, campaigns: [] });
    expect(report.daily).toHaveLength(3);
    expect(() => performanceReport.parse({ ...report, extra: 1 })).toThrow();
    expect(() =>
      performanceReport.parse({ ...report, campaigns: [{ campaignId: 'x' }] }),
    ).toThrow();
  });

  it('reports the simulated platform end to end', async () => {
    const env = await setup('America/Los_Angeles', '2026-01-01T20:00:00.000Z');
    const ids: {
      svc: string;
      campaignId: string;
      campaignType: (typeof CAMPAIGN_TYPES)[number];
    }[] = [];
    for (const [i, campaignType] of CAMPAIGN_TYPES.entries()) {
      const svc = String(i).repeat(24);
      const { campaignId } = await env.ads.createCampaign(
        CUSTOMER,
        svc,
        settings({ campaignType, budget: 40 + i * 25 }),
      );
      await env.ads.setStatus(campaignId, 'ENABLED');
      ids.push({ svc, campaignId, campaignType });
    }
    env.clock.set('2026-03-01T03:00:00.000Z');
    const account = (await env.ads.account(CUSTOMER))!;
    const dateRange = resolveDateRange('LAST_30_DAYS', account.timeZone, env.clock.now());
    const campaigns = [];
    for (const { svc, campaignId, campaignType } of ids) {
      campaigns.push({
        campaignId: svc,
        name: campaignType,
        googleAdsCampaignId: campaignId,
        campaignType,
        status: (await env.ads.campaign(campaignId))!.status,
        deletedInService: false,
        daily: await env.ads.dailyMetrics(campaignId, dateRange.startDate, dateRange.endDate),
      });
    }
    const report = buildReport({ customerId: CUSTOMER, dateRange, campaigns });
    performanceReport.parse(report);
    expect(report.daily).toHaveLength(30);
    expect(report.daily[0]!.date).toBe('2026-01-29');
    expect(report.daily.at(-1)!.date).toBe('2026-02-27');
    expect(report.daily.every((d) => d.cost > 0)).toBe(true);
    const cents = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0);
    expect(cents(report.daily.map((d) => d.cost))).toBe(cents(report.campaigns.map((c) => c.cost)));
    expect(cents(report.daily.map((d) => d.conversions))).toBe(
      cents(report.campaigns.map((c) => c.conversions)),
    );
    for (const c of report.campaigns) {
      expect(c.ctr).toBe(Math.round((c.clicks / c.impressions) * 1e4) / 1e4);
      expect(c.cost).toBeLessThanOrEqual(30 * (40 + 3 * 25));
    }
  });
});
