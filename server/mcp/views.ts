/**
 * Compact views of the API's records, as MCP tools answer them by default (`detail: "full"` gives the
 * API's own record). A model reads every token of a result, so a view keeps what it needs to decide
 * and to make the next call (ids, names, states, the figures asked for) and leaves out what only a
 * page shows (image URLs, long descriptions, timestamps of no consequence). Empty fields are left
 * out; names that could be confused get unambiguous ones (slotId, savedAudienceId).
 */
import { STORE_VIDEO_FIELDS } from '../operations/tool-presentation.ts';
import { SECTIONS } from '../schemas/targeting-input.ts';

// Records arrive as parsed JSON of the API's answers: loosely typed on purpose, the API validated them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** Drops null, '' and [] fields: a compact record says only what is set. */
export function dropEmpty(o: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

/**
 * What a view may know beside the API's answer, looked up with the caller's key (presentation.ts):
 * each account's currency (customer id → currencyCode), the record a delete removed.
 */
export interface ViewContext {
  currencies?: Record<string, string>;
  before?: Json;
}

/** The currency of an account's amounts, when the accounts could be looked up. */
const currencyOf = (ctx: ViewContext, customerId: unknown): string | undefined =>
  typeof customerId === 'string' ? ctx.currencies?.[customerId] : undefined;

/** A value of list_campaigns' adsStatus filter: the ad-platform status, or unpublished. */
export const adsStatusOf = (c: Json): string =>
  c.adsPlatform?.campaignId ? (c.adsPlatform.status ?? 'unpublished') : 'unpublished';

/** A campaign in a list: enough to pick one and to ask for its performance; budgets with their currency. */
export function campaignSummary(c: Json, ctx: ViewContext = {}): Json {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    adsStatus: adsStatusOf(c),
    ...dropEmpty({
      customerId: c.adsPlatform?.customerId,
      campaignType: c.campaignType,
      budget: c.budget,
      currencyCode: currencyOf(ctx, c.adsPlatform?.customerId),
      budgetType: c.budgetType,
      locations: c.locations,
      language: c.language,
    }),
    slots: (c.audiences ?? []).length,
  };
}

/** One campaign: its settings and its audience slots, without the brand's text and the page URL. */
export function campaignView(c: Json, ctx: ViewContext = {}): Json {
  const { slots: _count, ...summary } = campaignSummary(c, ctx);
  return {
    ...summary,
    ...dropEmpty({
      objective: c.objective,
      industry: c.industry,
      brandId: c.brandId,
      brandName: c.brandId ? c.brand?.name : null,
      successMetrics: c.successMetrics,
      endDate: c.endDate,
      biddingStrategy: c.biddingStrategy,
      targetCpa: c.targetCpa,
      targetRoas: c.targetRoas,
      accountName: c.adsPlatform?.accountName,
    }),
    slots: (c.audiences ?? []).map((s: Json) => ({
      slotId: s.id,
      name: s.name,
      ...dropEmpty({ savedAudienceId: s.audienceId }),
      dataStoreIds: s.dataStoreIds,
    })),
  };
}

export const workspaceView = (w: Json, ctx: ViewContext = {}): Json => ({
  ...w,
  recentCampaigns: (w.recentCampaigns ?? []).map((c: Json) => campaignSummary(c, ctx)),
});

export type Section = (typeof SECTIONS)[number];

export interface TargetingFilter {
  slotIds?: string[];
  sections?: Section[];
}

/**
 * Targeting: per slot its state and items by section; a keyword as { text, matchType }, the other
 * sections' items as their text. The full view keeps the API's items (label and source too),
 * which is what edit_targeting takes back.
 */
export function targetingView(t: Json, filter: TargetingFilter, full: boolean): Json {
  const sections = filter.sections?.length ? filter.sections : SECTIONS;
  const slots = (t.audiences ?? []).filter(
    (s: Json) => !filter.slotIds?.length || filter.slotIds.includes(s.id),
  );
  const out: Json = {
    campaignId: t.campaignId,
    ...dropEmpty({ campaignType: t.campaignType }),
    slots: slots.map((s: Json) => {
      const items = (s.items ?? []) as Json[];
      const slot: Json = {
        slotId: s.id,
        name: s.name,
        ...dropEmpty({ savedAudienceId: s.audienceId }),
        status: s.status,
        ...dropEmpty({ error: s.error, updatedAt: s.updatedAt }),
      };
      if (full) {
        slot.items = items.filter((i) => (sections as readonly string[]).includes(i.section));
        return slot;
      }
      for (const section of sections) {
        const mine = items.filter((i) => i.section === section);
        if (!mine.length) continue;
        slot[section] =
          section === 'keywords'
            ? mine.map((i) => ({ text: i.text, matchType: i.matchType }))
            : mine.map((i) => i.text);
      }
      return slot;
    }),
  };
  for (const k of ['started', 'skipped'] as const) if (t[k] !== undefined) out[k] = t[k];
  return out;
}

/**
 * A slot's exclusions grouped by reason, then section, as texts: the same facts in a third of the
 * tokens (a slot may leave out hundreds of items).
 */
export function exclusionsView(list: Json[]): Json[] {
  const groups = new Map<string, Json>();
  for (const e of list) {
    const g = groups.get(e.reason) ?? groups.set(e.reason, { reason: e.reason }).get(e.reason)!;
    (g[e.section] ??= []).push(e.text);
  }
  return [...groups.values()];
}

/** An edit of a few items: the slot's state and counts, what changed, and what stays left out. */
export const targetingChangeView = (c: Json): Json => ({
  slotId: c.slotId,
  status: c.status,
  itemCount: c.itemCount,
  itemCounts: Object.fromEntries(Object.entries(c.itemCounts ?? {}).filter(([, n]) => n !== 0)),
  ...dropEmpty({
    added: c.added,
    removed: c.removed,
    restored: c.restored,
    exclusions: exclusionsView(c.exclusions ?? []),
  }),
});

/** A video with the chosen fields (videoId always). */
export function videoView(v: Json, fields: readonly string[]): Json {
  const out: Json = { videoId: v.videoId };
  for (const f of fields)
    if (f in v && (STORE_VIDEO_FIELDS as readonly string[]).includes(f)) out[f] = v[f];
  return out;
}

export const storeChannelView = (c: Json): Json => ({
  channelId: c.channelId,
  title: c.title,
  ...dropEmpty({ handle: c.handle, country: c.country }),
  subscribers: c.subscribers,
  videoCount: c.videoCount,
});

/** A channel found by exploration: who it is and its first topics. */
export const explorationChannelView = (c: Json): Json => ({
  channelId: c.channelId,
  title: c.title,
  ...dropEmpty({ handle: c.handle, country: c.country }),
  subscribers: c.subscribers,
  topics: (c.topics ?? []).slice(0, 3),
  ...(c.similarity !== undefined ? { similarity: c.similarity, sharedTopics: c.sharedTopics } : {}),
});

/** One exploration channel: all but the image, with its five latest titles. */
export const explorationChannelDetail = (c: Json): Json => {
  const { imageUrl: _image, ...rest } = c;
  return { ...rest, recentTitles: (c.recentTitles ?? []).slice(0, 5) };
};

export const audienceSummary = (a: Json): Json => ({
  id: a.id,
  name: a.name,
  kind: a.kind,
  ...dropEmpty({ description: truncate(a.description, 160), dataStoreIds: a.dataStoreIds }),
  keywords: (a.keywords ?? []).length,
  topics: (a.topics ?? []).length,
});

export const dataStoreView = (d: Json): Json => ({
  id: d.id,
  name: d.name,
  status: d.status,
  ...dropEmpty({ error: d.error }),
  scope: d.scope,
  channelCount: d.channelCount,
  videoCount: d.videoCount,
});

export const brandSummary = (b: Json): Json => ({
  id: b.id,
  name: b.name,
  ...dropEmpty({ website: b.website }),
});

/**
 * The performance report without the ad platform's own ids, in figures that cannot mislead: the
 * account's currency; a campaign that served nothing in the range says `delivery: "did not run"`
 * instead of a row of zeros; a ratio whose denominator is 0 is left out (the API's 0 there means
 * none, and would win a "lowest cost per conversion"); a campaign deleted in the service says so;
 * `dailyOf` says whose days `daily` holds: the account's (all its campaigns) or the one campaign's.
 */
export const performanceView = (p: Json, ctx: ViewContext = {}, campaignId?: string): Json => ({
  customerId: p.customerId,
  ...dropEmpty({ currencyCode: currencyOf(ctx, p.customerId) }),
  dateRange: p.dateRange,
  campaigns: (p.campaigns ?? []).map(reportRowView),
  dailyOf: campaignId ? 'campaign' : 'account',
  daily: p.daily,
});

/**
 * What `detail: "full"` (the API's own report, unchanged) cannot say in its fields: the currency of
 * its amounts, and that its 0 ratios beside a 0 denominator mean none, naming the campaigns that
 * did not run.
 */
export function performanceNote(p: Json, ctx: ViewContext = {}): string {
  const currency = currencyOf(ctx, p.customerId);
  const idle = ((p.campaigns ?? []) as Json[]).filter((c) => !c.impressions).map((c) => c.name);
  const parts = [
    currency ? `amounts (cost, cpc, costPerConversion) in ${currency}` : undefined,
    'a ratio is 0 where its denominator (clicks, conversions, cost) is 0: none, not free or best',
    idle.length ? `did not run in this range: ${idle.join(', ')}` : undefined,
  ];
  return parts.filter(Boolean).join('; ');
}

function reportRowView(c: Json): Json {
  const head: Json = {
    campaignId: c.campaignId,
    name: c.name,
    ...dropEmpty({ campaignType: c.campaignType }),
    status: c.status,
  };
  if (c.deletedInService) head.deletedInService = true;
  if (!c.impressions) return { ...head, delivery: 'did not run' };
  return {
    ...head,
    impressions: c.impressions,
    clicks: c.clicks,
    cost: c.cost,
    conversions: c.conversions,
    ctr: c.ctr,
    ...(c.clicks ? { cpc: c.cpc } : {}),
    ...(c.conversions ? { costPerConversion: c.costPerConversion } : {}),
    ...(c.cost ? { roas: c.roas } : {}),
  };
}

/**
 * A deleted campaign, and what the delete left: its ad-platform campaign (the contract leaves it as
 * it was). No tool can remove it there, so the answer says who can.
 */
export function deletedCampaignView(body: Json, ctx: ViewContext = {}): Json {
  const ads = ctx.before?.adsPlatform;
  if (!ads?.campaignId) return body;
  const left = {
    googleAdsCampaignId: ads.campaignId,
    customerId: ads.customerId,
    status: ads.status,
  };
  if (ads.status === 'REMOVED')
    return {
      ...body,
      adPlatform: { ...left, note: 'already REMOVED there: nothing remains to do' },
    };
  const note =
    ads.status === 'ENABLED'
      ? 'not deleted: it stays ENABLED and keeps spending until a person removes it (REMOVED) in the ad platform; no tool can'
      : 'not deleted: it stays PAUSED there (spending nothing unless turned on); a person removes it (REMOVED) in the ad platform; no tool can';
  return { ...body, adPlatform: { ...left, note } };
}

export function truncate(s: unknown, max: number): string {
  const text = typeof s === 'string' ? s : '';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A page of the API (data, nextCursor) with each item in a view. */
export const pageOf =
  (view: (item: Json, ctx: ViewContext) => Json) =>
  (p: Json, ctx: ViewContext = {}): Json => ({
    ...p,
    data: (p.data ?? []).map((item: Json) => view(item, ctx)),
  });
