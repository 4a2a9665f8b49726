/**
 * A campaign's targeting carried over as ad group criteria: those wanted and not there are created,
 * those there and no longer wanted are removed, in one `adGroupCriteria:mutate` with
 * `partialFailure: true`, so one criterion Google Ads refuses (a policy violation, a keyword too
 * long, a type the campaign refuses) leaves the others in place and is named on its own (reference:
 * AdGroupCriterionService.MutateAdGroupCriteria, partial failure guide). A topic is looked up among
 * Google's topic constants by its path, a segment among the account's user interests (segments.ts);
 * one Google does not have is named in the problems and not sent.
 */
import type { CampaignType } from '../port.ts';
import { explain } from './errors.ts';
import { criterionResource, topicPath, type Wanted } from './mapping.ts';
import type { GoogleAdsRestClient } from './rest-client.ts';
import { matchSegment, UserInterests, type UserInterest } from './segments.ts';

const TOPIC_QUERY = 'SELECT topic_constant.resource_name, topic_constant.path FROM topic_constant';

export class CriteriaSync {
  readonly #api: GoogleAdsRestClient;
  /** topic path (lower case) → topic constant resource name; the same for every account */
  #topics: Map<string, string> | null = null;
  readonly #interests: UserInterests;

  constructor(api: GoogleAdsRestClient) {
    this.#api = api;
    this.#interests = new UserInterests(api);
  }

  /** Makes the ad group's criteria those wanted; the criteria there afterwards and what was refused. */
  async apply(
    customer: string,
    adGroup: string,
    current: Readonly<Record<string, string>>,
    wanted: readonly Wanted[],
    type: CampaignType,
  ): Promise<{ criteria: Record<string, string>; problems: string[] }> {
    const problems: string[] = [];
    const criteria: Record<string, string> = { ...current };
    const wantedKeys = new Set(wanted.map((w) => w.key));
    const creates: { key: string; w: Wanted; op: object }[] = [];
    // Google's constants are read only when something new needs them
    const needs = (kind: Wanted['kind']) => wanted.some((w) => w.kind === kind && !current[w.key]);
    const topics = needs('topic')
      ? await this.#topicConstants(customer)
      : new Map<string, string>();
    const interests = needs('segment') ? await this.#interests.of(customer) : [];
    for (const w of wanted) {
      if (current[w.key]) continue;
      const found = constantOf(w, topics, interests, type);
      if ('problem' in found) {
        problems.push(found.problem);
        continue;
      }
      creates.push({
        key: w.key,
        w,
        op: { create: criterionResource(adGroup, w, found.constant) },
      });
    }
    const removes = Object.entries(current)
      .filter(([key]) => !wantedKeys.has(key))
      .map(([key, resourceName]) => ({ key, op: { remove: resourceName } }));
    const ops = [...creates.map((c) => c.op), ...removes.map((r) => r.op)];
    const { results, failed } = await this.#api.mutate(customer, 'adGroupCriteria', ops, {
      partialFailure: true,
    });
    const failedAt = new Map(failed.map((f) => [f.index, f]));
    creates.forEach((c, i) => {
      const f = failedAt.get(i);
      if (f || !results[i])
        problems.push(
          `${c.w.item.section} "${c.w.item.text}": ${f ? explain(f).message : 'Google Ads made no criterion'}`,
        );
      else criteria[c.key] = results[i]!;
    });
    removes.forEach((r, j) => {
      const f = failedAt.get(creates.length + j);
      if (f) problems.push(`removing ${r.key}: ${explain(f).message}; it is still targeted`);
      else delete criteria[r.key];
    });
    return { criteria, problems };
  }

  async #topicConstants(customer: string): Promise<Map<string, string>> {
    if (this.#topics) return this.#topics;
    const rows = await this.#api.searchStream(customer, TOPIC_QUERY);
    this.#topics = new Map(
      rows.map((r) => [topicPath(r), String(r.topicConstant?.resourceName ?? '')]),
    );
    return this.#topics;
  }
}

/** The Google constant a new criterion refers to (none for keywords and placements), or why none. */
function constantOf(
  w: Wanted,
  topics: ReadonlyMap<string, string>,
  interests: readonly UserInterest[],
  type: CampaignType,
): { constant?: string } | { problem: string } {
  if (w.kind === 'topic') {
    const constant = topics.get(w.item.text.toLowerCase());
    return constant
      ? { constant }
      : { problem: `topics "${w.item.text}": Google Ads has no topic of that path; not sent` };
  }
  if (w.kind === 'segment') {
    const found = matchSegment(w.item, interests, type);
    return 'problem' in found ? found : { constant: found.resourceName };
  }
  return {};
}
