/**
 * `adcli serve` from its start to its exit: it owns SIGINT and SIGTERM while it runs, hands them to
 * the --exec command while that runs, and stops draining, within --stop-grace: /readyz answers 503
 * at once; on SIGTERM the port keeps accepting for --drain-delay (balancers take the replica out),
 * then closes; requests already read are answered; running jobs get what is left of the grace (none
 * with a temporary store, which is about to be deleted), and what still runs then is handed back to
 * the queue in the store. A second Ctrl-C ends the delay and the grace at once. `done` settles with
 * the exit code the stop was given, once all of that is done.
 */
import type { ChildProcess } from 'node:child_process';
import type { RunningServer } from '../../../server/app/server.ts';
import type { Fields, Level } from '../../../server/lib/log.ts';
import { forward } from './serve-exec.ts';

type AnnounceStop = 'always' | 'when-jobs-run';

export interface LifecycleOptions {
  say: (level: Level, message: string, fields?: Fields) => void;
  stopGrace: number;
  drainDelay: number;
  /** a --memory store: running jobs get no grace, and are not handed back to anyone */
  temporary: boolean;
  /** a database other replicas share: their workers take handed-back jobs at once */
  shared: boolean;
  /** run once the server has stopped (the temporary store's folder goes) */
  cleanUp: () => void;
  /** whether a signal's stop says `stopping` even when no job runs (not with --exec) */
  announceStop: AnnounceStop;
}

export class ServeLifecycle {
  readonly done: Promise<number>;
  readonly #running: RunningServer;
  readonly #o: LifecycleOptions;
  #stopping = false;
  #stopped!: (exitCode: number) => void;
  #child: ChildProcess | null = null;
  readonly #onSignal = (signal: NodeJS.Signals) => {
    const child = this.#child;
    if (child && child.exitCode === null && child.signalCode === null) forward(child, signal);
    else if (!this.#stopping) void this.stop(0, this.#o.announceStop, signal);
    else this.#running.hurry();
  };

  constructor(running: RunningServer, opts: LifecycleOptions) {
    this.#running = running;
    this.#o = opts;
    this.done = new Promise<number>((resolve) => (this.#stopped = resolve));
    // Signals are process-wide: the server owns SIGINT and SIGTERM while it runs.
    process.on('SIGINT', this.#onSignal);
    process.on('SIGTERM', this.#onSignal);
  }

  /** The --exec command: signals go to it (its whole group) while it runs. */
  runs(child: ChildProcess): void {
    this.#child = child;
  }

  async stop(exitCode: number, announce: AnnounceStop, signal?: NodeJS.Signals): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    const { say, temporary } = this.#o;
    const { handedBack } = await this.#running.stop({
      graceMs: this.#o.stopGrace,
      drainDelayMs: signal === 'SIGTERM' ? this.#o.drainDelay : 0,
      ...(temporary ? { jobGraceMs: 0 } : {}),
      announce: (jobs, jobGraceMs) => {
        if (jobs > 0 && jobGraceMs > 0) {
          const what = jobs === 1 ? '1 running job gets' : `${jobs} running jobs get`;
          say(
            'info',
            `stopping; ${what} up to ${Math.round(jobGraceMs / 100) / 10} s to finish (Ctrl-C again hands ${jobs === 1 ? 'it' : 'them'} back now)`,
          );
        } else if (announce === 'always') {
          say('info', 'stopping');
        }
      },
    });
    if (handedBack > 0 && !temporary) {
      // on a shared database the other replicas' workers take them at once
      const them = handedBack === 1 ? 'it' : 'them';
      const when = this.#o.shared
        ? `another replica runs ${them}, or the next start does`
        : `${handedBack === 1 ? 'it runs' : 'they run'} at the next start`;
      say(
        'info',
        `${handedBack === 1 ? '1 unfinished job was' : `${handedBack} unfinished jobs were`} handed back; ${when}`,
      );
    }
    this.#o.cleanUp();
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
    this.#stopped(exitCode);
  }
}
