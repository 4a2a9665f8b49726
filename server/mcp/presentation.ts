/**
 * The code of each tool's presentation: an operation declares how its tool presents it
 * (server/operations/tool-presentation.ts, its `tool` field: renames, listed schemas, filters, waits,
 * the name of its compact view) and this module gives each named view, lookup and fill its function.
 */
import type { Operation } from '../operations/operation.ts';
import {
  COMPACT_VIDEO_FIELDS,
  STORE_VIDEO_FIELDS,
  type ToolPresentation,
  type ToolView,
} from '../operations/tool-presentation.ts';
import {
  audienceSummary,
  brandSummary,
  campaignSummary,
  campaignView,
  dataStoreView,
  deletedCampaignView,
  explorationChannelDetail,
  explorationChannelView,
  exclusionsView,
  pageOf,
  performanceNote,
  performanceView,
  storeChannelView,
  targetingChangeView,
  targetingView,
  videoView,
  workspaceView,
  type Json,
  type Section,
  type ViewContext,
} from './views.ts';

export type { ToolRename as Rename } from '../operations/tool-presentation.ts';

/** A tool's presentation as the MCP door runs it: the declaration, its named parts as code. */
export interface Presentation extends Omit<ToolPresentation, 'view' | 'fill'> {
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
}

type ViewParts = Pick<Presentation, 'view' | 'lookup' | 'lookupInFull' | 'noteOf'>;

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

/** Each named view: its function and what it looks up beside the answer. */
const VIEWS: Record<ToolView, ViewParts> = {
  workspace: { view: compact(workspaceView), lookup: currencies },
  campaign: { view: compact(campaignView), lookup: currencies },
  campaignPage: { view: compact(pageOf(campaignSummary)), lookup: currencies },
  deletedCampaign: {
    view: (b, _a, _full, ctx) => deletedCampaignView(b, ctx),
    lookup: campaignBefore,
  },
  targeting: { view: targeting },
  targetingOfAskedSlots: {
    view: (b, a, full) => targetingView(b, { slotIds: a.slotIds as string[] | undefined }, full),
  },
  targetingOfSlot: {
    view: (b, a, full) => targetingView(b, { slotIds: [a.slotId as string] }, full),
  },
  targetingChange: { view: compact(targetingChangeView) },
  exclusions: { view: (b) => ({ data: exclusionsView(b.data ?? []) }) },
  audiencePage: { view: compact(pageOf(audienceSummary)) },
  dataStorePage: { view: compact(pageOf(dataStoreView)) },
  storeChannelPage: { view: compact(pageOf(storeChannelView)) },
  videos: { view: videosView },
  brandPage: { view: compact(pageOf(brandSummary)) },
  performance: {
    view: (b, a, full, ctx) =>
      full ? b : performanceView(b, ctx, a.campaignId as string | undefined),
    lookup: currencies,
    lookupInFull: true,
    noteOf: (b, _a, full, ctx) => (full ? performanceNote(b, ctx) : undefined),
  },
  explorationChannel: { view: compact(explorationChannelDetail) },
  explorationChannelPage: { view: compact(pageOf(explorationChannelView)) },
};

const FILLS: Record<NonNullable<ToolPresentation['fill']>, NonNullable<Presentation['fill']>> = {
  defaultAccount,
};

/** The operation's tool presentation, its named parts resolved to their code. */
export function presentationOf(op: Operation): Presentation {
  const { view, fill, ...declared } = op.tool ?? {};
  return {
    ...declared,
    ...(view ? VIEWS[view] : {}),
    ...(fill ? { fill: FILLS[fill] } : {}),
  };
}
