import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { AdvanceResult, AdvanceWork } from '../../control/advance.ts';
import { ApiError } from '../../lib/errors.ts';
import { processOwner } from '../../jobs/queue.ts';
import type { JobRan } from '../../jobs/runner.ts';
import type { StoreSpec } from '../../store/open.ts';
import type { ServiceSettings } from '../../domain/services.ts';
import type { FromWorker, ToWorker, WorkerData } from './worker-protocol.ts';

export interface WorkerPoolOptions {
  /**
   * The server's store: a SQLite file (a file: an in-memory database cannot be shared between
   * threads) or a Postgres database. Given to the workers as workerData, so a database URL and its
   * password never appear in a command line or an environment.
   */
  store: StoreSpec;
  workers: number;
  /**
   * The settings the HTTP thread's services were built with, handed whole to every worker as
   * workerData, like the store, so a key in them never appears in a command line or an environment.
   */
  settings?: ServiceSettings;
  /** how often an idle worker looks for due jobs when nothing nudges it (default 250 ms) */
  pollMs?: number;
  /** how often finished jobs past their retention are deleted (default a minute) */
  pruneEveryMs?: number;
  /**
   * Hands back the running jobs of a lease owner, to be run again (JobQueue.release on the HTTP
   * thread's connection); answers how many.
   */
  release: (owner: string) => Promise<number>;
  /** a job's own failures (the request log's level) */
  log?: (line: string) => void;
  /** a worker that stopped unexpectedly, or whose job loop cannot reach the store: always worth telling */
  warn?: (line: string) => void;
  /** a job ended in a worker: its kind, outcome and real duration (the metrics) */
  jobRan?: JobRan;
  /** the worker script; default the bundle's dist/job-worker.js or, from source, worker-main.ts */
  entry?: URL;
}

export interface PoolThread {
  threadId: number;
  /** the lease owner its jobs are claimed under */
  owner: string;
  worker: Worker;
}

interface Slot extends PoolThread {
  index: number;
  startedAt: number;
  exited: Promise<void>;
  done: boolean;
  /** advances this worker runs, by message id */
  advances: Map<number, { resolve(r: AdvanceResult): void; reject(e: Error): void }>;
}

/** Restarts of a worker that keeps dying right after it started wait longer each time, up to this. */
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The job workers of `adcli serve`: N worker threads, each with its own store connection, running
 * collection, generation and sync off the HTTP thread. Jobs stay rows in the store, so the pool adds
 * no durability of its own: a worker that dies has its leases handed back and is replaced; `stop`
 * lets running jobs end within a grace period and hands back the rest, for the next start (or another
 * process on the same data dir) to take over.
 */
export class WorkerPool {
  readonly #opts: WorkerPoolOptions;
  readonly #entry: URL;
  readonly #data: WorkerData;
  readonly #slots: Slot[] = [];
  readonly #restarts = new Set<NodeJS.Timeout>();
  #quickCrashes = 0;
  #stopping = false;
  #stopped: Promise<{ handedBack: number }> | null = null;
  #hurry: (() => void) | null = null;
  #nextAdvance = 0;

  constructor(opts: WorkerPoolOptions) {
    if (!Number.isInteger(opts.workers) || opts.workers < 1)
      throw new Error(`a worker pool needs at least one worker, not ${opts.workers}`);
    this.#opts = opts;
    this.#entry = opts.entry ?? workerEntry();
    this.#data = {
      store: opts.store,
      settings: opts.settings ?? {},
      pollMs: opts.pollMs ?? 250,
      pruneEveryMs: opts.pruneEveryMs ?? 60_000,
    };
    for (let i = 0; i < opts.workers; i++) this.#spawn(i);
  }

  get size(): number {
    return this.#opts.workers;
  }

  /** The live worker threads (diagnostics and tests). */
  threads(): readonly PoolThread[] {
    return this.#slots
      .filter((s) => !s.done)
      .map(({ threadId, owner, worker }) => ({ threadId, owner, worker }));
  }

  /** Tells the workers to look for due jobs now (call it after a job was queued and committed). */
  nudge(): void {
    if (this.#stopping) return;
    for (const s of this.#slots) if (!s.done) post(s.worker, { type: 'nudge' });
  }

  /**
   * Runs a clock advance in a worker thread, so the HTTP thread keeps serving every workspace while
   * the advance's jobs (generations above all) run; answers what the advance answers. A worker that
   * stops half-way answers 503: the advance stopped at a step, and a retry with the same
   * Idempotency-Key resumes it.
   */
  advance(work: AdvanceWork): Promise<AdvanceResult> {
    const live = this.#slots.filter((s) => !s.done);
    if (this.#stopping || live.length === 0) return Promise.reject(stoppedAdvance());
    const slot = live[this.#nextAdvance++ % live.length]!;
    const id = this.#nextAdvance;
    return new Promise((resolve, reject) => {
      slot.advances.set(id, { resolve, reject });
      post(slot.worker, { type: 'advance', id, work });
    });
  }

  /**
   * Stops the workers: none claims a new job; each running job gets `graceMs` to finish; the workers
   * still running then are terminated and their jobs handed back (they stay queued in the store).
   * Answers how many jobs were handed back. Called again while stopping, it answers the same promise;
   * with `graceMs: 0` it ends the grace period at once (a second Ctrl-C).
   */
  stop({ graceMs }: { graceMs: number }): Promise<{ handedBack: number }> {
    if (this.#stopped) {
      if (graceMs <= 0) this.#hurry?.();
      return this.#stopped;
    }
    this.#stopped = this.#stop(graceMs);
    return this.#stopped;
  }

  async #stop(graceMs: number): Promise<{ handedBack: number }> {
    this.#stopping = true;
    for (const t of this.#restarts) clearTimeout(t);
    this.#restarts.clear();
    const live = this.#slots.filter((s) => !s.done);
    for (const s of live) post(s.worker, { type: 'stop' });
    if (graceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(live.map((s) => s.exited)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
          this.#hurry = resolve;
        }),
      ]);
      clearTimeout(timer);
      this.#hurry = null;
    }
    let handedBack = 0;
    await Promise.all(
      live.map(async (s) => {
        if (!s.done) await s.worker.terminate();
        await s.exited;
        const n = await this.#release(s.owner);
        handedBack += n;
      }),
    );
    return { handedBack };
  }

  #spawn(index: number): void {
    const worker = new Worker(this.#entry, {
      workerData: this.#data,
      name: `adcli job worker ${index + 1}`,
    });
    let markExited!: () => void;
    const slot: Slot = {
      index,
      worker,
      threadId: worker.threadId,
      owner: processOwner(worker.threadId),
      startedAt: Date.now(),
      exited: new Promise<void>((resolve) => (markExited = resolve)),
      done: false,
      advances: new Map(),
    };
    this.#slots[index] = slot;
    let failure: Error | null = null;
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'log') this.#opts.log?.(m.line);
      else if (m.type === 'warn')
        this.#opts.warn?.(`adcli serve: job worker ${index + 1}: ${m.line}`);
      else if (m.type === 'job') this.#opts.jobRan?.(m.kind, m.outcome, m.seconds);
      else if (m.type === 'advanced') {
        const waiter = slot.advances.get(m.id);
        slot.advances.delete(m.id);
        if (!waiter) return;
        if (m.result) waiter.resolve(m.result);
        else
          waiter.reject(
            new ApiError(m.error!.status, m.error!.code, m.error!.message, m.error!.headers),
          );
      }
    });
    worker.on('error', (err) => (failure = err));
    worker.on('exit', (code) => {
      slot.done = true;
      for (const waiter of slot.advances.values()) waiter.reject(stoppedAdvance());
      slot.advances.clear();
      markExited();
      if (!this.#stopping) void this.#crashed(slot, code, failure);
    });
    // The owner is given before the worker can claim anything, so the pool always knows whose
    // leases to hand back.
    post(worker, { type: 'start', owner: slot.owner });
  }

  async #crashed(slot: Slot, code: number, failure: Error | null): Promise<void> {
    const quick = Date.now() - slot.startedAt < 10_000;
    this.#quickCrashes = quick ? this.#quickCrashes + 1 : 0;
    const delay = quick ? Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** this.#quickCrashes) : 0;
    const handedBack = await this.#release(slot.owner);
    const why = failure ? `: ${failure.message}` : ` (exit code ${code})`;
    this.#opts.warn?.(
      `adcli serve: job worker ${slot.index + 1} stopped unexpectedly${why}; ` +
        `${handedBack === 1 ? '1 job was' : `${handedBack} jobs were`} handed back to the queue; starting a new worker` +
        (delay >= 1000 ? ` in ${Math.round(delay / 1000)} s` : ''),
    );
    // A stop that began while the leases were handed back has cleared the restarts already.
    if (this.#stopping) return;
    const timer = setTimeout(() => {
      this.#restarts.delete(timer);
      if (!this.#stopping) this.#spawn(slot.index);
    }, delay);
    this.#restarts.add(timer);
  }

  async #release(owner: string): Promise<number> {
    try {
      return await this.#opts.release(owner);
    } catch (err) {
      // The store could not be written (busy, or closed): the lease runs out by itself.
      this.#opts.warn?.(
        `adcli serve: could not hand back the jobs of a stopped worker (${err instanceof Error ? err.message : String(err)}); they run again once their lease ends`,
      );
      return 0;
    }
  }
}

function stoppedAdvance(): ApiError {
  return new ApiError(
    503,
    'unavailable',
    'the job worker moving the clock stopped; the clock stands at its last step: retry with the same Idempotency-Key to finish the advance',
    { 'Retry-After': '1' },
  );
}

function post(worker: Worker, message: ToWorker): void {
  worker.postMessage(message);
}

/**
 * The worker script. From source (Node runs the .ts files as they are) it is worker-main.ts beside
 * this file; in the published bundle this module sits in dist/ or dist/chunks/ and the worker is the
 * bundle's second entry point, dist/job-worker.js. In the single executable (`npm run sea`) no file
 * exists: the worker's bundle is the executable's asset job-worker.mjs, started from a data: URL.
 */
export function workerEntry(): URL {
  const sea = process.getBuiltinModule('node:sea');
  if (sea?.isSea())
    return new URL(
      `data:text/javascript;base64,${Buffer.from(sea.getAsset('job-worker.mjs')).toString('base64')}`,
    );
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./worker-main.ts', here);
  for (const candidate of ['./job-worker.js', '../job-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return url;
  }
  throw new Error('job-worker.js is missing beside the adcli bundle; reinstall adcli');
}
