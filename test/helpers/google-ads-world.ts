/**
 * What the Google Ads stand-in holds and how it answers a query or a mutate (test/helpers/
 * google-ads-stand-in.ts says which reference pages each answer was written from). GAQL is read
 * only as far as the adapter writes it: the FROM resource, `campaign.id = N`, `campaign.id IN (…)`
 * and `segments.date BETWEEN 'a' AND 'b'`.
 */
import { failure, googleAdsFailure } from './google-ads-stand-in.ts';
import { search } from './google-ads-search.ts';

export interface StandInCustomer {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  /** reached through this manager account only (login-customer-id) */
  manager?: string;
  isManager?: boolean;
}

export interface StandInDay {
  date: string;
  impressions: number;
  clicks: number;
  costMicros: number;
  conversions: number;
  conversionsValue: number;
}

/**
 * One of Google's user interests (affinity and in-market segments) as the user_interest resource
 * holds it; its resource name carries the account's id, so it is made per query.
 */
export interface StandInUserInterest {
  id: string;
  name: string;
  taxonomyType: 'AFFINITY' | 'IN_MARKET';
  /** the id of its parent user interest */
  parent?: string;
  launchedToAll: boolean;
  /** CriterionCategoryAvailability, when not launched to all: empty for a deprecated one */
  availabilities?: object[];
}

export interface World {
  customers: StandInCustomer[];
  /** listAccessibleCustomers: the accounts the credentials reach directly */
  accessible: string[];
  budgets: Map<string, any>;
  campaigns: Map<string, any>;
  adGroups: Map<string, any>;
  criteria: Map<string, any>;
  /** campaign criteria (location, language), by resource name */
  campaignCriteria: Map<string, any>;
  /** geo target constants of type Country, by country code; language constants by code */
  countries: Record<string, string>;
  languages: Record<string, string>;
  /** campaign id → its days, as the metrics query reads them */
  metrics: Map<string, StandInDay[]>;
  /** a criterion text Google Ads refuses, with the error code it answers */
  refuse: Map<string, Record<string, string>>;
  topics: { resourceName: string; path: string[] }[];
  userInterests: StandInUserInterest[];
  nextId: number;
}

export function standInWorld(): World {
  return {
    customers: [
      { id: '1234567890', name: 'Northside Roastery', currency: 'EUR', timeZone: 'Europe/Berlin' },
      {
        id: '2223334444',
        name: 'Ridge Line Running',
        currency: 'USD',
        timeZone: 'America/Denver',
        manager: '9998887777',
      },
      {
        id: '9998887777',
        name: 'Agency manager',
        currency: 'USD',
        timeZone: 'America/New_York',
        isManager: true,
      },
    ],
    accessible: ['1234567890', '9998887777'],
    budgets: new Map(),
    campaigns: new Map(),
    adGroups: new Map(),
    criteria: new Map(),
    campaignCriteria: new Map(),
    countries: {
      US: 'geoTargetConstants/2840',
      DE: 'geoTargetConstants/2276',
      CA: 'geoTargetConstants/2124',
    },
    languages: {
      en: 'languageConstants/1000',
      de: 'languageConstants/1001',
      pt_BR: 'languageConstants/1014',
    },
    metrics: new Map(),
    refuse: new Map(),
    topics: [
      {
        resourceName: 'topicConstants/71',
        path: ['', 'Food & Drink', 'Beverages', 'Coffee & Tea'],
      },
      { resourceName: 'topicConstants/1077', path: ['', 'Sports', 'Running & Walking'] },
    ],
    userInterests: standInUserInterests(),
    nextId: 20_000_000_001,
  };
}

/**
 * A few of Google's user interests, named as Google names them (leaf names under parents), for the
 * segments adcli's taxonomy has: some match, some do not ("Coffee Lovers"), one is launched to Video
 * campaigns only, one to nothing (deprecated), and two in-market "Shoes" under different parents.
 */
function standInUserInterests(): StandInUserInterest[] {
  const all = (id: string, name: string, taxonomyType: 'AFFINITY' | 'IN_MARKET', parent?: string) =>
    ({ id, name, taxonomyType, launchedToAll: true, ...(parent ? { parent } : {}) }) as const;
  return [
    all('80101', 'Sports & Fitness', 'AFFINITY'),
    all('80102', 'Outdoor Enthusiasts', 'AFFINITY', '80101'),
    all('80103', 'Health & Fitness Buffs', 'AFFINITY', '80101'),
    all('80201', 'Food & Dining', 'AFFINITY'),
    all('80202', 'Cooking Enthusiasts', 'AFFINITY', '80201'),
    {
      ...all('80203', 'Coffee Shop Regulars', 'AFFINITY', '80201'),
      launchedToAll: false,
      availabilities: [
        {
          channel: {
            availabilityMode: 'CHANNEL_TYPE_AND_ALL_SUBTYPES',
            advertisingChannelType: 'VIDEO',
          },
          locale: [{ availabilityMode: 'ALL_LOCALES' }],
        },
      ],
    },
    all('80301', 'Travel', 'AFFINITY'),
    all('80302', 'Travel Buffs', 'AFFINITY', '80301'),
    all('80400', 'Travel', 'IN_MARKET'),
    all('80401', 'Air Travel', 'IN_MARKET', '80400'),
    all('80402', 'Hotels & Accommodations', 'IN_MARKET', '80400'),
    all('80500', 'Apparel & Accessories', 'IN_MARKET'),
    all('80501', 'Shoes', 'IN_MARKET', '80500'),
    all('80600', 'Sporting Goods', 'IN_MARKET'),
    all('80601', 'Shoes', 'IN_MARKET', '80600'),
    { ...all('80700', 'Motor Vehicles', 'IN_MARKET'), launchedToAll: false },
  ];
}

/**
 * What an ad group of each type takes (a Search ad group takes audience segments too, as targeting
 * unless its targeting setting says observation; the adapter does not send them).
 */
const CARRIES: Record<string, string[]> = {
  SEARCH: ['keyword', 'userInterest'],
  DISPLAY: ['keyword', 'topic', 'placement', 'youtubeChannel', 'userInterest'],
  VIDEO: ['keyword', 'topic', 'placement', 'youtubeChannel', 'userInterest'],
  DEMAND_GEN: [],
};

export function mutate(world: World, customer: string, service: string, verb: string, body: any) {
  if (service === 'googleAds' && verb === 'searchStream')
    return { status: 200, body: search(world, customer, String(body?.query ?? '')) };
  if (verb !== 'mutate')
    return {
      status: 404,
      body: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } },
    };
  const ops: any[] = Array.isArray(body?.operations) ? body.operations : [];
  const results: { resourceName: string }[] = [];
  const errors: {
    errorCode: Record<string, string>;
    message: string;
    index: number;
    trigger?: string;
  }[] = [];
  ops.forEach((op, index) => {
    const out = apply(world, customer, service, op);
    if ('error' in out) {
      errors.push({ ...out.error, index });
      results.push({ resourceName: '' });
    } else results.push({ resourceName: out.resourceName });
  });
  if (errors.length > 0 && !body.partialFailure) {
    const f = failure(
      400,
      'INVALID_ARGUMENT',
      errors[0]!.errorCode,
      errors[0]!.message,
      errors[0]!.index,
    );
    f.error.details = [googleAdsFailure(errors)];
    return { status: 400, body: f };
  }
  return {
    status: 200,
    body: {
      results: results.map((r) => (r.resourceName ? r : {})),
      ...(errors.length > 0
        ? {
            partialFailureError: {
              code: 3,
              message: `Multiple errors in ‘details’. First error: ${errors[0]!.message}`,
              details: [googleAdsFailure(errors)],
            },
          }
        : {}),
    },
  };
}

type Applied =
  | { resourceName: string }
  | { error: { errorCode: Record<string, string>; message: string; trigger?: string } };

function apply(world: World, customer: string, service: string, op: any): Applied {
  const maps: Record<string, Map<string, any>> = {
    campaignBudgets: world.budgets,
    campaigns: world.campaigns,
    adGroups: world.adGroups,
    adGroupCriteria: world.criteria,
    campaignCriteria: world.campaignCriteria,
  };
  const map = maps[service];
  if (!map)
    return { error: { errorCode: { requestError: 'UNKNOWN' }, message: 'unknown service' } };
  if (op.remove) {
    const key = service === 'campaigns' ? String(op.remove).split('/').pop()! : String(op.remove);
    const found = map.get(key);
    if (!found)
      return {
        error: {
          errorCode: { mutateError: 'RESOURCE_NOT_FOUND' },
          message: 'The requested resource was not found.',
        },
      };
    if (service === 'campaigns') found.status = 'REMOVED';
    else map.delete(key);
    return { resourceName: String(op.remove) };
  }
  if (op.update) {
    const key =
      service === 'campaigns'
        ? String(op.update.resourceName).split('/').pop()!
        : String(op.update.resourceName);
    const found = map.get(key);
    if (!found)
      return {
        error: {
          errorCode: { mutateError: 'RESOURCE_NOT_FOUND' },
          message: 'The requested resource was not found.',
        },
      };
    Object.assign(found, op.update, { updateMask: op.updateMask });
    return { resourceName: op.update.resourceName };
  }
  const c = op.create ?? {};
  const id = String(world.nextId++);
  if (service === 'campaigns') {
    if (!c.containsEuPoliticalAdvertising)
      return {
        error: {
          errorCode: { fieldError: 'REQUIRED' },
          message: 'The required field was not present.',
        },
      };
    if (!world.budgets.has(c.campaignBudget))
      return {
        error: {
          errorCode: { campaignError: 'INVALID_CAMPAIGN_BUDGET' },
          message: 'The campaign budget is not valid.',
        },
      };
    world.campaigns.set(id, { ...c, customer, id });
    return { resourceName: `customers/${customer}/campaigns/${id}` };
  }
  const resourceName = `customers/${customer}/${service}/${id}`;
  if (service === 'campaignCriteria') {
    const name = `customers/${customer}/campaignCriteria/${String(c.campaign).split('/').pop()}~${id}`;
    world.campaignCriteria.set(name, { ...c });
    return { resourceName: name };
  }
  if (service === 'adGroupCriteria') {
    const group = world.adGroups.get(c.adGroup);
    const campaign = group
      ? world.campaigns.get(String(group.campaign).split('/').pop()!)
      : undefined;
    const kind =
      ['keyword', 'topic', 'placement', 'youtubeChannel', 'userInterest'].find((k) => c[k]) ?? '';
    const text =
      c.keyword?.text ??
      c.placement?.url ??
      c.youtubeChannel?.channelId ??
      c.topic?.topicConstant ??
      c.userInterest?.userInterestCategory ??
      '';
    if (kind === 'userInterest' && !isUserInterestOf(world, customer, text))
      return {
        error: {
          errorCode: { mutateError: 'RESOURCE_NOT_FOUND' },
          message: 'The requested resource was not found.',
          trigger: text,
        },
      };
    if (!CARRIES[campaign?.advertisingChannelType ?? '']?.includes(kind))
      return {
        error: {
          errorCode: { criterionError: 'CANNOT_ADD_CRITERIA_TYPE' },
          message: 'Cannot add criteria of this type.',
          trigger: text,
        },
      };
    const refused = world.refuse.get(text);
    if (refused)
      return {
        error: { errorCode: refused, message: 'The criterion was refused.', trigger: text },
      };
    const name = `customers/${customer}/adGroupCriteria/${String(c.adGroup).split('/').pop()}~${id}`;
    world.criteria.set(name, { ...c });
    return { resourceName: name };
  }
  map.set(resourceName, { ...c, resourceName, status: c.status ?? 'ENABLED' });
  return { resourceName };
}

/** Whether a resource name is one of the world's user interests, in this account. */
function isUserInterestOf(world: World, customer: string, resourceName: string): boolean {
  const m = /^customers\/(\d+)\/userInterests\/(\d+)$/.exec(resourceName);
  return !!m && m[1] === customer && world.userInterests.some((u) => u.id === m[2]);
}
