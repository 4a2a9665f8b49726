/**
 * `--wait` in the CLI: the shared polling loop (server/lib/wait.ts), plus the stderr spinner and the
 * Ctrl-C take-over the commands use around it (the job itself goes on when waiting stops).
 */
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
