/** All time in the backend goes through a Clock, so tests and simulations can move time by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The latest time a workspace clock may show. Past it an ISO 8601 timestamp needs a signed six-digit
 * year (`+010000-01-01T…`), which no client of the API expects in its timestamps.
 */
export const LATEST_CLOCK_TIME = '9999-12-31T23:59:59.999Z';
/** The earliest: the Unix epoch (stores, reports and durations count from it). */
export const EARLIEST_CLOCK_TIME = '1970-01-01T00:00:00.000Z';

/** Why a workspace's clock cannot show `at` (`past 9999-…`), or null when it can. */
export function clockRangeProblem(at: Date): string | null {
  const ms = at.getTime();
  if (Number.isNaN(ms) || ms > Date.parse(LATEST_CLOCK_TIME))
    return `past ${LATEST_CLOCK_TIME}, the latest time a workspace clock may show`;
  if (ms < Date.parse(EARLIEST_CLOCK_TIME))
    return `before ${EARLIEST_CLOCK_TIME}, the earliest time a workspace clock may show`;
  return null;
}

export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string | number = Date.UTC(2026, 0, 15, 12)) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(at: Date | string | number): void {
    this.#ms = new Date(at).getTime();
  }
}
