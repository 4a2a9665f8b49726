/**
 * The contract's Performance report (Resources › Performance report), built from the ad
 * platform's daily figures.
 *
 * Arithmetic rules:
 * - sums are taken in whole units (cents for money, hundredths for conversions), so the daily
 *   series and the campaign totals agree to the cent: Σ daily.cost = Σ campaigns.cost, and so on;
 * - ratios are recomputed from the summed figures, never averaged: ctr = clicks / impressions,
 *   cpc = cost / clicks, costPerConversion = cost / conversions, roas = conversion value / cost;
 *   0 where the denominator is 0 (the contract's number: "no ratio", not a ratio of 0); rounded to
 *   4 decimals (ctr is a fraction: 0.0512 is 5.12 %);
 * - `daily` is dense: one entry per day of the date range (zeros on days nothing served), summed
 *   across the report's campaigns (the account's, or the one asked for), ascending; figures outside
 *   the range are ignored;
 * - the contract types the campaign's identity fields as strings, so unknown ones are `''`.
 */
import { z } from 'zod';
import { formatCustomerId } from '../lib/customer-id.ts';
import { recordId } from '../schemas/common.ts';
import { DATE_PRESETS, eachDay, type DateRange } from './dates.ts';
import type { DailyMetrics } from './port.ts';

export interface ReportCampaignInput {
  /** the service's campaign id */
  campaignId: string;
  name: string;
  /** the ad platform's campaign id */
  googleAdsCampaignId: string | null;
  campaignType: string | null;
  /** the ad-platform status (PAUSED, ENABLED, REMOVED) */
  status: string | null;
  /** the service's campaign was deleted; the platform campaign lives on */
  deletedInService: boolean;
  daily: readonly DailyMetrics[];
}

export interface ReportInput {
  customerId: string;
  dateRange: DateRange;
  campaigns: readonly ReportCampaignInput[];
}

const dayString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'YYYY-MM-DD, in the account time zone', format: 'date' });

export const datePreset = z.enum(DATE_PRESETS).meta({
  description: "date range preset, in the account's time zone; the LAST_N presets end yesterday",
});

export const reportDateRange = z.strictObject({
  preset: datePreset,
  startDate: dayString.meta({ description: 'first day, inclusive' }),
  endDate: dayString.meta({ description: 'last day, inclusive' }),
});

export const reportCampaign = z.strictObject({
  campaignId: recordId.meta({ description: "the service's campaign id" }),
  name: z.string(),
  googleAdsCampaignId: z.string().meta({ description: "the ad platform's campaign id" }),
  campaignType: z
    .string()
    .meta({ description: "SEARCH, DEMAND_GEN, VIDEO or DISPLAY; '' when unset" }),
  status: z
    .string()
    .meta({ description: "the ad-platform status: PAUSED, ENABLED or REMOVED; '' when unknown" }),
  deletedInService: z.boolean().meta({
    description:
      'the campaign was deleted in this service (campaignId answers 404); its ad-platform campaign lives on, and serves and spends while ENABLED, until it is REMOVED there',
  }),
  impressions: z.number().meta({ description: '0: the campaign did not serve in the date range' }),
  clicks: z.number(),
  cost: z
    .number()
    .meta({ description: "in the account's currency (list_ads_accounts: currencyCode)" }),
  conversions: z.number(),
  ctr: z.number().meta({
    description:
      'clicks / impressions (a fraction); 0 when impressions is 0: then there is no rate, not a rate of 0',
  }),
  cpc: z.number().meta({
    description:
      'cost / clicks; 0 when clicks is 0: then there is no cost per click, not a free click',
  }),
  costPerConversion: z.number().meta({
    description:
      'cost / conversions; 0 when conversions is 0: then there is no cost per conversion, not a free conversion (compare only rows with conversions)',
  }),
  roas: z.number().meta({
    description:
      'conversion value / cost; 0 when cost is 0: then there is no return on spend, not a return of 0',
  }),
});

export const reportDay = z.strictObject({
  date: dayString,
  impressions: z.number(),
  clicks: z.number(),
  cost: z.number(),
  conversions: z.number(),
});

export const performanceReport = z
  .strictObject({
    customerId: z.string().meta({ description: 'the ad-platform account, 123-456-7890' }),
    dateRange: reportDateRange,
    campaigns: z.array(reportCampaign).meta({
      description:
        "the account's campaigns of this service, deleted ones included; only the one asked for with campaignId",
    }),
    daily: z.array(reportDay).meta({
      description:
        "every day of the range, summed across the report's campaigns: the account's, or the one campaign asked for with campaignId; sums equal the campaign totals",
    }),
  })
  .meta({ title: 'PerformanceReport' });

export type PerformanceReport = z.infer<typeof performanceReport>;
export type ReportCampaign = z.infer<typeof reportCampaign>;
export type ReportDay = z.infer<typeof reportDay>;

/** Sums in whole units: cents for money, hundredths for conversions. */
interface Units {
  impressions: number;
  clicks: number;
  costCents: number;
  conversionHundredths: number;
  valueCents: number;
}

const zeroUnits = (): Units => ({
  impressions: 0,
  clicks: 0,
  costCents: 0,
  conversionHundredths: 0,
  valueCents: 0,
});

function add(into: Units, d: DailyMetrics): void {
  into.impressions += Math.round(d.impressions);
  into.clicks += Math.round(d.clicks);
  into.costCents += Math.round(d.cost * 100);
  into.conversionHundredths += Math.round(d.conversions * 100);
  into.valueCents += Math.round(d.conversionValue * 100);
}

/** a / b rounded to 4 decimals; 0 when b is 0. */
export function ratio(a: number, b: number): number {
  if (!b) return 0;
  return Math.round((a / b) * 10_000) / 10_000;
}

export function buildReport(input: ReportInput): PerformanceReport {
  const { startDate, endDate } = input.dateRange;
  const days = new Map<string, Units>(eachDay(startDate, endDate).map((d) => [d, zeroUnits()]));

  const campaigns = input.campaigns.map((c): ReportCampaign => {
    const t = zeroUnits();
    for (const d of c.daily) {
      const day = days.get(d.date);
      if (!day) continue; // outside the range
      add(t, d);
      add(day, d);
    }
    const cost = t.costCents / 100;
    const conversions = t.conversionHundredths / 100;
    return {
      campaignId: c.campaignId,
      name: c.name,
      googleAdsCampaignId: c.googleAdsCampaignId ?? '',
      campaignType: c.campaignType ?? '',
      status: c.status ?? '',
      deletedInService: c.deletedInService,
      impressions: t.impressions,
      clicks: t.clicks,
      cost,
      conversions,
      ctr: ratio(t.clicks, t.impressions),
      cpc: ratio(t.costCents, t.clicks * 100),
      costPerConversion: ratio(t.costCents, t.conversionHundredths),
      roas: ratio(t.valueCents, t.costCents),
    };
  });

  const daily = [...days].map(([date, u]): ReportDay => ({
    date,
    impressions: u.impressions,
    clicks: u.clicks,
    cost: u.costCents / 100,
    conversions: u.conversionHundredths / 100,
  }));

  return {
    customerId: formatCustomerId(input.customerId),
    dateRange: { preset: input.dateRange.preset, startDate, endDate },
    campaigns,
    daily,
  };
}
