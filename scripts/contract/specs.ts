/**
 * The named enumerations and bounds of the contract, each with the fields of the operations it is
 * read from: the table scripts/contract/render-contract.ts writes src/generated/contract.ts from.
 */
import type { At } from './documents.ts';

export interface EnumSpec {
  name: string;
  type: string;
  what: string;
  at: At[];
  /** values of the schema that are not choices (the empty match type of a non-keyword item) */
  without?: string[];
  /** also emit the schema's default, under this name */
  defaultName?: string;
}

export interface BoundSpec {
  key: string;
  what: string;
  at: At[];
}

const NAMED_WRITES = [
  'create_campaign',
  'update_campaign',
  'create_audience',
  'update_audience',
  'create_data_store',
  'update_data_store',
  'create_brand',
  'update_brand',
];
const bodyOf = (ops: string[], field: string): At[] => ops.map((o) => `${o} body.${field}`);
const LISTS = [
  'list_campaigns',
  'list_audiences',
  'list_data_stores',
  'list_brands',
  'list_data_store_channels',
  'list_data_store_videos',
  'search_exploration_channels',
  'list_exploration_channel_videos',
];

/** The enumerations of the API the CLI offers as choices or reads in answers. */
export const ENUMS: EnumSpec[] = [
  {
    name: 'CAMPAIGN_TYPES',
    type: 'CampaignType',
    what: 'Campaign types',
    at: [
      'create_campaign body.campaignType',
      'update_campaign body.campaignType',
      'get_campaign response.campaignType',
    ],
  },
  {
    name: 'CAMPAIGN_STATUSES',
    type: 'CampaignStatus',
    what: 'Campaign statuses',
    at: ['list_campaigns query.status', 'get_campaign response.status'],
  },
  {
    name: 'ADS_STATUS_FILTERS',
    type: 'AdsStatusFilter',
    what: 'Delivery states a campaign list can filter on (adsPlatform.status, or unpublished)',
    at: ['list_campaigns query.adsStatus'],
  },
  {
    name: 'BUDGET_TYPES',
    type: 'BudgetType',
    what: 'Budget types',
    at: [
      'create_campaign body.budgetType',
      'update_campaign body.budgetType',
      'get_campaign response.budgetType',
    ],
  },
  {
    name: 'BIDDING_STRATEGIES',
    type: 'BiddingStrategy',
    what: 'Bidding strategies',
    at: [
      'create_campaign body.biddingStrategy',
      'update_campaign body.biddingStrategy',
      'get_campaign response.biddingStrategy',
    ],
  },
  {
    name: 'AUDIENCE_KINDS',
    type: 'AudienceKind',
    what: 'Kinds of saved audience',
    at: ['create_audience body.kind', 'update_audience body.kind', 'get_audience response.kind'],
  },
  {
    name: 'DATE_PRESETS',
    type: 'DatePreset',
    what: "Performance date ranges, in the account's time zone",
    at: ['get_performance query.dateRange', 'get_performance response.dateRange.preset'],
    defaultName: 'DEFAULT_DATE_PRESET',
  },
  {
    name: 'TARGETING_SECTIONS',
    type: 'TargetingSection',
    what: 'Sections of targeting, in the order the API lists them',
    at: [
      'edit_targeting body.items[].section',
      'get_targeting response.audiences[].items[].section',
    ],
  },
  {
    name: 'MATCH_TYPES',
    type: 'MatchType',
    what: 'Match types of a keyword',
    at: ['edit_targeting body.items[].matchType'],
    without: [''],
  },
  {
    name: 'TARGETING_STATUSES',
    type: 'TargetingStatus',
    what: "Statuses of an audience slot's targeting",
    at: ['get_targeting response.audiences[].status'],
  },
  {
    name: 'DATA_STORE_STATUSES',
    type: 'DataStoreStatus',
    what: 'Data store statuses',
    at: ['get_data_store response.status'],
  },
  {
    name: 'DATA_STORE_SCOPES',
    type: 'DataStoreScope',
    what: "Data store scopes: the workspace's own, or the shared library",
    at: ['get_data_store response.scope'],
  },
  {
    name: 'SEEDS',
    type: 'SeedName',
    what: 'Seeds a workspace can be reset to',
    at: ['reset_workspace body.seed', 'reset_workspace response.seed'],
  },
  {
    name: 'FAULT_METHODS',
    type: 'FaultMethod',
    what: 'Methods a fault rule matches (* is any)',
    at: ['add_fault body.method'],
  },
  {
    name: 'ERROR_CODES',
    type: 'ErrorCode',
    what: "The API's error codes",
    at: ['get_workspace response!400.error.code'],
  },
];

/** The bounds of the API the CLI states in its help or checks before sending. */
export const BOUNDS: BoundSpec[] = [
  {
    key: 'name',
    what: 'Characters of a name (campaign, audience slot, saved audience, data store, brand)',
    at: [
      ...bodyOf(NAMED_WRITES, 'name'),
      'add_campaign_audience body.name',
      'update_campaign_audience body.name',
    ],
  },
  {
    key: 'description',
    what: 'Characters of a description (saved audience, data store, brand)',
    at: bodyOf(
      [
        'create_audience',
        'update_audience',
        'create_data_store',
        'update_data_store',
        'create_brand',
        'update_brand',
      ],
      'description',
    ),
  },
  {
    key: 'language',
    what: "Characters of a campaign's language tag",
    at: bodyOf(['create_campaign', 'update_campaign'], 'language'),
  },
  {
    key: 'objective',
    what: "Characters of a campaign's objective",
    at: bodyOf(['create_campaign', 'update_campaign'], 'objective'),
  },
  {
    key: 'industry',
    what: "Characters of a campaign's industry",
    at: bodyOf(['create_campaign', 'update_campaign'], 'industry'),
  },
  {
    key: 'locations',
    what: 'Locations of a campaign',
    at: bodyOf(['create_campaign', 'update_campaign'], 'locations'),
  },
  {
    key: 'successMetrics',
    what: 'Success metrics of a campaign',
    at: bodyOf(['create_campaign', 'update_campaign'], 'successMetrics'),
  },
  {
    key: 'budget',
    what: "A campaign's budget, in the account's currency",
    at: bodyOf(['create_campaign', 'update_campaign'], 'budget'),
  },
  {
    key: 'targetCpa',
    what: 'Target cost per acquisition',
    at: bodyOf(['create_campaign', 'update_campaign'], 'targetCpa'),
  },
  {
    key: 'targetRoas',
    what: 'Target return on ad spend',
    at: bodyOf(['create_campaign', 'update_campaign'], 'targetRoas'),
  },
  {
    key: 'dataStoreIds',
    what: 'Data stores of an audience',
    at: [
      ...bodyOf(
        ['create_campaign', 'update_campaign_audience', 'create_audience', 'update_audience'],
        'dataStoreIds',
      ),
    ],
  },
  {
    key: 'keywords',
    what: 'Keywords of a saved audience',
    at: bodyOf(['create_audience', 'update_audience'], 'keywords'),
  },
  {
    key: 'channelIds',
    what: 'Channels a data store collects',
    at: bodyOf(['create_data_store', 'update_data_store'], 'channelIds'),
  },
  {
    key: 'videoIds',
    what: 'Single videos a data store collects',
    at: bodyOf(['create_data_store', 'update_data_store'], 'videoIds'),
  },
  {
    key: 'importChannels',
    what: 'Channels in one import request',
    at: ['import_data_store body.channels'],
  },
  {
    key: 'importVideos',
    what: 'Videos in one import request',
    at: ['import_data_store body.videos'],
  },
  {
    key: 'importComments',
    what: 'Comments (or comment threads) in one import request',
    at: ['import_data_store body.comments'],
  },
  { key: 'targetingItems', what: 'Items of one audience slot', at: ['edit_targeting body.items'] },
  {
    key: 'targetingText',
    what: 'Characters of a targeting item',
    at: ['edit_targeting body.items[].text'],
  },
  {
    key: 'generateSlots',
    what: 'Audience slots named in one generate request',
    at: ['generate_targeting body.audienceIds'],
  },
  { key: 'listLimit', what: 'Page size of a list', at: LISTS.map((o) => `${o} query.limit`) },
  {
    key: 'similarLimit',
    what: 'How many similar channels',
    at: ['list_similar_channels query.limit'],
  },
  {
    key: 'searchQuery',
    what: 'Characters of a channel search',
    at: ['search_exploration_channels query.query'],
  },
  {
    key: 'idempotencyKey',
    what: 'Characters of an Idempotency-Key',
    at: ['create_campaign header.Idempotency-Key', 'add_fault header.Idempotency-Key'],
  },
  { key: 'faultPath', what: "Characters of a fault rule's path", at: ['add_fault body.path'] },
  {
    key: 'faultStatus',
    what: 'The status a fault rule answers with',
    at: ['add_fault body.status'],
  },
  { key: 'faultDelayMs', what: 'The delay of a fault rule, in ms', at: ['add_fault body.delayMs'] },
  {
    key: 'faultCount',
    what: 'How many requests a fault rule applies to',
    at: ['add_fault body.count'],
  },
  {
    key: 'faultProbability',
    what: 'The probability a fault rule applies to a request',
    at: ['add_fault body.probability'],
  },
  {
    key: 'journalLimit',
    what: 'Requests of the journal to list (its size is the maximum)',
    at: ['list_requests query.limit'],
  },
];
