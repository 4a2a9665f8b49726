/**
 * Calendar days in an ad account's time zone, with `Intl.DateTimeFormat` only (no date library).
 *
 * A "date" here is a `YYYY-MM-DD` calendar day. Arithmetic on dates is done on the proleptic
 * Gregorian calendar through UTC (no time zone involved); only the mapping between instants and
 * days (`todayIn`, `localDate`, `startOfDay`) looks at the zone.
 */

/** The performance date-range presets; `LAST_30_DAYS` is the default. */
export const DATE_PRESETS = [
  'TODAY',
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'THIS_MONTH',
  'LAST_MONTH',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DEFAULT_DATE_PRESET: DatePreset = 'LAST_30_DAYS';

export interface DateRange {
  preset: DatePreset;
  /** first day, inclusive */
  startDate: string;
  /** last day, inclusive */
  endDate: string;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone; throws a RangeError for an unknown zone. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(
  timeZone: string,
  at: number,
): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const out = { y: 0, m: 0, d: 0, h: 0, mi: 0, s: 0 };
  for (const p of formatter(timeZone).formatToParts(at)) {
    const v = Number(p.value);
    if (p.type === 'year') out.y = v;
    else if (p.type === 'month') out.m = v;
    else if (p.type === 'day') out.d = v;
    else if (p.type === 'hour') out.h = v;
    else if (p.type === 'minute') out.mi = v;
    else if (p.type === 'second') out.s = v;
  }
  return out;
}

/** True for an IANA zone name that `Intl` knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The calendar day of an instant in a zone. */
export function localDate(at: Date | number, timeZone: string): string {
  const w = wallClock(timeZone, typeof at === 'number' ? at : at.getTime());
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
}

/** Today in a zone, as `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date): string {
  return localDate(now, timeZone);
}

/** Parses `YYYY-MM-DD` to the UTC midnight of that day (ms); throws on anything else. */
function dateToUtcMs(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date)
    throw new RangeError(`no such date: ${date}`);
  return ms;
}

function utcMsToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isDate(value: string): boolean {
  try {
    dateToUtcMs(value);
    return true;
  } catch {
    return false;
  }
}

/** `date` plus `days` calendar days (negative to go back). */
export function addDays(date: string, days: number): string {
  return utcMsToDate(dateToUtcMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (`to - from`; 0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToUtcMs(to) - dateToUtcMs(from)) / DAY_MS);
}

/** Every day from `startDate` to `endDate`, inclusive (empty when start is after end). */
export function eachDay(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  const end = dateToUtcMs(endDate);
  for (let ms = dateToUtcMs(startDate); ms <= end; ms += DAY_MS) out.push(utcMsToDate(ms));
  return out;
}

/** Day of the week of a date: 0 Sunday … 6 Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(dateToUtcMs(date)).getUTCDay();
}

/** Offset of a zone from UTC at an instant, in ms (local wall clock minus UTC). */
function offsetMs(timeZone: string, at: number): number {
  const secs = Math.floor(at / 1000) * 1000;
  const w = wallClock(timeZone, secs);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - secs;
}

/**
 * The first instant (ms since the epoch) of a calendar day in a zone: local midnight, or, on the
 * rare days whose midnight a DST change skips, the first instant that is on that day.
 */
export function startOfDay(date: string, timeZone: string): number {
  const base = dateToUtcMs(date);
  let t = base - offsetMs(timeZone, base);
  t = base - offsetMs(timeZone, t);
  if (localDate(t, timeZone) === date && localDate(t - 1, timeZone) !== date) return t;
  // Midnight does not exist that day: search the first instant whose local day is `date`.
  let lo = base - 16 * 3_600_000; // on an earlier day in every zone
  let hi = base + 16 * 3_600_000; // on this day or later in every zone
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDate(mid, timeZone) < date) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The days a preset covers, in the account's time zone at `now`. The LAST_N presets are the N
 * days ending yesterday (today is not complete); THIS_MONTH runs from the 1st to today; LAST_MONTH
 * is the whole previous calendar month.
 */
export function resolveDateRange(
  preset: DatePreset = DEFAULT_DATE_PRESET,
  timeZone: string,
  now: Date,
): DateRange {
  const today = todayIn(timeZone, now);
  const yesterday = addDays(today, -1);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'TODAY':
      return { preset, startDate: today, endDate: today };
    case 'YESTERDAY':
      return { preset, startDate: yesterday, endDate: yesterday };
    case 'LAST_7_DAYS':
      return { preset, startDate: addDays(today, -7), endDate: yesterday };
    case 'LAST_14_DAYS':
      return { preset, startDate: addDays(today, -14), endDate: yesterday };
    case 'LAST_30_DAYS':
      return { preset, startDate: addDays(today, -30), endDate: yesterday };
    case 'THIS_MONTH':
      return { preset, startDate: firstOfMonth, endDate: today };
    case 'LAST_MONTH': {
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return { preset, startDate: `${lastOfPrevious.slice(0, 8)}01`, endDate: lastOfPrevious };
    }
    default: {
      const never: never = preset;
      throw new RangeError(`unknown date range preset: ${String(never)}`);
    }
  }
}
