import { conflict, invalid } from '../lib/errors.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { JobQueue, JobRow } from '../jobs/queue.ts';
import { workspaceLock } from '../store/locks.ts';
import type {
  AudienceSeed,
  ExcludedItem,
  GenerateInput,
  KnownBrand,
  MatchType,
  Section,
  TargetingItem,
} from '../targeting/types.ts';
import type { Actor } from './actor.ts';
import { generatingNow, type Campaigns, type SlotRow } from './campaigns.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { CorpusReader } from './corpus.ts';
import {
  itemKey,
  MANUAL,
  MAX_SLOT_EXCLUSIONS,
  MAX_SLOT_ITEMS,
  REMOVED_BY_HAND,
} from './targeting-rules.ts';

export interface TargetingView {
  campaignId: string;
  campaignType: string;
  audiences: {
    id: string;
    name: string;
    audienceId: string | null;
    status: SlotRow['targeting_status'];
    error: string;
    updatedAt: string;
    items: TargetingItem[];
  }[];
}

export interface Skip {
  id: string;
  reason: string;
}

/** An item as a person gives it: a label or source left out is filled in here. */
export interface ItemInput {
  section: Section;
  text: string;
  label?: string | undefined;
  matchType: MatchType;
  source?: string | undefined;
}

export interface ItemRef {
  section: Section;
  text: string;
}

/** What a slot's generation leaves out, and why (a person removed it, another brand of the workspace). */
export type Exclusion = ExcludedItem;

/** An edit of a few items: applied in the order remove, restore, add. */
export interface ItemChange {
  add?: ItemInput[] | undefined;
  remove?: ItemRef[] | undefined;
  restore?: ItemRef[] | undefined;
}

/** The answer to an edit of a few items: what changed, not the whole targeting. */
export interface TargetingChange {
  campaignId: string;
  slotId: string;
  status: SlotRow['targeting_status'];
  itemCount: number;
  itemCounts: Record<Section, number>;
  added: { section: Section; text: string; matchType: MatchType }[];
  removed: ItemRef[];
  restored: ItemRef[];
  exclusions: Exclusion[];
}

export const SECTION_ORDER: readonly Section[] = ['keywords', 'segments', 'topics', 'websites'];

/** A slot row with its exclusions (JSON). */
type Slot = SlotRow & { targeting_exclusions: string };

const itemsOf = (slot: Pick<SlotRow, 'targeting_items'>): TargetingItem[] =>
  JSON.parse(slot.targeting_items) as TargetingItem[];
const exclusionsOf = (slot: Pick<Slot, 'targeting_exclusions'>): Exclusion[] =>
  JSON.parse(slot.targeting_exclusions ?? '[]') as Exclusion[];

/**
 * The items and exclusions of a regenerated slot: its manual items first in their section, then
 * the generated ones that neither repeat a manual item nor match an exclusion. Exclusions a person
 * made stay; the generator's replace those of the last run (so a brand deleted since is no longer
 * left out), except where a manual item of the same text overrides them.
 */
export function regenerated(
  current: TargetingItem[],
  exclusions: Exclusion[],
  result: { items: TargetingItem[]; excluded: Exclusion[] },
): { items: TargetingItem[]; exclusions: Exclusion[] } {
  const manual = current.filter((i) => i.source === MANUAL);
  const manualKeys = new Set(manual.map(itemKey));
  const kept = exclusions.filter(
    (e) => e.reason === REMOVED_BY_HAND && !manualKeys.has(itemKey(e)),
  );
  const seen = new Set(kept.map(itemKey));
  const fromGenerator: Exclusion[] = [];
  for (const e of result.excluded) {
    const k = itemKey(e);
    if (manualKeys.has(k) || seen.has(k)) continue;
    seen.add(k);
    fromGenerator.push({ section: e.section, text: e.text, reason: e.reason });
  }
  const out = [...kept, ...fromGenerator].slice(0, MAX_SLOT_EXCLUSIONS);
  const left = new Set(out.map(itemKey));
  const generated = result.items
    .filter((i) => !manualKeys.has(itemKey(i)) && !left.has(itemKey(i)))
    .slice(0, Math.max(0, MAX_SLOT_ITEMS - manual.length));
  const items = SECTION_ORDER.flatMap((sec) => [
    ...manual.filter((i) => i.section === sec),
    ...generated.filter((i) => i.section === sec),
  ]);
  return { items, exclusions: out };
}

/** `item` put in its section after the section's manual items (where regenerating would put it). */
function placed(items: TargetingItem[], item: TargetingItem): TargetingItem[] {
  const rank = (s: string) => SECTION_ORDER.indexOf(s as Section);
  let at = items.findIndex(
    (i) =>
      rank(i.section) > rank(item.section) || (i.section === item.section && i.source !== MANUAL),
  );
  if (at < 0) at = items.length;
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/** Targeting of a campaign's audience slots: read, generate in the background, edit. */
export class Targeting {
  readonly #d: DomainDeps;
  readonly #campaigns: Campaigns;
  readonly #jobs: JobQueue;
  readonly #corpus: CorpusReader;
  /** how long a generation takes at least (simulated work, so `generating` can be watched) */
  readonly delayMs: number;

  constructor(
    deps: DomainDeps,
    campaigns: Campaigns,
    jobs: JobQueue,
    opts: { delayMs?: number } = {},
  ) {
    this.#d = deps;
    this.#campaigns = campaigns;
    this.#jobs = jobs;
    this.delayMs = opts.delayMs ?? 0;
    this.#corpus = new CorpusReader(deps);
  }

  async get(actor: Actor, campaignId: string): Promise<TargetingView> {
    const row = await this.#campaigns.row(actor, campaignId);
    return {
      campaignId,
      campaignType: row.campaign_type ?? '',
      audiences: (await this.#campaigns.slots(campaignId)).map((s) => ({
        id: s.id,
        name: s.name,
        audienceId: s.audience_id,
        status: s.targeting_status,
        error: s.targeting_error,
        updatedAt: s.targeting_updated_at ?? '',
        items: JSON.parse(s.targeting_items) as TargetingItem[],
      })),
    };
  }

  /**
   * Starts generation. Named slots are (re)generated; without names, every slot that has no
   * targeting yet. Naming a slot that is generating is 409; slots without data stores are skipped.
   */
  async generate(
    actor: Actor,
    campaignId: string,
    audienceIds: string[] | undefined,
  ): Promise<TargetingView & { started: string[]; skipped: Skip[] }> {
    await this.#campaigns.row(actor, campaignId);
    const slots = await this.#campaigns.slots(campaignId);
    const started: string[] = [];
    const skipped: Skip[] = [];
    let targets: SlotRow[];
    if (audienceIds) {
      const named = [...new Set(audienceIds)];
      targets = named.map((id) => {
        const slot = slots.find((s) => s.id === id);
        const field = `audienceIds[${audienceIds.indexOf(id)}]`;
        if (!slot) {
          // a saved audience's id where its slot's is meant: name the slot that holds it
          const holder = slots.find((s) => s.audience_id === id);
          if (holder)
            throw invalid(
              `${field}: ${id} is a saved audience, not an audience slot; its slot on this campaign is ${holder.id} ("${holder.name}")`,
            );
          throw invalid(
            `${field}: no audience slot ${id} on campaign ${campaignId}; get_targeting lists the slot ids (audiences[].id)`,
          );
        }
        if (slot.targeting_status === 'generating')
          throw conflict(generatingNow(id, 'is already generating'));
        return slot;
      });
    } else {
      targets = slots.filter((s) => {
        if (s.targeting_status === 'ready')
          skipped.push({
            id: s.id,
            reason: 'already generated; name it in audienceIds to regenerate',
          });
        else if (s.targeting_status === 'generating')
          skipped.push({ id: s.id, reason: 'already generating' });
        else return true;
        return false;
      });
    }
    const now = this.#d.clock.now().toISOString();
    for (const slot of targets) {
      if (parseJsonArray(slot.data_store_ids).length === 0) {
        skipped.push({
          id: slot.id,
          reason: 'no data stores: add dataStoreIds to this audience first',
        });
        continue;
      }
      await this.#d.store.run(
        "UPDATE campaign_audiences SET targeting_status = 'generating', targeting_error = '', targeting_updated_at = ? WHERE id = ?",
        now,
        slot.id,
      );
      await this.#jobs.enqueue('generate_targeting', slot.id, {
        workspaceId: actor.workspaceId,
        payload: { campaignId },
        delayMs: this.delayMs,
      });
      started.push(slot.id);
    }
    if (started.length) await this.#campaigns.refreshStatus(campaignId);
    return { ...(await this.get(actor, campaignId)), started, skipped };
  }

  /**
   * Sets a slot's items to `input`, as a diff against what is there: items gone from the list are
   * excluded (removed by hand), items in it lift a matching exclusion; a new item is manual, one
   * already there keeps its source unless its match type changed. An empty list clears the slot
   * instead (not_generated, nothing newly excluded), so generating starts it over. 409 while it
   * generates.
   */
  async editItems(
    actor: Actor,
    campaignId: string,
    slotId: string,
    input: ItemInput[],
  ): Promise<TargetingView> {
    await this.#campaigns.row(actor, campaignId);
    const slot = await this.#editable(campaignId, slotId);
    const before = itemsOf(slot);
    const was = new Map(before.map((i) => [itemKey(i), i]));
    const items = input.map((i): TargetingItem => {
      const old = was.get(itemKey(i));
      const same = old !== undefined && old.matchType === i.matchType;
      return {
        section: i.section,
        label: i.label ?? i.text,
        text: i.text,
        matchType: i.matchType,
        source: i.source ?? (same ? old.source : MANUAL),
      };
    });
    const listed = new Set(items.map(itemKey));
    let exclusions = exclusionsOf(slot).filter((e) => !listed.has(itemKey(e)));
    for (const gone of input.length ? before : []) {
      const k = itemKey(gone);
      if (listed.has(k)) continue;
      exclusions = exclusions.filter((e) => itemKey(e) !== k);
      exclusions.push({ section: gone.section, text: gone.text, reason: REMOVED_BY_HAND });
    }
    await this.#save(slot, before, items, exclusions, true);
    return this.get(actor, campaignId);
  }

  /** Adds, removes and restores a few items of a slot (in the order remove, restore, add). 409 while it generates. */
  async changeItems(
    actor: Actor,
    campaignId: string,
    slotId: string,
    change: ItemChange,
  ): Promise<TargetingChange> {
    await this.#campaigns.row(actor, campaignId);
    const slot = await this.#editable(campaignId, slotId);
    const before = itemsOf(slot);
    let items = before;
    let exclusions = exclusionsOf(slot);
    const removed: ItemRef[] = [];
    const restored: ItemRef[] = [];
    const added = new Map<string, TargetingChange['added'][number]>();
    for (const r of change.remove ?? []) {
      const k = itemKey(r);
      const taken = items.filter((i) => itemKey(i) === k);
      items = items.filter((i) => itemKey(i) !== k);
      removed.push(...taken.map((i) => ({ section: i.section, text: i.text })));
      // also when it is not there: a person may keep an item out before any generation adds it
      exclusions = [
        ...exclusions.filter((e) => itemKey(e) !== k),
        { section: r.section, text: taken[0]?.text ?? r.text, reason: REMOVED_BY_HAND },
      ];
    }
    for (const r of change.restore ?? []) {
      const k = itemKey(r);
      restored.push(
        ...exclusions
          .filter((e) => itemKey(e) === k)
          .map((e) => ({ section: e.section, text: e.text })),
      );
      exclusions = exclusions.filter((e) => itemKey(e) !== k);
    }
    for (const a of change.add ?? []) {
      const k = itemKey(a);
      const at = items.findIndex((i) => itemKey(i) === k);
      const item: TargetingItem = {
        section: a.section,
        label: a.label ?? items[at]?.label ?? a.text,
        text: a.text,
        matchType: a.matchType,
        source: a.source ?? MANUAL,
      };
      items =
        at >= 0
          ? items
              .map((i, n) => (n === at ? item : i))
              .filter((i, n) => n === at || itemKey(i) !== k)
          : placed(items, item);
      // the person overrides an exclusion (removed before, or another brand's name)
      exclusions = exclusions.filter((e) => itemKey(e) !== k);
      added.delete(k);
      added.set(k, { section: item.section, text: item.text, matchType: item.matchType });
    }
    const status = await this.#save(slot, before, items, exclusions, false);
    const itemCounts = Object.fromEntries(
      SECTION_ORDER.map((sec) => [sec, items.filter((i) => i.section === sec).length]),
    ) as Record<Section, number>;
    return {
      campaignId,
      slotId,
      status,
      itemCount: items.length,
      itemCounts,
      added: [...added.values()],
      removed,
      restored,
      exclusions,
    };
  }

  /** What regenerating a slot leaves out, and why. */
  async exclusions(
    actor: Actor,
    campaignId: string,
    slotId: string,
  ): Promise<{ data: Exclusion[] }> {
    await this.#campaigns.row(actor, campaignId);
    return { data: exclusionsOf((await this.#campaigns.slot(campaignId, slotId)) as Slot) };
  }

  async #editable(campaignId: string, slotId: string): Promise<Slot> {
    const slot = (await this.#campaigns.slot(campaignId, slotId)) as Slot;
    if (slot.targeting_status === 'generating')
      throw conflict(generatingNow(slotId, 'is generating; edit it once it is ready'));
    return slot;
  }

  /**
   * Writes an edit. A slot an edit leaves empty is not_generated (so a later generate fills it
   * again) rather than ready with nothing; `replace` (a whole list) settles the status even when
   * the items did not change, as it always has. Answers the slot's status.
   */
  async #save(
    slot: Slot,
    before: TargetingItem[],
    items: TargetingItem[],
    exclusions: Exclusion[],
    replace: boolean,
  ): Promise<SlotRow['targeting_status']> {
    if (items.length > MAX_SLOT_ITEMS) {
      throw conflict(
        `audience slot ${slot.id} would hold ${items.length} items, at most ${MAX_SLOT_ITEMS}: remove some first`,
      );
    }
    if (exclusions.length > MAX_SLOT_EXCLUSIONS) {
      throw conflict(
        `audience slot ${slot.id} would leave out ${exclusions.length} items, at most ${MAX_SLOT_EXCLUSIONS}: restore some first`,
      );
    }
    const store = this.#d.store;
    if (!replace && JSON.stringify(items) === JSON.stringify(before)) {
      await store.run(
        'UPDATE campaign_audiences SET targeting_exclusions = ? WHERE id = ?',
        JSON.stringify(exclusions),
        slot.id,
      );
      return slot.targeting_status;
    }
    const status = items.length ? 'ready' : 'not_generated';
    // a ready slot edited keeps its generation's notice (e.g. little text in the campaign's language)
    const error =
      !replace && status === 'ready' && slot.targeting_status === 'ready'
        ? slot.targeting_error
        : '';
    await store.run(
      'UPDATE campaign_audiences SET targeting_items = ?, targeting_exclusions = ?, targeting_status = ?, targeting_error = ?, targeting_updated_at = ? WHERE id = ?',
      JSON.stringify(items),
      JSON.stringify(exclusions),
      status,
      error,
      this.#d.clock.now().toISOString(),
      slot.id,
    );
    await this.#campaigns.refreshStatus(slot.campaign_id);
    return status;
  }

  /** A generation job that failed for good (e.g. the store kept failing): the slot ends in error. */
  async generationFailed(slotId: string, message: string): Promise<void> {
    const store = this.#d.store;
    // the campaign's row first, as every writer of its slots: then the slot as it stands
    const of = await store.get<{ campaign_id: string; workspace_id: string }>(
      'SELECT s.campaign_id, c.workspace_id FROM campaign_audiences s JOIN campaigns c ON c.id = s.campaign_id WHERE s.id = ?',
      slotId,
    );
    if (!of) return;
    await store.lock(workspaceLock(of.workspace_id), { shared: true });
    if (!(await this.#campaigns.lockRow(of.campaign_id))) return;
    const slot = await store.get<SlotRow>('SELECT * FROM campaign_audiences WHERE id = ?', slotId);
    if (!slot || slot.targeting_status !== 'generating') return;
    await this.#d.store.run(
      "UPDATE campaign_audiences SET targeting_status = 'error', targeting_error = ?, targeting_updated_at = ? WHERE id = ?",
      `targeting generation failed: ${message}; name this audience in generate_targeting to try again`,
      this.#d.clock.now().toISOString(),
      slotId,
    );
    await this.#campaigns.refreshStatus(slot.campaign_id);
  }

  /**
   * What the generator gets for a slot, as its job reads it: the slot's content, the catalog beside
   * it, its saved audience, the campaign and the workspace's brands (the campaign's own and the
   * others). null when the slot is gone; `collecting` while one of its data stores collects.
   */
  generationInput(slotId: string): Promise<GenerateInput | 'collecting' | null> {
    return this.#d.store.read(async () => {
      const r = await this.#readInput(slotId);
      return r === null ? null : r.wait ? 'collecting' : r.input;
    });
  }

  /** Reads in the caller's transaction. */
  async #readInput(slotId: string) {
    const store = this.#d.store;
    const slot = await store.get<Slot>('SELECT * FROM campaign_audiences WHERE id = ?', slotId);
    if (!slot) return null;
    const campaign = (await store.get<{
      id: string;
      workspace_id: string;
      objective: string;
      campaign_type: string | null;
      language: string;
      brand_id: string | null;
    }>(
      'SELECT id, workspace_id, objective, campaign_type, language, brand_id FROM campaigns WHERE id = ?',
      slot.campaign_id,
    ))!;
    const storeIds = parseJsonArray(slot.data_store_ids);
    const collecting = (await store.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM data_stores WHERE id IN ${store.dialect.jsonValues('?')} AND status = 'collecting'`,
      JSON.stringify(storeIds),
    ))!.n;
    if (collecting) return { slot, campaign, wait: true as const };
    const corpus = await this.#corpus.forStores(campaign.workspace_id, storeIds);
    const brands = await store.all<KnownBrand & { id: string }>(
      'SELECT id, name, website, description FROM brands WHERE workspace_id = ? ORDER BY seq',
      campaign.workspace_id,
    );
    const known = (b: KnownBrand): KnownBrand => ({
      name: b.name,
      website: b.website,
      description: b.description,
    });
    const own = brands.find((b) => b.id === campaign.brand_id);
    const input: GenerateInput = {
      corpus,
      background: await this.#corpus.background(campaign.workspace_id, corpus),
      seed: seedOf(slot),
      campaign: {
        objective: campaign.objective,
        campaignType: campaign.campaign_type as 'SEARCH' | null,
        language: campaign.language,
      },
      brands: { own: own ? known(own) : null, others: brands.filter((b) => b !== own).map(known) },
    };
    return { slot, campaign, wait: false as const, input };
  }

  /** The generate_targeting job: read the slot's content, generate outside any lock, then apply once. */
  async runJob(job: JobRow): Promise<void> {
    const store = this.#d.store;
    const read = await store.read(() => this.#readInput(job.subject));
    if (!read) {
      await store.write(async () => {
        if (await this.#jobs.holds(job.id))
          await this.#jobs.finish(job.id, 'done', 'the audience slot no longer exists');
      });
      return;
    }
    if (read.wait) {
      // Its data stores are still collecting: look again shortly, the slot stays `generating`.
      await store.write(async () => {
        if (await this.#jobs.holds(job.id)) await this.#jobs.retryLater(job.id, 500);
      });
      return;
    }
    const { slot, input } = read;
    const empty = input.corpus.videos.length === 0 && input.corpus.channels.length === 0;
    let result: { items: TargetingItem[]; excluded: Exclusion[] } = { items: [], excluded: [] };
    let failure = empty
      ? 'the data stores of this audience hold no channels or videos; import or collect content first'
      : '';
    // what a person should know about ready targeting (little text in the campaign's language): the
    // slot is ready and its `error` says it
    let notice = '';
    if (!empty) {
      // The generator (and its word lists) loads with the first job that needs it, not every start.
      const { generate } = await import('../targeting/generate.ts');
      // The generator is a pure function of the content: a throw would throw again on a retry, so it
      // ends the slot in `error` at once instead of leaving it `generating` behind a failed job.
      try {
        const out = generate(input);
        result = out;
        notice = out.notice;
      } catch (err) {
        failure = `targeting generation failed: ${err instanceof Error ? err.message : String(err)}; name this audience in generate_targeting to try again`;
      }
    }
    await store.write(async () => {
      // as a request that changes the campaign's slots: its workspace shared, its row locked
      await store.lock(workspaceLock(job.workspace_id), { shared: true });
      await this.#campaigns.lockRow(slot.campaign_id);
      if (!(await this.#jobs.holds(job.id))) return;
      const now = this.#d.clock.now().toISOString();
      // read again under the write lock: edits wait for the generation (409), but this is the truth
      const current = await store.get<Slot>(
        'SELECT * FROM campaign_audiences WHERE id = ?',
        slot.id,
      );
      if (failure) {
        await store.run(
          "UPDATE campaign_audiences SET targeting_status = 'error', targeting_error = ?, targeting_updated_at = ? WHERE id = ?",
          failure,
          now,
          slot.id,
        );
      } else if (current) {
        // hand edits survive: manual items stay, what a person removed stays out
        const next = regenerated(itemsOf(current), exclusionsOf(current), result);
        await store.run(
          "UPDATE campaign_audiences SET targeting_status = 'ready', targeting_error = ?, targeting_items = ?, targeting_exclusions = ?, targeting_updated_at = ? WHERE id = ?",
          notice,
          JSON.stringify(next.items),
          JSON.stringify(next.exclusions),
          now,
          slot.id,
        );
      }
      if (failure && !empty) await this.#jobs.finish(job.id, 'failed', failure);
      else await this.#jobs.finish(job.id, 'done');
      await this.#campaigns.refreshStatus(slot.campaign_id);
    });
  }
}

/** A slot's copy of its saved audience, as the generator's seed; null for the primary audience. */
function seedOf(slot: SlotRow): AudienceSeed | null {
  if (!slot.audience_id) return null;
  const s = JSON.parse(slot.snapshot) as Partial<AudienceSeed>;
  return {
    name: s.name ?? slot.name,
    description: s.description ?? '',
    kind: s.kind ?? 'custom',
    keywords: s.keywords ?? [],
    topics: s.topics ?? [],
    tags: s.tags ?? [],
  };
}
