/**
 * The server's YouTube quota: units spent per quota day in the store's table `youtube_quota`, shared
 * by every worker thread and every replica on Postgres: the server's count (workspace_id '') within
 * `--youtube-quota`, and each workspace's within `--youtube-workspace-quota` when one is set, so one
 * workspace of a shared backend cannot spend the day's units the others wanted. Collection reserves
 * the units of a step before it makes the step's calls (both counts, or neither, under one lock) and
 * gives back what it did not use, so the server never makes a call past its quota, and a step is
 * never left half done for lack of units.
 *
 * A quota day is Google's: it begins at midnight Pacific time (America/Los_Angeles, 08:00 UTC in
 * winter and 07:00 UTC in summer), when Google resets a project's quota, so the server's count and
 * Google's start again together.
 *
 * The table comes from the stores' migrations (7 on both). It holds no workspace's records: never in
 * a snapshot, untouched by a reset (units spent are spent).
 */
import type { Store } from '../store/port.ts';
import { YOUTUBE_QUOTA_LOCK } from '../store/locks.ts';

/** Where Google's quota days begin and end. */
export const QUOTA_TIME_ZONE = 'America/Los_Angeles';

// the calendar date in the quota's time zone (en-CA writes dates as YYYY-MM-DD); made on first use:
// loading ICU's time zone data costs about 25 ms, which every command of the local profile paid
let pacificDate: Intl.DateTimeFormat | undefined;

/** The quota day of an instant, `YYYY-MM-DD`: its date in Pacific time, daylight saving included. */
export function quotaDay(at: Date): string {
  pacificDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: QUOTA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = pacificDate.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The start of the next quota day after an instant: the next midnight in Pacific time. */
export function nextQuotaDay(at: Date): Date {
  const today = quotaDay(at);
  // a day is 23 to 25 hours: the next one has begun within 26 hours; find its first millisecond
  let before = at.getTime();
  let after = before + 26 * 3_600_000;
  while (after - before > 1) {
    const mid = before + Math.floor((after - before) / 2);
    if (quotaDay(new Date(mid)) === today) before = mid;
    else after = mid;
  }
  return new Date(after);
}

/** Units reserved on a day for a workspace: what `release` gives back is counted on that same day. */
export interface Reservation {
  day: string;
  workspaceId: string;
  units: number;
}

/** Which count a reservation did not fit: the server's or the workspace's. */
export type SpentQuota = 'server' | 'workspace';

/** The server's own count: all workspaces' units together. */
const SERVER = '';

export class QuotaLedger {
  readonly #store: Store;
  /** units a day, across the server */
  readonly dailyUnits: number;
  /** units a day for one workspace (at most dailyUnits) */
  readonly workspaceUnits: number;
  /** real time (the quota is Google's, on real days, whatever a workspace's clock says) */
  readonly #now: () => Date;

  constructor(store: Store, dailyUnits: number, now: () => Date, workspaceUnits?: number) {
    for (const [name, n] of [
      ['quota', dailyUnits],
      ['workspace quota', workspaceUnits ?? dailyUnits],
    ] as const)
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`a YouTube ${name} is a whole number of units above 0, not ${n}`);
    this.#store = store;
    this.dailyUnits = dailyUnits;
    this.workspaceUnits = Math.min(workspaceUnits ?? dailyUnits, dailyUnits);
    this.#now = now;
  }

  /** Today's quota day (Pacific time): the key its units are counted under. */
  today(): string {
    return quotaDay(this.#now());
  }

  /** The most one step of a workspace may ever reserve: what a whole day holds for it. */
  get stepLimit(): number {
    return this.workspaceUnits;
  }

  /**
   * Takes `units` of today's quota for a workspace when they fit under both the server's and the
   * workspace's daily limits, or says which one they do not fit (then nothing is taken). Reservations
   * take turns (a lock, on every replica), so two never pass a limit together.
   */
  async reserve(workspaceId: string, units: number): Promise<Reservation | SpentQuota> {
    const day = this.today();
    if (units <= 0) return { day, workspaceId, units: 0 };
    const store = this.#store;
    return store.write(async () => {
      await store.lock(YOUTUBE_QUOTA_LOCK);
      if ((await this.#units(day, SERVER)) + units > this.dailyUnits) return 'server';
      if ((await this.#units(day, workspaceId)) + units > this.workspaceUnits) return 'workspace';
      // bookkeeping (note): no cached read depends on it, so the change stamps stay
      for (const who of [SERVER, workspaceId])
        await store.note(
          `INSERT INTO youtube_quota (day, workspace_id, units) VALUES (?1, ?2, ?3)
           ON CONFLICT (day, workspace_id) DO UPDATE SET units = youtube_quota.units + excluded.units`,
          day,
          who,
          units,
        );
      return { day, workspaceId, units };
    });
  }

  /** Gives back the part of a reservation that was not spent, to both counts. */
  async release(r: Reservation, unused: number): Promise<void> {
    const n = Math.min(unused, r.units);
    if (n <= 0) return;
    const store = this.#store;
    await store.write(async () => {
      await store.lock(YOUTUBE_QUOTA_LOCK);
      await store.note(
        `UPDATE youtube_quota SET units = CASE WHEN units > ?1 THEN units - ?1 ELSE 0 END
         WHERE day = ?2 AND workspace_id IN (?3, ?4)`,
        n,
        r.day,
        SERVER,
        r.workspaceId,
      );
    });
  }

  /** The API said the project's quota is spent: nothing more is reserved today, by any workspace. */
  async spendAll(): Promise<void> {
    const store = this.#store;
    await store.write(async () => {
      await store.lock(YOUTUBE_QUOTA_LOCK);
      await store.note(
        `INSERT INTO youtube_quota (day, workspace_id, units) VALUES (?1, ?2, ?3)
         ON CONFLICT (day, workspace_id) DO UPDATE SET units = CASE WHEN youtube_quota.units > excluded.units THEN youtube_quota.units ELSE excluded.units END`,
        this.today(),
        SERVER,
        this.dailyUnits,
      );
    });
  }

  /** Units spent (or reserved) on a day, today by default: the server's, or one workspace's. */
  used(day = this.today(), workspaceId = SERVER): Promise<number> {
    return this.#units(day, workspaceId);
  }

  async #units(day: string, workspaceId: string): Promise<number> {
    const row = await this.#store.get<{ units: number }>(
      'SELECT units FROM youtube_quota WHERE day = ? AND workspace_id = ?',
      day,
      workspaceId,
    );
    return Number(row?.units ?? 0);
  }
}
