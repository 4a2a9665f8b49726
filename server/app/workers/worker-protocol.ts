/** The messages between WorkerPool (the HTTP thread of `adcli serve`) and its job worker threads. */
import type { AdvanceResult, AdvanceWork } from '../../control/advance.ts';
import type { ErrorCode } from '../../lib/errors.ts';
import type { JobKind } from '../../jobs/queue.ts';
import type { JobOutcome } from '../../jobs/runner.ts';
import type { StoreSpec } from '../../store/open.ts';
import type { ServiceSettings } from '../../domain/services.ts';

/** What a worker is started with (`workerData`: copied to the thread, never argv or an environment). */
export interface WorkerData {
  /** the server's store: every worker opens its own connection (SQLite) or small pool (Postgres) on it */
  store: StoreSpec;
  /**
   * The services' settings, the very object the HTTP thread's services were built with (the ad
   * platform, the YouTube Data API key, the job delays): copied here, never argv or an environment.
   */
  settings: ServiceSettings;
  /** how often an idle worker looks for due jobs when nothing nudges it */
  pollMs: number;
  /** how often finished jobs past their retention are deleted */
  pruneEveryMs: number;
}

export type ToWorker =
  /** the lease holder name the worker claims jobs under; sent once, first */
  | { type: 'start'; owner: string }
  /** a job was queued: look for due jobs now */
  | { type: 'nudge' }
  /** claim nothing more, finish the current job, close the store and exit */
  | { type: 'stop' }
  /** move a workspace's clock, running its due jobs here, off the HTTP thread; answered by `advanced` */
  | { type: 'advance'; id: number; work: AdvanceWork };

export type FromWorker =
  /** a job's failure, for the server's log */
  | { type: 'log'; line: string }
  /** the job loop cannot reach the store (said once), or can again: always worth telling */
  | { type: 'warn'; line: string }
  /** a job ended: its kind, outcome and real duration, for the metrics */
  | { type: 'job'; kind: JobKind; outcome: JobOutcome; seconds: number }
  /** the worker closed its store and exits */
  | { type: 'stopped' }
  /** an advance's answer, or the API error it ended with */
  | {
      type: 'advanced';
      id: number;
      result?: AdvanceResult;
      error?: { status: number; code: ErrorCode; message: string; headers: Record<string, string> };
    };
