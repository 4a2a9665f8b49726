/**
 * The contract's Performance report (Resources › Performance report), built from the ad
 * platform's daily figures.
 *
 * Arithmetic rules:
 * - sums are taken in whole units (cents for money, hundredths for conversions), so the daily
 *   series and the campaign totals agree to the cent: Σ daily.cost = Σ campaigns.cost, and so on;
 * - ratios are recomputed from the summed figures, never averaged: ctr = clicks / impressions,
 *   cpc = cost / clicks, costPerConversion = cost / conversions, roas = conversion value / cost;
 *   0 where the denominator is 0; rounded to 4 decimals (ctr is a fraction: 0.0512 is 5.12 %);
 * - `daily` is dense: one entry per day of the date range (zeros on days nothing served), summed
 *   across the campaigns, ascending; figures outside the range are ignored;
 * - the contract types the campaign's identity fields as strings, so unknown ones are `''`.
 */
import { z } from 'zod';
import { formatCustomerId } from '../domain/actor.ts';
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
  daily: readonly DailyMetrics[];
}

export interface ReportInput {
  customerId: string;
  dateRange: DateRange;
  campaigns: readonly ReportCampaignInput[];
}

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'YYYY-MM-DD, in the account time zone', format: 'date' });

export const datePreset = z
  .enum(DATE_PRESETS)
  .meta({ description: "date range preset, in the account's time zone; the LAST_N presets end yesterday" });

export const reportDateRange = z.strictObject({
  preset: datePreset,
  startDate: dayString.meta({ description: 'first day, inclusive' }),
  endDate: dayString.meta({ description: 'last day, inclusive' }),
});

export const reportCampaign = z.strictObject({
  campaignId: z.string().meta({ description: "the service's campaign id" }),
  name: z.string(),
  googleAdsCampaignId: z.string().meta({ description: "the ad platform's campaign id" }),
  campaignType: z.string().meta({ description: "SEARCH, DEMAND_GEN, VIDEO or DISPLAY; '' when unset" }),
  status: z.string().meta({ description: "the ad-platform status: PAUSED, ENABLED or REMOVED; '' when unknown" }),
  impressions: z.number(),
  clicks: z.number(),
  cost: z.number().meta({ description: "in the account's currency" }),
  conversions: z.number(),
  ctr: z.number().meta({ description: 'clicks / impressions (a fraction); 0 without impressions' }),
  cpc: z.number().meta({ description: 'cost / clicks; 0 without clicks' }),
  costPerConversion: z.number().meta({ description: 'cost / conversions; 0 without conversions' }),
  roas: z.number().meta({ description: 'conversion value / cost; 0 without cost' }),
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
    campaigns: z.array(reportCampaign),
    daily: z.array(reportDay).meta({ description: 'every day of the range, summed across the campaigns; sums equal the campaign totals' }),
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

const zeroUnits = (): Units => ({ impressions: 0, clicks: 0, costCents: 0, conversionHundredths: 0, valueCents: 0 });

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
