/**
 * How adcli prints a figure for people: one rule per kind of figure, the same in every command.
 * `--json` (and `--csv`, and the tab-separated rows of `performance show`) keep the API's numbers.
 *
 * | kind | what | on a terminal | piped |
 * |---|---|---|---|
 * | reach | an audience's size: subscribers, views, likes | tables `289k`, `1.2M`; detail views `289,000` | `289000` |
 * | count | things counted exactly: impressions, clicks, comments, videos and channels held, records | `12,345` | `12345` |
 * | money | an amount in an account's currency: budgets, costs, CPC, target CPA | `1,234.50 USD` (the currency's decimals) | the same |
 * | percent | a rate: CTR | `1.23%` | the same |
 * | decimal | a ratio or a fractional figure: ROAS, conversions | `1,234.5` (at most 2 decimals) | the same |
 *
 * Money and rates carry their unit, so they read the same on a terminal and piped; plain counts piped
 * stay digits a script can compare (`sort -n`). Not toLocaleString: ICU's number formatting costs
 * start-up time, and the format must not follow the machine's locale.
 */
import type { IOStreams } from './iostreams.ts';

/** What a ratio without a denominator shows (a CTR without impressions): never a misleading `0`. */
export const NO_FIGURE = '–';

/** 1234567.891 → "1,234,567.891": digits grouped by thousands, the fraction as given. */
function group(text: string): string {
  const [int = '', frac] = text.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** 12345 → "12,345": a whole count, grouped by thousands. */
export const grouped = (n: number): string => group(String(Math.round(n)));

/** 289000 → "289k", 1234567 → "1.2M", 999 → "999": an audience's size at a glance. */
export function compact(n: number): string {
  const units = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ] as const;
  for (const [i, [size, unit]] of units.entries()) {
    if (Math.abs(n) < size) continue;
    const v = n / size;
    const text = v.toFixed(Math.abs(v) >= 10 ? 0 : 1).replace(/\.0$/, '');
    // 999,950 rounds to "1000k": that is "1M"
    if (i > 0 && Math.abs(Number(text)) >= 1000)
      return `${(n / units[i - 1]![0]).toFixed(1).replace(/\.0$/, '')}${units[i - 1]![1]}`;
    return `${text}${unit}`;
  }
  return String(Math.round(n));
}

/** Where a figure is printed: a table's cell, or a record's detail view (label and value). */
export type Place = 'table' | 'detail';

/**
 * An audience's size (subscribers, views, likes): compact in a terminal's tables, grouped in its
 * detail views, digits when piped.
 */
export function reach(io: IOStreams, n: number, place: Place): string {
  if (!io.isStdoutTTY()) return String(n);
  return place === 'table' ? compact(n) : grouped(n);
}

/** Things counted exactly (impressions, clicks, comments, videos held): grouped on a terminal, digits piped. */
export function count(io: IOStreams, n: number): string {
  return io.isStdoutTTY() ? grouped(n) : String(n);
}

/** ISO 4217 currencies without minor units, and those with three (all others have two). */
const NO_DECIMALS = new Set(
  'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' '),
);
const THREE_DECIMALS = new Set('BHD IQD JOD KWD LYD OMR TND'.split(' '));

/** How many decimals an amount in this currency has (2 when it is unknown). */
export const currencyDecimals = (currency: string | undefined): number =>
  currency && NO_DECIMALS.has(currency) ? 0 : currency && THREE_DECIMALS.has(currency) ? 3 : 2;

/**
 * 1234.5 in USD → "1,234.50 USD"; 5000 in JPY → "5,000 JPY"; without a known currency the amount
 * alone ("1,234.50"); null (nothing to divide by) → "–".
 */
export function money(n: number | null, currency?: string): string {
  if (n === null) return NO_FIGURE;
  return currency ? `${amount(n, currency)} ${currency}` : amount(n, currency);
}

/** The amount of money() without its currency, for a column whose header names it ("COST USD"). */
export const amount = (n: number | null, currency: string | undefined): string =>
  n === null ? NO_FIGURE : group(n.toFixed(currencyDecimals(currency)));

/** 0.01234 → "1.23%": a rate, as a percentage with two decimals; null → "–". */
export const percent = (ratio: number | null): string =>
  ratio === null ? NO_FIGURE : `${(ratio * 100).toFixed(2)}%`;

/** 1234.5 → "1,234.5", 2 → "2", 3.14159 → "3.14": a ratio or fractional figure; null → "–". */
export const decimal = (n: number | null): string =>
  n === null ? NO_FIGURE : group(String(Math.round(n * 100) / 100));
