/** What a performance report's figures mean: totals, ratios (none where the denominator is 0), notes. */
import type { AdAccount, PerformanceReport } from '../../generated/responses.ts';
import { escapeControl } from '../../lib/output.ts';

export type Report = PerformanceReport;
export type Account = AdAccount;
export type Row = Report['campaigns'][number];
/** The figures a total sums. */
type Figures = Pick<Row, 'impressions' | 'clicks' | 'cost' | 'conversions'>;

/** A ratio, or null where its denominator is 0: there is none (the API's 0 would read as a real 0). */
const ratio = (a: number, b: number): number | null => (b ? a / b : null);
export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
export const roundOrNull = (n: number | null, d: number) => (n === null ? null : round(n, d));

/** What people read for a ratio without a denominator. */
export const NO_RATIO = '–';

/** Totals of the report, ratios recomputed from the sums (conversion value = roas × cost per campaign); null where there is none. */
export function totals(r: Report) {
  const sum = (k: keyof Figures) => r.campaigns.reduce((s, x) => s + x[k], 0);
  const impressions = sum('impressions');
  const clicks = sum('clicks');
  const cost = round(sum('cost'));
  const conversions = round(sum('conversions'));
  const value = r.campaigns.reduce((s, x) => s + x.roas * x.cost, 0);
  return {
    impressions,
    clicks,
    cost,
    conversions,
    ctr: ratio(clicks, impressions),
    cpc: ratio(cost, clicks),
    costPerConversion: ratio(cost, conversions),
    roas: ratio(value, cost),
  };
}

/** A campaign row's ratios as the report's, null where the denominator is 0. */
export function rowRatios(x: Row) {
  return {
    ctr: x.impressions ? x.ctr : null,
    cpc: x.clicks ? x.cpc : null,
    costPerConversion: x.conversions ? x.costPerConversion : null,
    roas: x.cost ? x.roas : null,
  };
}

/** A campaign that served nothing in the range: said so, not shown as a row of zeros. */
export const didNotRun = (x: Row) => x.impressions === 0;

/** What a campaign row says beside its figures: did not run, deleted in the service. */
export function notes(x: Row): string[] {
  return [...(didNotRun(x) ? ['did not run'] : []), ...(x.deletedInService ? ['deleted'] : [])];
}

/** Whose daily figures a report holds: the account's (all its campaigns) or one campaign's. */
export interface Scope {
  campaign: Row | null;
  label: string;
}

export function scopeOf(r: Report, campaignId: string | undefined): Scope {
  const campaign = campaignId
    ? (r.campaigns.find((c) => c.campaignId === campaignId) ?? null)
    : null;
  return campaign
    ? { campaign, label: `campaign "${escapeControl(campaign.name)}" (${campaign.campaignId})` }
    : { campaign: null, label: `account ${r.customerId} (all its campaigns)` };
}
