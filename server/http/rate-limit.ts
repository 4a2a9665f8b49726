import { ApiError } from '../lib/errors.ts';
import type { Observer } from '../lib/observe.ts';
import type { Store } from '../store/port.ts';

const WINDOW_MS = 60_000;

/** How a key stands after some requests were counted: retryAfter is set when it is over the limit. */
export interface Hit {
  remaining: number;
  resetSeconds: number;
  retryAfter: number | null;
}

/**
 * Counts requests per key in fixed windows of one minute that open with the key's first request, on
 * real time (never a workspace's clock: a frozen clock would hold a window open forever). `hit`
 * answers at once when the count is in memory, a promise when it is in the database.
 */
export interface RequestLimiter {
  readonly limit: number;
  hit(keyId: string, now: number, n?: number): Hit | Promise<Hit>;
}

/** A window that started at `start` and holds `count` requests, seen at `now`. */
function standing(limit: number, start: number, count: number, now: number): Hit {
  const resetSeconds = Math.min(
    WINDOW_MS / 1000,
    Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)),
  );
  if (count > limit) return { remaining: 0, resetSeconds, retryAfter: resetSeconds };
  return { remaining: limit - count, resetSeconds, retryAfter: null };
}

/**
 * Per-key fixed windows in memory, per process: one process on its SQLite file serves every request
 * of its keys, so its own count is the whole count, at no cost on the request's path.
 */
export class RateLimiter implements RequestLimiter {
  readonly limit: number;
  #windows = new Map<string, { start: number; count: number }>();

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Counts `n` requests at `now` (ms, real time); returns the state after them. */
  hit(keyId: string, now: number, n = 1): Hit {
    let w = this.#windows.get(keyId);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.#windows.size > 10_000) this.#sweep(now);
      w = { start: now, count: 0 };
      this.#windows.set(keyId, w);
    }
    w.count += n;
    return standing(this.limit, w.start, w.count, now);
  }

  #sweep(now: number): void {
    for (const [k, w] of this.#windows) if (now - w.start >= WINDOW_MS) this.#windows.delete(k);
  }
}

/** How often a process deletes windows nobody has used for a while, and after how long (real time). */
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_UNUSED_MS = 60 * 60_000;

/**
 * The same windows in the database (table rate_windows), for replicas on one Postgres: each request
 * is counted by one atomic upsert, outside the request's transaction, so the 121st request of a
 * minute is refused whichever replica it reaches. The upsert opens a new window only when the old one
 * is over: a request whose time was read a moment before another's but counted after it adds to the
 * window that one opened (restarting the window there let a burst through). Windows unused for an
 * hour of real time are deleted now and then.
 */
export class StoreRateLimiter implements RequestLimiter {
  readonly limit: number;
  readonly #store: Store;
  readonly #realNow: () => number;
  #nextSweep: number;

  constructor(store: Store, limit: number, realNow: () => number) {
    this.#store = store;
    this.limit = limit;
    this.#realNow = realNow;
    this.#nextSweep = realNow() + SWEEP_EVERY_MS;
  }

  async hit(keyId: string, now: number, n = 1): Promise<Hit> {
    const real = this.#realNow();
    // A `get`, as the row is wanted back: autocommit without the change announcement of `run`, since
    // the windows are no data any cache derives from (see Store.note).
    const row = (await this.#store.get<{ started_ms: number; hits: number }>(
      `INSERT INTO rate_windows (key_id, started_ms, hits, touched_ms) VALUES (?, ?, ?, ?)
       ON CONFLICT (key_id) DO UPDATE SET
         started_ms = CASE WHEN excluded.started_ms - rate_windows.started_ms >= ${WINDOW_MS}
                           THEN excluded.started_ms ELSE rate_windows.started_ms END,
         hits = CASE WHEN excluded.started_ms - rate_windows.started_ms >= ${WINDOW_MS}
                     THEN excluded.hits ELSE rate_windows.hits + excluded.hits END,
         touched_ms = excluded.touched_ms
       RETURNING started_ms, hits`,
      keyId,
      now,
      n,
      real,
    ))!;
    if (real >= this.#nextSweep) {
      this.#nextSweep = real + SWEEP_EVERY_MS;
      await this.#store.note(
        'DELETE FROM rate_windows WHERE touched_ms < ?',
        real - SWEEP_UNUSED_MS,
      );
    }
    return standing(this.limit, row.started_ms, row.hits, now);
  }
}

/**
 * The limiter for a store: in memory beside a SQLite file (one process serves it), in the database on
 * Postgres (replicas share the count).
 */
export function limiterFor(store: Store, limit: number, realNow: () => number): RequestLimiter {
  return store.dialect.name === 'postgres'
    ? new StoreRateLimiter(store, limit, realNow)
    : new RateLimiter(limit);
}

/** A limiter that tells `observe` of each refusal it answers (adcli serve's metrics). */
export function observedLimiter(limiter: RequestLimiter, observe: Observer): RequestLimiter {
  const told = (hit: Hit, n: number) => {
    if (hit.retryAfter !== null) observe.rateLimited(n);
    return hit;
  };
  return {
    limit: limiter.limit,
    hit(keyId, now, n = 1) {
      const r = limiter.hit(keyId, now, n);
      return r instanceof Promise ? r.then((hit) => told(hit, n)) : told(r, n);
    },
  };
}

type LimitHeaders = Record<string, string>;

/**
 * Counts `n` requests of a key and answers the RateLimit-* headers to set; throws the 429 (with
 * Retry-After and those headers) when the key is over its limit. Synchronous when the limiter is.
 */
export function countRequests(
  limiter: RequestLimiter,
  keyId: string,
  now: number,
  n = 1,
): LimitHeaders | Promise<LimitHeaders> {
  const r = limiter.hit(keyId, now, n);
  return r instanceof Promise
    ? r.then((hit) => limitHeaders(limiter.limit, hit))
    : limitHeaders(limiter.limit, r);
}

function limitHeaders(limit: number, r: Hit): LimitHeaders {
  const headers = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(r.remaining),
    'RateLimit-Reset': String(r.resetSeconds),
  };
  if (r.retryAfter !== null) {
    throw new ApiError(
      429,
      'rate_limited',
      `more than ${limit} requests in a minute; retry in ${r.retryAfter} s`,
      {
        ...headers,
        'Retry-After': String(r.retryAfter),
      },
    );
  }
  return headers;
}
