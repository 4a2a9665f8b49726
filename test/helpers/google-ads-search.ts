/**
 * How the Google Ads stand-in answers `googleAds:searchStream` (test/helpers/google-ads-stand-in.ts
 * names the reference pages): GAQL read only as far as the adapter writes it, the FROM resource,
 * `campaign.id = N`, `campaign.id IN (…)`, `campaign.name LIKE '%suffix'`, `segments.date BETWEEN
 * 'a' AND 'b'` and `… IN ('x', …)` of codes and of taxonomy types; rows in GoogleAdsRow's JSON
 * shape (camelCase, int64 as strings, a false bool and an empty list left out), in one batch.
 */
import type { World } from './google-ads-world.ts';

export function search(world: World, customer: string, query: string) {
  const from = /\bFROM\s+(\w+)/i.exec(query)?.[1] ?? '';
  let results: any[] = [];
  if (from === 'customer') {
    const c = world.customers.find((x) => x.id === customer)!;
    results = [
      {
        customer: {
          resourceName: `customers/${c.id}`,
          id: c.id,
          descriptiveName: c.name,
          currencyCode: c.currency,
          timeZone: c.timeZone,
          manager: !!c.isManager,
        },
      },
    ];
  } else if (from === 'topic_constant') {
    results = world.topics.map((t) => ({
      topicConstant: { resourceName: t.resourceName, path: t.path },
    }));
  } else if (from === 'user_interest') {
    const types = [
      ...(/taxonomy_type IN \(([^)]*)\)/.exec(query)?.[1] ?? '').matchAll(/'(\w+)'/g),
    ].map((m) => m[1]!);
    const name = (id: string) => `customers/${customer}/userInterests/${id}`;
    results = world.userInterests
      .filter((u) => types.includes(u.taxonomyType))
      .map((u) => ({
        userInterest: {
          resourceName: name(u.id),
          name: u.name,
          taxonomyType: u.taxonomyType,
          ...(u.parent ? { userInterestParent: name(u.parent) } : {}),
          ...(u.launchedToAll ? { launchedToAll: true } : {}),
          ...(u.availabilities?.length ? { availabilities: u.availabilities } : {}),
        },
      }));
  } else if (from === 'geo_target_constant') {
    const codes = [
      ...(/country_code IN \(([^)]*)\)/.exec(query)?.[1] ?? '').matchAll(/'(\w+)'/g),
    ].map((m) => m[1]!);
    results = codes
      .filter((code) => world.countries[code])
      .map((code) => ({
        geoTargetConstant: { resourceName: world.countries[code], countryCode: code },
      }));
  } else if (from === 'language_constant') {
    const codes = [...(/code IN \(([^)]*)\)/.exec(query)?.[1] ?? '').matchAll(/'(\w+)'/g)].map(
      (m) => m[1]!,
    );
    results = codes
      .filter((code) => world.languages[code])
      .map((code) => ({ languageConstant: { resourceName: world.languages[code], code } }));
  } else if (from === 'campaign' && /segments\.date/.test(query)) {
    const id = /campaign\.id = (\d+)/.exec(query)?.[1] ?? '';
    const [, a, b] = /BETWEEN '([\d-]+)' AND '([\d-]+)'/.exec(query) ?? [];
    results = (world.metrics.get(id) ?? [])
      .filter((d) => d.date >= a! && d.date <= b!)
      .map((d) => ({
        campaign: { resourceName: `customers/${customer}/campaigns/${id}` },
        metrics: {
          impressions: String(d.impressions),
          clicks: String(d.clicks),
          costMicros: String(d.costMicros),
          conversions: d.conversions,
          conversionsValue: d.conversionsValue,
        },
        segments: { date: d.date },
      }));
  } else if (from === 'campaign' && /campaign\.name LIKE/.test(query)) {
    const suffix = /campaign\.name LIKE '%([^']*)'/.exec(query)?.[1] ?? '';
    results = [...world.campaigns.values()]
      .filter((c) => c.customer === customer && c.status !== 'REMOVED')
      .filter((c) => String(c.name).endsWith(suffix))
      .map((c) => ({
        campaign: {
          resourceName: `customers/${customer}/campaigns/${c.id}`,
          id: c.id,
          campaignBudget: c.campaignBudget,
        },
      }));
  } else if (from === 'ad_group') {
    const id = /campaign\.id = (\d+)/.exec(query)?.[1] ?? '';
    results = [...world.adGroups.values()]
      .filter((g) => g.campaign === `customers/${customer}/campaigns/${id}`)
      .filter((g) => g.status !== 'REMOVED')
      .map((g) => ({ adGroup: { resourceName: g.resourceName } }));
  } else if (from === 'campaign') {
    const ids = (/campaign\.id IN \(([^)]*)\)/.exec(query)?.[1] ?? '')
      .split(',')
      .map((s) => s.trim());
    results = ids
      .map((id) => world.campaigns.get(id))
      .filter((c) => c && c.customer === customer)
      .map((c) => ({
        campaign: {
          resourceName: `customers/${customer}/campaigns/${c.id}`,
          id: c.id,
          status: c.status,
        },
      }));
  }
  return [{ results, fieldMask: 'standin', requestId: 'standin-req-2' }];
}
