/**
 * Runs adcli in this process: `main()` with test streams (IOStreams.test: a terminal or not, a given
 * width, stdin from a string) and a real Factory over a given environment. The backend is the real
 * one: the local profile on the sandbox's data dir, or whatever server ADCLI_BASE_URL names. Nothing
 * of adcli is faked, and nothing is left behind in the process: the run's store and connections are
 * closed before the result is answered.
 */
import { Factory, ManualInterrupts } from '../../src/lib/factory.ts';
import { IOStreams } from '../../src/lib/iostreams.ts';
import { main } from '../../src/main.ts';
import { sandbox } from './sandbox.ts';

export interface RunCliOptions {
  /** which standard streams are terminals: all of them (true), none (default), or each as given */
  tty?: boolean | { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  /** the terminal's width (default 80) */
  columns?: number;
  /** the environment adcli sees (default: a fresh sandbox's) */
  env?: NodeJS.ProcessEnv;
  /** what stdin holds; it ends after it */
  stdin?: string;
  /** Ctrl-C for the run: `interrupts.interrupt()` presses it */
  interrupts?: ManualInterrupts;
  /** on a terminal stdin: type `answer` once `prompt` shows on stdout (as a person would) */
  dialog?: { prompt: string; answer: string };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `adcli ...args` in-process; never rejects for a failing command (its exit code says so). */
export async function runCli(args: string[], opts: RunCliOptions = {}): Promise<CliResult> {
  const tty =
    typeof opts.tty === 'object'
      ? opts.tty
      : { stdin: opts.tty, stdout: opts.tty, stderr: opts.tty };
  const env = opts.env ?? sandbox().env;
  const t = IOStreams.test({
    stdinTTY: tty.stdin,
    stdoutTTY: tty.stdout,
    stderrTTY: tty.stderr,
    columns: opts.columns,
    stdin: opts.stdin,
    env,
  });
  const f = new Factory({ io: t.io, env, interrupts: opts.interrupts });
  const dialog = opts.dialog;
  let answered = false;
  const answer = dialog
    ? setInterval(() => {
        if (!answered && t.stdout().includes(dialog.prompt)) {
          answered = true;
          t.type(dialog.answer);
        }
      }, 5)
    : undefined;
  let code: number;
  try {
    code = await main(args, f);
  } finally {
    clearInterval(answer);
    await f.close();
  }
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

/** A runner bound to one environment (a sandbox, a server's URL and key): each test reads as its commands. */
export const cliIn =
  (env: NodeJS.ProcessEnv, defaults: Omit<RunCliOptions, 'env'> = {}) =>
  (args: string[], opts: Omit<RunCliOptions, 'env'> = {}): Promise<CliResult> =>
    runCli(args, { ...defaults, ...opts, env });
