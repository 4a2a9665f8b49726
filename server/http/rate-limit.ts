import { ApiError } from '../lib/errors.ts';

const WINDOW_MS = 60_000;

/**
 * Per-key fixed windows of one minute: a key may make `limit` requests in a window that opens with
 * its first request. In memory, per process: it protects this server, which is what it is for.
 */
export class RateLimiter {
  readonly limit: number;
  #windows = new Map<string, { start: number; count: number }>();

  constructor(limit: number) {
    this.limit = limit;
  }

  /**
   * Counts `n` requests at `now` (ms, the key's workspace time); returns the state after them, with
   * retryAfter set when it is over the limit.
   */
  hit(keyId: string, now: number, n = 1): { remaining: number; resetSeconds: number; retryAfter: number | null } {
    let w = this.#windows.get(keyId);
    if (!w || now - w.start >= WINDOW_MS || now < w.start) {
      if (this.#windows.size > 10_000) this.#sweep(now);
      w = { start: now, count: 0 };
      this.#windows.set(keyId, w);
    }
    w.count += n;
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    if (w.count > this.limit) return { remaining: 0, resetSeconds, retryAfter: resetSeconds };
    return { remaining: this.limit - w.count, resetSeconds, retryAfter: null };
  }

  #sweep(now: number): void {
    for (const [k, w] of this.#windows) if (now - w.start >= WINDOW_MS) this.#windows.delete(k);
  }
}

/**
 * Counts `n` requests of a key and answers the RateLimit-* headers to set; throws the 429 (with
 * Retry-After and those headers) when the key is over its limit.
 */
export function countRequests(limiter: RateLimiter, keyId: string, now: number, n = 1): Record<string, string> {
  const r = limiter.hit(keyId, now, n);
  const headers = {
    'RateLimit-Limit': String(limiter.limit),
    'RateLimit-Remaining': String(r.remaining),
    'RateLimit-Reset': String(r.resetSeconds),
  };
  if (r.retryAfter !== null) {
    throw new ApiError(429, 'rate_limited', `more than ${limiter.limit} requests in a minute; retry in ${r.retryAfter} s`, {
      ...headers,
      'Retry-After': String(r.retryAfter),
    });
  }
  return headers;
}
