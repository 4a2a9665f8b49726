import { InvalidArgumentError, Option } from 'commander';
import { clockRangeProblem } from '../../server/lib/clock.ts';
import { parseDuration } from '../../server/lib/duration.ts';

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

/**
 * The one grammar of durations, for every duration adcli takes (`--wait-timeout`, `backend faults
 * add --delay`, `backend clock advance`): the backend's own parser (server/lib/duration.ts), so what
 * one command takes every other does. `0` alone needs no unit.
 */
export const DURATION_GRAMMAR =
  'a duration: numbers with units ms, s, m, h, d or w run together (500ms, 90s, 10m, 1h30m, 2d) or ISO 8601 (PT1H30M)';

/** A duration in the one grammar (DURATION_GRAMMAR), in ms; a usage error naming the grammar otherwise. */
export function durationArg(value: string): number {
  if (value.trim() === '0') return 0;
  const ms = parseDuration(value);
  if (ms !== null) return ms;
  const bare = /^\s*\d+(\.\d+)?\s*$/.test(value)
    ? ` (a number needs its unit: ${value.trim()}s)`
    : '';
  throw new InvalidArgumentError(`must be ${DURATION_GRAMMAR}${bare}`);
}

/** A duration (durationArg) within a bound in ms, e.g. 0 to 60s. */
export function durationIn(b: Bound) {
  return (value: string): number => {
    const ms = durationArg(value);
    if (ms < b.min || ms > b.max)
      throw new InvalidArgumentError(`must be from ${durationRange(b)}`);
    return ms;
  };
}

/** 90000 → "1m30s", 1500 → "1s500ms", 0 → "0": a duration exactly, in the grammar durationArg reads. */
export function durationText(ms: number): string {
  let rest = Math.round(Math.abs(ms));
  if (rest === 0) return '0';
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
    ['ms', 1],
  ] as const) {
    if (rest >= size) parts.push(`${Math.floor(rest / size)}${unit}`);
    rest %= size;
  }
  return parts.join('');
}

/** "0 to 1m": a duration's bound (in ms), for help and messages. */
export const durationRange = (b: Bound): string =>
  `${durationText(b.min)} to ${durationText(b.max)}`;

/**
 * An instant a workspace clock can show: ISO 8601 with a zone (2026-12-01T09:00:00Z), or a date
 * (midnight UTC), from 1970 to the end of year 9999.
 */
export function instantArg(value: string): Date {
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(
    value.trim(),
  );
  const at = new Date(value.trim());
  if (!ok || Number.isNaN(at.getTime()))
    throw new InvalidArgumentError(
      'must be an ISO 8601 time with a zone, e.g. 2026-12-01T09:00:00Z, or a date',
    );
  const problem = clockRangeProblem(at);
  if (problem) throw new InvalidArgumentError(`${at.toISOString()} is ${problem}`);
  return at;
}
