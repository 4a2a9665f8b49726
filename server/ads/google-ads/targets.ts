/**
 * Where and in which language a campaign serves: its `locations` as location criteria and its
 * `language` as a language criterion of the campaign (`campaignCriteria:mutate`; reference:
 * CampaignCriterion, LocationInfo, LanguageInfo), so a campaign someone turns on serves only where
 * and to whom the marketer said. Country codes are looked up among Google's geo target constants
 * (`geo_target_constant.country_code`, target type Country), language codes among its language
 * constants (`language_constant.code`); a region code (`US-CA`), which Google's constants do not
 * carry, and a code Google does not know are named in the campaign's problems, not sent.
 *
 * Their criteria are kept with the ad group's in the campaign's record, under `location:` and
 * `language:` keys.
 */
import { explain } from './errors.ts';
import type { GoogleAdsRestClient } from './rest-client.ts';

export const isTargetKey = (key: string) =>
  key.startsWith('location:') || key.startsWith('language:');

const quoted = (codes: readonly string[]) =>
  codes
    .filter((c) => /^[A-Za-z_-]{2,8}$/.test(c))
    .map((c) => `'${c}'`)
    .join(', ');

export class CampaignTargets {
  readonly #api: GoogleAdsRestClient;
  readonly #constants = new Map<string, string>();

  constructor(api: GoogleAdsRestClient) {
    this.#api = api;
  }

  /** Makes the campaign's location and language criteria these; the criteria after, and problems. */
  async apply(
    customer: string,
    campaignId: string,
    current: Readonly<Record<string, string>>,
    locations: readonly string[],
    language: string,
  ): Promise<{ criteria: Record<string, string>; problems: string[] }> {
    const problems: string[] = [];
    const countries = locations.filter((l) => /^[A-Z]{2}$/.test(l));
    for (const l of locations)
      if (!countries.includes(l))
        problems.push(
          `locations "${l}": Google Ads names regions by its own ids, not ISO 3166-2 codes; not sent, set it in Google Ads`,
        );
    const wanted = new Map<string, object>();
    for (const [code, constant] of await this.#countries(customer, countries))
      wanted.set(`location:${code}`, { location: { geoTargetConstant: constant } });
    for (const c of countries)
      if (!wanted.has(`location:${c}`))
        problems.push(`locations "${c}": Google Ads has no country of that code; not sent`);
    const lang = language ? await this.#language(customer, language) : null;
    if (lang) wanted.set(`language:${language}`, { language: { languageConstant: lang } });
    else if (language)
      problems.push(`language "${language}": Google Ads has no language of that code; not sent`);

    const criteria = { ...current };
    const creates = [...wanted].filter(([key]) => !current[key]);
    const removes = Object.entries(current).filter(([key]) => isTargetKey(key) && !wanted.has(key));
    const campaign = `customers/${customer}/campaigns/${campaignId}`;
    const { results, failed } = await this.#api.mutate(
      customer,
      'campaignCriteria',
      [
        ...creates.map(([, c]) => ({ create: { campaign, ...c } })),
        ...removes.map(([, resourceName]) => ({ remove: resourceName })),
      ],
      { partialFailure: true },
    );
    const failedAt = new Map(failed.map((f) => [f.index, f]));
    creates.forEach(([key], i) => {
      const f = failedAt.get(i);
      if (f || !results[i]) problems.push(`${key}: ${f ? explain(f).message : 'not made'}`);
      else criteria[key] = results[i]!;
    });
    removes.forEach(([key], j) => {
      const f = failedAt.get(creates.length + j);
      if (f) problems.push(`removing ${key}: ${explain(f).message}; it is still targeted`);
      else delete criteria[key];
    });
    return { criteria, problems };
  }

  async #countries(customer: string, codes: readonly string[]): Promise<Map<string, string>> {
    const missing = codes.filter((c) => !this.#constants.has(`country:${c}`));
    if (missing.length > 0) {
      const rows = await this.#api.searchStream(
        customer,
        `SELECT geo_target_constant.resource_name, geo_target_constant.country_code FROM geo_target_constant WHERE geo_target_constant.country_code IN (${quoted(missing)}) AND geo_target_constant.target_type = 'Country' AND geo_target_constant.status = 'ENABLED'`,
      );
      for (const r of rows) {
        const g = r.geoTargetConstant ?? {};
        if (g.countryCode && g.resourceName)
          this.#constants.set(`country:${String(g.countryCode)}`, String(g.resourceName));
      }
    }
    const out = new Map<string, string>();
    for (const c of codes) {
      const constant = this.#constants.get(`country:${c}`);
      if (constant) out.set(c, constant);
    }
    return out;
  }

  /** A BCP 47 tag's language constant: Google's own code (`pt_BR`), else the base language's. */
  async #language(customer: string, tag: string): Promise<string | null> {
    const tries = [tag.replace('-', '_'), tag.split('-')[0]!];
    const known = tries.map((t) => this.#constants.get(`language:${t}`)).find(Boolean);
    if (known) return known;
    const rows = await this.#api.searchStream(
      customer,
      `SELECT language_constant.resource_name, language_constant.code FROM language_constant WHERE language_constant.code IN (${quoted(tries)})`,
    );
    for (const r of rows) {
      const l = r.languageConstant ?? {};
      if (l.code && l.resourceName)
        this.#constants.set(`language:${String(l.code)}`, String(l.resourceName));
    }
    return tries.map((t) => this.#constants.get(`language:${t}`)).find(Boolean) ?? null;
  }
}
