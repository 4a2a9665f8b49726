import type { DomainDeps } from '../kernel/deps.ts';
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

/** A handler for every kind of job: a kind without one does not compile. */
export type JobHandlers = Record<JobKind, JobKindHandlers>;

/**
 * How a job's run ended: `ok` its handler returned (the job is done, or put back to wait for its
 * inputs), `error` it threw (the job is retried, up to three attempts, then failed).
 */
export type JobOutcome = 'ok' | 'error';

/** Told of every run of a job: its kind, how it ended, and the real seconds its handler took. */
export type JobRan = (kind: JobKind, outcome: JobOutcome, seconds: number) => void;

export interface JobRunnerOptions {
  /** a job's failure, for the server's log */
  log?: (line: string) => void;
  /** every run, for adcli serve's metrics (adcli_job_duration_seconds) */
  ran?: JobRan;
}

/**
 * Runs claimed jobs of one process, each on its workspace's time. How jobs are found is the
 * caller's: JobLoop (worker threads, tests) polls; the local profile calls runDue before a request;
 * a clock advance claims the jobs of its workspace one at a time.
 */
export class JobRunner {
  readonly #d: DomainDeps;
  readonly #queue: JobQueue;
  // a kind without a handler fails as its handler would (tests give only the kinds they run)
  readonly #handlers: Partial<JobHandlers>;
  readonly #log: (line: string) => void;
  readonly #ran: JobRan;

  constructor(
    deps: DomainDeps,
    queue: JobQueue,
    handlers: Partial<JobHandlers>,
    opts: JobRunnerOptions = {},
  ) {
    this.#d = deps;
    this.#queue = queue;
    this.#handlers = handlers;
    this.#log = opts.log ?? (() => {});
    this.#ran = opts.ran ?? (() => {});
  }

  get queue(): JobQueue {
    return this.#queue;
  }

  /** Runs every job that is due now, one after another; returns how many ran. */
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
    // real time, whatever the workspace's clock says: what an operator sizes workers by
    const started = performance.now();
    const ran = (outcome: JobOutcome) => {
      try {
        this.#ran(job.kind, outcome, (performance.now() - started) / 1000);
      } catch {
        // a failure to count is not the job's
      }
    };
    try {
      if (!handler) throw new Error(`no handler for ${job.kind} jobs`);
      await handler.run(job);
      ran('ok');
    } catch (err) {
      ran('error');
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
}
