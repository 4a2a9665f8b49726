/**
 * The simulated platform's daily performance model: a pure, deterministic function of
 * (campaign id, date, settings[, flight start]). Same inputs, same numbers, on every machine.
 *
 * How a day is made:
 * 1. Per-campaign traits (seeded by the campaign id alone): a CTR, a "natural" CPC and conversion
 *    rate within the campaign type's band, an average order value and a pacing tendency. So one
 *    campaign is consistently better or dearer than another of the same type.
 * 2. The bidding strategy sets how much of the budget is used (MAXIMIZE_* and TARGET_SPEND close to
 *    all of it, MANUAL_CPC / TARGET_CPC less) and the effective CPC: TARGET_CPA bids so that
 *    CPC / conversion rate ≈ targetCpa, TARGET_ROAS so that conversion value / cost ≈ targetRoas
 *    (within 0.25×–4× of the natural CPC; a target out of reach also costs volume).
 * 3. Per-day noise (seeded by campaign id + date) and a weekday/weekend factor by campaign type.
 * 4. Spend is capped by the day's budget (a daily budget, or a total budget spread evenly over the
 *    flight from its start to `endDate`); clicks = spend / CPC, impressions = clicks / CTR,
 *    conversions = clicks × conversion rate, value = conversions × order value.
 *
 * Money is kept in whole cents while computing, so cost is exactly cents/100 and never above the
 * budget; conversions are kept in hundredths (Google reports fractional conversions).
 */
import { mulberry32 } from '../lib/random.ts';
import { addDays, dayOfWeek, daysBetween } from './dates.ts';
import type { AdsCampaignSettings, BiddingStrategy, CampaignType, DailyMetrics } from './port.ts';

export type DailyFigures = Omit<DailyMetrics, 'date'>;

export interface FigureOptions {
  /**
   * First day of the campaign's flight (`YYYY-MM-DD`): needed to spread a total budget. Without it
   * a total budget is spread over the 30 days ending on `endDate`.
   */
  startDate?: string | null;
}

export const ZERO_FIGURES: Readonly<DailyFigures> = Object.freeze({
  impressions: 0,
  clicks: 0,
  cost: 0,
  conversions: 0,
  conversionValue: 0,
});

/** Flight length assumed for a total budget when the start of the flight is not known. */
const DEFAULT_TOTAL_FLIGHT_DAYS = 30;

type Range = readonly [number, number];

interface TypeProfile {
  ctr: Range;
  cpc: Range;
  conversionRate: Range;
  /** factor on Saturdays and Sundays */
  weekend: number;
}

/** Bands by campaign type (in the account's currency, read as US dollars). */
export const TYPE_PROFILES: Readonly<Record<CampaignType, TypeProfile>> = {
  SEARCH: { ctr: [0.03, 0.07], cpc: [0.5, 3], conversionRate: [0.03, 0.06], weekend: 0.8 },
  DEMAND_GEN: {
    ctr: [0.01, 0.025],
    cpc: [0.3, 1.5],
    conversionRate: [0.025, 0.045],
    weekend: 1.05,
  },
  VIDEO: { ctr: [0.006, 0.015], cpc: [0.2, 1], conversionRate: [0.02, 0.04], weekend: 1.1 },
  DISPLAY: { ctr: [0.003, 0.008], cpc: [0.15, 0.8], conversionRate: [0.02, 0.035], weekend: 0.95 },
};

interface BiddingProfile {
  /** share of the day's budget the strategy tends to use */
  utilization: Range;
  /** multiplier on the natural CPC (when no target drives it) */
  cpc: number;
  /** multiplier on the natural conversion rate */
  conversionRate: number;
  /** multiplier on the order value */
  orderValue: number;
}

export const BIDDING_PROFILES: Readonly<Record<BiddingStrategy, BiddingProfile>> = {
  MAXIMIZE_CONVERSIONS: { utilization: [0.88, 0.99], cpc: 1.1, conversionRate: 1.1, orderValue: 1 },
  MAXIMIZE_CONVERSION_VALUE: {
    utilization: [0.88, 0.99],
    cpc: 1.1,
    conversionRate: 1,
    orderValue: 1.25,
  },
  TARGET_CPA: { utilization: [0.75, 0.95], cpc: 1, conversionRate: 1.05, orderValue: 1 },
  TARGET_ROAS: { utilization: [0.75, 0.95], cpc: 1, conversionRate: 1, orderValue: 1.15 },
  TARGET_SPEND: { utilization: [0.9, 0.99], cpc: 0.85, conversionRate: 0.85, orderValue: 1 },
  TARGET_CPC: { utilization: [0.65, 0.9], cpc: 0.9, conversionRate: 1, orderValue: 1 },
  MANUAL_CPC: { utilization: [0.55, 0.85], cpc: 1, conversionRate: 1, orderValue: 1 },
};

/** A 32-bit string hash (MurmurHash3-style mixing), the seed of the PRNG. */
export function hash32(text: string): number {
  let h = 0x811c9dc5 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A deterministic sequence in [0, 1) for a seed text. */
export function prng(seed: string): () => number {
  return mulberry32(hash32(seed));
}

const within = (r: Range, u: number) => r[0] + (r[1] - r[0]) * u;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The most the campaign may spend on `date` (account currency, not rounded); 0 when it has no
 * budget or the day is after its end date. A total budget is spread evenly over the flight
 * (`startDate`…`endDate`); a total budget without an end date spends nothing (the platform requires one).
 */
export function dailyBudgetCap(
  settings: AdsCampaignSettings,
  date: string,
  options: FigureOptions = {},
): number {
  const { budget, budgetType, endDate } = settings;
  if (budget === null || !(budget > 0)) return 0;
  if (endDate !== null && date > endDate) return 0;
  if (budgetType !== 'total') return budget;
  if (endDate === null) return 0;
  const start = options.startDate ?? addDays(endDate, -(DEFAULT_TOTAL_FLIGHT_DAYS - 1));
  if (date < start) return 0;
  return budget / (daysBetween(start, endDate) + 1);
}

/**
 * One day's figures of one campaign. Pure: depends only on the arguments.
 * Guarantees: cost ≤ the day's budget cap (cents, rounded down), clicks ≤ impressions,
 * conversions ≤ clicks, integers for impressions and clicks, cost and value in cents,
 * conversions in hundredths; all zero without a budget or after the end date.
 */
export function dailyFigures(
  campaignId: string,
  date: string,
  settings: AdsCampaignSettings,
  options: FigureOptions = {},
): DailyFigures {
  const cap = dailyBudgetCap(settings, date, options);
  const capCents = Math.floor(cap * 100 + 1e-6);
  if (capCents <= 0) return { ...ZERO_FIGURES };

  const type = TYPE_PROFILES[settings.campaignType ?? 'SEARCH'];
  let strategy: BiddingStrategy = settings.biddingStrategy ?? 'MAXIMIZE_CONVERSIONS';
  // A target strategy without its target behaves as the matching "maximize" strategy.
  if (strategy === 'TARGET_CPA' && !(settings.targetCpa !== null && settings.targetCpa > 0))
    strategy = 'MAXIMIZE_CONVERSIONS';
  if (strategy === 'TARGET_ROAS' && !(settings.targetRoas !== null && settings.targetRoas > 0))
    strategy = 'MAXIMIZE_CONVERSION_VALUE';
  const bidding = BIDDING_PROFILES[strategy];

  // Per-campaign traits.
  const t = prng(`${campaignId}|traits`);
  const ctr = within(type.ctr, t());
  const naturalCpc = within(type.cpc, t());
  const naturalRate = within(type.conversionRate, t());
  const roasBase = within([2.5, 5.5], t());
  const pacing = t();
  const orderValue = (naturalCpc / naturalRate) * roasBase * bidding.orderValue;
  const rate = Math.min(0.25, naturalRate * bidding.conversionRate);

  // The strategy's bid: targets pull the CPC to where the target is met.
  let cpc = naturalCpc * bidding.cpc;
  if (strategy === 'TARGET_CPA') cpc = settings.targetCpa! * rate;
  if (strategy === 'TARGET_ROAS') cpc = (rate * orderValue) / settings.targetRoas!;
  cpc = clamp(cpc, 0.25 * naturalCpc, 4 * naturalCpc);
  const volume = cpc < naturalCpc ? Math.sqrt(cpc / naturalCpc) : 1; // lower bids win fewer auctions

  // The day.
  const d = prng(`${campaignId}|${date}`);
  const weekday = dayOfWeek(date);
  const weekend = weekday === 0 || weekday === 6 ? type.weekend : 1;
  const utilization = within(bidding.utilization, 0.5 * pacing + 0.5 * d());
  const spendShare = clamp(utilization * weekend * volume * within([0.9, 1.08], d()), 0, 1);
  const plannedCents = Math.floor(capCents * spendShare);
  const dayCpcCents = Math.max(1, cpc * within([0.9, 1.1], d()) * 100);

  let clicks = Math.floor(plannedCents / dayCpcCents);
  let costCents = Math.floor(clicks * dayCpcCents);
  if (clicks === 0 && plannedCents >= 5) {
    // A small budget still buys a click, at a lower bid.
    clicks = 1;
    costCents = plannedCents;
  }
  const dayCtr = ctr * within([0.85, 1.15], d());
  const impressions = clicks === 0 ? 0 : Math.max(clicks, Math.round(clicks / dayCtr));
  const conversionHundredths = Math.min(
    clicks * 100,
    Math.round(clicks * rate * within([0.8, 1.2], d()) * 100),
  );
  const valueCents = Math.round(conversionHundredths * orderValue * within([0.85, 1.15], d()));

  return {
    impressions,
    clicks,
    cost: costCents / 100,
    conversions: conversionHundredths / 100,
    conversionValue: valueCents / 100,
  };
}

/**
 * A part of a day's figures (the share of the day the campaign served), rounded down so that the
 * guarantees of `dailyFigures` still hold. `fraction` is clamped to [0, 1]; 1 returns the figures unchanged.
 */
export function scaleFigures(figures: DailyFigures, fraction: number): DailyFigures {
  const f = clamp(fraction, 0, 1);
  if (f === 1) return { ...figures };
  const impressions = Math.floor(figures.impressions * f);
  const clicks = Math.min(impressions, Math.floor(figures.clicks * f));
  return {
    impressions,
    clicks,
    cost: Math.floor(Math.round(figures.cost * 100) * f) / 100,
    conversions:
      Math.min(clicks * 100, Math.floor(Math.round(figures.conversions * 100) * f)) / 100,
    conversionValue: Math.floor(Math.round(figures.conversionValue * 100) * f) / 100,
  };
}
