import { z } from 'zod';
import { audienceResource } from './audience.ts';
import { brandResource } from './brand.ts';
import { campaignResource } from './campaign.ts';
import { isoTime } from './common.ts';
import { dataStoreResource } from './data-store.ts';

/** Response shapes, exactly the contract's tables: every field present, null where unset, nothing extra. */

export {
  BIDDING_STRATEGIES,
  BUDGET_TYPES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  campaignAudienceSlot,
} from './campaign.ts';
export { AUDIENCE_KINDS } from './audience.ts';
export { DATA_STORE_SCOPES, DATA_STORE_STATUSES } from './data-store.ts';
export const TARGETING_STATUSES = ['not_generated', 'generating', 'ready', 'error'] as const;
export const ADS_STATUSES = ['PAUSED', 'ENABLED', 'REMOVED'] as const;
/** What list_campaigns can filter `adsPlatform.status` on: a platform status, or not in the ad platform yet. */
export const ADS_STATUS_FILTERS = [...ADS_STATUSES, 'unpublished'] as const;

/**
 * The two states of a campaign, said once for every operation that answers with campaigns: a model
 * reading `status: draft` on a running campaign would otherwise take it for not running.
 */
export const CAMPAIGN_STATES =
  "A campaign's status is its data readiness in this service (draft, loading, ready, error), not delivery; adsPlatform.status says whether it runs: ENABLED (running), PAUSED, REMOVED, or null until it is created in the ad platform.";

/** declared with its store columns, computed parts and flags in campaign.ts */
export const campaign = campaignResource.record;

/** declared with its store column and flag in brand.ts */
export const brand = brandResource.record;

/** declared with its store columns and flags in audience.ts */
export const audience = audienceResource.record;

/** declared with its store columns, sources and flags in data-store.ts */
export const dataStore = dataStoreResource.record;

export const storeChannel = z
  .strictObject({
    channelId: z.string(),
    title: z.string(),
    handle: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    country: z.string(),
    subscribers: z.number(),
    videoCount: z.number().meta({ description: 'videos of this channel in the data store' }),
  })
  .meta({ title: 'DataStoreChannel' });

export const storeVideo = z
  .strictObject({
    videoId: z.string(),
    channelId: z.string(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    publishedAt: isoTime.nullable(),
    viewCount: z.number(),
    likeCount: z.number(),
    commentCount: z.number().meta({ description: 'comments held in the catalog for this video' }),
    duration: z.string().meta({ description: 'ISO 8601 duration, e.g. PT12M3S' }),
  })
  .meta({ title: 'DataStoreVideo' });

export const workspace = z
  .strictObject({
    slug: z.string(),
    counts: z.strictObject({
      campaigns: z.number(),
      audiences: z.number(),
      dataStores: z.number(),
      brands: z.number(),
    }),
    recentCampaigns: z.array(campaign),
  })
  .meta({ title: 'Workspace' });

export type Campaign = z.infer<typeof campaign>;
export type Brand = z.infer<typeof brand>;
export type Audience = z.infer<typeof audience>;
export type DataStore = z.infer<typeof dataStore>;
export type StoreChannel = z.infer<typeof storeChannel>;
export type StoreVideo = z.infer<typeof storeVideo>;
export type Workspace = z.infer<typeof workspace>;
