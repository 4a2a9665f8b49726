import type { DomainDeps } from '../domain/context.ts';
import type { JobKind, JobQueue, JobRow } from './queue.ts';

/**
 * A job handler. It must make its effect in one write transaction that first checks
 * `queue.holds(job.id)` and ends with `queue.finish(...)` (or `retryLater`), so a job whose lease
 * passed to another process can never apply its result twice.
 */
export type JobHandler = (job: JobRow) => Promise<void>;

/**
 * What a kind of job leaves right when it has failed for good (its last attempt threw): runs in the
 * transaction that records the failure, so nothing stays `collecting` or `generating` forever.
 */
export type JobFailureHandler = (job: JobRow, message: string) => Promise<void>;

export interface JobKindHandlers {
  run: JobHandler;
  failed?: JobFailureHandler;
}

export interface RunnerOptions {
  /** how often to look for due jobs when nothing nudges the runner */
  pollMs?: number;
  log?: (line: string) => void;
}

/** Runs due jobs of one process. Time decisions go through the clock; only the polling uses timers. */
export class JobRunner {
  readonly #d: DomainDeps;
  readonly #queue: JobQueue;
  readonly #handlers: Partial<Record<JobKind, JobKindHandlers>>;
  readonly #pollMs: number;
  readonly #log: (line: string) => void;
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  #stopped = true;

  constructor(
    deps: DomainDeps,
    queue: JobQueue,
    handlers: Partial<Record<JobKind, JobKindHandlers>>,
    opts: RunnerOptions = {},
  ) {
    this.#d = deps;
    this.#queue = queue;
    this.#handlers = handlers;
    this.#pollMs = opts.pollMs ?? 250;
    this.#log = opts.log ?? (() => {});
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#queue.onEnqueue = () => this.#schedule(0);
    this.#schedule(0);
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#queue.onEnqueue = () => {};
  }

  /**
   * Runs every job that is due now, one after another; returns how many ran. The local profile calls
   * it before each request, worker threads in their loop, tests by hand.
   */
  async runDue(limit = 1000): Promise<number> {
    let n = 0;
    for (; n < limit; n++) {
      const job = await this.#queue.claim();
      if (!job) break;
      await this.run(job);
    }
    return n;
  }

  /** Runs one claimed job on its workspace's time; a throw is recorded as the job's failure. */
  run(job: JobRow): Promise<void> {
    return this.#d.clock.within(job.workspace_id, () => this.#run(job));
  }

  async #run(job: JobRow): Promise<void> {
    const handler = this.#handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for ${job.kind} jobs`);
      await handler.run(job);
    } catch (err) {
      // A handler that throws failed outside its own transaction: record the failure once.
      const message = err instanceof Error ? err.message : String(err);
      this.#log(`job ${job.kind} ${job.subject} failed: ${message}`);
      await this.#d.store.write(async () => {
        if (await this.#queue.holds(job.id)) {
          if (job.attempts < 3) await this.#queue.retryLater(job.id, 1000 * job.attempts);
          else {
            await this.#queue.finish(job.id, 'failed', message);
            await handler?.failed?.(job, message);
          }
        }
      });
    }
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), ms);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (this.#running || this.#stopped) return;
    this.#running = true;
    let wait: number | null = null;
    try {
      await this.runDue(50);
      wait = await this.#queue.msUntilDue();
    } catch (err) {
      this.#log(`job runner: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.#running = false;
    }
    this.#schedule(wait === null ? this.#pollMs : Math.min(this.#pollMs, Math.max(wait, 10)));
  }
}
