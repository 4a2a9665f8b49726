/**
 * The ad platform as a port: the narrow interface the service needs from an
 * ad platform. The simulated platform (`simulated.ts`) fills it over the local store; a real Google
 * Ads adapter could fill it too (customer ids, numeric campaign ids, PAUSED/ENABLED/REMOVED and
 * daily segments are Google Ads' own notions).
 *
 * Conventions:
 * - customer ids are accepted with or without dashes and returned in the `123-456-7890` form;
 * - campaign ids are the platform's own ids (numeric strings), not the service's 24-hex ids;
 * - dates are `YYYY-MM-DD` calendar days in the account's time zone;
 * - money is in the account's currency.
 * - every method is asynchronous (a real platform is a network call away; the simulation is a store's).
 * Failures are thrown (rejected) as `AdPlatformError`, whose `code` the caller maps to an API error.
 */
import type { BIDDING_STRATEGIES, CAMPAIGN_TYPES } from '../schemas/records.ts';
import type { TargetingItem } from '../targeting/types.ts';

export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export type BiddingStrategy = (typeof BIDDING_STRATEGIES)[number];

export const ADS_STATUS_VALUES = ['PAUSED', 'ENABLED', 'REMOVED'] as const;
export type AdsStatus = (typeof ADS_STATUS_VALUES)[number];

/** An account of the ad platform that a workspace may use. */
export interface AdAccount {
  /** `123-456-7890` */
  customerId: string;
  name: string;
  /** ISO 4217, e.g. `USD` */
  currencyCode: string;
  /** IANA zone, e.g. `America/Los_Angeles`; the account's days are calendar days in this zone */
  timeZone: string;
}

/** The campaign settings the service carries over to the ad platform (at creation and at each sync). */
export interface AdsCampaignSettings {
  name: string;
  campaignType: CampaignType | null;
  /** in the account's currency; null: no budget, so nothing spends */
  budget: number | null;
  budgetType: 'daily' | 'total' | null;
  /** last day of serving (`YYYY-MM-DD`, account time zone), inclusive; null: open-ended */
  endDate: string | null;
  biddingStrategy: BiddingStrategy | null;
  targetCpa: number | null;
  targetRoas: number | null;
  locations: string[];
  language: string;
  /** the targeting of every audience slot, flattened */
  targeting: TargetingItem[];
}

/** One day of one campaign, as the platform reports it. */
export interface DailyMetrics {
  /** `YYYY-MM-DD` in the account's time zone */
  date: string;
  impressions: number;
  clicks: number;
  /** account currency, rounded to cents */
  cost: number;
  /** may be fractional (attribution), rounded to 2 decimals */
  conversions: number;
  /** account currency, rounded to cents */
  conversionValue: number;
}

/** What the platform holds about one of its campaigns. */
export interface AdsCampaign {
  campaignId: string;
  /** `123-456-7890` */
  customerId: string;
  /** the service campaign this one was created for */
  serviceCampaignId: string;
  status: AdsStatus;
  /** ISO 8601; when the platform created it */
  createdAt: string;
  /** ISO 8601; the last sync; null until the first one (creation is not a sync) */
  syncedAt: string | null;
  /** the settings as last delivered (by the creation or the last sync) */
  settings: AdsCampaignSettings;
  /**
   * What the platform did not take of the last delivery, item by item ("keywords \"x\": …"), for a
   * person to see; absent or empty when it took everything (the simulation takes all but a keyword
   * with a symbol Google Ads refuses).
   */
  problems?: string[];
}

export interface AdPlatform {
  /** The accounts a workspace may use, the default account first. */
  accounts(workspaceId: string): Promise<AdAccount[]>;

  /**
   * Creates a campaign in an account. Always PAUSED: nothing spends until someone enables it in
   * the platform. The contract says targeting goes over at the next sync, so callers normally pass
   * `targeting: []` here. Throws `AdPlatformError` `account_not_found`, or `already_exists` when the
   * service campaign already has a campaign in the platform (the caller's 409).
   */
  createCampaign(
    customerId: string,
    serviceCampaignId: string,
    settings: AdsCampaignSettings,
  ): Promise<{ campaignId: string; status: 'PAUSED' }>;

  /** Replaces the campaign's settings with these. Throws `campaign_not_found`, or `removed` for a REMOVED campaign. */
  sync(
    campaignId: string,
    settings: AdsCampaignSettings,
  ): Promise<{ syncedAt: string; problems?: string[] }>;

  /**
   * Sets the serving status, as a person does in the platform. Setting the current status again is a
   * no-op. REMOVED is final: changing a REMOVED campaign throws `removed`. Throws `campaign_not_found`.
   */
  setStatus(campaignId: string, status: AdsStatus): Promise<void>;

  /** The campaign, or null when the platform has no campaign with this id. */
  campaign(campaignId: string): Promise<AdsCampaign | null>;

  /**
   * Every campaign of an account, oldest first, whatever became of the service campaign it was
   * created for: the platform's records outlive the service's (deleting a campaign in the service
   * does not touch the platform's). Throws `account_not_found`.
   */
  campaigns(customerId: string): Promise<AdsCampaign[]>;

  /**
   * Daily figures for the days from `startDate` to `endDate` (inclusive, account time zone) on which
   * the campaign served, ascending by date. Days on which it did not serve have no entry. Throws
   * `campaign_not_found`.
   */
  dailyMetrics(campaignId: string, startDate: string, endDate: string): Promise<DailyMetrics[]>;
}

export type AdPlatformErrorCode =
  | 'account_not_found'
  | 'campaign_not_found'
  | 'already_exists'
  | 'removed'
  /** a real platform refused the server's credentials: the operator's to fix (the message names the variable) */
  | 'credentials'
  /** a real platform refused the request itself (a criterion a campaign type does not take, …) */
  | 'refused'
  /** a real platform could not be reached or had no quota left, after the adapter's retries */
  | 'unavailable';

/** A failure of the ad platform, with a stable code for the caller to map (404 / 409 / 503). */
export class AdPlatformError extends Error {
  readonly code: AdPlatformErrorCode;
  constructor(code: AdPlatformErrorCode, message: string) {
    super(message);
    this.name = 'AdPlatformError';
    this.code = code;
  }
}
