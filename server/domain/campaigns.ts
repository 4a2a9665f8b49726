import { todayIn } from '../ads/dates.ts';
import { MAX_SLOTS } from '../schemas/limits.ts';
import { conflict, invalid, notFound, forbidden } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { z } from 'zod';
import { campaignAudienceSlotResource, campaignResource } from '../schemas/campaign.ts';
import type { Campaign } from '../schemas/records.ts';
import {
  RECORD_SELECT,
  RECORD_SLOT_COLUMNS,
  RECORD_WITH_SLOTS,
  SLOT_INSERT_COLUMNS,
  slotRecord,
  toRecord,
  type CampaignRow,
  type CampaignSettings,
  type RecordRow,
  type RecordSlot,
  type SlotColumns,
  type SlotPatch,
  type SlotRow,
} from './campaign-row.ts';
import { regionProblem } from '../schemas/subdivisions.ts';
import type { ADS_STATUS_FILTERS } from '../schemas/records.ts';
import { assertCampaignAllowed, assertCustomerAllowed, type Actor } from './actor.ts';
import { formatCustomerId } from '../lib/customer-id.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { containsPattern, decodeCursor, toPage, type PageQuery } from './paging.ts';
import type { DataStores } from './data-stores.ts';
import type { Audiences } from './audiences.ts';

export { type CampaignRow, type CampaignSettings, type SlotRow } from './campaign-row.ts';

/** A create's body: the settings, and the data stores, saved audiences and account it resolves. */
export type CampaignCreate = z.infer<typeof campaignResource.createBody>;

const COLUMNS = campaignResource.columns.join(', ');
const PLACES = campaignResource.columns.map(() => '?').join(', ');
const SETS = campaignResource.columns.map((c) => `${c} = ?`).join(', ');

export interface CampaignFilter extends PageQuery {
  status?: Campaign['status'] | undefined;
  /** adsPlatform.status, or `unpublished` for a campaign not created in the ad platform */
  adsStatus?: (typeof ADS_STATUS_FILTERS)[number] | undefined;
}

/**
 * The 409 for a slot whose targeting is generating, with the way on: the result comes to
 * get_targeting; and a retry of a request whose answer was lost (a timeout) gets that answer when
 * it is sent with the first request's Idempotency-Key.
 */
export function generatingNow(slotId: string, what: string): string {
  return (
    `the targeting of audience slot ${slotId} ${what}: call get_targeting until its status is ready (it usually takes seconds); ` +
    'if this is a retry of a request whose answer was lost, send it again with the same Idempotency-Key to get that answer'
  );
}

export { MAX_SLOTS };
export const PRIMARY_SLOT_NAME = 'Primary audience';

export class Campaigns {
  readonly #d: DomainDeps;
  readonly #dataStores: DataStores;
  readonly #audiences: Audiences;

  constructor(deps: DomainDeps, dataStores: DataStores, audiences: Audiences) {
    this.#d = deps;
    this.#dataStores = dataStores;
    this.#audiences = audiences;
  }

  async list(actor: Actor, q: CampaignFilter) {
    const where = ['c.workspace_id = ?', 'c.seq < ?'];
    const params: (string | number)[] = [actor.workspaceId, decodeCursor(q.cursor)];
    if (q.name) {
      where.push(this.#d.store.dialect.like('c.name', '?'));
      params.push(containsPattern(q.name));
    }
    if (q.status) {
      where.push('c.status = ?');
      params.push(q.status);
    }
    if (q.adsStatus === 'unpublished') where.push('c.ads_campaign_id IS NULL');
    else if (q.adsStatus) {
      where.push('c.ads_campaign_id IS NOT NULL AND c.ads_status = ?');
      params.push(q.adsStatus);
    }
    this.#limitClauses(actor, where, params);
    params.push(q.limit + 1);
    const rows = await this.#d.store.all<RecordRow>(
      `${RECORD_SELECT} WHERE ${where.join(' AND ')} ORDER BY c.seq DESC LIMIT ?`,
      ...params,
    );
    const slots = await this.#recordSlots(rows.slice(0, q.limit).map((r) => r.id));
    return toPage(rows, q.limit, (r) =>
      r.map((row) => toRecord(actor, row, slots.get(row.id) ?? [])),
    );
  }

  /** The slots of the given campaigns, by campaign, each campaign's in position order. */
  async #recordSlots(campaignIds: string[]): Promise<Map<string, Campaign['audiences']>> {
    const out = new Map<string, Campaign['audiences']>();
    if (campaignIds.length === 0) return out;
    const rows = await this.#d.store.all<RecordSlot>(
      campaignIds.length === 1
        ? `SELECT ${RECORD_SLOT_COLUMNS} FROM campaign_audiences WHERE campaign_id = ? ORDER BY position`
        : `SELECT ${RECORD_SLOT_COLUMNS} FROM campaign_audiences
           WHERE campaign_id IN ${this.#d.store.dialect.jsonValues('?')} ORDER BY campaign_id, position`,
      campaignIds.length === 1 ? campaignIds[0]! : JSON.stringify(campaignIds),
    );
    for (const s of rows) {
      let list = out.get(s.campaign_id);
      if (!list) out.set(s.campaign_id, (list = []));
      list.push(slotRecord(s));
    }
    return out;
  }

  /** Newest campaigns the actor may see, for the workspace summary. */
  async recent(actor: Actor, n: number): Promise<Campaign[]> {
    return (await this.list(actor, { limit: n })).data;
  }

  async count(actor: Actor): Promise<number> {
    const where = ['c.workspace_id = ?'];
    const params: string[] = [actor.workspaceId];
    this.#limitClauses(actor, where, params);
    return (await this.#d.store.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM campaigns c WHERE ${where.join(' AND ')}`,
      ...params,
    ))!.n;
  }

  #limitClauses(actor: Actor, where: string[], params: (string | number)[]): void {
    if (actor.campaignIds) {
      where.push(`c.id IN ${this.#d.store.dialect.jsonValues('?')}`);
      params.push(JSON.stringify(actor.campaignIds));
    }
    if (actor.customerIds) {
      where.push(`replace(c.customer_id, '-', '') IN ${this.#d.store.dialect.jsonValues('?')}`);
      params.push(JSON.stringify(actor.customerIds));
    }
  }

  /**
   * Loads a campaign the actor may use: 403 outside the key's limits, 404 when not in the workspace.
   * In a write the row stays locked until it commits: what is read here (its settings, its slots)
   * is what the write changes.
   */
  async row(actor: Actor, id: string): Promise<CampaignRow> {
    assertCampaignAllowed(actor, id);
    const row = await this.#d.store.get<CampaignRow>(
      `SELECT * FROM campaigns WHERE id = ? AND workspace_id = ?${this.#d.store.rowLock()}`,
      id,
      actor.workspaceId,
    );
    if (!row) throw notFound(`no campaign ${id} in this workspace`);
    assertCustomerAllowed(actor, row.customer_id);
    return row;
  }

  async get(actor: Actor, id: string): Promise<Campaign> {
    const { row, slots } = await this.#record(actor, id);
    return toRecord(actor, row, slots);
  }

  /**
   * A campaign's row with its brand, account and slots, in one statement (the campaign once per
   * slot). `lock`: in a write its row stays locked until the commit, and with it the slots, whose
   * every writer takes that lock; a plain read locks nothing, as other writes read campaigns too.
   */
  async #record(
    actor: Actor,
    id: string,
    lock = false,
  ): Promise<{ row: RecordRow; slots: Campaign['audiences'] }> {
    assertCampaignAllowed(actor, id);
    const rows = await this.#d.store.all<RecordRow & SlotColumns>(
      `${RECORD_WITH_SLOTS}${lock ? this.#d.store.rowLock('update', 'c') : ''}`,
      id,
      actor.workspaceId,
    );
    const row = rows[0];
    if (!row) throw notFound(`no campaign ${id} in this workspace`);
    assertCustomerAllowed(actor, row.customer_id);
    const slots = rows.filter((r) => r.slot_id !== null).map((r) => slotRecord(r, 'slot_'));
    return { row, slots };
  }

  async create(actor: Actor, input: CampaignCreate): Promise<Campaign> {
    if (actor.campaignIds)
      throw forbidden(
        `this API key is limited to campaign${actor.campaignIds.length === 1 ? '' : 's'} ${actor.campaignIds.join(', ')} and cannot create campaigns; use a key without that limit`,
      );
    const now = this.#d.clock.now().toISOString();
    const id = newId(this.#d.clock.now());
    const {
      dataStoreIds: _stores,
      audienceIds: _audiences,
      customerId: _account,
      ...settings
    } = input;
    const customerId =
      input.customerId !== undefined
        ? await this.#namedCustomerId(actor, input.customerId)
        : await this.#defaultCustomerId(actor);
    const { merged } = await this.#validated(actor, {}, settings, customerId);
    await this.#d.store.run(
      `INSERT INTO campaigns (id, workspace_id, status, customer_id, ${COLUMNS}, created_at, updated_at)
       VALUES (?, ?, 'draft', ?, ${PLACES}, ?, ?)`,
      id,
      actor.workspaceId,
      customerId,
      ...campaignResource.createValues(merged),
      now,
      now,
    );
    const dataStoreIds = await this.#dataStores.resolveIds(
      actor,
      input.dataStoreIds ?? [],
      'dataStoreIds',
    );
    await this.#insertSlot(id, 0, PRIMARY_SLOT_NAME, null, dataStoreIds, {}, now);
    const audienceIds = [...new Set(input.audienceIds ?? [])];
    if (audienceIds.length + 1 > MAX_SLOTS)
      throw invalid(`audienceIds must have at most ${MAX_SLOTS - 1} items`);
    for (const [i, audienceId] of audienceIds.entries()) {
      const saved = await this.#audiences.find(actor, audienceId);
      if (!saved) throw invalid(`audienceIds[${i}]: no audience ${audienceId} in this workspace`);
      await this.#insertSlot(id, i + 1, saved.name, saved.id, saved.dataStoreIds, saved, now);
    }
    await this.refreshStatus(id);
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, patch: CampaignSettings): Promise<Campaign> {
    const { row, slots } = await this.#record(actor, id, true);
    if (Object.keys(patch).length === 0) return toRecord(actor, row, slots);
    if (
      patch.campaignType !== undefined &&
      row.ads_campaign_id &&
      patch.campaignType !== row.campaign_type
    ) {
      throw conflict(
        'campaignType cannot change once the campaign exists in the ad platform; create a new campaign instead',
      );
    }
    const { brand } = await this.#validated(
      actor,
      campaignResource.toBody(row),
      patch,
      row.customer_id,
    );
    // The answer is the locked row as written, not read again: the update goes out with the
    // commit, one round trip sooner, so the campaign is locked for one round trip less.
    const values = campaignResource.updateValues(row, patch);
    const updatedAt = this.#d.clock.now().toISOString();
    this.#d.store.send(
      `UPDATE campaigns SET ${SETS}, updated_at = ? WHERE id = ?`,
      ...values,
      updatedAt,
      id,
    );
    const written: RecordRow = { ...row, updated_at: updatedAt };
    const columns = written as unknown as Record<string, unknown>;
    campaignResource.columns.forEach((column, i) => (columns[column] = values[i]));
    if (patch.brandId !== undefined) {
      written.brand_name = brand?.name ?? null;
      written.brand_website = brand?.website ?? null;
      written.brand_description = brand?.description ?? null;
    }
    return toRecord(actor, written, slots);
  }

  async delete(actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
    await this.row(actor, id);
    await this.#d.store.run('DELETE FROM campaigns WHERE id = ?', id);
    return { id, deleted: true };
  }

  // ---- audience slots ----

  slots(campaignId: string): Promise<SlotRow[]> {
    return this.#d.store.all<SlotRow>(
      'SELECT * FROM campaign_audiences WHERE campaign_id = ? ORDER BY position',
      campaignId,
    );
  }

  async slot(campaignId: string, slotId: string): Promise<SlotRow> {
    const slot = await this.#d.store.get<SlotRow>(
      'SELECT * FROM campaign_audiences WHERE id = ? AND campaign_id = ?',
      slotId,
      campaignId,
    );
    if (!slot) throw notFound(`no audience slot ${slotId} on campaign ${campaignId}`);
    return slot;
  }

  async attachAudience(
    actor: Actor,
    campaignId: string,
    audienceId: string,
    name?: string,
  ): Promise<Campaign> {
    await this.row(actor, campaignId);
    const saved = await this.#audiences.find(actor, audienceId);
    if (!saved) throw invalid(`audienceId: no audience ${audienceId} in this workspace`);
    const slots = await this.slots(campaignId);
    if (slots.some((s) => s.audience_id === audienceId)) {
      throw conflict(`audience ${audienceId} is already attached to campaign ${campaignId}`);
    }
    if (slots.length >= MAX_SLOTS)
      throw conflict(
        `campaign ${campaignId} already has ${MAX_SLOTS} audiences, the most it can hold`,
      );
    const position = Math.max(...slots.map((s) => s.position)) + 1;
    const now = this.#d.clock.now().toISOString();
    await this.#insertSlot(
      campaignId,
      position,
      name ?? saved.name,
      saved.id,
      saved.dataStoreIds,
      saved,
      now,
    );
    await this.touch(campaignId);
    return this.get(actor, campaignId);
  }

  async updateSlot(
    actor: Actor,
    campaignId: string,
    slotId: string,
    patch: SlotPatch,
  ): Promise<Campaign> {
    await this.row(actor, campaignId);
    const slot = await this.slot(campaignId, slotId);
    if (slot.targeting_status === 'generating') {
      throw conflict(generatingNow(slotId, 'is generating; change the slot once it is ready'));
    }
    const dataStoreIds =
      patch.dataStoreIds &&
      (await this.#dataStores.resolveIds(actor, patch.dataStoreIds, 'dataStoreIds'));
    this.#d.store.send(
      `UPDATE campaign_audiences SET ${campaignAudienceSlotResource.columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
      ...campaignAudienceSlotResource.updateValues(slot, { ...patch, dataStoreIds }),
      slotId,
    );
    await this.touch(campaignId);
    return this.get(actor, campaignId);
  }

  async removeSlot(actor: Actor, campaignId: string, slotId: string): Promise<Campaign> {
    await this.row(actor, campaignId);
    const slot = await this.slot(campaignId, slotId);
    if (slot.audience_id === null) {
      throw conflict(
        "the campaign's primary audience cannot be removed; set its dataStoreIds to [] instead",
      );
    }
    if (slot.targeting_status === 'generating') {
      throw conflict(generatingNow(slotId, 'is generating; change the slot once it is ready'));
    }
    await this.#d.store.run('DELETE FROM campaign_audiences WHERE id = ?', slotId);
    await this.touch(campaignId);
    return this.get(actor, campaignId);
  }

  /**
   * Derives the campaign's status from its slots and their data stores:
   * loading while a store collects or a slot generates, error when a slot failed, ready when every
   * slot with data stores has targeting, draft otherwise. The caller holds what it reads: the
   * campaign's row lock (every writer of its slots takes it) or its workspace's lock exclusively
   * (the only writers of a data store's state take that).
   */
  async refreshStatus(campaignId: string): Promise<void> {
    const slots = await this.slots(campaignId);
    const storeIds = [...new Set(slots.flatMap((s) => parseJsonArray(s.data_store_ids)))];
    const collecting = storeIds.length
      ? (await this.#d.store.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM data_stores WHERE id IN ${this.#d.store.dialect.jsonValues('?')} AND status = 'collecting'`,
          JSON.stringify(storeIds),
        ))!.n
      : 0;
    const fed = slots.filter((s) => parseJsonArray(s.data_store_ids).length > 0);
    const status: Campaign['status'] =
      collecting > 0 || slots.some((s) => s.targeting_status === 'generating')
        ? 'loading'
        : fed.some((s) => s.targeting_status === 'error')
          ? 'error'
          : fed.length > 0 && fed.every((s) => s.targeting_status === 'ready')
            ? 'ready'
            : 'draft';
    await this.#d.store.run(
      'UPDATE campaigns SET status = ?1 WHERE id = ?2 AND status != ?1',
      status,
      campaignId,
    );
  }

  /**
   * Locks a campaign's row until the write commits, as `row` does for a request: a job that changes
   * its slots takes it before reading them. False when the campaign is gone.
   */
  async lockRow(campaignId: string): Promise<boolean> {
    const store = this.#d.store;
    return !!(await store.get(
      `SELECT 1 FROM campaigns WHERE id = ?${store.rowLock()}`,
      campaignId,
    ));
  }

  /** Campaigns whose slots draw on a data store, to refresh when the store changes state. */
  async usingDataStore(dataStoreId: string): Promise<string[]> {
    const rows = await this.#d.store.all<{ campaign_id: string }>(
      `SELECT DISTINCT campaign_id FROM campaign_audiences WHERE data_store_ids LIKE ?1 AND ?2 IN ${this.#d.store.dialect.jsonValues('data_store_ids')}`,
      `%${dataStoreId}%`,
      dataStoreId,
    );
    return rows.map((r) => r.campaign_id);
  }

  /** Inside a write transaction that holds the campaign's row lock. */
  async touch(campaignId: string): Promise<void> {
    this.#d.store.send(
      'UPDATE campaigns SET updated_at = ? WHERE id = ?',
      this.#d.clock.now().toISOString(),
      campaignId,
    );
    await this.refreshStatus(campaignId);
  }

  async #insertSlot(
    campaignId: string,
    position: number,
    name: string,
    audienceId: string | null,
    dataStoreIds: string[],
    snapshot: object,
    now: string,
  ): Promise<void> {
    await this.#d.store.run(
      `INSERT INTO campaign_audiences (${SLOT_INSERT_COLUMNS.join(', ')})
       VALUES (${SLOT_INSERT_COLUMNS.map(() => '?').join(', ')})`,
      newId(this.#d.clock.now()),
      campaignId,
      position,
      // the primary slot's audienceId is null: the domain's to write, never a client's
      ...campaignAudienceSlotResource.createValues({
        name,
        audienceId: audienceId as string,
        dataStoreIds,
      }),
      JSON.stringify(snapshot),
      now,
    );
  }

  /** Applies a patch to current settings and checks the rules that span fields. */
  async #validated(
    actor: Actor,
    current: CampaignSettings,
    patch: CampaignSettings,
    customerId: string | null,
  ): Promise<{ merged: CampaignSettings; brand?: Campaign['brand'] }> {
    const merged = { ...current, ...patch };
    if (merged.budgetType === 'total' && !merged.endDate) {
      throw invalid(
        'endDate is required when budgetType is total: a total budget needs an end date',
      );
    }
    if (patch.endDate) {
      // a campaign set to end before today would never serve: refused when the date is given
      const today = await this.todayOf(customerId);
      if (patch.endDate < today.date) {
        throw invalid(
          `endDate: ${patch.endDate} has passed (it is ${today.date} in ${today.where}); a campaign ends today or later, or has no end date (null)`,
        );
      }
    }
    for (const [i, location] of (patch.locations ?? []).entries()) {
      const problem = await regionProblem(location);
      if (problem) throw invalid(`locations[${i}]: ${problem}`);
    }
    if (!patch.brandId) return { merged };
    const brand = await this.#d.store.get<Campaign['brand']>(
      'SELECT name, website, description FROM brands WHERE id = ? AND workspace_id = ?',
      patch.brandId,
      actor.workspaceId,
    );
    if (!brand) throw invalid(`brandId: no brand ${patch.brandId} in this workspace`);
    return { merged, brand };
  }

  /**
   * Today's date where a campaign's account is (its time zone, on the workspace's clock), for the
   * rules about end dates; UTC for a campaign with no account.
   */
  async todayOf(customerId: string | null): Promise<{ date: string; where: string }> {
    const account = customerId
      ? await this.#d.store.get<{ time_zone: string }>(
          'SELECT time_zone FROM ad_accounts WHERE customer_id = ?',
          customerId,
        )
      : undefined;
    const zone = account?.time_zone ?? 'UTC';
    return {
      date: todayIn(zone, this.#d.clock.now()),
      where: account ? `the time zone of account ${customerId} (${zone})` : 'UTC',
    };
  }

  /** The account a new campaign names: one of the workspace's, and one the key may use. */
  async #namedCustomerId(actor: Actor, customerId: string): Promise<string> {
    const wanted = formatCustomerId(customerId);
    const found = await this.#d.store.get(
      'SELECT 1 FROM ad_accounts WHERE workspace_id = ? AND customer_id = ?',
      actor.workspaceId,
      wanted,
    );
    if (!found)
      throw invalid(
        `customerId: no ad-platform account ${wanted} in this workspace; list_ads_accounts lists the accounts this key may use`,
      );
    assertCustomerAllowed(actor, wanted);
    return wanted;
  }

  /** A new campaign lives in the workspace's default ad account, or the first one the key may use. */
  async #defaultCustomerId(actor: Actor): Promise<string | null> {
    const accounts = await this.#d.store.all<{ customer_id: string }>(
      'SELECT customer_id FROM ad_accounts WHERE workspace_id = ? ORDER BY is_default DESC, created_at, customer_id',
      actor.workspaceId,
    );
    const usable = actor.customerIds
      ? accounts.filter((a) => actor.customerIds!.includes(a.customer_id.replace(/-/g, '')))
      : accounts;
    if (actor.customerIds && usable.length === 0) {
      throw forbidden(
        'this API key is limited to ad-platform accounts that this workspace does not have',
      );
    }
    return usable[0]?.customer_id ?? null;
  }
}
