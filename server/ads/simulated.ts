/**
 * The simulated ad platform: the `AdPlatform` port over the local store (tables `ad_accounts`,
 * `ads_campaigns`, `ads_settings_history`, `ads_status_changes`) and a Clock.
 *
 * It holds only what was carried over to it (creation and syncs), keeps every settings delivery and
 * every status change with its instant, and derives daily performance from them with the
 * deterministic model of `metrics.ts`, so a report is the same every time it is read.
 *
 * Which days have figures (`dailyMetrics`):
 * - a day (a calendar day in the account's time zone) has an entry when the campaign was ENABLED at
 *   any moment of it, up to now; days that were entirely PAUSED or REMOVED have none, and so have
 *   days before the campaign was created and days after today;
 * - the entry is the model's full-day figures scaled by the share of the day it was ENABLED (a
 *   campaign enabled at noon gets about half a day; today so far counts only up to now), so a day
 *   can have an entry with zero figures when it served only moments;
 * - the day's settings are those in force at the end of the day (for today: now), so a budget
 *   change applies to the day it was synced.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type { Store } from '../store/port.ts';
import { digitsOnly, formatCustomerId } from '../lib/customer-id.ts';
import { addDays, eachDay, localDate, startOfDay } from './dates.ts';
import { refusedByGoogleAds } from '../targeting/ads-text.ts';
import { dailyFigures, scaleFigures } from './metrics.ts';
import {
  AdPlatformError,
  ADS_STATUS_VALUES,
  type AdAccount,
  type AdPlatform,
  type AdsCampaign,
  type AdsCampaignSettings,
  type AdsStatus,
  type DailyMetrics,
} from './port.ts';

interface CampaignRow {
  campaign_id: string;
  customer_id: string;
  service_campaign_id: string;
  name: string;
  status: string;
  settings: string;
  created_at: string;
  synced_at: string | null;
}

interface AccountRow {
  customer_id: string;
  name: string;
  currency_code: string;
  time_zone: string;
}

/** Google Ads campaign ids are positive 64-bit integers; ours are 11 digits. */
const ID_FLOOR = 10_000_000_000n;
const ID_SPAN = 90_000_000_000n;

export class SimulatedAdPlatform implements AdPlatform {
  readonly #store: Store;
  readonly #clock: Clock;

  constructor(store: Store, clock: Clock) {
    this.#store = store;
    this.#clock = clock;
  }

  async accounts(workspaceId: string): Promise<AdAccount[]> {
    const rows = await this.#store.all<AccountRow>(
      `SELECT customer_id, name, currency_code, time_zone FROM ad_accounts
       WHERE workspace_id = ? ORDER BY is_default DESC, created_at, customer_id`,
      workspaceId,
    );
    return rows.map(toAccount);
  }

  /** One account by customer id (dashes optional), or null. Not part of the port: a convenience of the simulation. */
  async account(customerId: string): Promise<AdAccount | null> {
    const row = await this.#store.get<AccountRow>(
      'SELECT customer_id, name, currency_code, time_zone FROM ad_accounts WHERE customer_id = ?',
      formatCustomerId(customerId),
    );
    return row ? toAccount(row) : null;
  }

  async createCampaign(
    customerId: string,
    serviceCampaignId: string,
    settings: AdsCampaignSettings,
  ): Promise<{ campaignId: string; status: 'PAUSED' }> {
    const customer = formatCustomerId(customerId);
    return this.#store.write(async () => {
      if (!(await this.#store.get('SELECT 1 FROM ad_accounts WHERE customer_id = ?', customer))) {
        throw new AdPlatformError(
          'account_not_found',
          `the ad platform has no account ${customer}`,
        );
      }
      const existing = await this.#store.get<{ campaign_id: string }>(
        'SELECT campaign_id FROM ads_campaigns WHERE service_campaign_id = ?',
        serviceCampaignId,
      );
      if (existing) {
        throw new AdPlatformError(
          'already_exists',
          `campaign ${serviceCampaignId} already exists in the ad platform (campaign ${existing.campaign_id})`,
        );
      }
      const campaignId = await this.#newCampaignId(customer, serviceCampaignId);
      const now = this.#clock.now().toISOString();
      const json = JSON.stringify(settings);
      // seq: creation order within the account, for campaigns created at the same instant
      await this.#store.run(
        `INSERT INTO ads_campaigns (campaign_id, customer_id, service_campaign_id, name, status, settings, created_at, synced_at, seq)
         VALUES (?1, ?2, ?3, ?4, 'PAUSED', ?5, ?6, NULL, (SELECT COALESCE(MAX(seq), 0) + 1 FROM ads_campaigns WHERE customer_id = ?2))`,
        campaignId,
        customer,
        serviceCampaignId,
        settings.name,
        json,
        now,
      );
      await this.#deliver(campaignId, now, json);
      await this.#statusChange(campaignId, now, 'PAUSED');
      return { campaignId, status: 'PAUSED' as const };
    });
  }

  async sync(campaignId: string, settings: AdsCampaignSettings): Promise<{ syncedAt: string }> {
    return this.#store.write(async () => {
      const row = await this.#row(campaignId);
      if (row.status === 'REMOVED') {
        throw new AdPlatformError(
          'removed',
          `campaign ${campaignId} was removed from the ad platform and can no longer change`,
        );
      }
      const syncedAt = this.#clock.now().toISOString();
      const json = JSON.stringify(settings);
      await this.#store.run(
        'UPDATE ads_campaigns SET name = ?, settings = ?, synced_at = ? WHERE campaign_id = ?',
        settings.name,
        json,
        syncedAt,
        campaignId,
      );
      await this.#deliver(campaignId, syncedAt, json);
      return { syncedAt };
    });
  }

  async setStatus(campaignId: string, status: AdsStatus): Promise<void> {
    if (!(ADS_STATUS_VALUES as readonly string[]).includes(status)) {
      throw new RangeError(
        `ad platform status must be one of ${ADS_STATUS_VALUES.join(', ')}, not ${String(status)}`,
      );
    }
    await this.#store.write(async () => {
      const row = await this.#row(campaignId);
      if (row.status === status) return;
      if (row.status === 'REMOVED') {
        throw new AdPlatformError(
          'removed',
          `campaign ${campaignId} was removed from the ad platform; a removed campaign cannot be ${status.toLowerCase()}`,
        );
      }
      const at = this.#clock.now().toISOString();
      await this.#store.run(
        'UPDATE ads_campaigns SET status = ? WHERE campaign_id = ?',
        status,
        campaignId,
      );
      await this.#statusChange(campaignId, at, status);
    });
  }

  /** Same instant twice (a hand-moved clock): the later delivery wins. */
  async #deliver(campaignId: string, at: string, json: string): Promise<void> {
    await this.#store.run(
      `INSERT INTO ads_settings_history (campaign_id, at, settings) VALUES (?, ?, ?)
       ON CONFLICT (campaign_id, at) DO UPDATE SET settings = excluded.settings`,
      campaignId,
      at,
      json,
    );
  }

  /**
   * Several changes at one instant serve for no time but the last: it alone stays, so the instant's
   * status is that last change's (what `enabledIntervals` makes of the whole sequence anyway).
   */
  async #statusChange(campaignId: string, at: string, status: string): Promise<void> {
    await this.#store.run(
      'DELETE FROM ads_status_changes WHERE campaign_id = ? AND at = ?',
      campaignId,
      at,
    );
    await this.#store.run(
      'INSERT INTO ads_status_changes (campaign_id, at, status) VALUES (?, ?, ?)',
      campaignId,
      at,
      status,
    );
  }

  async campaign(campaignId: string): Promise<AdsCampaign | null> {
    const row = await this.#store.get<CampaignRow>(
      'SELECT * FROM ads_campaigns WHERE campaign_id = ?',
      campaignId,
    );
    return row ? toCampaign(row) : null;
  }

  async campaigns(customerId: string): Promise<AdsCampaign[]> {
    const customer = formatCustomerId(customerId);
    return this.#store.read(async () => {
      if (!(await this.#store.get('SELECT 1 FROM ad_accounts WHERE customer_id = ?', customer))) {
        throw new AdPlatformError(
          'account_not_found',
          `the ad platform has no account ${customer}`,
        );
      }
      const rows = await this.#store.all<CampaignRow>(
        'SELECT * FROM ads_campaigns WHERE customer_id = ? ORDER BY created_at, seq',
        customer,
      );
      return rows.map(toCampaign);
    });
  }

  async dailyMetrics(
    campaignId: string,
    startDate: string,
    endDate: string,
  ): Promise<DailyMetrics[]> {
    const { row, timeZone, changes, history } = await this.#store.read(async () => {
      const row = await this.#row(campaignId);
      const account = await this.#store.get<{ time_zone: string }>(
        'SELECT time_zone FROM ad_accounts WHERE customer_id = ?',
        row.customer_id,
      );
      const changes = await this.#store.all<{ at: string; status: string }>(
        'SELECT at, status FROM ads_status_changes WHERE campaign_id = ? ORDER BY at',
        campaignId,
      );
      const history = await this.#store.all<{ at: string; settings: string }>(
        'SELECT at, settings FROM ads_settings_history WHERE campaign_id = ? ORDER BY at',
        campaignId,
      );
      return { row, timeZone: account?.time_zone ?? 'UTC', changes, history };
    });

    const now = this.#clock.now().getTime();
    const createdDay = localDate(Date.parse(row.created_at), timeZone);
    const from = startDate > createdDay ? startDate : createdDay;
    const today = localDate(now, timeZone);
    const to = endDate < today ? endDate : today;
    if (from > to) return [];

    const enabled = enabledIntervals(changes, now);
    if (enabled.length === 0) return [];
    const deliveries = history.map((h) => ({ at: Date.parse(h.at), settings: h.settings }));
    const parsed = new Map<string, AdsCampaignSettings>();
    const settingsAt = (instant: number): AdsCampaignSettings => {
      let json = deliveries[0]?.settings ?? row.settings;
      for (const d of deliveries) {
        if (d.at > instant) break;
        json = d.settings;
      }
      let s = parsed.get(json);
      if (!s) parsed.set(json, (s = JSON.parse(json) as AdsCampaignSettings));
      return s;
    };

    const out: DailyMetrics[] = [];
    let dayStart = startOfDay(from, timeZone);
    for (const date of eachDay(from, to)) {
      const dayEnd = startOfDay(addDays(date, 1), timeZone);
      const servedUntil = Math.min(dayEnd, now);
      const enabledMs = overlap(enabled, dayStart, servedUntil);
      if (enabledMs > 0) {
        const full = dailyFigures(
          campaignId,
          date,
          settingsAt(servedUntil === now ? now : dayEnd - 1),
          { startDate: createdDay },
        );
        out.push({ date, ...scaleFigures(full, enabledMs / (dayEnd - dayStart)) });
      }
      dayStart = dayEnd;
    }
    return out;
  }

  async #row(campaignId: string): Promise<CampaignRow> {
    const row = await this.#store.get<CampaignRow>(
      'SELECT * FROM ads_campaigns WHERE campaign_id = ?',
      campaignId,
    );
    if (!row)
      throw new AdPlatformError(
        'campaign_not_found',
        `the ad platform has no campaign ${campaignId}`,
      );
    return row;
  }

  /** 11 digits from a hash of account and service campaign; on a collision, the next hash. */
  async #newCampaignId(customerId: string, serviceCampaignId: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const digest = createHash('sha256')
        .update(`${digitsOnly(customerId)}:${serviceCampaignId}:${attempt}`)
        .digest();
      const id = (ID_FLOOR + (digest.readBigUInt64BE(0) % ID_SPAN)).toString();
      if (!(await this.#store.get('SELECT 1 FROM ads_campaigns WHERE campaign_id = ?', id)))
        return id;
    }
  }
}

function toCampaign(row: CampaignRow): AdsCampaign {
  const settings = JSON.parse(row.settings) as AdsCampaignSettings;
  const problems = refusedItems(settings);
  return {
    campaignId: row.campaign_id,
    customerId: row.customer_id,
    serviceCampaignId: row.service_campaign_id,
    status: row.status as AdsStatus,
    createdAt: row.created_at,
    syncedAt: row.synced_at,
    settings,
    ...(problems.length ? { problems } : {}),
  };
}

/**
 * What Google Ads would not take of a delivery, as its adapter names a refused criterion
 * (google-ads/criteria.ts): a keyword holding a symbol it refuses, which a person can write in
 * through the edit operation. Everything else Google Ads takes, the simulation takes.
 */
function refusedItems(settings: AdsCampaignSettings): string[] {
  return settings.targeting
    .filter((item) => item.section === 'keywords' && refusedByGoogleAds(item.text))
    .map(
      (item) =>
        `keywords "${item.text}": Google Ads refused the criterion (KEYWORD_HAS_INVALID_CHARS) (Google Ads: Keyword or negative keyword text has invalid characters or symbols.)`,
    );
}

function toAccount(r: AccountRow): AdAccount {
  return {
    customerId: formatCustomerId(r.customer_id),
    name: r.name,
    currencyCode: r.currency_code,
    timeZone: r.time_zone,
  };
}

/** The [start, end) instants (ms) during which the campaign was ENABLED, up to now. */
export function enabledIntervals(
  changes: readonly { at: string; status: string }[],
  now: number,
): [number, number][] {
  const out: [number, number][] = [];
  let since: number | null = null;
  for (const c of changes) {
    const at = Date.parse(c.at);
    if (at > now) break;
    if (c.status === 'ENABLED') {
      since ??= at;
    } else if (since !== null) {
      if (at > since) out.push([since, at]);
      since = null;
    }
  }
  if (since !== null && now > since) out.push([since, now]);
  return out;
}

/** Milliseconds of [from, to) covered by the intervals. */
function overlap(intervals: readonly [number, number][], from: number, to: number): number {
  let ms = 0;
  for (const [s, e] of intervals) {
    const lo = Math.max(s, from);
    const hi = Math.min(e, to);
    if (hi > lo) ms += hi - lo;
  }
  return ms;
}
