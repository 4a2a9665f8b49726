/**
 * Publishing a campaign to the ad platform (create_ads_campaign) in steps, so that no transaction and
 * no workspace lock is held across the platform's network calls, and nothing the platform made is
 * left without the service knowing it:
 * 1. a short write checks the campaign (as it always did) and marks it as being published: a row of
 *    `ads_publishes` with the account, who publishes it and a lease (real time);
 * 2. the platform makes the campaign, outside any transaction, the lease renewed meanwhile;
 * 3. a short write links the campaign to what was made, drops the mark and keeps the answer for the
 *    request's Idempotency-Key.
 * While the mark lives, another publish of the campaign is a 409. A publish whose process died (its
 * lease ran out, or its holder on this host is gone) is taken over by a retry, with the same key or a
 * new one, or resolved by the workspace's sync: a platform campaign made for this service campaign
 * (the platform says `already_exists`, and lists it by serviceCampaignId) is adopted, never made twice.
 */
import {
  AdPlatformError,
  type AdAccount,
  type AdPlatform,
  type AdsCampaignSettings,
} from '../ads/port.ts';
import { todayIn } from '../ads/dates.ts';
import { holderIsDead } from '../jobs/queue.ts';
import { ApiError, conflict, invalid, notFound } from '../lib/errors.ts';
import { parseJsonArray } from '../lib/json.ts';
import { languageProblem, locationProblem } from '../schemas/codes.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { workspaceLock } from '../store/locks.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import type { Actor } from './actor.ts';
import type { CampaignRow, Campaigns } from './campaigns.ts';

/**
 * How long a publish's mark holds without being renewed (real time). The publisher renews it every
 * RENEW_EVERY_MS while the platform works, however slow that is, so only a publisher that stopped
 * (its process gone, its store out of reach) loses it; a minute lets a retry take over soon after.
 */
export const PUBLISH_LEASE_MS = 60_000;
const RENEW_EVERY_MS = 20_000;

/** The request a publish answers: with an Idempotency-Key its answer is kept, and a retry resumes it. */
export interface PublishRequest {
  keyId: string;
  idempotencyKey?: string;
  fingerprint: string;
}

/** What publishing needs of the Ads service around it. */
export interface PublishHost {
  deps: DomainDeps;
  /** the platform, its failures already the API's */
  platform: AdPlatform;
  campaigns: Campaigns;
  /** this process as a lease holder */
  owner: string;
  /** an account of the actor's workspace the key may use: 404 or 403 naming `field` otherwise */
  account(actor: Actor, customerId: string, field: string): Promise<AdAccount>;
  scheduleSync(workspaceId: string): Promise<void>;
}

interface PublishRow {
  campaign_id: string;
  workspace_id: string;
  customer_id: string;
  owner: string;
  lease_until: string;
  api_key_id: string | null;
  idempotency_key: string | null;
  fingerprint: string | null;
  started_at: string;
}

/** A platform campaign made for the service campaign, by this publish or one before it. */
interface Made {
  campaignId: string;
  customerId: string;
  status: string;
}

/** What step 1 hands on: the campaign as checked, its account, and the account of a publish taken over. */
interface Claim {
  row: CampaignRow;
  account: AdAccount;
  previousAccount: string | null;
}

export class AdsPublishing {
  readonly #h: PublishHost;

  constructor(host: PublishHost) {
    this.#h = host;
  }

  /** Creates the campaign in the ad platform, PAUSED, in the steps above; its record as answered. */
  async publish(
    actor: Actor,
    campaignId: string,
    customerId: string | undefined,
    request?: PublishRequest,
  ) {
    const { store } = this.#h.deps;
    // 0. The campaign and the account asked for, read before any write (a real platform's accounts
    // are a network call away). A named account that is not there (404) or not the key's (403) is
    // the request's fault, said first.
    const seen = await store.read(() => this.#h.campaigns.row(actor, campaignId));
    assertNotPublished(seen);
    const target = customerId ?? seen.customer_id;
    const account = target ? await this.#h.account(actor, target, 'customerId') : null;
    // 1. Checked again on the locked row, and marked as being published.
    const claim = await store.write(() =>
      this.#claim(actor, campaignId, target, account, customerId === undefined, request),
    );
    // 2. The platform, outside any transaction.
    let made: Made;
    try {
      made = await this.#renewing(campaignId, () => this.#make(claim));
    } catch (e) {
      await this.#release(campaignId).catch(() => undefined);
      throw e;
    }
    // 3. Linked, with the answer kept for the key.
    const elsewhere = made.customerId !== claim.account.customerId;
    const value = await store.write(() =>
      this.#record(actor, claim, made, elsewhere ? undefined : request),
    );
    if (elsewhere) {
      throw conflict(
        `campaign ${campaignId} already exists in the ad platform as campaign ${made.campaignId} in account ${made.customerId}, made by a publish that was interrupted; it is linked to the campaign now`,
      );
    }
    return value;
  }

  /**
   * For the workspace's sync: each publish whose publisher stopped is resolved, the platform campaign
   * made for it adopted when there is one, else the mark dropped (a retry publishes again).
   */
  async resolveStale(workspaceId: string): Promise<void> {
    const { store } = this.#h.deps;
    const rows = await store.all<PublishRow>(
      'SELECT * FROM ads_publishes WHERE workspace_id = ? ORDER BY campaign_id',
      workspaceId,
    );
    for (const p of rows.filter((r) => this.#stale(r))) {
      // outside a transaction, as any platform call
      const made = await this.#findMade(p.campaign_id, [p.customer_id]);
      await store.write(async () => {
        // as the operation's steps: alone in the workspace
        await store.lock(workspaceLock(workspaceId));
        const now = await store.get<PublishRow>(
          `SELECT * FROM ads_publishes WHERE campaign_id = ?${store.rowLock()}`,
          p.campaign_id,
        );
        // a retry took it over meanwhile, or its publisher came back and finished
        if (!now || now.owner !== p.owner || now.lease_until !== p.lease_until) return;
        if (made) await this.#link(p.campaign_id, made, true);
        await store.run('DELETE FROM ads_publishes WHERE campaign_id = ?', p.campaign_id);
      });
    }
  }

  async #claim(
    actor: Actor,
    campaignId: string,
    target: string | null,
    account: AdAccount | null,
    ownAccount: boolean,
    request: PublishRequest | undefined,
  ): Promise<Claim> {
    const { store, clock } = this.#h.deps;
    const row = await this.#h.campaigns.row(actor, campaignId);
    assertNotPublished(row);
    if (ownAccount && row.customer_id !== target)
      throw conflict(
        `campaign ${campaignId} moved to another account while it was being published; send the request again`,
      );
    const prior = await this.#assertNoneUnderWay(row.id, request);
    // a flight that is over would never serve: said before anything is created
    if (row.end_date && account) {
      const today = todayIn(account.timeZone, clock.now());
      if (row.end_date < today) {
        throw conflict(
          `the campaign's end date ${row.end_date} has passed (it is ${today} in account ${account.customerId}'s time zone): it would never serve; set a later endDate, or none, with update_campaign first`,
        );
      }
    }
    const missing = prerequisitesMissing(row, account === null);
    if (missing.length > 0 || account === null) {
      const list = `the campaign cannot be created in the ad platform yet; it needs: ${missing.map((m, i) => `(${i + 1}) ${m}`).join('; ')}`;
      // only the account missing is the request's to give (400); anything else is the campaign's state (409)
      throw account === null && missing.length === 1 ? invalid(list) : conflict(list);
    }
    await store.run('DELETE FROM ads_publishes WHERE campaign_id = ?', row.id);
    await store.run(
      `INSERT INTO ads_publishes (campaign_id, workspace_id, customer_id, owner, lease_until, api_key_id, idempotency_key, fingerprint, started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      actor.workspaceId,
      account.customerId,
      this.#h.owner,
      this.#leaseUntil(),
      request?.keyId ?? null,
      request?.idempotencyKey ?? null,
      request?.fingerprint ?? null,
      this.#real().toISOString(),
    );
    return { row, account, previousAccount: prior?.customer_id ?? null };
  }

  /** 409 while another publish of the campaign is alive; the same key with another request is 409 too. */
  async #assertNoneUnderWay(
    campaignId: string,
    request: PublishRequest | undefined,
  ): Promise<PublishRow | undefined> {
    const { store } = this.#h.deps;
    const prior = await store.get<PublishRow>(
      `SELECT * FROM ads_publishes WHERE campaign_id = ?${store.rowLock()}`,
      campaignId,
    );
    if (!prior) return undefined;
    const same =
      request?.idempotencyKey !== undefined &&
      prior.api_key_id === request.keyId &&
      prior.idempotency_key === request.idempotencyKey;
    if (same && prior.fingerprint !== request.fingerprint)
      throw new ApiError(
        409,
        'idempotency_conflict',
        'this Idempotency-Key was used with a different request; use a new key for a new request',
      );
    // its publisher stopped: this request takes it over, adopting what it made
    if (this.#stale(prior)) return prior;
    throw conflict(
      `campaign ${campaignId} is being published to the ad platform (account ${prior.customer_id}) by ${same ? 'this very request, sent before' : 'another request'}, since ${prior.started_at}; wait for it to finish (get_campaign shows adsPlatform once it has)`,
    );
  }

  /** The platform campaign: made now, or adopted when one was made for this campaign before. */
  async #make({ row, account, previousAccount }: Claim): Promise<Made> {
    const settings: AdsCampaignSettings = { ...adsSettingsOf(row), targeting: [] };
    try {
      const created = await this.#h.platform.createCampaign(account.customerId, row.id, settings);
      return { campaignId: created.campaignId, customerId: account.customerId, status: 'PAUSED' };
    } catch (e) {
      if (!(e instanceof AdPlatformError) || e.code !== 'already_exists') throw e;
      // made before for this campaign by a publish that never recorded it: adopted, not made again
      const found = await this.#findMade(row.id, [
        account.customerId,
        previousAccount,
        row.customer_id,
      ]);
      if (found) return found;
      throw conflict(e.message);
    }
  }

  /** The platform campaign made for a service campaign in one of these accounts, or null. */
  async #findMade(serviceCampaignId: string, accounts: (string | null)[]): Promise<Made | null> {
    for (const customerId of new Set(accounts.filter((a): a is string => a !== null))) {
      let listed;
      try {
        listed = await this.#h.platform.campaigns(customerId);
      } catch (e) {
        // an account the workspace may no longer use holds nothing it could link
        if (e instanceof AdPlatformError && e.code === 'account_not_found') continue;
        throw e;
      }
      const found = listed.find((c) => c.serviceCampaignId === serviceCampaignId);
      if (found)
        return { campaignId: found.campaignId, customerId: found.customerId, status: found.status };
    }
    return null;
  }

  async #record(actor: Actor, claim: Claim, made: Made, request: PublishRequest | undefined) {
    const { store, clock } = this.#h.deps;
    const id = claim.row.id;
    const now = await store.get<{ ads_campaign_id: string | null }>(
      `SELECT ads_campaign_id FROM campaigns WHERE id = ? AND workspace_id = ?${store.rowLock()}`,
      id,
      actor.workspaceId,
    );
    if (!now)
      throw notFound(
        `campaign ${id} was deleted while it was being published; the ad platform keeps campaign ${made.campaignId} (${made.status}) made for it, listed as deleted in the service`,
      );
    if (now.ads_campaign_id !== null && now.ads_campaign_id !== made.campaignId)
      throw conflict(
        `campaign ${id} was published meanwhile as campaign ${now.ads_campaign_id} by a request that took over this one; campaign ${made.campaignId} this request made is left ${made.status} in account ${made.customerId}`,
      );
    await this.#link(id, made, false);
    await store.run('DELETE FROM ads_publishes WHERE campaign_id = ?', id);
    await this.#h.scheduleSync(actor.workspaceId);
    const value = await this.#h.campaigns.get(actor, id);
    if (request?.idempotencyKey !== undefined) {
      await new IdempotencyRecords(store).save(
        request.keyId,
        request.idempotencyKey,
        // the operation's success status; the body as invoke would keep it
        { fingerprint: request.fingerprint, status: 200, body: JSON.stringify(value) },
        clock.now(),
      );
    }
    return value;
  }

  /** The campaign linked to its platform campaign; `onlyUnlinked`: unless it is linked already. */
  async #link(campaignId: string, made: Made, onlyUnlinked: boolean) {
    const { store, clock } = this.#h.deps;
    await store.run(
      `UPDATE campaigns SET customer_id = ?, ads_campaign_id = ?, ads_status = ?, updated_at = ? WHERE id = ?${onlyUnlinked ? ' AND ads_campaign_id IS NULL' : ''}`,
      made.customerId,
      made.campaignId,
      made.status,
      clock.now().toISOString(),
      campaignId,
    );
  }

  /** Drops this publisher's mark (the platform failed): a retry may publish at once. */
  async #release(campaignId: string) {
    const { store } = this.#h.deps;
    await store.write(() =>
      store.run(
        'DELETE FROM ads_publishes WHERE campaign_id = ? AND owner = ?',
        campaignId,
        this.#h.owner,
      ),
    );
  }

  /** Runs fn with this publisher's lease renewed meanwhile, however long the platform takes. */
  async #renewing<T>(campaignId: string, fn: () => Promise<T>): Promise<T> {
    const { store } = this.#h.deps;
    const renew = () =>
      store.write(() =>
        store.run(
          'UPDATE ads_publishes SET lease_until = ? WHERE campaign_id = ? AND owner = ?',
          this.#leaseUntil(),
          campaignId,
          this.#h.owner,
        ),
      );
    const timer = setInterval(() => void renew().catch(() => undefined), RENEW_EVERY_MS);
    timer.unref();
    try {
      return await fn();
    } finally {
      clearInterval(timer);
    }
  }

  /** Whether a publish's publisher stopped: its lease ran out, or it is a process of this host that is gone. */
  #stale(p: PublishRow): boolean {
    return Date.parse(p.lease_until) <= this.#real().getTime() || holderIsDead(p.owner);
  }

  #real(): Date {
    return this.#h.deps.clock.base.now();
  }

  #leaseUntil(): string {
    return new Date(this.#real().getTime() + PUBLISH_LEASE_MS).toISOString();
  }
}

/** 409 for a campaign that is in the ad platform already. */
function assertNotPublished(row: CampaignRow): void {
  if (row.ads_campaign_id)
    throw conflict(
      `campaign ${row.id} already exists in the ad platform as campaign ${row.ads_campaign_id}`,
    );
}

/**
 * Everything a campaign still lacks before it can be created in the ad platform, each with the call
 * that gives it, so one answer lists them all. Locations and language stored before codes were
 * checked (a snapshot of an older version) count too: the platform would receive them as they are.
 */
function prerequisitesMissing(row: CampaignRow, noAccount: boolean): string[] {
  const missing: string[] = [];
  if (noAccount)
    missing.push('an ad-platform account: pass customerId (list_ads_accounts lists them)');
  if (!row.campaign_type)
    missing.push(
      'a campaignType (SEARCH, DEMAND_GEN, VIDEO or DISPLAY): set it with update_campaign',
    );
  if (row.budget === null)
    missing.push(
      "a budget, in the account's currency: set budget and budgetType with update_campaign",
    );
  for (const [i, location] of parseJsonArray(row.locations).entries()) {
    const problem = locationProblem(location);
    if (problem)
      missing.push(`locations[${i}] as a code: ${problem}; set locations with update_campaign`);
  }
  const language = languageProblem(row.language);
  if (language) missing.push(`language as a code: ${language}; set it with update_campaign`);
  return missing;
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
