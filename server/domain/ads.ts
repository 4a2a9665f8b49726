import {
  AdPlatformError,
  type AdPlatform,
  type AdsCampaign,
  type AdsCampaignSettings,
  type AdsStatus,
} from '../ads/port.ts';
import { withApiErrors } from '../ads/api-errors.ts';
import { resolveDateRange, type DatePreset } from '../ads/dates.ts';
import { buildReport } from '../ads/report.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { JobQueue, JobRow } from '../jobs/queue.ts';
import type { TargetingItem } from '../targeting/types.ts';
import { servingOf, type Serving } from '../ads/serving.ts';
import { todayIn } from '../ads/dates.ts';
import { assertCampaignAllowed, assertCustomerAllowed, type Actor } from './actor.ts';
import { digitsOnly, formatCustomerId } from '../lib/customer-id.ts';
import type { CampaignRow, Campaigns } from './campaigns.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { jobLock, workspaceLock } from '../store/locks.ts';
import { adsSettingsOf, AdsPublishing, type PublishRequest } from './ads-publish.ts';

export { adsSettingsOf };

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
  readonly #publishing: AdsPublishing;
  /** how often the sync job runs */
  readonly syncIntervalMs: number;

  constructor(
    deps: DomainDeps,
    platform: AdPlatform,
    campaigns: Campaigns,
    jobs: JobQueue,
    opts: { syncIntervalMs?: number } = {},
  ) {
    this.#d = deps;
    // a real platform's failures (credentials, reach, refusals) answer as the API's errors
    this.#platform = withApiErrors(platform);
    this.#campaigns = campaigns;
    this.#jobs = jobs;
    this.syncIntervalMs = opts.syncIntervalMs ?? 60_000;
    this.#publishing = new AdsPublishing({
      deps,
      platform: this.#platform,
      campaigns,
      owner: jobs.owner,
      account: (actor, customerId, field) => this.#account(actor, customerId, field),
      scheduleSync: (workspaceId) => this.scheduleSync(workspaceId),
    });
  }

  get platform(): AdPlatform {
    return this.#platform;
  }

  /** The workspace's accounts the key may use. */
  async accounts(actor: Actor) {
    const all = await this.#platform.accounts(actor.workspaceId);
    return actor.customerIds
      ? all.filter((a) => actor.customerIds!.includes(digitsOnly(a.customerId)))
      : all;
  }

  async #account(actor: Actor, customerId: string, field: string) {
    const wanted = formatCustomerId(customerId);
    const account = (await this.#platform.accounts(actor.workspaceId)).find(
      (a) => a.customerId === wanted,
    );
    if (!account) throw notFound(`${field}: no ad-platform account ${wanted} in this workspace`);
    assertCustomerAllowed(actor, wanted);
    return account;
  }

  /**
   * Creates the campaign in the ad platform, PAUSED, in steps (./ads-publish.ts): no transaction is
   * held while the platform works, and a publish interrupted after it made the campaign is adopted
   * by a retry or the sync, never made twice. Settings and targeting follow at the next sync.
   */
  create(
    actor: Actor,
    campaignId: string,
    customerId: string | undefined,
    request?: PublishRequest,
  ) {
    return this.#publishing.publish(actor, campaignId, customerId, request);
  }

  /**
   * The performance report of one account, from the ad platform's own campaigns, as the platform's
   * reports are: a campaign whose service record was deleted is still there. Deleting a campaign in
   * the service does not touch the platform campaign (the contract), so while it is ENABLED it
   * keeps serving and spending, and the account is billed for it; a report that left it out would
   * show less than the account spends. It keeps the service campaign id it was created for (a
   * campaign-limited key sees it when that id is in its limit) and the name and type it last
   * received. Campaigns the service still has come first, newest first, with the service's
   * current name; the deleted ones follow, newest first, marked deletedInService.
   *
   * With `campaignId` the report is that one campaign's (its row and its own daily series), so the
   * daily sums still equal the campaign totals; a campaign not in the account is 404.
   */
  async performance(actor: Actor, customerId: string, preset: DatePreset, campaignId?: string) {
    const account = await this.#account(actor, customerId, 'customerId');
    if (campaignId !== undefined) assertCampaignAllowed(actor, campaignId);
    const dateRange = resolveDateRange(preset, account.timeZone, this.#d.clock.now());
    const service = new Map(
      (
        await this.#d.store.all<CampaignRow>(
          'SELECT * FROM campaigns WHERE workspace_id = ? AND ads_campaign_id IS NOT NULL',
          actor.workspaceId,
        )
      ).map((r) => [r.ads_campaign_id!, r]),
    );
    const ordered = (await this.#platform.campaigns(account.customerId))
      .filter((ads) => !actor.campaignIds || actor.campaignIds.includes(ads.serviceCampaignId))
      .filter((ads) => campaignId === undefined || ads.serviceCampaignId === campaignId)
      .map((ads, created) => ({ ads, created, row: service.get(ads.campaignId) }))
      .sort((a, b) =>
        a.row && b.row ? b.row.seq - a.row.seq : a.row ? -1 : b.row ? 1 : b.created - a.created,
      );
    if (campaignId !== undefined && ordered.length === 0)
      throw await this.#notInReport(actor, account.customerId, campaignId);
    const campaigns = [];
    for (const { ads, row } of ordered) {
      campaigns.push({
        campaignId: ads.serviceCampaignId,
        name: row?.name ?? ads.settings.name,
        googleAdsCampaignId: ads.campaignId,
        campaignType: row?.campaign_type ?? ads.settings.campaignType ?? '',
        status: ads.status,
        deletedInService: !row,
        daily: await this.#platform.dailyMetrics(
          ads.campaignId,
          dateRange.startDate,
          dateRange.endDate,
        ),
      });
    }
    return buildReport({ customerId: account.customerId, dateRange, campaigns });
  }

  /** The 404 of a campaignId that has no campaign in the account's report, saying where it is instead. */
  async #notInReport(actor: Actor, customerId: string, campaignId: string) {
    const row = await this.#d.store.get<{
      customer_id: string | null;
      ads_campaign_id: string | null;
    }>(
      'SELECT customer_id, ads_campaign_id FROM campaigns WHERE id = ? AND workspace_id = ?',
      campaignId,
      actor.workspaceId,
    );
    const hidden =
      row?.customer_id &&
      actor.customerIds &&
      !actor.customerIds.includes(digitsOnly(row.customer_id));
    if (!row || hidden)
      return notFound(`campaignId: no campaign ${campaignId} in ad-platform account ${customerId}`);
    if (!row.ads_campaign_id)
      return notFound(
        `campaignId: campaign ${campaignId} is not in the ad platform yet (create_ads_campaign publishes it), so it has no performance`,
      );
    return notFound(
      `campaignId: campaign ${campaignId} is in ad-platform account ${row.customer_id}, not ${customerId}: pass customerId ${row.customer_id}`,
    );
  }

  /**
   * Makes sure the periodic sync of each workspace with platform campaigns (or of one workspace) is
   * scheduled, whichever process runs it. Each workspace syncs on its own clock.
   */
  async scheduleSync(workspaceId?: string): Promise<void> {
    await this.#d.store.write(async () => {
      const ids =
        workspaceId !== undefined
          ? [workspaceId]
          : (
              await this.#d.store.all<{ w: string }>(
                // and those with a publish under way: its sync resolves it if its publisher stops
                `SELECT DISTINCT workspace_id AS w FROM campaigns WHERE ads_campaign_id IS NOT NULL
                 UNION SELECT workspace_id AS w FROM ads_publishes`,
              )
            ).map((r) => r.w);
      for (const ws of ids) {
        // the look and the enqueue as one: replicas starting together schedule one sync
        await this.#d.store.lock(jobLock('sync_ads', ws));
        if (!(await this.#jobs.pending('sync_ads', ws)))
          await this.#jobs.enqueue('sync_ads', ws, {
            workspaceId: ws,
            delayMs: this.syncIntervalMs,
          });
      }
    });
  }

  /**
   * The sync_ads job of one workspace (its subject): carries each platform campaign's current
   * settings and targeting over, records the sync time, picks up the platform's status, and
   * schedules the next sync. A periodic job keeps only its latest finished run. It walks the
   * service's campaigns, so a platform campaign whose service campaign was deleted is left as it
   * is: it keeps the settings it last received.
   */
  async runSync(job: JobRow): Promise<void> {
    const store = this.#d.store;
    // 0. A publish whose publisher stopped: the campaign it made is adopted, or the mark dropped
    // (each under its own check, so a worker that lost the job meanwhile does no harm).
    await this.#publishing.resolveStale(job.subject);
    // 1. What goes over: each platform campaign's settings and targeting as they are now.
    const plan = await store.read(async () => {
      if (!(await this.#jobs.holds(job.id))) return null;
      const rows = await store.all<CampaignRow>(
        'SELECT * FROM campaigns WHERE workspace_id = ? AND ads_campaign_id IS NOT NULL ORDER BY id',
        job.subject,
      );
      const out: { row: CampaignRow; settings: AdsCampaignSettings }[] = [];
      for (const row of rows)
        out.push({
          row,
          settings: { ...adsSettingsOf(row), targeting: await this.#targetingOf(row.id) },
        });
      return out;
    });
    if (!plan) return;
    // 2. The platform, outside any transaction: a real one is a network call away, and no
    // workspace's writes may wait on it. A change made meanwhile goes over at the next sync.
    const seen: { id: string; status: AdsStatus; synced: boolean }[] = [];
    for (const { row, settings } of plan) {
      const ads = await this.#platform.campaign(row.ads_campaign_id!);
      // only the platform campaign made for this very campaign (a restored row names no other's)
      if (!ads || ads.serviceCampaignId !== row.id) continue;
      const synced = ads.status !== 'REMOVED';
      if (synced && JSON.stringify(settings) !== JSON.stringify(ads.settings))
        await this.#platform.sync(row.ads_campaign_id!, settings);
      seen.push({ id: row.id, status: ads.status, synced });
    }
    // 3. What was seen and done, with the next sync, if this worker still holds the job.
    await store.write(async () => {
      await store.lock(workspaceLock(job.subject), { shared: true });
      if (!(await this.#jobs.holds(job.id))) return;
      const now = this.#d.clock.now().toISOString();
      for (const s of seen)
        if (s.synced)
          await store.run(
            'UPDATE campaigns SET ads_synced_at = ?, ads_status = ? WHERE id = ?',
            now,
            s.status,
            s.id,
          );
        else await store.run('UPDATE campaigns SET ads_status = ? WHERE id = ?', s.status, s.id);
      await store.run(
        "DELETE FROM jobs WHERE kind = 'sync_ads' AND subject = ? AND state = 'done'",
        job.subject,
      );
      await this.#jobs.finish(job.id, 'done');
      await this.#jobs.enqueue('sync_ads', job.subject, {
        workspaceId: job.subject,
        delayMs: this.syncIntervalMs,
      });
    });
  }

  /**
   * What Get targeting lists, every slot's items ("everything listed goes to the ad platform on the
   * next sync"). A slot that regenerates, or whose regeneration failed, keeps its last items, and so
   * does the platform: regenerating never strips a live campaign of its targeting. Slots that were
   * never generated have no items.
   */
  async #targetingOf(campaignId: string): Promise<TargetingItem[]> {
    return (await this.#campaigns.slots(campaignId)).flatMap(
      (s) => JSON.parse(s.targeting_items) as TargetingItem[],
    );
  }

  /**
   * For `adcli serve ads list`: every campaign in the ad platform, from the platform's own records,
   * so a campaign deleted in the service is still listed (the platform campaign is not touched by
   * the delete). Per campaign: its workspace (the account's), its name and status there, and the
   * last sync: when the service last synced it, or, once the service campaign is deleted, when the
   * service last delivered settings to it (nothing syncs it any more).
   */
  async listCreated(): Promise<PlatformCampaign[]> {
    const store = this.#d.store;
    const out: (PlatformCampaign & { createdAt: string })[] = [];
    for (const ws of await store.all<{ id: string; slug: string }>(
      'SELECT id, slug FROM workspaces ORDER BY created_at, slug',
    )) {
      for (const account of await this.#platform.accounts(ws.id)) {
        for (const ads of await this.#platform.campaigns(account.customerId)) {
          const row = await store.get<{ ads_synced_at: string | null }>(
            'SELECT ads_synced_at FROM campaigns WHERE id = ? AND ads_campaign_id = ?',
            ads.serviceCampaignId,
            ads.campaignId,
          );
          out.push({
            campaignId: ads.serviceCampaignId,
            workspace: ws.slug,
            name: ads.settings.name,
            googleAdsCampaignId: ads.campaignId,
            customerId: ads.customerId,
            status: ads.status,
            lastSyncAt: row ? row.ads_synced_at : ads.syncedAt,
            deletedInService: !row,
            problems: ads.problems ?? [],
            createdAt: ads.createdAt,
          });
        }
      }
    }
    return out
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map(({ createdAt: _, ...rest }) => rest);
  }

  /**
   * For `adcli serve ads set-status`: the person who turns a campaign on in the ad platform. The
   * campaign is found in the platform's records, by its platform id or by the service campaign it
   * was created for, so it can still be paused or removed after the service campaign was deleted.
   */
  async setStatus(
    serviceOrPlatformId: string,
    status: 'PAUSED' | 'ENABLED' | 'REMOVED',
  ): Promise<{ campaignId: string; googleAdsCampaignId: string; status: AdsStatus }> {
    const found = await this.#findPlatformCampaign(serviceOrPlatformId);
    if (!found) throw notFound(`no campaign ${serviceOrPlatformId} exists in the ad platform`);
    const { ads, workspaceId } = found;
    // as the workspace's controls: alone in it (one status change at an instant, then its sync)
    await this.#d.store.lock(workspaceLock(workspaceId));
    try {
      // The change happens at the workspace's time, like everything else in it.
      await this.#d.clock.within(workspaceId, () =>
        this.#platform.setStatus(ads.campaignId, status),
      );
    } catch (e) {
      if (e instanceof AdPlatformError && e.code === 'removed') throw conflict(e.message);
      throw e;
    }
    // The service learns the new status at its next sync; make that sync due now.
    await this.#jobs.enqueue('sync_ads', workspaceId, { workspaceId });
    return { campaignId: ads.serviceCampaignId, googleAdsCampaignId: ads.campaignId, status };
  }

  /**
   * The workspace's campaigns in the ad platform as its key may see them (its account and campaign
   * limits): status there, whether each serves now and why not, the last sync, and whether the
   * service campaign was deleted (the platform campaign lives on, and keeps spending while ENABLED).
   */
  async platformCampaigns(actor: Actor): Promise<WorkspacePlatformCampaign[]> {
    const store = this.#d.store;
    const now = this.#d.clock.of(actor.workspaceId);
    const out: WorkspacePlatformCampaign[] = [];
    for (const account of await this.accounts(actor)) {
      const today = todayIn(account.timeZone, now);
      for (const ads of await this.#platform.campaigns(account.customerId)) {
        if (actor.campaignIds && !actor.campaignIds.includes(ads.serviceCampaignId)) continue;
        const row = await store.get<{ ads_synced_at: string | null }>(
          'SELECT ads_synced_at FROM campaigns WHERE id = ? AND ads_campaign_id = ?',
          ads.serviceCampaignId,
          ads.campaignId,
        );
        out.push({
          campaignId: ads.serviceCampaignId,
          googleAdsCampaignId: ads.campaignId,
          name: ads.settings.name,
          customerId: ads.customerId,
          currencyCode: account.currencyCode,
          status: ads.status,
          serving: servingOf(ads, today),
          endDate: ads.settings.endDate,
          lastSyncAt: row ? row.ads_synced_at : ads.syncedAt,
          deletedInService: !row,
          problems: ads.problems ?? [],
        });
      }
    }
    return out;
  }

  /**
   * The ad-platform switch of a workspace's key (`adcli backend ads set-status`): as setStatus, for a
   * campaign of the key's workspace and inside its limits only (404 for any other, so nothing of
   * another workspace is told).
   */
  async setStatusAs(
    actor: Actor,
    serviceOrPlatformId: string,
    status: 'PAUSED' | 'ENABLED' | 'REMOVED',
  ) {
    const found = await this.#findPlatformCampaign(serviceOrPlatformId);
    if (!found || found.workspaceId !== actor.workspaceId)
      throw notFound(
        `no campaign ${serviceOrPlatformId} exists in the ad platform for this workspace`,
      );
    assertCustomerAllowed(actor, found.ads.customerId);
    assertCampaignAllowed(actor, found.ads.serviceCampaignId);
    return this.setStatus(found.ads.campaignId, status);
  }

  /** A platform campaign by its own id or its service campaign's, with the workspace of its account. */
  async #findPlatformCampaign(
    id: string,
  ): Promise<{ ads: AdsCampaign; workspaceId: string } | null> {
    const workspaceOf = async (customerId: string) =>
      (
        await this.#d.store.get<{ workspace_id: string }>(
          'SELECT workspace_id FROM ad_accounts WHERE customer_id = ?',
          customerId,
        )
      )?.workspace_id;
    const direct = await this.#platform.campaign(id);
    if (direct) {
      // a real platform's accounts are not in ad_accounts: the service campaign's workspace then
      const workspaceId =
        (await workspaceOf(direct.customerId)) ??
        (
          await this.#d.store.get<{ workspace_id: string }>(
            'SELECT workspace_id FROM campaigns WHERE id = ?',
            direct.serviceCampaignId,
          )
        )?.workspace_id;
      return workspaceId ? { ads: direct, workspaceId } : null;
    }
    // By service campaign id: the service's own record when it still has one, else the platform's.
    const row = await this.#d.store.get<{ ads_campaign_id: string | null; workspace_id: string }>(
      'SELECT ads_campaign_id, workspace_id FROM campaigns WHERE id = ?',
      id,
    );
    if (row?.ads_campaign_id) {
      const ads = await this.#platform.campaign(row.ads_campaign_id);
      return ads ? { ads, workspaceId: row.workspace_id } : null;
    }
    for (const account of await this.#d.store.all<{ customer_id: string; workspace_id: string }>(
      'SELECT customer_id, workspace_id FROM ad_accounts ORDER BY customer_id',
    )) {
      const ads = (await this.#platform.campaigns(account.customer_id)).find(
        (c) => c.serviceCampaignId === id,
      );
      if (ads) return { ads, workspaceId: account.workspace_id };
    }
    return null;
  }
}

/** One campaign of a workspace in the ad platform, as `adcli backend ads list` shows it. */
export interface WorkspacePlatformCampaign {
  campaignId: string;
  googleAdsCampaignId: string;
  name: string;
  customerId: string;
  currencyCode: string;
  status: AdsStatus;
  serving: Serving;
  endDate: string | null;
  lastSyncAt: string | null;
  deletedInService: boolean;
  /** what the platform refused, or the campaign type cannot carry, at the last sync */
  problems: string[];
}

/** One row of `adcli serve ads list`. */
export interface PlatformCampaign {
  /** the service campaign it was created for (which may since have been deleted) */
  campaignId: string;
  workspace: string;
  name: string;
  googleAdsCampaignId: string;
  customerId: string;
  status: string;
  lastSyncAt: string | null;
  /** the service campaign was deleted; the platform campaign lives on */
  deletedInService: boolean;
  /** what the platform did not take of the last delivery, item by item (a real platform's refusals) */
  problems: string[];
}
