/**
 * `--wait` in the CLI: the shared polling loop (server/lib/wait.ts), plus the stderr spinner and the
 * Ctrl-C take-over of the Factory, put together by `follow` for every command that waits (the job
 * itself goes on when waiting stops).
 */
import type { ApiClient } from './client.ts';
import { CliError, EXIT } from './errors.ts';
import type { Factory } from './factory.ts';
import { isLocal } from './target.ts';
import { DEFAULT_BACKOFF, waitFor, type Backoff } from '../../server/lib/wait.ts';

export {
  DEFAULT_BACKOFF,
  abortableSleep,
  backoffDelay,
  nominalDelay,
  waitFor,
  type Backoff,
  type WaitOptions,
  type WaitOutcome,
} from '../../server/lib/wait.ts';

/** "850ms", "4s", "2m05s", "1h02m": elapsed time for people. */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** Polls of the local backend are calls in this process, and each one runs the jobs that are due: look often. */
export const LOCAL_BACKOFF: Backoff = { initialMs: 250, maxMs: 1000, factor: 2, jitter: 0.2 };

export interface Follow<T> {
  /** the client the job was started or seen with: its target decides what "the job goes on" means */
  client: ApiClient;
  /** the record in hand (from the request that started or showed the job) */
  initial: T;
  /** one more look at the record */
  poll(signal: AbortSignal): Promise<T>;
  /** whether the job is over, ready or failed alike */
  settled(value: T): boolean;
  /** the state for people, e.g. "data store 65f… collecting": a progress line each time it changes */
  describe(value: T): string;
  /** the spinner's text on a terminal (the elapsed time is added); default `describe` */
  spinnerText?(value: T): string;
  timeoutMs: number;
  /** the job as the messages name it: "the collection", "the generation" */
  job: string;
  /** for the timeout message: "still collecting" */
  still: string;
  /** how to look again or keep waiting, e.g. "See it with adcli data-stores get ID, or keep waiting with … --wait" */
  resume: string;
  /** --json: no progress lines, so stderr holds nothing but an error's JSON */
  json?: boolean;
}

/**
 * `--wait` of every command that follows a background job: the shared polling loop, an ora spinner
 * on a terminal, one progress line per change of state on stderr otherwise (never spinner frames;
 * none with --json), Ctrl-C taken over while waiting. Answers the settled record; a timeout is
 * exit 8 and Ctrl-C exit 130, each telling that the job goes on and how to resume. Judging a failed
 * job (exit 10) is the caller's: only it knows what failed means for its record.
 */
export async function follow<T>(
  { io, interrupts }: Pick<Factory, 'io' | 'interrupts'>,
  f: Follow<T>,
): Promise<T> {
  if (f.settled(f.initial)) return f.initial;
  const tty = io.isStderrTTY();
  const lines = !tty && !f.json;
  const text = f.spinnerText ?? f.describe;
  const label = (t: T, ms: number) => `${text(t)} · ${ms < 1000 ? '0s' : formatElapsed(ms)}`;
  const local = isLocal(f.client.target);
  const spin = await io.startSpinner(label(f.initial, 0));
  let said = f.describe(f.initial);
  if (lines) io.stderr.write(`${said}\n`);
  const ctrlC = interrupts.takeOver();
  let last = f.initial;
  const started = performance.now();
  // The elapsed time moves between polls too.
  const tick = tty
    ? setInterval(() => spin.update(label(last, performance.now() - started)), 1000)
    : undefined;
  try {
    const r = await waitFor<T>({
      poll: (signal) => f.poll(signal),
      done: f.settled,
      initial: f.initial,
      timeoutMs: f.timeoutMs,
      signal: ctrlC.signal,
      backoff: local ? LOCAL_BACKOFF : DEFAULT_BACKOFF,
      onPoll: (t, ms) => {
        last = t;
        spin.update(label(t, ms));
        const now = f.describe(t);
        if (lines && now !== said) io.stderr.write(`${now} after ${formatElapsed(ms)}\n`);
        said = now;
      },
    });
    if (r.outcome === 'done') return r.value;
    // The local backend runs due jobs before each request of any adcli command; a server, on its own.
    const goesOn = local
      ? `${f.job} goes on: the next adcli command finishes it once it is due`
      : `${f.job} goes on in the background`;
    if (r.outcome === 'timeout') {
      throw new CliError(
        `${f.still} after ${formatElapsed(r.elapsedMs)} (--wait-timeout ${formatElapsed(f.timeoutMs)}); ${goesOn}. ${f.resume}`,
        EXIT.waitTimeout,
      );
    }
    throw new CliError(`stopped waiting; ${goesOn}. ${f.resume}`, EXIT.interrupted);
  } finally {
    if (tick) clearInterval(tick);
    spin.stop();
    ctrlC.release();
  }
}
