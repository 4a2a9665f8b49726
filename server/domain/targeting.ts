import { conflict, invalid } from '../lib/errors.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { JobQueue, JobRow } from '../jobs/queue.ts';
import { generate } from '../targeting/generate.ts';
import type { AudienceSeed, TargetingItem } from '../targeting/types.ts';
import type { Actor } from './actor.ts';
import { generatingNow, type Campaigns, type SlotRow } from './campaigns.ts';
import type { DomainDeps } from './context.ts';
import { CorpusReader } from './corpus.ts';

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

/** Targeting of a campaign's audience slots: read, generate in the background, edit. */
export class Targeting {
  readonly #d: DomainDeps;
  readonly #campaigns: Campaigns;
  readonly #jobs: JobQueue;
  readonly #corpus: CorpusReader;
  /** how long a generation takes at least (simulated work; tests set it to watch `generating`) */
  delayMs = 0;

  constructor(deps: DomainDeps, campaigns: Campaigns, jobs: JobQueue) {
    this.#d = deps;
    this.#campaigns = campaigns;
    this.#jobs = jobs;
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
  async generate(actor: Actor, campaignId: string, audienceIds: string[] | undefined): Promise<TargetingView & { started: string[]; skipped: Skip[] }> {
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
          if (holder) throw invalid(`${field}: ${id} is a saved audience, not an audience slot; its slot on this campaign is ${holder.id} ("${holder.name}")`);
          throw invalid(`${field}: no audience slot ${id} on campaign ${campaignId}; get_targeting lists the slot ids (audiences[].id)`);
        }
        if (slot.targeting_status === 'generating') throw conflict(generatingNow(id, 'is already generating'));
        return slot;
      });
    } else {
      targets = slots.filter((s) => {
        if (s.targeting_status === 'ready') skipped.push({ id: s.id, reason: 'already generated; name it in audienceIds to regenerate' });
        else if (s.targeting_status === 'generating') skipped.push({ id: s.id, reason: 'already generating' });
        else return true;
        return false;
      });
    }
    const now = this.#d.clock.now().toISOString();
    for (const slot of targets) {
      if (parseJsonArray(slot.data_store_ids).length === 0) {
        skipped.push({ id: slot.id, reason: 'no data stores: add dataStoreIds to this audience first' });
        continue;
      }
      await this.#d.store.run(
        "UPDATE campaign_audiences SET targeting_status = 'generating', targeting_error = '', targeting_updated_at = ? WHERE id = ?",
        now,
        slot.id,
      );
      await this.#jobs.enqueue('generate_targeting', slot.id, { workspaceId: actor.workspaceId, payload: { campaignId }, delayMs: this.delayMs });
      started.push(slot.id);
    }
    if (started.length) await this.#campaigns.refreshStatus(campaignId);
    return { ...(await this.get(actor, campaignId)), started, skipped };
  }

  /** Replaces a slot's items by hand. 409 while it generates. */
  async editItems(actor: Actor, campaignId: string, slotId: string, items: TargetingItem[]): Promise<TargetingView> {
    await this.#campaigns.row(actor, campaignId);
    const slot = await this.#campaigns.slot(campaignId, slotId);
    if (slot.targeting_status === 'generating') throw conflict(generatingNow(slotId, 'is generating; edit it once it is ready'));
    await this.#d.store.run(
      "UPDATE campaign_audiences SET targeting_items = ?, targeting_status = 'ready', targeting_error = '', targeting_updated_at = ? WHERE id = ?",
      JSON.stringify(items),
      this.#d.clock.now().toISOString(),
      slotId,
    );
    await this.#campaigns.refreshStatus(campaignId);
    return this.get(actor, campaignId);
  }

  /** A generation job that failed for good (e.g. the store kept failing): the slot ends in error. */
  async generationFailed(slotId: string, message: string): Promise<void> {
    const slot = await this.#d.store.get<SlotRow>('SELECT * FROM campaign_audiences WHERE id = ?', slotId);
    if (!slot || slot.targeting_status !== 'generating') return;
    await this.#d.store.run(
      "UPDATE campaign_audiences SET targeting_status = 'error', targeting_error = ?, targeting_updated_at = ? WHERE id = ?",
      `targeting generation failed: ${message}; name this audience in generate_targeting to try again`,
      this.#d.clock.now().toISOString(),
      slotId,
    );
    await this.#campaigns.refreshStatus(slot.campaign_id);
  }

  /** The generate_targeting job: read the slot's content, generate outside any lock, then apply once. */
  async runJob(job: JobRow): Promise<void> {
    const store = this.#d.store;
    const input = await store.read(async () => {
      const slot = await store.get<SlotRow>('SELECT * FROM campaign_audiences WHERE id = ?', job.subject);
      if (!slot) return null;
      const campaign = (await store.get<{ id: string; workspace_id: string; objective: string; campaign_type: string | null; language: string }>(
        'SELECT id, workspace_id, objective, campaign_type, language FROM campaigns WHERE id = ?',
        slot.campaign_id,
      ))!;
      const storeIds = parseJsonArray(slot.data_store_ids);
      const collecting = (await store.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM data_stores WHERE id IN ${store.dialect.jsonValues('?')} AND status = 'collecting'`,
        JSON.stringify(storeIds),
      ))!.n;
      if (collecting) return { slot, campaign, wait: true as const };
      const corpus = await this.#corpus.forStores(campaign.workspace_id, storeIds);
      return { slot, campaign, wait: false as const, corpus, background: await this.#corpus.background(campaign.workspace_id, corpus) };
    });
    if (!input) {
      await store.write(async () => {
        if (await this.#jobs.holds(job.id)) await this.#jobs.finish(job.id, 'done', 'the audience slot no longer exists');
      });
      return;
    }
    if (input.wait) {
      // Its data stores are still collecting: look again shortly, the slot stays `generating`.
      await store.write(async () => {
        if (await this.#jobs.holds(job.id)) await this.#jobs.retryLater(job.id, 500);
      });
      return;
    }
    const { slot, campaign, corpus, background } = input;
    const empty = corpus.videos.length === 0 && corpus.channels.length === 0;
    let items: TargetingItem[] = [];
    let failure = empty ? 'the data stores of this audience hold no channels or videos; import or collect content first' : '';
    // what a person should know about ready targeting (little text in the campaign's language): the
    // slot is ready and its `error` says it
    let notice = '';
    if (!empty) {
      // The generator is a pure function of the content: a throw would throw again on a retry, so it
      // ends the slot in `error` at once instead of leaving it `generating` behind a failed job.
      try {
        ({ items, notice } = generate({
          corpus,
          background,
          seed: seedOf(slot),
          campaign: {
            objective: campaign.objective,
            campaignType: campaign.campaign_type as 'SEARCH' | null,
            language: campaign.language,
          },
        }));
      } catch (err) {
        failure = `targeting generation failed: ${err instanceof Error ? err.message : String(err)}; name this audience in generate_targeting to try again`;
      }
    }
    await store.write(async () => {
      if (!(await this.#jobs.holds(job.id))) return;
      const now = this.#d.clock.now().toISOString();
      if (failure) {
        await store.run(
          "UPDATE campaign_audiences SET targeting_status = 'error', targeting_error = ?, targeting_updated_at = ? WHERE id = ?",
          failure,
          now,
          slot.id,
        );
      } else {
        await store.run(
          "UPDATE campaign_audiences SET targeting_status = 'ready', targeting_error = ?, targeting_items = ?, targeting_updated_at = ? WHERE id = ?",
          notice,
          JSON.stringify(items),
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
