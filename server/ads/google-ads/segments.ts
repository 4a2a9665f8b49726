/**
 * adcli's audience segments (server/targeting/taxonomy.ts: affinity and in-market, "Travel ›
 * Flights") as Google Ads' user interests (reference: UserInterest, UserInterestTaxonomyType,
 * CriterionCategoryAvailability, CriterionCategoryChannelAvailability; an ad group criterion's
 * UserInterestInfo names one by `userInterestCategory`). The rule, which a person can check in
 * Google Ads' audience segments:
 * - the taxonomy type is the segment's kind in adcli's taxonomy (affinity → AFFINITY, in-market →
 *   IN_MARKET), else the one its label says ("Affinity › …"); a segment neither knows is looked up
 *   among both;
 * - a user interest matches when its name is the segment's last part, compared without case,
 *   accents or punctuation ("&" read as "and"); of several, the one whose parents match more of the
 *   segment's parts from the end; a tie is named in the problems, never guessed;
 * - it must be available to the campaign's type: launched to all channels, or listed for that
 *   channel type (all channels, the type with all its subtypes, or with its default subtype, which
 *   is what adcli creates). Launched to none (deprecated, restricted), it is not used.
 * User interests belong to an account (their resource names carry its id): read with one search per
 * account, the first time a segment is sent there, and kept.
 */
import type { TargetingItem } from '../../targeting/types.ts';
import { taxonomyIndex } from '../../targeting/taxonomy.ts';
import type { CampaignType } from '../port.ts';
import type { GoogleAdsRestClient, Row } from './rest-client.ts';

export const USER_INTEREST_QUERY =
  "SELECT user_interest.resource_name, user_interest.name, user_interest.taxonomy_type, user_interest.user_interest_parent, user_interest.launched_to_all, user_interest.availabilities FROM user_interest WHERE user_interest.taxonomy_type IN ('AFFINITY', 'IN_MARKET')";

type TaxonomyType = 'AFFINITY' | 'IN_MARKET';

export interface UserInterest {
  resourceName: string;
  taxonomyType: string;
  /** its name with its parents' before it: ["Travel", "Air Travel"] */
  parts: string[];
  launchedToAll: boolean;
  availabilities: Row[];
}

export class UserInterests {
  readonly #api: GoogleAdsRestClient;
  readonly #byCustomer = new Map<string, UserInterest[]>();

  constructor(api: GoogleAdsRestClient) {
    this.#api = api;
  }

  async of(customer: string): Promise<UserInterest[]> {
    const known = this.#byCustomer.get(customer);
    if (known) return known;
    const rows = (await this.#api.searchStream(customer, USER_INTEREST_QUERY)).map(
      (r) => (r.userInterest ?? {}) as Row,
    );
    const interests = withParts(rows);
    this.#byCustomer.set(customer, interests);
    return interests;
  }
}

function withParts(rows: Row[]): UserInterest[] {
  const byName = new Map(rows.map((r) => [String(r.resourceName ?? ''), r]));
  const partsOf = (r: Row, depth: number): string[] => {
    const own = String(r.name ?? '')
      .split('/')
      .map((p) => p.trim())
      .filter(Boolean);
    // a name that is a path already ("Sports & Fitness/Outdoor Enthusiasts") says its parents
    if (own.length > 1 || depth > 8) return own;
    const parent = byName.get(String(r.userInterestParent ?? ''));
    return parent && parent !== r ? [...partsOf(parent, depth + 1), ...own] : own;
  };
  return rows
    .filter((r) => r.resourceName && r.name)
    .map((r) => ({
      resourceName: String(r.resourceName),
      taxonomyType: String(r.taxonomyType ?? ''),
      parts: partsOf(r, 0),
      // proto3 JSON leaves a false bool and an empty list out
      launchedToAll: r.launchedToAll === true,
      availabilities: Array.isArray(r.availabilities) ? (r.availabilities as Row[]) : [],
    }));
}

/** The user interest a segment item becomes in a campaign of this type, or why there is none. */
export function matchSegment(
  item: TargetingItem,
  interests: readonly UserInterest[],
  type: CampaignType,
): { resourceName: string } | { problem: string } {
  const types = taxonomyTypesOf(item);
  const what = segmentWord(types);
  const parts = segmentParts(item.text);
  const wanted = parts.map(folded);
  const named = interests.filter(
    (u) =>
      types.includes(u.taxonomyType as TaxonomyType) &&
      folded(u.parts.at(-1) ?? '') === wanted.at(-1),
  );
  const said = `segments "${item.text}"`;
  if (named.length === 0)
    return { problem: `${said}: Google Ads has no ${what} of that name; not sent` };
  const available = named.filter((u) => availableTo(u, type));
  if (available.length === 0)
    return {
      problem: `${said}: Google Ads' ${segmentWord([named[0]!.taxonomyType])} "${named[0]!.parts.join('/')}" is not available to ${type} campaigns; not sent`,
    };
  const scored = available.map((u) => ({ u, score: sharedTail(u.parts.map(folded), wanted) }));
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  if (top.length > 1)
    return {
      problem: `${said}: Google Ads has several ${segmentWord(top.map((t) => t.u.taxonomyType))}s of that name (${top.map((s) => s.u.parts.join('/')).join(', ')}); not sent: write its path, e.g. "${top[0]!.u.parts.join(' › ')}"`,
    };
  return { resourceName: top[0]!.u.resourceName };
}

/** "affinity segment", "in-market segment", "affinity or in-market segment" */
const segmentWord = (types: readonly string[]): string =>
  `${[...new Set(types)].map((t) => (t === 'AFFINITY' ? 'affinity' : 'in-market')).join(' or ')} segment`;

/** The taxonomy types to look among: adcli's taxonomy says, else the label, else both. */
function taxonomyTypesOf(item: TargetingItem): TaxonomyType[] {
  const tax = taxonomyIndex();
  const path = item.text.trim().toLowerCase();
  const kinds = new Set(
    (tax.byName.get(path) ?? [])
      .map((i) => tax.nodes[i]!)
      .filter((n) => n.kind !== 'topic' && n.path.toLowerCase() === path)
      .map((n) => n.kind),
  );
  if (kinds.size === 0) {
    if (/^affinity\b/i.test(item.label)) kinds.add('affinity');
    else if (/^in-?market\b/i.test(item.label)) kinds.add('in_market');
  }
  const out: TaxonomyType[] = [];
  if (kinds.size === 0 || kinds.has('affinity')) out.push('AFFINITY');
  if (kinds.size === 0 || kinds.has('in_market')) out.push('IN_MARKET');
  return out;
}

function availableTo(u: UserInterest, type: CampaignType): boolean {
  if (u.launchedToAll) return true;
  return u.availabilities.some((a) => {
    const c = (a.channel ?? {}) as Row;
    if (c.availabilityMode === 'ALL_CHANNELS') return true;
    if (c.advertisingChannelType !== type) return false;
    return (
      c.availabilityMode === 'CHANNEL_TYPE_AND_ALL_SUBTYPES' ||
      c.includeDefaultChannelSubType === true
    );
  });
}

/** "Travel › Flights" (or with ">" or "/") → ["Travel", "Flights"] */
const segmentParts = (text: string): string[] =>
  text
    .split(/[›>/]/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A name without case, accents, spaces or punctuation; "&" is "and". */
export const folded = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** How many parts two paths share, counted from their ends. */
function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
