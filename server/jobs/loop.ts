import type { JobRunner } from './runner.ts';

export interface JobLoopOptions {
  /** how often an idle loop looks for due jobs when nothing nudges it */
  pollMs: number;
  /** how often finished jobs past their retention are deleted (never: omitted) */
  pruneEveryMs?: number;
  /**
   * A claim or prune that failed (the store busy or down): said once, not at every poll, then tried
   * again; said again when the failure changes and when the store answers again.
   */
  warn?: (line: string) => void;
}

/** While the store keeps failing, the loop looks again at most this seldom (a store that is down is not hammered). */
const MAX_FAILING_POLL_MS = 5000;

/**
 * The one loop that runs due jobs: one at a time until none is due, then a wait for a nudge (a job
 * was queued), the next due time or the poll interval. adcli serve's job worker threads run it, and
 * tests run it in process; the local profile, with no process in between commands, runs one pass
 * (JobRunner.runDue) before each request instead.
 */
export class JobLoop {
  readonly #runner: JobRunner;
  readonly #opts: JobLoopOptions;
  #wake: (() => void) | null = null;

  constructor(runner: JobRunner, opts: JobLoopOptions) {
    this.#runner = runner;
    this.#opts = opts;
  }

  /** Look for due jobs now (a job was queued and committed). */
  nudge(): void {
    this.#wake?.();
  }

  /** Runs until `signal` aborts; the job running then finishes first. */
  async run(signal: AbortSignal): Promise<void> {
    const queue = this.#runner.queue;
    const stop = () => this.#wake?.();
    signal.addEventListener('abort', stop, { once: true });
    let nextPrune =
      this.#opts.pruneEveryMs === undefined ? Infinity : Date.now() + this.#opts.pruneEveryMs;
    /** the failure last said, and how many passes failed since the store last answered */
    let failure: string | null = null;
    let failed = 0;
    try {
      while (!signal.aborted) {
        let ran = false;
        try {
          const job = await queue.claim();
          if (job) {
            ran = true;
            await this.#runner.run(job);
          }
          if (Date.now() >= nextPrune) {
            nextPrune = Date.now() + this.#opts.pruneEveryMs!;
            await queue.prune();
          }
          if (failed > 0)
            this.#opts.warn?.(
              `job loop: the store answers again (${failed} ${failed === 1 ? 'pass' : 'passes'} failed)`,
            );
          failure = null;
          failed = 0;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          failed++;
          if (message !== failure) this.#opts.warn?.(`job loop: ${message}; trying again`);
          failure = message;
        }
        if (signal.aborted) break;
        if (ran) {
          // lets queued messages (a nudge, a stop) arrive between two jobs
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        let due: number | null = null;
        try {
          due = await queue.msUntilDue();
        } catch {
          // as above: the next poll looks again
        }
        // failing, the wait doubles with each failed pass, up to MAX_FAILING_POLL_MS
        const poll =
          failed > 0
            ? Math.min(MAX_FAILING_POLL_MS, this.#opts.pollMs * 2 ** Math.min(failed - 1, 10))
            : this.#opts.pollMs;
        await this.#sleep(due === null ? poll : Math.min(poll, Math.max(due, 5)));
      }
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#wake = null;
        resolve();
      }
      this.#wake = done;
    });
  }
}
