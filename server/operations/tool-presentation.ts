/**
 * How an operation's MCP tool presents it to a model, declared beside the operation (its `tool`
 * field): argument names that cannot be confused (slotIds for a campaign's audience slots,
 * savedAudienceIds for saved audiences; mapped back to the contract's fields), listed schemas lighter
 * than the contract's where the contract's would fill a context window (the API still validates the
 * real ones), MCP-only filters and waits, and which compact view answers. Plain data: the MCP door
 * (server/mcp/presentation.ts) gives each named view, lookup and fill its code, so this layer
 * imports nothing above it.
 */
import { z } from 'zod';
import { customerId } from '../schemas/common.ts';
import { storeVideo } from '../schemas/records.ts';
import { SECTIONS } from '../schemas/targeting-input.ts';

export interface ToolRename {
  /** the contract's field (path, query or body) this argument stands for */
  from: string;
  /** the listed description, where the contract's own would say the ambiguous name */
  description?: string;
}

/**
 * The compact views a tool can answer with (server/mcp/views.ts). A view brings what it needs
 * beside the answer (each account's currency, the campaign before a delete) and `detail: "full"`
 * gives the API's own record.
 */
export const TOOL_VIEWS = [
  'workspace',
  'campaign',
  'campaignPage',
  'deletedCampaign',
  /** the slots and sections asked for with the MCP-only slotIds and sections filters */
  'targeting',
  /** the slots the request names in slotIds (all when none): one regenerated slot does not echo the others */
  'targetingOfAskedSlots',
  /** the one slot of slotId */
  'targetingOfSlot',
  'targetingChange',
  'exclusions',
  'audiencePage',
  'dataStorePage',
  'storeChannelPage',
  /** narrowed to the MCP-only fields argument */
  'videos',
  'brandPage',
  /** with a note of what the figures cannot say, for detail full too */
  'performance',
  'explorationChannel',
  'explorationChannelPage',
] as const;
export type ToolView = (typeof TOOL_VIEWS)[number];

export interface ToolPresentation {
  /** argument name → the contract field it is sent as */
  renames?: Record<string, ToolRename>;
  /** a contract field listed with a lighter schema than the contract's (by the contract's name) */
  listedAs?: Record<string, z.ZodType>;
  /** MCP-only arguments read by the view; never sent to the API */
  args?: Record<string, z.ZodType>;
  /** whether the tool takes detail: "full" (the API's own record) */
  detail?: boolean;
  /** the compact view of the answer; none: the API's own record */
  view?: ToolView;
  /** get_performance's account, chosen as `adcli performance` chooses it when none is given */
  fill?: 'defaultAccount';
  /** MCP-only wait: generated targeting, or a data store's collection */
  wait?: 'targeting' | 'dataStore';
  /** arguments holding audience-slot ids / saved-audience ids: a mix-up is named in the error */
  slotArgs?: string[];
  savedAudienceArgs?: string[];
  /** appended to the operation's description */
  note?: string;
}

/** The fields a video listing can be narrowed to (`fields`). */
export const STORE_VIDEO_FIELDS = Object.keys(
  storeVideo.shape,
) as (keyof typeof storeVideo.shape)[];

/** The fields a video listing shows unless `fields` or detail full says otherwise. */
export const COMPACT_VIDEO_FIELDS = [
  'videoId',
  'title',
  'publishedAt',
  'viewCount',
  'commentCount',
] as const satisfies readonly (keyof typeof storeVideo.shape)[];

const hex = z.string().regex(/^[a-f0-9]{24}$/);

/** The MCP-only filters of get_targeting. */
export const targetingFilters = {
  slotIds: z.array(hex).max(25).optional().meta({ description: 'only these slots' }),
  sections: z.array(z.enum(SECTIONS)).optional().meta({ description: 'only these sections' }),
};

/** The MCP-only `fields` of a video listing. */
export const videoFields = {
  fields: z
    .array(z.enum(STORE_VIDEO_FIELDS as [string, ...string[]]))
    .max(STORE_VIDEO_FIELDS.length)
    .optional()
    .meta({
      description: `fields to return beside videoId (default ${COMPACT_VIDEO_FIELDS.slice(1).join(', ')})`,
    }),
};

/**
 * Targeting items as the writes take them, listed without bounds, prose and the fields a model
 * rarely sets (label, source: still taken); the API checks the real schema.
 */
export const itemsListed = z.array(
  z.object({
    section: z.enum(SECTIONS),
    text: z.string(),
    matchType: z.enum(['EXACT', 'PHRASE', 'BROAD', '']).optional(),
  }),
);
export const itemRefsListed = z.array(
  z.object({ section: z.string(), text: z.string() }).partial(),
);

/** YouTube Data API resources of an import, listed loosely: the API reads each in full. */
export const youtubeResourcesListed = (what: string, max: number) =>
  z
    .array(z.looseObject({}))
    .max(max)
    .optional()
    .meta({ description: `${what} resources of the YouTube Data API v3` });

/** get_performance's customerId, which the tool fills in when it is not given. */
export const customerIdFilled = customerId.optional().meta({
  description: "default: the campaign's account with campaignId, else the workspace's",
});

export const slotIdsRename: ToolRename = {
  from: 'audienceIds',
  description: 'audience slot ids (slotId in get_campaign or get_targeting)',
};
export const savedAudienceIdRename: ToolRename = {
  from: 'audienceId',
  description: 'saved audience id',
};

/** A saved audience's tool: its id named so that it cannot be taken for a slot's. */
export const savedAudienceTool: ToolPresentation = {
  renames: { savedAudienceId: savedAudienceIdRename },
  savedAudienceArgs: ['savedAudienceId'],
};

/** A write answering the campaign: its compact view. */
export const campaignTool: ToolPresentation = { view: 'campaign' };
