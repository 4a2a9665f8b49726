/**
 * The `AdPlatform` port over the Google Ads API: accounts from the credentials and the operator's
 * links, campaigns created PAUSED (a budget in micros, the campaign, one ad group), targeting carried
 * over as ad group criteria at each sync, statuses and daily metrics from `googleAds:searchStream`.
 *
 * The server keeps, per campaign it created, what it needs to find it again and the settings it last
 * delivered (records.ts); statuses and figures are always Google Ads' own, read at most a few seconds
 * (statuses) or the settings' cacheMs (figures) ago (reads.ts). Every call checks that the campaign's account is
 * still the workspace's (accounts.ts).
 */
import type { DomainDeps } from '../../kernel/deps.ts';
import { digitsOnly, formatCustomerId } from '../../lib/customer-id.ts';
import { localDate } from '../dates.ts';
import {
  AdPlatformError,
  type AdAccount,
  type AdPlatform,
  type AdsCampaign,
  type AdsCampaignSettings,
  type AdsStatus,
  type DailyMetrics,
} from '../port.ts';
import { GoogleAdsAccounts } from './accounts.ts';
import { findUnrecorded } from './adopt.ts';
import { createInGoogleAds } from './create.ts';
import { CriteriaSync } from './criteria.ts';
import { platformError } from './errors.ts';
import { deliver } from './deliver.ts';
import { GoogleAdsReads } from './reads.ts';
import { GoogleAdsRecords, type GoogleCampaignRow } from './records.ts';
import { GoogleAdsRestClient, type ClientOptions } from './rest-client.ts';
import { CampaignTargets } from './targets.ts';
import { DEFAULT_CACHE_MS, MAX_CACHE_MS, type GoogleAdsSettings } from './settings.ts';

export class GoogleAdsPlatform implements AdPlatform {
  readonly #d: DomainDeps;
  readonly #api: GoogleAdsRestClient;
  readonly #records: GoogleAdsRecords;
  readonly #accounts: GoogleAdsAccounts;
  readonly #criteria: CriteriaSync;
  readonly #cacheMs: number;
  readonly #reads: GoogleAdsReads;
  readonly #targets: CampaignTargets;

  constructor(settings: GoogleAdsSettings, deps: DomainDeps, opts: ClientOptions = {}) {
    this.#d = deps;
    this.#api = new GoogleAdsRestClient(settings, opts);
    this.#records = new GoogleAdsRecords(deps.store);
    this.#cacheMs = Math.min(MAX_CACHE_MS, Math.max(0, settings.cacheMs ?? DEFAULT_CACHE_MS));
    this.#accounts = new GoogleAdsAccounts(this.#api, this.#records, this.#cacheMs);
    this.#criteria = new CriteriaSync(this.#api);
    this.#targets = new CampaignTargets(this.#api);
    this.#reads = new GoogleAdsReads(this.#api, this.#cacheMs, (customer) =>
      this.#records.ofCustomer(customer),
    );
  }

  /** HTTP requests made to Google Ads so far (retries included). */
  get requests(): number {
    return this.#api.requests;
  }

  accounts(workspaceId: string): Promise<AdAccount[]> {
    return this.#accounts.of(workspaceId);
  }

  async createCampaign(
    customerId: string,
    serviceCampaignId: string,
    settings: AdsCampaignSettings,
  ): Promise<{ campaignId: string; status: 'PAUSED' }> {
    const customer = formatCustomerId(customerId);
    const workspaceId = await this.#records.workspaceOfServiceCampaign(serviceCampaignId);
    if (!workspaceId)
      throw new AdPlatformError('campaign_not_found', `no service campaign ${serviceCampaignId}`);
    await this.#accounts.assertAllowed(workspaceId, customer);
    const existing = await this.#records.byServiceCampaign(serviceCampaignId);
    if (existing)
      throw new AdPlatformError(
        'already_exists',
        `campaign ${serviceCampaignId} already exists in Google Ads (campaign ${existing.campaign_id} in account ${existing.customer_id})`,
      );
    const account = await this.#accounts.describe(customer);
    const today = localDate(this.#d.clock.now().getTime(), account?.timeZone ?? 'UTC');
    const bare = { ...settings, targeting: [] };
    // one an interrupted creation made but never recorded is adopted: never made twice
    const made =
      (await findUnrecorded(this.#api, digitsOnly(customer), serviceCampaignId, bare)) ??
      (await createInGoogleAds(this.#api, digitsOnly(customer), serviceCampaignId, bare, today));
    await this.#records.insert({
      campaign_id: made.campaignId,
      customer_id: customer,
      workspace_id: workspaceId,
      service_campaign_id: serviceCampaignId,
      budget: made.budget,
      ad_group: made.adGroup,
      settings: JSON.stringify({ ...settings, targeting: [] }),
      created_at: this.#d.clock.now().toISOString(),
    });
    this.#reads.know(made.campaignId, 'PAUSED');
    await this.#deliver(made.campaignId, settings, null, true);
    return { campaignId: made.campaignId, status: 'PAUSED' };
  }

  async sync(
    campaignId: string,
    settings: AdsCampaignSettings,
  ): Promise<{ syncedAt: string; problems: string[] }> {
    const row = await this.#row(campaignId);
    if ((await this.#reads.status(row, true)) === 'REMOVED')
      throw new AdPlatformError(
        'removed',
        `campaign ${campaignId} was removed in Google Ads and can no longer change`,
      );
    const syncedAt = this.#d.clock.now().toISOString();
    const problems = await this.#deliver(campaignId, settings, syncedAt);
    return { syncedAt, problems };
  }

  /**
   * Carries settings over to a campaign and records what was taken. `tolerant` (the first delivery,
   * right after creation): a failure is recorded as a problem instead of thrown, as the campaign
   * itself was made and must be recorded as such.
   */
  async #deliver(
    campaignId: string,
    s: AdsCampaignSettings,
    syncedAt: string | null,
    tolerant = false,
  ): Promise<string[]> {
    const row = await this.#row(campaignId);
    const account = await this.#accounts.describe(row.customer_id);
    const today = localDate(this.#d.clock.now().getTime(), account?.timeZone ?? 'UTC');
    let done;
    try {
      done = await deliver(
        { api: this.#api, criteria: this.#criteria, targets: this.#targets },
        row,
        s,
        today,
      );
    } catch (e) {
      const failed = platformError(`syncing campaign ${campaignId} to Google Ads`, e);
      if (!tolerant) throw failed;
      done = {
        criteria: JSON.parse(row.criteria) as Record<string, string>,
        problems: [failed.message],
      };
    }
    await this.#records.delivered(campaignId, { settings: s, ...done, syncedAt });
    return done.problems;
  }

  async setStatus(campaignId: string, status: AdsStatus): Promise<void> {
    const row = await this.#row(campaignId);
    const now = await this.#reads.status(row, true);
    if (now === status) return;
    if (now === 'REMOVED')
      throw new AdPlatformError(
        'removed',
        `campaign ${campaignId} was removed in Google Ads; a removed campaign cannot be ${status.toLowerCase()}`,
      );
    const customer = digitsOnly(row.customer_id);
    const resourceName = `customers/${customer}/campaigns/${campaignId}`;
    try {
      await this.#api.mutate(customer, 'campaigns', [
        status === 'REMOVED'
          ? { remove: resourceName }
          : { update: { resourceName, status }, updateMask: 'status' },
      ]);
    } catch (e) {
      throw platformError(`setting campaign ${campaignId} ${status} in Google Ads`, e);
    }
    this.#reads.know(campaignId, status);
  }

  /**
   * The campaign, or null when adcli made none of this id, or its account is no longer the
   * workspace's (unlinked): a sync then leaves it as it is and goes on with the others.
   */
  async campaign(campaignId: string): Promise<AdsCampaign | null> {
    const row = await this.#records.campaign(campaignId);
    if (!row) return null;
    try {
      await this.#accounts.assertAllowed(row.workspace_id, row.customer_id);
    } catch (e) {
      if (e instanceof AdPlatformError && e.code === 'account_not_found') return null;
      throw e;
    }
    return this.#toCampaign(row, await this.#reads.status(row, false));
  }

  async campaigns(customerId: string): Promise<AdsCampaign[]> {
    const customer = formatCustomerId(customerId);
    const rows = await this.#records.ofCustomer(customer);
    const ws = [
      ...new Set([
        ...rows.map((r) => r.workspace_id),
        ...(await this.#records.workspacesOf(customer)),
      ]),
    ];
    if (ws.length === 0) {
      const only = await this.#records.onlyWorkspace();
      if (only) ws.push(only);
    }
    let allowed = false;
    for (const w of ws) {
      try {
        await this.#accounts.assertAllowed(w, customer);
        allowed = true;
        break;
      } catch (e) {
        if (!(e instanceof AdPlatformError) || e.code !== 'account_not_found') throw e;
      }
    }
    if (!allowed)
      throw new AdPlatformError(
        'account_not_found',
        `Google Ads account ${customer} is not one this server may use`,
      );
    await this.#reads.refreshStatuses(customer, rows);
    return rows.map((r) => this.#toCampaign(r, this.#reads.known(r.campaign_id)));
  }

  dailyMetrics(campaignId: string, startDate: string, endDate: string): Promise<DailyMetrics[]> {
    return this.#row(campaignId).then((row) => this.#reads.daily(row, startDate, endDate));
  }

  async #row(campaignId: string): Promise<GoogleCampaignRow> {
    const row = await this.#records.campaign(campaignId);
    if (!row)
      throw new AdPlatformError(
        'campaign_not_found',
        `adcli created no Google Ads campaign ${campaignId}`,
      );
    await this.#accounts.assertAllowed(row.workspace_id, row.customer_id);
    return row;
  }

  #toCampaign(row: GoogleCampaignRow, status: AdsStatus): AdsCampaign {
    return {
      campaignId: row.campaign_id,
      customerId: row.customer_id,
      serviceCampaignId: row.service_campaign_id,
      status,
      createdAt: row.created_at,
      syncedAt: row.synced_at,
      settings: JSON.parse(row.settings) as AdsCampaignSettings,
      problems: JSON.parse(row.problems) as string[],
    };
  }
}
