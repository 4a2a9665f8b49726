/**
 * What the adapter reads back from Google Ads with `googleAds:searchStream` (reference:
 * GoogleAdsService.SearchStream, the campaign resource, segments.date, metrics.*), and how long it
 * reuses it: a campaign's status for STATUS_TTL_MS (a sync reads it fresh, so a person turning a
 * campaign on in Google Ads is seen at the next sync), daily metrics for the settings' cacheMs (a
 * few minutes at most: Google Ads' own figures settle over hours anyway).
 */
import { digitsOnly, formatCustomerId } from '../../lib/customer-id.ts';
import type { AdsStatus, DailyMetrics } from '../port.ts';
import { platformError } from './errors.ts';
import { dailyOf } from './mapping.ts';
import type { GoogleCampaignRow } from './records.ts';
import type { GoogleAdsRestClient } from './rest-client.ts';

const STATUS_TTL_MS = 5_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class GoogleAdsReads {
  readonly #api: GoogleAdsRestClient;
  readonly #cacheMs: number;
  readonly #statuses = new Map<string, { at: number; status: AdsStatus }>();
  readonly #metrics = new Map<string, { at: number; days: DailyMetrics[] }>();

  readonly #rowsOf: (customerId: string) => Promise<GoogleCampaignRow[]>;

  /** `rowsOf`: the campaigns adcli made in an account, read together in one query */
  constructor(
    api: GoogleAdsRestClient,
    cacheMs: number,
    rowsOf: (customerId: string) => Promise<GoogleCampaignRow[]>,
  ) {
    this.#api = api;
    this.#cacheMs = cacheMs;
    this.#rowsOf = rowsOf;
  }

  /** A status the adapter itself just set (creation, a status change): the next read asks Google Ads still. */
  know(campaignId: string, status: AdsStatus): void {
    this.#statuses.set(campaignId, { at: 0, status });
  }

  /** The status last read; a campaign Google Ads no longer lists counts as REMOVED. */
  known(campaignId: string): AdsStatus {
    return this.#statuses.get(campaignId)?.status ?? 'REMOVED';
  }

  /**
   * The campaign's status in Google Ads; `fresh`: read now, not from the cache. A read takes every
   * campaign of the account at once, so a sync of many campaigns asks once per account.
   */
  async status(row: GoogleCampaignRow, fresh: boolean): Promise<AdsStatus> {
    const cached = this.#statuses.get(row.campaign_id);
    if (!fresh && cached && Date.now() - cached.at < STATUS_TTL_MS) return cached.status;
    const rows = fresh ? [row] : await this.#rowsOf(row.customer_id);
    await this.refreshStatuses(row.customer_id, rows.length > 0 ? rows : [row]);
    return this.known(row.campaign_id);
  }

  /** One query for the statuses of several campaigns of one account. */
  async refreshStatuses(customerId: string, rows: readonly GoogleCampaignRow[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((r) => BigInt(r.campaign_id).toString()).join(', ');
    let found;
    try {
      found = await this.#api.searchStream(
        digitsOnly(customerId),
        `SELECT campaign.id, campaign.status FROM campaign WHERE campaign.id IN (${ids})`,
      );
    } catch (e) {
      throw platformError(
        `reading campaign statuses from Google Ads account ${formatCustomerId(customerId)}`,
        e,
      );
    }
    const at = Date.now();
    const seen = new Map(
      found.map((r) => [String(r.campaign?.id ?? ''), String(r.campaign?.status ?? '')]),
    );
    for (const r of rows) {
      const s = seen.get(r.campaign_id);
      this.#statuses.set(r.campaign_id, {
        at,
        status: s === 'ENABLED' || s === 'PAUSED' ? s : 'REMOVED',
      });
    }
  }

  /** The campaign's days from start to end (inclusive, account time zone) that have figures, ascending. */
  async daily(row: GoogleCampaignRow, startDate: string, endDate: string): Promise<DailyMetrics[]> {
    if (!DATE.test(startDate) || !DATE.test(endDate))
      throw new RangeError(`dates must be YYYY-MM-DD, not ${startDate} and ${endDate}`);
    const key = `${row.campaign_id}:${startDate}:${endDate}`;
    const cached = this.#metrics.get(key);
    if (cached && Date.now() - cached.at < this.#cacheMs) return cached.days;
    const query = `SELECT segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value FROM campaign WHERE campaign.id = ${BigInt(row.campaign_id).toString()} AND segments.date BETWEEN '${startDate}' AND '${endDate}' ORDER BY segments.date`;
    let rows;
    try {
      rows = await this.#api.searchStream(digitsOnly(row.customer_id), query);
    } catch (e) {
      throw platformError(
        `reading the performance of campaign ${row.campaign_id} from Google Ads`,
        e,
      );
    }
    const days = rows.map(dailyOf).filter((d) => DATE.test(d.date));
    days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    this.#metrics.set(key, { at: Date.now(), days });
    return days;
  }
}
