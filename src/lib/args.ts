import { InvalidArgumentError, Option } from 'commander';

/** A whole-number flag within bounds; commander turns the error into a usage error (exit 2). */
export function intArg(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    }
    return Number(value);
  };
}

/** A bound of the API (src/generated/contract.ts BOUNDS): characters, items, or a range of numbers. */
export interface Bound {
  readonly min: number;
  readonly max: number;
  /** greater than min, not equal (a budget) */
  readonly minExclusive?: boolean;
  readonly default?: unknown;
}

/** 10000000 → "10,000,000" (not toLocaleString: ICU's number formatting costs start-up time). */
const n = (x: number) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "1-160 characters", "up to 4,000 characters": a text's bound, for help. */
export const chars = (b: Bound): string =>
  b.min > 0 ? `${n(b.min)}-${n(b.max)} characters` : `up to ${n(b.max)} characters`;

/** "1-100", "greater than 0 and at most 1,000": a number's bound, for help. */
export const range = (b: Bound): string =>
  b.minExclusive ? `greater than ${n(b.min)} and at most ${n(b.max)}` : `${n(b.min)}-${n(b.max)}`;

/** "at most 20": a list's bound, for help. */
export const atMost = (b: Bound): string => `at most ${n(b.max)}`;

/** A whole-number flag within an API bound. */
export const intIn = (b: Bound) => intArg(b.min, b.max);

/**
 * `--limit <n>` within the API's bound. Not given, it is left to the API (its default, shown in the
 * help), or to `--all`, which pages at the bound's maximum.
 */
export function limitOption(b: Bound, what = 'page size', all = true): Option {
  const fallback =
    b.default === undefined
      ? ''
      : ` (default ${String(b.default)}${all ? `; with --all ${n(b.max)}` : ''})`;
  return new Option('--limit <n>', `${what}, ${range(b)}${fallback}`).argParser(intIn(b));
}

/** A duration such as 90s, 10m, 1h or plain milliseconds. */
export function durationArg(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (!m) throw new InvalidArgumentError('must be a duration such as 30s, 10m or 1h');
  const n = Number(m[1]);
  return Math.round(
    n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'],
  );
}

/** An instant: ISO 8601 with a zone (2026-12-01T09:00:00Z), or a date (midnight UTC). */
export function instantArg(value: string): Date {
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(
    value.trim(),
  );
  const at = new Date(value.trim());
  if (!ok || Number.isNaN(at.getTime()))
    throw new InvalidArgumentError(
      'must be an ISO 8601 time with a zone, e.g. 2026-12-01T09:00:00Z, or a date',
    );
  return at;
}
