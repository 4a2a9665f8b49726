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
   * Counts a request at `now` (ms, the key's workspace time); returns the state after it, with
   * retryAfter set when it is over the limit.
   */
  hit(keyId: string, now: number): { remaining: number; resetSeconds: number; retryAfter: number | null } {
    let w = this.#windows.get(keyId);
    if (!w || now - w.start >= WINDOW_MS || now < w.start) {
      if (this.#windows.size > 10_000) this.#sweep(now);
      w = { start: now, count: 0 };
      this.#windows.set(keyId, w);
    }
    w.count++;
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    if (w.count > this.limit) return { remaining: 0, resetSeconds, retryAfter: resetSeconds };
    return { remaining: this.limit - w.count, resetSeconds, retryAfter: null };
  }

  #sweep(now: number): void {
    for (const [k, w] of this.#windows) if (now - w.start >= WINDOW_MS) this.#windows.delete(k);
  }
}
