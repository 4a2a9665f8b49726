/**
 * The server's YouTube quota: units spent per UTC day, one row per day in the store's table
 * `youtube_quota`, shared by every worker thread and every replica on Postgres. Collection reserves
 * the units of a step before it makes the step's calls (one atomic upsert that refuses to pass the
 * day's limit) and gives back what it did not use, so the server never makes a call past its
 * `--youtube-quota`, and a step is never left half done for lack of units.
 *
 * The table comes from the stores' migrations (7 on both). It holds no workspace's data: never in a
 * snapshot, untouched by a reset.
 */
import type { Store } from '../store/port.ts';

/** The UTC day of an instant, `YYYY-MM-DD`: the quota's key. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The next 00:00 UTC after an instant. */
export function nextUtcMidnight(at: Date): Date {
  const d = new Date(at.getTime());
  d.setUTCHours(24, 0, 0, 0);
  return d;
}

/** Units reserved on a day: what `release` gives back is counted on that same day. */
export interface Reservation {
  day: string;
  units: number;
}

export class QuotaLedger {
  readonly #store: Store;
  /** units a day, across the server */
  readonly dailyUnits: number;
  /** real time (the quota is Google's, on real days, whatever a workspace's clock says) */
  readonly #now: () => Date;

  constructor(store: Store, dailyUnits: number, now: () => Date) {
    if (!Number.isInteger(dailyUnits) || dailyUnits < 1)
      throw new Error(`a YouTube quota is a whole number of units above 0, not ${dailyUnits}`);
    this.#store = store;
    this.dailyUnits = dailyUnits;
    this.#now = now;
  }

  today(): string {
    return utcDay(this.#now());
  }

  /**
   * Takes `units` of today's quota when they fit under the daily limit, in one statement (two
   * workers reserving at once never pass it together); null when they do not fit.
   */
  async reserve(units: number): Promise<Reservation | null> {
    if (units <= 0) return { day: this.today(), units: 0 };
    if (units > this.dailyUnits) return null;
    const day = this.today();
    const row = await this.#store.write(() =>
      this.#store.get<{ units: number }>(
        `INSERT INTO youtube_quota (day, units) VALUES (?1, ?2)
         ON CONFLICT (day) DO UPDATE SET units = youtube_quota.units + excluded.units
           WHERE youtube_quota.units + excluded.units <= ?3
         RETURNING units`,
        day,
        units,
        this.dailyUnits,
      ),
    );
    return row ? { day, units } : null;
  }

  /** Gives back the part of a reservation that was not spent. */
  async release(r: Reservation, unused: number): Promise<void> {
    const n = Math.min(unused, r.units);
    if (n <= 0) return;
    await this.#store.write(() =>
      this.#store.run(
        'UPDATE youtube_quota SET units = CASE WHEN units > ?1 THEN units - ?1 ELSE 0 END WHERE day = ?2',
        n,
        r.day,
      ),
    );
  }

  /** The API said the project's quota is spent: nothing more is reserved today. */
  async spendAll(): Promise<void> {
    await this.#store.write(() =>
      this.#store.run(
        `INSERT INTO youtube_quota (day, units) VALUES (?1, ?2)
         ON CONFLICT (day) DO UPDATE SET units = CASE WHEN youtube_quota.units > excluded.units THEN youtube_quota.units ELSE excluded.units END`,
        this.today(),
        this.dailyUnits,
      ),
    );
  }

  /** Units spent (or reserved) on a day, today by default. */
  async used(day = this.today()): Promise<number> {
    const row = await this.#store.get<{ units: number }>(
      'SELECT units FROM youtube_quota WHERE day = ?',
      day,
    );
    return Number(row?.units ?? 0);
  }
}
