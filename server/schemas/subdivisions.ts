/**
 * Whether an ISO 3166-2 region code exists, on the server only. The schemas (codes.ts, shared with
 * the CLI) check a region's shape and its country; the list of subdivisions (the `iso-3166`
 * package, about 350 kB) is loaded here on the first region a campaign names, never at start-up
 * and never by the CLI.
 */
import { countries } from './codes.ts';
import { distance } from './nearest.ts';

interface Subdivision {
  code: string;
  name: string;
}

let table: Promise<Map<string, Subdivision[]>> | undefined;

/** Subdivisions by country (a region nested in a region, like FR-75C in FR-IDF, is under its country too). */
function byCountry(): Promise<Map<string, Subdivision[]>> {
  table ??= import('iso-3166/2.js').then(({ iso31662 }) => {
    const out = new Map<string, Subdivision[]>();
    for (const e of iso31662) {
      const country = e.code.slice(0, 2);
      let list = out.get(country);
      if (!list) out.set(country, (list = []));
      list.push({ code: e.code, name: e.name });
    }
    return out;
  });
  return table;
}

/**
 * What to say about a location whose shape is a region code (`DE-BY`) but which is no ISO 3166-2
 * subdivision, with the nearest ones of that country; null when it exists or is not a region code.
 */
export async function regionProblem(code: string): Promise<string | null> {
  const m = /^([A-Z]{2})-([A-Z0-9]{1,3})$/.exec(code);
  if (!m) return null;
  const [, country, part] = m as unknown as [string, string, string];
  const regions = (await byCountry()).get(country) ?? [];
  if (regions.some((r) => r.code === code)) return null;
  const countryName = countries().get(country) ?? country;
  if (regions.length === 0)
    return `"${code}" is not an ISO 3166-2 region: ${countryName} has none; use the country code ${country}`;
  const hits = regions
    .map((r) => {
      const sub = r.code.slice(3);
      const name = r.name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      // a slip in the code (DE-BYE), or the start of the region's name (DE-BAY for Bayern)
      const score = distance(part, sub, 1) <= 1 ? 0 : name.startsWith(part) ? 1 : 2;
      return { r, score };
    })
    .filter((h) => h.score < 2)
    .sort((a, b) => a.score - b.score || (a.r.code < b.r.code ? -1 : 1))
    .slice(0, 3)
    .map((h) => `"${h.r.code}" (${h.r.name})`);
  const why = `"${code}" is not an ISO 3166-2 region of ${countryName}`;
  return hits.length
    ? `${why}; did you mean ${hits.join(' or ')}?`
    : `${why}; region codes of ${countryName} look like ${regions[0]!.code} (${regions[0]!.name}), or use the country code ${country}`;
}
