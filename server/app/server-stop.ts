/**
 * How `adcli serve` stops: draining first (readiness, keep-alive, the workers claim nothing more),
 * then the port, then the jobs still running handed back, then the metrics listener and the store.
 */
import type { Readiness } from '../http/health.ts';
import type { Listening } from '../http/listen.ts';
import type { Store } from '../store/port.ts';
import type { Backend } from './backend.ts';
import type { ServerMetrics } from './metrics.ts';
import type { WorkerPool } from './workers/worker-pool.ts';

/** What a stop keeps of its grace to hand back unfinished jobs and close the store. */
const HAND_BACK_MS = 1000;

export interface StopOptions {
  graceMs: number;
  drainDelayMs?: number;
  /** at most this for running jobs (0: hand them back at once) */
  jobGraceMs?: number;
  announce?: (running: number, jobGraceMs: number) => void;
}

export interface Stopping {
  /**
   * Stops, draining, all within `graceMs`: /readyz turns 503 and every answer says `Connection:
   * close` at once, and the job workers claim nothing more; after `drainDelayMs` (balancers probe
   * every few seconds) the port stops accepting and idle connections close; requests already read
   * are answered. Running jobs get the grace less a moment (`announce` is told how many run, and
   * for how long); what is still running then is handed back to the queue, and connections still
   * open are closed. Closes the store.
   */
  stop(opts: StopOptions): Promise<{ handedBack: number }>;
  /** ends a stop's delay and grace at once (a second Ctrl-C) */
  hurry(): void;
}

/** What a running server is made of, as far as stopping it goes. */
export interface StopParts {
  listening: Listening;
  workers: WorkerPool;
  services: Backend['services'];
  readiness: Readiness;
  metrics: ServerMetrics | undefined;
  store: Store;
  /** the timer asking for a newer schema (Postgres), cleared first */
  schemaCheck: ReturnType<typeof setInterval> | undefined;
}

export function stopping(parts: StopParts): Stopping {
  const { listening, workers, services, readiness, store, schemaCheck } = parts;
  const { server } = listening;
  let hurried!: () => void;
  const hurry = new Promise<void>((resolve) => (hurried = resolve));
  /** waits ms, or less when `until` settles first or the stop is hurried; leaves no timer behind */
  const pause = (ms: number, until?: Promise<unknown>) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      void hurry.then(done);
      void until?.then(done);
    });

  return {
    async stop({ graceMs, drainDelayMs = 0, jobGraceMs: jobsAtMost, announce }) {
      const began = Date.now();
      clearInterval(schemaCheck);
      readiness.drain();
      listening.endKeepAlive();
      // The store knows which jobs the workers hold (a claim commits before its job runs).
      const running = await services.jobs
        .runningBy(workers.threads().map((t) => t.owner))
        .catch(() => 0);
      const jobGraceMs = Math.min(
        jobsAtMost ?? Infinity,
        Math.max(0, graceMs - HAND_BACK_MS - (Date.now() - began)),
      );
      announce?.(running, jobGraceMs);
      const jobsStopped = workers.stop({ graceMs: jobGraceMs });
      await pause(Math.min(drainDelayMs, graceMs) - (Date.now() - began));
      // Requests that have arrived but are not read yet (a signal is handled before the sockets'
      // reads of the same turn) are read first, so they are answered rather than cut as idle.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // requests already read are answered, within the grace
      await pause(graceMs - HAND_BACK_MS - (Date.now() - began), closed);
      server.closeAllConnections();
      await closed;
      const { handedBack } = await jobsStopped;
      await parts.metrics?.close();
      await store.close();
      return { handedBack };
    },
    hurry() {
      hurried();
      void workers.stop({ graceMs: 0 });
    },
  };
}
