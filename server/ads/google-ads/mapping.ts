/**
 * What adcli's campaign settings and targeting become in Google Ads' REST resources (reference:
 * CampaignBudget, Campaign, AdGroup, AdGroupCriterion, KeywordInfo, TopicInfo, PlacementInfo,
 * YouTubeChannelInfo, UserInterestInfo), and what Google Ads' rows become for the port
 * (GoogleAdsRow: campaign, segments, metrics; int64 fields are JSON strings).
 *
 * Which targeting sections a campaign type carries (docs/google-ads.md says the same):
 * - SEARCH: keywords, with their match types; not topics, websites, channels or segments (an
 *   audience segment on a Search ad group narrows its reach to that audience unless its targeting
 *   setting says observation, which is not what a marketer adding a segment to a Search campaign
 *   expects: they add it in Google Ads, for observation);
 * - DISPLAY and VIDEO: keywords (as content keywords, broad), topics, websites and YouTube channels
 *   (placements), segments (affinity and in-market, as user interests: segments.ts);
 * - DEMAND_GEN: none of them (its ad groups take audiences, an Audience resource adcli does not
 *   make).
 * An item a type cannot carry is not sent: it is named in the campaign's problems.
 */
import type { TargetingItem } from '../../targeting/types.ts';
import type { AdsCampaignSettings, CampaignType, DailyMetrics } from '../port.ts';
import type { Row } from './rest-client.ts';

export const micros = (amount: number): string => String(Math.round(amount * 1_000_000));
export const fromMicros = (value: unknown): number => Math.round(Number(value ?? 0) / 10_000) / 100;

/** The daily amount a budget is given: a total budget spread over the days from `today` to its end. */
export function dailyAmount(s: AdsCampaignSettings, today: string): number | string {
  if (s.budget === null || !(s.budget > 0))
    return 'the campaign has no budget: set budget and budgetType first';
  if (s.budgetType !== 'total') return s.budget;
  if (!s.endDate) return 'a total budget needs an end date in Google Ads: set endDate first';
  const days = Math.round((Date.parse(s.endDate) - Date.parse(today)) / 86_400_000) + 1;
  if (days < 1) return `the end date ${s.endDate} has passed`;
  return Math.floor((s.budget / days) * 100) / 100;
}

export function budgetResource(name: string, amount: number) {
  return {
    name,
    amountMicros: micros(amount),
    deliveryMethod: 'STANDARD',
    explicitlyShared: false,
  };
}

/** The bidding strategy field of a Campaign, with the field mask path that names it. */
export function bidding(s: AdsCampaignSettings): { field: string; mask: string; value: object } {
  switch (s.biddingStrategy) {
    case 'TARGET_CPA':
    case 'MAXIMIZE_CONVERSIONS':
      return {
        field: 'maximizeConversions',
        mask: 'maximize_conversions',
        value: s.targetCpa ? { targetCpaMicros: micros(s.targetCpa) } : {},
      };
    case 'TARGET_ROAS':
    case 'MAXIMIZE_CONVERSION_VALUE':
      return {
        field: 'maximizeConversionValue',
        mask: 'maximize_conversion_value',
        value: s.targetRoas ? { targetRoas: s.targetRoas } : {},
      };
    case 'TARGET_CPC':
    case 'TARGET_SPEND':
      return { field: 'targetSpend', mask: 'target_spend', value: {} };
    default:
      return { field: 'manualCpc', mask: 'manual_cpc', value: {} };
  }
}

/** The campaign fields a sync may change, as an update's body fields and its mask. */
export function campaignFields(s: AdsCampaignSettings, serviceCampaignId: string) {
  const bid = bidding(s);
  return {
    fields: {
      name: campaignName(s.name, serviceCampaignId),
      ...(s.endDate ? { endDateTime: `${s.endDate} 23:59:59` } : {}),
      [bid.field]: bid.value,
    } as Record<string, unknown>,
    mask: ['name', ...(s.endDate ? ['end_date_time'] : []), bid.mask],
  };
}

/** The campaign to create: PAUSED always, whatever the settings say; nothing serves until a person enables it. */
export function campaignResource(
  s: AdsCampaignSettings,
  serviceCampaignId: string,
  budget: string,
) {
  const type = s.campaignType ?? 'SEARCH';
  return {
    ...campaignFields(s, serviceCampaignId).fields,
    status: 'PAUSED',
    advertisingChannelType: type,
    campaignBudget: budget,
    containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
    ...(type === 'SEARCH'
      ? {
          networkSettings: {
            targetGoogleSearch: true,
            targetSearchNetwork: false,
            targetContentNetwork: false,
            targetPartnerSearchNetwork: false,
          },
        }
      : {}),
  };
}

export function adGroupResource(s: AdsCampaignSettings, campaign: string) {
  const type =
    s.campaignType === 'SEARCH'
      ? { type: 'SEARCH_STANDARD' }
      : s.campaignType === 'DISPLAY'
        ? { type: 'DISPLAY_STANDARD' }
        : {};
  return { name: `${s.name.slice(0, 200)} · adcli`, campaign, status: 'ENABLED', ...type };
}

/** Names are unique in an account: the service campaign's id keeps two campaigns of one name apart. */
export function campaignName(name: string, serviceCampaignId: string): string {
  return `${name.slice(0, 200)} (adcli ${serviceCampaignId})`;
}

const CARRIES: Record<CampaignType, ReadonlySet<string>> = {
  SEARCH: new Set(['keyword']),
  DISPLAY: new Set(['keyword', 'topic', 'placement', 'channel', 'segment']),
  VIDEO: new Set(['keyword', 'topic', 'placement', 'channel', 'segment']),
  DEMAND_GEN: new Set(),
};

/** Why a type does not carry segments, where "cannot" alone would mislead. */
const NO_SEGMENTS: Partial<Record<CampaignType, string>> = {
  SEARCH:
    "a SEARCH campaign would show its ads only to that audience (Google Ads targets an ad group's audience segments unless its targeting setting says observation); not sent: add it in Google Ads for observation",
  DEMAND_GEN:
    'a DEMAND_GEN campaign takes audiences as an Audience resource, which adcli does not make; not sent',
};

export interface Wanted {
  key: string;
  item: TargetingItem;
  kind: 'keyword' | 'topic' | 'placement' | 'channel' | 'segment';
}

/** The criteria a campaign's targeting asks for, by key, and the items its type cannot carry. */
export function wantedCriteria(
  type: CampaignType | null,
  targeting: readonly TargetingItem[],
): { wanted: Wanted[]; problems: string[] } {
  const carries = CARRIES[type ?? 'SEARCH'];
  const wanted = new Map<string, Wanted>();
  const problems: string[] = [];
  for (const item of targeting) {
    const kind = kindOf(item);
    if (!kind || !carries.has(kind)) {
      const why = kind === 'segment' ? NO_SEGMENTS[type ?? 'SEARCH'] : undefined;
      problems.push(
        `${item.section} "${item.text}": ${why ?? `a ${type ?? 'SEARCH'} campaign cannot carry ${kind ?? item.section} targeting in Google Ads; not sent`}`,
      );
      continue;
    }
    const match = type === 'SEARCH' ? item.matchType || 'BROAD' : 'BROAD';
    const key =
      kind === 'keyword'
        ? `keyword:${match}:${item.text.toLowerCase()}`
        : kind === 'channel'
          ? `channel:${channelIdOf(item.text)}`
          : `${kind}:${item.text.toLowerCase()}`;
    if (!wanted.has(key)) wanted.set(key, { key, item: { ...item, matchType: match }, kind });
  }
  return { wanted: [...wanted.values()], problems };
}

function kindOf(item: TargetingItem): Wanted['kind'] | null {
  if (item.section === 'keywords') return 'keyword';
  if (item.section === 'topics') return 'topic';
  if (item.section === 'segments') return 'segment';
  if (item.section === 'websites') return channelIdOf(item.text) ? 'channel' : 'placement';
  return null;
}

function channelIdOf(text: string): string {
  return /youtube\.com\/channel\/(UC[\w-]{22})/.exec(text)?.[1] ?? '';
}

/**
 * An AdGroupCriterion to create for a wanted criterion; a topic needs its topic constant, a segment
 * its user interest (`constant`).
 */
export function criterionResource(adGroup: string, w: Wanted, constant?: string) {
  const base = { adGroup, status: 'ENABLED' };
  switch (w.kind) {
    case 'keyword':
      return { ...base, keyword: { text: w.item.text, matchType: w.item.matchType } };
    case 'topic':
      return { ...base, topic: { topicConstant: constant } };
    case 'segment':
      return { ...base, userInterest: { userInterestCategory: constant } };
    case 'channel':
      return { ...base, youtubeChannel: { channelId: channelIdOf(w.item.text) } };
    case 'placement':
      return { ...base, placement: { url: w.item.text } };
  }
}

/** A topic constant's path as adcli writes topics: "/Sports/Running & Walking". */
export const topicPath = (row: Row): string =>
  `/${((row.topicConstant?.path ?? []) as string[]).filter(Boolean).join('/')}`.toLowerCase();

/** One day of a metrics query's rows (segments.date, metrics.*), costs from micros. */
export function dailyOf(row: Row): DailyMetrics {
  const m = row.metrics ?? {};
  return {
    date: String(row.segments?.date ?? ''),
    impressions: Number(m.impressions ?? 0),
    clicks: Number(m.clicks ?? 0),
    cost: fromMicros(m.costMicros),
    conversions: Math.round(Number(m.conversions ?? 0) * 100) / 100,
    conversionValue: Math.round(Number(m.conversionsValue ?? 0) * 100) / 100,
  };
}

/** The trailing id of a resource name: customers/1/campaigns/42 → 42. */
export const idOf = (resourceName: string): string => resourceName.split('/').pop() ?? '';
