/**
 * Waiting for background work: a polling loop with capped, jittered exponential backoff, an overall
 * deadline and an abort signal. Pure apart from the injected clock, sleep and random. The CLI's
 * `--wait` and the MCP tool's `wait` both use it.
 */

export interface Backoff {
  /** first delay, in ms */
  initialMs: number;
  /** the delay never exceeds this, jitter included */
  maxMs: number;
  /** growth per attempt */
  factor: number;
  /** ± fraction of random spread around the nominal delay (0.2 = ±20 %) */
  jitter: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 5000, factor: 2, jitter: 0.2 };

/** The nominal delay of attempt n (0-based): initial × factor^n, capped at max. */
export function nominalDelay(attempt: number, b: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(b.maxMs, b.initialMs * b.factor ** Math.max(0, attempt));
}

/**
 * The delay before poll n+1: the nominal delay spread by ±jitter, then capped, so polls of many
 * clients never line up and never come slower than maxMs.
 */
export function backoffDelay(
  attempt: number,
  b: Backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const nominal = nominalDelay(attempt, b);
  const spread = 1 + b.jitter * (2 * random() - 1);
  return Math.max(0, Math.min(b.maxMs, Math.round(nominal * spread)));
}

export type WaitOutcome<T> =
  | { outcome: 'done'; value: T; elapsedMs: number; polls: number }
  | { outcome: 'timeout'; value: T | undefined; elapsedMs: number; polls: number }
  | { outcome: 'interrupted'; value: T | undefined; elapsedMs: number; polls: number };

export interface WaitOptions<T> {
  /** one look at the state; gets a signal that aborts at the deadline or on interrupt */
  poll: (signal: AbortSignal) => Promise<T>;
  /** whether the state is final (ready or failed alike) */
  done: (value: T) => boolean;
  /** overall deadline, in ms from the start */
  timeoutMs: number;
  /** aborting stops waiting (e.g. Ctrl-C); the outcome is `interrupted` */
  signal?: AbortSignal;
  backoff?: Backoff;
  /** called after every poll, e.g. to update a spinner */
  onPoll?: (value: T, elapsedMs: number) => void;
  /** an initial value already in hand (e.g. from the request that started the job): polled only if not done */
  initial?: T;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Resolves after ms, or early (without rejecting) when the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Polls until `done`, the deadline, or an abort. The first poll is immediate (unless `initial` is
 * already final); then delays follow `backoffDelay`, and the last sleep is cut to the deadline so
 * one final look happens right at it. A poll still running at the deadline or at an abort is
 * abandoned through its signal.
 */
export async function waitFor<T>(opts: WaitOptions<T>): Promise<WaitOutcome<T>> {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const outer = opts.signal ?? new AbortController().signal;
  const start = now();
  const deadline = start + opts.timeoutMs;
  const elapsed = () => Math.max(0, now() - start);
  let value: T | undefined = opts.initial;
  let polls = 0;

  if (value !== undefined && opts.done(value))
    return { outcome: 'done', value, elapsedMs: 0, polls };
  for (let attempt = 0; ; attempt++) {
    if (outer.aborted) return { outcome: 'interrupted', value, elapsedMs: elapsed(), polls };
    if (attempt > 0 || value === undefined) {
      const remaining = deadline - now();
      const timeout = new AbortController();
      const timer = setTimeout(
        () => timeout.abort(new Error('wait timed out')),
        Math.max(0, remaining),
      );
      try {
        value = await opts.poll(AbortSignal.any([outer, timeout.signal]));
        polls++;
      } catch (e) {
        if (outer.aborted) return { outcome: 'interrupted', value, elapsedMs: elapsed(), polls };
        if (timeout.signal.aborted)
          return { outcome: 'timeout', value, elapsedMs: elapsed(), polls };
        throw e;
      } finally {
        clearTimeout(timer);
      }
      opts.onPoll?.(value, elapsed());
      if (opts.done(value)) return { outcome: 'done', value, elapsedMs: elapsed(), polls };
    }
    const remaining = deadline - now();
    if (remaining <= 0) return { outcome: 'timeout', value, elapsedMs: elapsed(), polls };
    await sleep(Math.min(backoffDelay(attempt, backoff, random), remaining), outer);
  }
}
