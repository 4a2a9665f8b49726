/**
 * Waiting for background work (`--wait`): a polling loop with capped, jittered exponential backoff,
 * an overall deadline and an abort signal (Ctrl-C stops waiting; the job itself goes on), plus the
 * stderr spinner and the Ctrl-C take-over the commands use around it. The loop is pure apart from
 * the injected clock, sleep and random, so it is unit-tested directly.
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
export function backoffDelay(attempt: number, b: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
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

  if (value !== undefined && opts.done(value)) return { outcome: 'done', value, elapsedMs: 0, polls };
  for (let attempt = 0; ; attempt++) {
    if (outer.aborted) return { outcome: 'interrupted', value, elapsedMs: elapsed(), polls };
    if (attempt > 0 || value === undefined) {
      const remaining = deadline - now();
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error('wait timed out')), Math.max(0, remaining));
      try {
        value = await opts.poll(AbortSignal.any([outer, timeout.signal]));
        polls++;
      } catch (e) {
        if (outer.aborted) return { outcome: 'interrupted', value, elapsedMs: elapsed(), polls };
        if (timeout.signal.aborted) return { outcome: 'timeout', value, elapsedMs: elapsed(), polls };
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

/** "850ms", "4s", "2m05s", "1h02m": elapsed time for people. */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

/** An ora spinner on stderr when it is a terminal; otherwise nothing at all. */
export async function spinner(text: string): Promise<Spinner> {
  if (!process.stderr.isTTY) return { update() {}, stop() {} };
  const { default: ora } = await import('ora');
  // discardStdin off: stdin stays cooked, so Ctrl-C is a real SIGINT for takeOverCtrlC.
  const s = ora({ text, stream: process.stderr, discardStdin: false, isEnabled: true }).start();
  return {
    update: (t) => void (s.text = t),
    stop: () => void s.stop(),
  };
}

/**
 * While waiting, the first Ctrl-C aborts the returned signal (the caller then says so and exits
 * 130) instead of the program's own handler; a second Ctrl-C exits at once. `release()` restores
 * the program's handlers.
 */
export function takeOverCtrlC(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const previous = process.listeners('SIGINT');
  for (const l of previous) process.removeListener('SIGINT', l);
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onSigint);
  return {
    signal: controller.signal,
    release() {
      process.removeListener('SIGINT', onSigint);
      for (const l of previous) process.on('SIGINT', l as () => void);
    },
  };
}
