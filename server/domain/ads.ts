import { AdPlatformError, type AdPlatform, type AdsCampaignSettings } from '../ads/port.ts';
import { resolveDateRange, type DatePreset } from '../ads/dates.ts';
import { buildReport } from '../ads/report.ts';
import { conflict, invalid, notFound } from '../lib/errors.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { JobQueue, JobRow } from '../jobs/queue.ts';
import type { TargetingItem } from '../targeting/types.ts';
import { assertCustomerAllowed, digitsOnly, formatCustomerId, type Actor } from './actor.ts';
import type { CampaignRow, Campaigns } from './campaigns.ts';
import type { DomainDeps } from './context.ts';

/**
 * The service's side of the ad platform: creating campaigns there (always paused), the periodic
 * sync that carries settings and targeting over, accounts and performance. The platform itself
 * sits behind the AdPlatform port.
 */
export class Ads {
  readonly #d: DomainDeps;
  readonly #platform: AdPlatform;
  readonly #campaigns: Campaigns;
  readonly #jobs: JobQueue;
  /** how often the sync job runs */
  syncIntervalMs = 60_000;

  constructor(deps: DomainDeps, platform: AdPlatform, campaigns: Campaigns, jobs: JobQueue) {
    this.#d = deps;
    this.#platform = platform;
    this.#campaigns = campaigns;
    this.#jobs = jobs;
  }

  get platform(): AdPlatform {
    return this.#platform;
  }

  /** The workspace's accounts the key may use. */
  accounts(actor: Actor) {
    const all = this.#platform.accounts(actor.workspaceId);
    return actor.customerIds ? all.filter((a) => actor.customerIds!.includes(digitsOnly(a.customerId))) : all;
  }

  #account(actor: Actor, customerId: string, field: string) {
    const wanted = formatCustomerId(customerId);
    const account = this.#platform.accounts(actor.workspaceId).find((a) => a.customerId === wanted);
    if (!account) throw notFound(`${field}: no ad-platform account ${wanted} in this workspace`);
    assertCustomerAllowed(actor, wanted);
    return account;
  }

  /** Creates the campaign in the ad platform, PAUSED. Settings and targeting follow at the next sync. */
  create(actor: Actor, campaignId: string, customerId: string | undefined) {
    const row = this.#campaigns.row(actor, campaignId);
    if (row.ads_campaign_id) {
      throw conflict(`campaign ${campaignId} already exists in the ad platform as campaign ${row.ads_campaign_id}`);
    }
    const target = customerId ?? row.customer_id;
    if (!target) throw invalid('customerId is required: this campaign has no ad-platform account of its own');
    const account = this.#account(actor, target, 'customerId');
    if (!row.campaign_type) throw conflict('set campaignType before creating the campaign in the ad platform');
    if (row.budget === null) throw conflict('set a budget before creating the campaign in the ad platform');
    let created: { campaignId: string };
    try {
      created = this.#platform.createCampaign(account.customerId, row.id, { ...adsSettingsOf(row), targeting: [] });
    } catch (e) {
      if (e instanceof AdPlatformError && e.code === 'already_exists') throw conflict(e.message);
      throw e;
    }
    this.#d.store.run(
      "UPDATE campaigns SET customer_id = ?, ads_campaign_id = ?, ads_status = 'PAUSED', updated_at = ? WHERE id = ?",
      account.customerId,
      created.campaignId,
      this.#d.clock.now().toISOString(),
      row.id,
    );
    this.scheduleSync(actor.workspaceId);
    return this.#campaigns.get(actor, row.id);
  }

  performance(actor: Actor, customerId: string, preset: DatePreset) {
    const account = this.#account(actor, customerId, 'customerId');
    const dateRange = resolveDateRange(preset, account.timeZone, this.#d.clock.now());
    const rows = this.#d.store.all<CampaignRow>(
      `SELECT * FROM campaigns WHERE workspace_id = ? AND customer_id = ? AND ads_campaign_id IS NOT NULL ORDER BY seq DESC`,
      actor.workspaceId,
      account.customerId,
    );
    const campaigns = rows
      .filter((r) => !actor.campaignIds || actor.campaignIds.includes(r.id))
      .map((r) => {
        const ads = this.#platform.campaign(r.ads_campaign_id!);
        return {
          campaignId: r.id,
          name: r.name,
          googleAdsCampaignId: r.ads_campaign_id!,
          campaignType: r.campaign_type ?? '',
          status: ads?.status ?? r.ads_status ?? '',
          daily: ads ? this.#platform.dailyMetrics(r.ads_campaign_id!, dateRange.startDate, dateRange.endDate) : [],
        };
      });
    return buildReport({ customerId: account.customerId, dateRange, campaigns });
  }

  /**
   * Makes sure the periodic sync of each workspace with platform campaigns (or of one workspace) is
   * scheduled, whichever process runs it. Each workspace syncs on its own clock.
   */
  scheduleSync(workspaceId?: string): void {
    this.#d.store.write(() => {
      const ids =
        workspaceId !== undefined
          ? [workspaceId]
          : this.#d.store.all<{ w: string }>('SELECT DISTINCT workspace_id AS w FROM campaigns WHERE ads_campaign_id IS NOT NULL').map((r) => r.w);
      for (const ws of ids) {
        if (!this.#jobs.pending('sync_ads', ws)) this.#jobs.enqueue('sync_ads', ws, { workspaceId: ws, delayMs: this.syncIntervalMs });
      }
    });
  }

  /**
   * The sync_ads job of one workspace (its subject): carries each platform campaign's current
   * settings and targeting over, records the sync time, picks up the platform's status, and
   * schedules the next sync. A periodic job keeps only its latest finished run.
   */
  runSync(job: JobRow): void {
    const store = this.#d.store;
    store.write(() => {
      if (!this.#jobs.holds(job.id)) return;
      const now = this.#d.clock.now().toISOString();
      for (const row of store.all<CampaignRow>('SELECT * FROM campaigns WHERE workspace_id = ? AND ads_campaign_id IS NOT NULL', job.subject)) {
        const ads = this.#platform.campaign(row.ads_campaign_id!);
        if (!ads || ads.status === 'REMOVED') {
          if (ads) store.run('UPDATE campaigns SET ads_status = ? WHERE id = ?', ads.status, row.id);
          continue;
        }
        const settings = { ...adsSettingsOf(row), targeting: this.#targetingOf(row.id) };
        if (JSON.stringify(settings) !== JSON.stringify(ads.settings)) this.#platform.sync(row.ads_campaign_id!, settings);
        store.run('UPDATE campaigns SET ads_synced_at = ?, ads_status = ? WHERE id = ?', now, ads.status, row.id);
      }
      store.run("DELETE FROM jobs WHERE kind = 'sync_ads' AND subject = ? AND state = 'done'", job.subject);
      this.#jobs.finish(job.id, 'done');
      this.#jobs.enqueue('sync_ads', job.subject, { workspaceId: job.subject, delayMs: this.syncIntervalMs });
    });
  }

  /**
   * What Get targeting lists, every slot's items ("everything listed goes to the ad platform on the
   * next sync"). A slot that regenerates, or whose regeneration failed, keeps its last items, and so
   * does the platform: regenerating never strips a live campaign of its targeting. Slots that were
   * never generated have no items.
   */
  #targetingOf(campaignId: string): TargetingItem[] {
    return this.#campaigns.slots(campaignId).flatMap((s) => JSON.parse(s.targeting_items) as TargetingItem[]);
  }

  /**
   * For `adcli serve ads list`: every campaign the service created in the ad platform, with its
   * status there and when the service last synced it (changes reach the platform only then).
   */
  listCreated(): { campaignId: string; workspace: string; name: string; googleAdsCampaignId: string; customerId: string; status: string; lastSyncAt: string | null }[] {
    return this.#d.store
      .all<CampaignRow & { slug: string }>(
        'SELECT c.*, w.slug FROM campaigns c JOIN workspaces w ON w.id = c.workspace_id WHERE c.ads_campaign_id IS NOT NULL ORDER BY c.seq',
      )
      .map((r) => ({
        campaignId: r.id,
        workspace: r.slug,
        name: r.name,
        googleAdsCampaignId: r.ads_campaign_id!,
        customerId: r.customer_id ?? '',
        status: this.#platform.campaign(r.ads_campaign_id!)?.status ?? r.ads_status ?? '',
        lastSyncAt: r.ads_synced_at,
      }));
  }

  /** For `adcli serve ads set-status`: the person who turns a campaign on in the ad platform. */
  setStatus(serviceOrPlatformId: string, status: 'PAUSED' | 'ENABLED' | 'REMOVED'): { campaignId: string; googleAdsCampaignId: string; status: string } {
    const row = this.#d.store.get<CampaignRow>(
      'SELECT * FROM campaigns WHERE id = ? OR ads_campaign_id = ?',
      serviceOrPlatformId,
      serviceOrPlatformId,
    );
    if (!row?.ads_campaign_id) throw notFound(`no campaign ${serviceOrPlatformId} exists in the ad platform`);
    try {
      // The change happens at the workspace's time, like everything else in it.
      this.#d.clock.within(row.workspace_id, () => this.#platform.setStatus(row.ads_campaign_id!, status));
    } catch (e) {
      if (e instanceof AdPlatformError && e.code === 'removed') throw conflict(e.message);
      throw e;
    }
    // The service learns the new status at its next sync; make that sync due now.
    this.#jobs.enqueue('sync_ads', row.workspace_id, { workspaceId: row.workspace_id });
    return { campaignId: row.id, googleAdsCampaignId: row.ads_campaign_id, status };
  }
}

/** What the ad platform receives of a campaign's settings. */
export function adsSettingsOf(row: CampaignRow): Omit<AdsCampaignSettings, 'targeting'> {
  return {
    name: row.name,
    campaignType: row.campaign_type,
    budget: row.budget,
    budgetType: row.budget_type,
    endDate: row.end_date,
    biddingStrategy: row.bidding_strategy,
    targetCpa: row.target_cpa,
    targetRoas: row.target_roas,
    locations: parseJsonArray(row.locations),
    language: row.language,
  };
}

