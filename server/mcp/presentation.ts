/**
 * How each tool presents its operation to a model, beside what the operation table says: argument
 * names that cannot be confused (slotIds for a campaign's audience slots, savedAudienceIds for saved
 * audiences; mapped back to the contract's fields), the compact view of its result, filters where a
 * result grows, the MCP-only waits, and listed schemas lighter than the contract's where the
 * contract's would fill a context window (the API still validates the real ones).
 */
import { z } from 'zod';
import { customerId } from '../schemas/common.ts';
import { storeVideo } from '../schemas/records.ts';
import {
  audienceSummary,
  brandSummary,
  campaignSummary,
  campaignView,
  COMPACT_VIDEO_FIELDS,
  dataStoreView,
  deletedCampaignView,
  explorationChannelDetail,
  explorationChannelView,
  exclusionsView,
  pageOf,
  performanceNote,
  performanceView,
  SECTIONS,
  storeChannelView,
  STORE_VIDEO_FIELDS,
  targetingChangeView,
  targetingView,
  videoView,
  workspaceView,
  type Json,
  type Section,
  type ViewContext,
} from './views.ts';

export interface Rename {
  /** the contract's field (path, query or body) this argument stands for */
  from: string;
  /** the listed description, where the contract's own would say the ambiguous name */
  description?: string;
}

export interface Presentation {
  /** argument name → the contract field it is sent as */
  renames?: Record<string, Rename>;
  /** a contract field listed with a lighter schema than the contract's (by the contract's name) */
  listedAs?: Record<string, z.ZodType>;
  /** MCP-only arguments read by the view; never sent to the API */
  args?: Record<string, z.ZodType>;
  /** whether the tool takes detail: "full" (the API's own record) */
  detail?: boolean;
  /** the answer as the tool gives it; `full` when detail is "full"; `ctx` what `lookup` found */
  view?: (body: Json, args: Json, full: boolean, ctx: ViewContext) => Json;
  /**
   * What the compact view needs beside the answer, read with the caller's key through `get` (a GET
   * under the API prefix; undefined for an answer that is not 2xx). Made before a write (it may read
   * what the write removes), beside a read; a lookup that fails only leaves its part out.
   */
  lookup?: (args: Json, get: (path: string) => Promise<Json | undefined>) => Promise<ViewContext>;
  /** whether `lookup` runs for detail "full" too (for `noteOf`): otherwise the full record needs none */
  lookupInFull?: boolean;
  /** a text block beside the result: what the record cannot say in its own fields (detail full too) */
  noteOf?: (body: Json, args: Json, full: boolean, ctx: ViewContext) => string | undefined;
  /**
   * Arguments the tool fills in before the request, as the CLI defaults them (read with the
   * caller's key): the arguments to send and a sentence saying what was chosen; undefined leaves
   * them as given (the API then names what is missing).
   */
  fill?: (
    args: Json,
    get: (path: string) => Promise<Json | undefined>,
  ) => Promise<{ args: Json; note: string } | undefined>;
  /** MCP-only wait: generated targeting, or a data store's collection */
  wait?: 'targeting' | 'dataStore';
  /** arguments holding audience-slot ids / saved-audience ids: a mix-up is named in the error */
  slotArgs?: string[];
  savedAudienceArgs?: string[];
  /** appended to the operation's description */
  note?: string;
}

const hex = z.string().regex(/^[a-f0-9]{24}$/);
const slotIdsFilter = z.array(hex).max(25).optional().meta({ description: 'only these slots' });
const sectionsFilter = z
  .array(z.enum(SECTIONS))
  .optional()
  .meta({ description: 'only these sections' });
const videoFields = z
  .array(z.enum(STORE_VIDEO_FIELDS as [string, ...string[]]))
  .max(STORE_VIDEO_FIELDS.length)
  .optional()
  .meta({
    description: `fields to return beside videoId (default ${COMPACT_VIDEO_FIELDS.slice(1).join(', ')})`,
  });

/**
 * Targeting items as the writes take them, listed without bounds, prose and the fields a model
 * rarely sets (label, source: still taken); the API checks the real schema.
 */
const itemsListed = z.array(
  z.object({
    section: z.enum(SECTIONS),
    text: z.string(),
    matchType: z.enum(['EXACT', 'PHRASE', 'BROAD', '']).optional(),
  }),
);
const itemRefsListed = z.array(z.object({ section: z.string(), text: z.string() }).partial());

const slotIdsRename = {
  from: 'audienceIds',
  description: 'audience slot ids (slotId in get_campaign or get_targeting)',
};
const savedAudienceId = { from: 'audienceId', description: 'saved audience id' };

const resources = (what: string, max: number) =>
  z
    .array(z.looseObject({}))
    .max(max)
    .optional()
    .meta({ description: `${what} resources of the YouTube Data API v3` });

/** The videos of a listing, narrowed to `fields` (all with detail full). */
const videosView = (p: Json, args: Json, full: boolean): Json => {
  const fields: readonly string[] =
    (args.fields as string[] | undefined) ?? (full ? STORE_VIDEO_FIELDS : COMPACT_VIDEO_FIELDS);
  return { ...p, data: (p.data ?? []).map((v: Json) => videoView(v, fields)) };
};

const targeting = (body: Json, args: Json, full: boolean) =>
  targetingView(
    body,
    {
      slotIds: args.slotIds as string[] | undefined,
      sections: args.sections as Section[] | undefined,
    },
    full,
  );

/** For the tools whose compact view is their only one (writes answer compact; get_* with detail full show all). */
const compact =
  (view: (b: Json, ctx: ViewContext) => Json) =>
  (body: Json, _args: Json, full: boolean, ctx: ViewContext) => (full ? body : view(body, ctx));

/** Each account's currency, for the views that show budgets and costs next to it. */
const currencies: Presentation['lookup'] = async (_args, get) => {
  const accounts = (await get('/ads-platform/accounts'))?.data as Json[] | undefined;
  return accounts
    ? {
        currencies: Object.fromEntries(
          accounts.map((a) => [a.customerId as string, a.currencyCode as string]),
        ),
      }
    : {};
};

/**
 * get_performance without customerId: the campaign's own account with campaignId, else the
 * workspace's default (list_ads_accounts answers it first), as `adcli performance` chooses.
 */
const defaultAccount: Presentation['fill'] = async (args, get) => {
  if (args.customerId !== undefined && args.customerId !== null) return undefined;
  const id = args.campaignId;
  if (typeof id === 'string' && /^[a-f0-9]{24}$/.test(id)) {
    const own = (await get(`/campaigns/${id}`))?.adsPlatform?.customerId;
    if (typeof own === 'string')
      return {
        args: { ...args, customerId: own },
        note: `account ${own}, the campaign's own; customerId picks another`,
      };
  }
  const first = ((await get('/ads-platform/accounts'))?.data as Json[] | undefined)?.[0];
  if (!first) return undefined;
  return {
    args: { ...args, customerId: first.customerId },
    note: `account ${first.customerId} (${first.name}), the workspace's default; customerId picks another`,
  };
};

/** The campaign a delete is about to remove: whether it is in the ad platform decides what the answer says remains. */
const campaignBefore: Presentation['lookup'] = async (args, get) => ({
  before: await get(`/campaigns/${encodeURIComponent(String(args.campaignId))}`),
});

export const PRESENTATIONS: Record<string, Presentation> = {
  get_workspace: { detail: true, view: compact(workspaceView), lookup: currencies },
  list_campaigns: { detail: true, view: compact(pageOf(campaignSummary)), lookup: currencies },
  create_campaign: {
    renames: {
      savedAudienceIds: {
        from: 'audienceIds',
        description:
          'saved audiences to attach (ids from list_audiences); the campaign keeps a copy of each in a slot',
      },
    },
    view: compact(campaignView),
    lookup: currencies,
    savedAudienceArgs: ['savedAudienceIds'],
  },
  get_campaign: { detail: true, view: compact(campaignView), lookup: currencies },
  update_campaign: { view: compact(campaignView), lookup: currencies },
  delete_campaign: {
    note: 'One ENABLED there keeps spending until a person removes it in the ad platform.',
    view: (b, _a, _full, ctx) => deletedCampaignView(b, ctx),
    lookup: campaignBefore,
  },
  add_campaign_audience: {
    renames: { savedAudienceId },
    view: compact(campaignView),
    lookup: currencies,
    savedAudienceArgs: ['savedAudienceId'],
  },
  update_campaign_audience: {
    view: compact(campaignView),
    lookup: currencies,
    slotArgs: ['slotId'],
  },
  remove_campaign_audience: {
    view: compact(campaignView),
    lookup: currencies,
    slotArgs: ['slotId'],
  },
  get_targeting: {
    detail: true,
    args: { slotIds: slotIdsFilter, sections: sectionsFilter },
    view: targeting,
    slotArgs: ['slotIds'],
  },
  generate_targeting: {
    renames: { slotIds: slotIdsRename },
    listedAs: { audienceIds: z.array(z.string()).max(25).optional() },
    wait: 'targeting',
    // the slots asked for (all when none is named): one regenerated slot does not echo the others
    view: (b, a, full) => targetingView(b, { slotIds: a.slotIds as string[] | undefined }, full),
    slotArgs: ['slotIds'],
    note: 'wait: true waits for the slots (also ones generating) instead of 409.',
  },
  edit_targeting: {
    view: (b, a, full) => targetingView(b, { slotIds: [a.slotId as string] }, full),
    slotArgs: ['slotId'],
    listedAs: { items: itemsListed },
  },
  change_targeting_items: {
    view: compact(targetingChangeView),
    slotArgs: ['slotId'],
    listedAs: {
      add: itemsListed.optional(),
      remove: itemRefsListed.optional(),
      restore: itemRefsListed.optional(),
    },
  },
  list_targeting_exclusions: {
    view: (b) => ({ data: exclusionsView(b.data ?? []) }),
    slotArgs: ['slotId'],
  },
  list_audiences: { detail: true, view: compact(pageOf(audienceSummary)) },
  get_audience: { renames: { savedAudienceId }, savedAudienceArgs: ['savedAudienceId'] },
  update_audience: { renames: { savedAudienceId }, savedAudienceArgs: ['savedAudienceId'] },
  delete_audience: { renames: { savedAudienceId }, savedAudienceArgs: ['savedAudienceId'] },
  list_data_stores: { detail: true, view: compact(pageOf(dataStoreView)) },
  create_data_store: { wait: 'dataStore', note: 'With wait: true it answers once collected.' },
  update_data_store: { wait: 'dataStore' },
  import_data_store: {
    wait: 'dataStore',
    listedAs: {
      channels: resources('youtube#channel', 100),
      videos: resources('youtube#video', 1000),
      comments: resources('youtube#commentThread or youtube#comment', 5000),
    },
  },
  list_data_store_channels: { detail: true, view: compact(pageOf(storeChannelView)) },
  list_data_store_videos: { detail: true, args: { fields: videoFields }, view: videosView },
  list_brands: { detail: true, view: compact(pageOf(brandSummary)) },
  create_ads_campaign: { view: compact(campaignView), lookup: currencies },
  get_performance: {
    detail: true,
    listedAs: {
      customerId: customerId.optional().meta({
        description: "default: the campaign's account with campaignId, else the workspace's",
      }),
    },
    fill: defaultAccount,
    view: (b, a, full, ctx) =>
      full ? b : performanceView(b, ctx, a.campaignId as string | undefined),
    lookup: currencies,
    lookupInFull: true,
    noteOf: (b, _a, full, ctx) => (full ? performanceNote(b, ctx) : undefined),
  },
  get_exploration_channel: { detail: true, view: compact(explorationChannelDetail) },
  search_exploration_channels: { detail: true, view: compact(pageOf(explorationChannelView)) },
  list_exploration_channel_videos: {
    detail: true,
    args: { fields: videoFields },
    view: videosView,
  },
  list_similar_channels: { detail: true, view: compact(pageOf(explorationChannelView)) },
};

/** The fields of a video record, checked against the record's schema at load (a renamed field fails here). */
for (const f of COMPACT_VIDEO_FIELDS)
  if (!(f in storeVideo.shape))
    throw new Error(`compact video field ${f} is not a field of a video`);
