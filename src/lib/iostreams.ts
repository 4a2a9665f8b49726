/**
 * The one owner of the CLI's standard streams, after gh's iostreams: stdin, stdout and stderr, whether
 * each is a terminal, the terminal's width, whether colour is on, whether a prompt may be shown, the
 * spinner and reading a secret. Commands never touch `process.std*`: they get an IOStreams from the
 * Factory, so a test can hand in `IOStreams.test()` (buffers, "a terminal of 60 columns") and run a
 * command in-process. Nothing heavy is imported here: this module loads at start-up.
 */
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { CliError, EXIT } from './errors.ts';
import { cutText } from './text.ts';

/** The environment as a plain record: the real one, or a test's. */
export type Env = Readonly<Record<string, string | undefined>>;

/** What the CLI needs of an output stream (a tty.WriteStream has all of it). */
export interface OutStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
}

/** What the CLI needs of an input stream (a tty.ReadStream has all of it). */
export interface InStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

const NO_SPINNER: Spinner = { update() {}, stop() {} };

/** Used when the width of the terminal is unknown (piped, or a terminal that does not say). */
export const DEFAULT_WIDTH = 80;

export interface IOStreamsInit {
  /** stdin, or what opens it on first use (process.stdin loads a stream's modules; few commands read it) */
  stdin: InStream | (() => InStream);
  stdout: OutStream;
  stderr: OutStream;
  env: Env;
  /** overrides of what the streams say about themselves (tests) */
  stdinTTY?: boolean;
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** the terminal's width, when the streams cannot say (tests) */
  columns?: number;
  /** whether a pager may be started on a terminal stdout (the system's streams; never a test's sinks) */
  pager?: boolean;
}

/** A pager at work: stdout goes into `input` until stopPager(). */
interface Pager {
  child: ChildProcess;
  /** what stdout is while the pager runs: into the pager's stdin, and nowhere once it has quit */
  input: OutStream & Writable;
  exited: Promise<void>;
  onSigint: () => void;
}

export class IOStreams {
  readonly stderr: OutStream;
  readonly #openStdin: () => InStream;
  #stdin: InStream | undefined;
  readonly #stdout: OutStream;
  readonly #env: Env;
  #stdinTTY: boolean | undefined;
  readonly #tty: { stdout: boolean; stderr: boolean };
  readonly #columns: number | undefined;
  readonly #pagerAllowed: boolean;
  #pager: Pager | undefined;

  constructor(init: IOStreamsInit) {
    const stdin = init.stdin;
    this.#openStdin = typeof stdin === 'function' ? stdin : () => stdin;
    this.#stdout = init.stdout;
    this.stderr = init.stderr;
    this.#pagerAllowed = init.pager ?? false;
    this.#env = init.env;
    this.#stdinTTY = init.stdinTTY;
    this.#tty = {
      stdout: init.stdoutTTY ?? Boolean(init.stdout.isTTY),
      stderr: init.stderrTTY ?? Boolean(init.stderr.isTTY),
    };
    this.#columns = init.columns;
  }

  /** The process's own streams and environment: the only place the CLI reads them. */
  static system(env: Env): IOStreams {
    // The real standard streams: this is what the seam stands between.
    return new IOStreams({
      stdin: () => process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      env,
      pager: true,
    });
  }

  /** Standard input, opened when first read (a command that reads none never pays for it). */
  get stdin(): InStream {
    return (this.#stdin ??= this.#openStdin());
  }

  /** Standard output: the terminal or the pipe, or while a pager runs (startPager), the pager. */
  get stdout(): OutStream {
    return this.#pager?.input ?? this.#stdout;
  }

  /**
   * Streams for a test: stdout and stderr collected in memory, stdin from the given text (ended
   * after it) or stream, each one a terminal or not as asked, a terminal `columns` wide (default 80).
   * Terminal streams answer cursor movements as a tty.WriteStream does, so the spinner runs on them.
   */
  static test(opts: TestOptions = {}): TestIOStreams {
    // Loaded here, not at the top: start-up never pays for node:stream's and node:readline's modules.
    const {
      Writable: WritableClass,
      Readable: ReadableClass,
      PassThrough,
    } = process.getBuiltinModule('node:stream');
    const readline = process.getBuiltinModule('node:readline');
    const columns = opts.columns ?? DEFAULT_WIDTH;
    const sink = (tty: boolean) => {
      const chunks: Buffer[] = [];
      const stream: Writable & OutStream = new WritableClass({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(Buffer.from(chunk));
          callback();
        },
      });
      if (tty) {
        Object.assign(stream, {
          isTTY: true,
          columns,
          rows: 50,
          cursorTo: (x: number, y?: number | (() => void), cb?: () => void) =>
            readline.cursorTo(stream, x, y as number, cb),
          moveCursor: (dx: number, dy: number, cb?: () => void) =>
            readline.moveCursor(stream, dx, dy, cb),
          clearLine: (dir: -1 | 0 | 1, cb?: () => void) => readline.clearLine(stream, dir, cb),
          getColorDepth: () => 8,
          hasColors: () => true,
        });
      }
      return { stream, chunks };
    };
    const out = sink(Boolean(opts.stdoutTTY));
    const err = sink(Boolean(opts.stderrTTY));
    // Text on a terminal is keys typed, and a terminal never ends; piped text ends after it.
    let input: Readable & InStream;
    let keys: Writable | undefined;
    if (opts.stdin !== undefined && typeof opts.stdin !== 'string') {
      input = opts.stdin as Readable;
    } else if (opts.stdinTTY) {
      const terminal = new PassThrough();
      if (opts.stdin) terminal.write(opts.stdin);
      input = keys = terminal;
    } else {
      input = ReadableClass.from(opts.stdin ? [Buffer.from(opts.stdin)] : []);
    }
    if (opts.stdinTTY) Object.assign(input, { isTTY: true });
    const io = new IOStreams({
      stdin: input,
      stdout: out.stream,
      stderr: err.stream,
      env: opts.env ?? {},
      stdinTTY: Boolean(opts.stdinTTY),
      stdoutTTY: Boolean(opts.stdoutTTY),
      stderrTTY: Boolean(opts.stderrTTY),
      columns,
    });
    const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
    const type = (more: string) => {
      if (!keys) throw new Error('type() needs a terminal stdin (stdinTTY) given as text');
      keys.write(more);
    };
    return {
      io,
      stdout: () => text(out.chunks),
      stderr: () => text(err.chunks),
      stdoutBytes: () => Buffer.concat(out.chunks),
      type,
    };
  }

  isStdinTTY(): boolean {
    return (this.#stdinTTY ??= Boolean(this.stdin.isTTY));
  }
  isStdoutTTY(): boolean {
    return this.#tty.stdout;
  }
  isStderrTTY(): boolean {
    return this.#tty.stderr;
  }

  /**
   * Columns to draw in: COLUMNS when set to a number (as Python's get_terminal_size), else the
   * terminal's own width, else DEFAULT_WIDTH.
   */
  terminalWidth(): number {
    const fromEnv = Number(this.#env.COLUMNS);
    if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
    if (this.#columns !== undefined && this.#columns > 0) return this.#columns;
    const columns = this.#tty.stdout
      ? this.#stdout.columns
      : this.#tty.stderr
        ? this.stderr.columns
        : undefined;
    return columns && columns > 0 ? columns : DEFAULT_WIDTH;
  }

  /**
   * Whether colour may be used at all, as commander decides it for its help: NO_COLOR (not empty) or
   * FORCE_COLOR=0|false turn it off, FORCE_COLOR or CLICOLOR_FORCE turn it on, TERM=dumb off;
   * otherwise it is on for a terminal. Undefined: up to the stream.
   */
  #colorPolicy(): boolean | undefined {
    const env = this.#env;
    if (env.NO_COLOR || env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
    if (env.FORCE_COLOR || (env.CLICOLOR_FORCE !== undefined && env.CLICOLOR_FORCE !== '0'))
      return true;
    if (env.TERM === 'dumb') return false;
    return undefined;
  }

  /** Colour on stdout: never when piped unless forced. */
  colorEnabled(): boolean {
    return this.#colorPolicy() ?? this.#tty.stdout;
  }

  /** Colour on stderr (notices, progress). */
  colorEnabledStderr(): boolean {
    return this.#colorPolicy() ?? this.#tty.stderr;
  }

  /** Prompts only when stdin and stdout are terminals and CI is unset. */
  canPrompt(): boolean {
    return this.#tty.stdout && this.isStdinTTY() && !this.#env.CI;
  }

  /**
   * An ora spinner on stderr when it is a terminal; otherwise nothing at all. Its line is cut to the
   * width with `…` (the frame and a space before it), never wrapped: a wrapped spinner line is
   * redrawn as a new line at every frame.
   */
  async startSpinner(text: string): Promise<Spinner> {
    // While a pager shows stdout the screen is its own: no spinner draws over it.
    if (!this.#tty.stderr || this.#pager) return NO_SPINNER;
    const { default: ora } = await import('ora');
    const fit = (t: string) => cutText(t, Math.max(1, this.terminalWidth() - 3));
    // discardStdin off: stdin stays cooked, so Ctrl-C is a real SIGINT for the interrupt take-over.
    const s = ora({
      text: fit(text),
      stream: this.stderr,
      discardStdin: false,
      isEnabled: true,
    }).start();
    return {
      update: (t) => void (s.text = fit(t)),
      stop: () => void s.stop(),
    };
  }

  /** Whether a pager shows stdout now (startPager). */
  isPaging(): boolean {
    return this.#pager !== undefined;
  }

  /**
   * Sends the rest of stdout through a pager, as gh's IOStreams.StartPager: only when stdout is a
   * terminal (never piped; --json never calls it) and the streams are the process's own. The pager
   * is ADCLI_PAGER, else PAGER (either set but empty, or `cat`: none), else `less -FRX` where `less`
   * is on the PATH and the terminal is not dumb (-F: a screenful or less is printed and less quits;
   * -R: colours; -X: the output stays on the screen). LESS=FRX and LV=-c are set for it when unset,
   * as gh does. When the person quits the pager (q) before the end, the rest is dropped without an
   * error (no EPIPE); Ctrl-C while it runs is the pager's (less stays, q quits), not the end of
   * adcli. The shared output functions (src/lib/output.ts) call it, so commands never do; main()
   * waits for the pager with stopPager() before it says an error or ends.
   */
  startPager(): void {
    if (this.#pager || !this.#pagerAllowed || !this.#tty.stdout) return;
    const env = this.#env;
    const command = pagerCommand(env, (name) => onPath(name, env.PATH));
    if (!command) return;
    const { spawn } = process.getBuiltinModule('node:child_process');
    const { Writable: WritableClass } = process.getBuiltinModule('node:stream');
    let child: ChildProcess;
    try {
      child = spawn(command[0]!, command.slice(1), {
        stdio: ['pipe', 'inherit', 'inherit'],
        env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' },
      });
    } catch {
      return;
    }
    let open = true;
    const exited = new Promise<void>((resolve) => {
      child.once('error', () => {
        open = false;
        resolve();
      });
      child.once('close', () => {
        open = false;
        resolve();
      });
    });
    // The pager quit before the end (q): what is still written is for no one. EPIPE is not an error.
    child.stdin!.on('error', () => void (open = false));
    const input = new WritableClass({
      write(chunk: Buffer, _encoding, callback) {
        if (!open) return callback();
        if (child.stdin!.write(chunk)) return callback();
        const go = () => {
          child.stdin!.off('drain', go);
          child.off('close', go);
          callback();
        };
        child.stdin!.once('drain', go);
        child.once('close', go);
      },
    });
    const onSigint = () => {};
    process.on('SIGINT', onSigint);
    this.#pager = { child, input, exited, onSigint };
  }

  /** Ends the pager's input and waits until the person has quit it (at once for `less -F` on a short page). */
  async stopPager(): Promise<void> {
    const pager = this.#pager;
    if (!pager) return;
    await new Promise<void>((resolve) => pager.input.end(resolve));
    pager.child.stdin!.end();
    await pager.exited;
    process.off('SIGINT', pager.onSigint);
    this.#pager = undefined;
  }

  /** Everything on stdin, as text. */
  async readAll(): Promise<string> {
    return (await this.readAllBytes()).toString('utf8');
  }

  async readAllBytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.stdin)
      chunks.push(
        typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array),
      );
    return Buffer.concat(chunks);
  }

  /**
   * One line typed on the terminal without showing it: `prompt` on stderr, then the keys read with
   * echo off (raw mode) until Enter. Backspace erases, Ctrl-C ends the command (exit 130), Ctrl-D on
   * an empty line ends the input. The line itself never reaches the screen.
   */
  async readSecret(prompt: string): Promise<string> {
    const stdin = this.stdin;
    // Echo off before the prompt shows: a key pasted the moment the prompt appears must not be echoed.
    const raw = this.isStdinTTY() && typeof stdin.setRawMode === 'function';
    if (raw) stdin.setRawMode!(true);
    if (prompt) this.stderr.write(prompt);
    try {
      return await new Promise<string>((resolve, reject) => {
        let line = '';
        const finish = (fn: () => void) => {
          stdin.off('data', onData);
          stdin.off('end', onEnd);
          stdin.off('error', onError);
          stdin.pause();
          fn();
        };
        const onEnd = () => finish(() => resolve(line));
        const onError = (e: Error) => finish(() => reject(e));
        const onData = (chunk: Buffer | string) => {
          for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
            if (ch === '\r' || ch === '\n') return finish(() => resolve(line));
            if (ch === '\u0003')
              return finish(() => reject(new CliError('interrupted', EXIT.interrupted)));
            if (ch === '\u0004') {
              if (line === '') return finish(() => resolve(line));
              continue;
            }
            if (ch === '\u007f' || ch === '\b') line = line.slice(0, -1);
            else if (ch >= ' ') line += ch;
            if (line.length > 64 * 1024)
              return finish(() => reject(new CliError('the input is too long', EXIT.usage)));
          }
        };
        stdin.on('data', onData);
        stdin.once('end', onEnd);
        stdin.once('error', onError);
        stdin.resume();
      });
    } finally {
      if (raw) stdin.setRawMode!(false);
      // Enter was not echoed: end the prompt's line.
      if (prompt && this.#tty.stderr) this.stderr.write('\n');
    }
  }
}

/** Splits a command as a shell splits its words (quotes, backslashes); no expansions. */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (ch === "'") {
      const end = command.indexOf("'", i + 1);
      word += command.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? command.length : end;
      started = true;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++)
        word += command[j] === '\\' && j + 1 < command.length ? command[++j] : command[j];
      i = j;
      started = true;
    } else if (ch === '\\' && i + 1 < command.length) {
      word += command[++i];
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += ch;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}

/**
 * The pager's command line, or null for none: ADCLI_PAGER, else PAGER (set but empty, or `cat`:
 * none; a command not found: none), else `less -FRX` when `less` is found and TERM is a terminal's.
 */
export function pagerCommand(env: Env, found: (name: string) => boolean): string[] | null {
  const chosen = env.ADCLI_PAGER ?? env.PAGER;
  if (chosen !== undefined) {
    const words = splitCommand(chosen);
    if (words.length === 0 || (words.length === 1 && words[0] === 'cat')) return null;
    return found(words[0]!) ? words : null;
  }
  if (!env.TERM || env.TERM === 'dumb') return null;
  return found('less') ? ['less', '-FRX'] : null;
}

/** Whether `name` runs: a path to an executable file, or an executable file in a folder of PATH. */
function onPath(name: string, path: string | undefined): boolean {
  const fs = process.getBuiltinModule('node:fs');
  const { delimiter, join } = process.getBuiltinModule('node:path');
  const runs = (file: string) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (name.includes('/')) return runs(name);
  return (path ?? '').split(delimiter).some((dir) => dir !== '' && runs(join(dir, name)));
}

export interface TestOptions {
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  stdinTTY?: boolean;
  /** the terminal's width (default 80) */
  columns?: number;
  /** what stdin holds (piped: ended after it; a terminal: keys typed ahead, more with type()), or a stream */
  stdin?: string | NodeJS.ReadableStream;
  /** the environment the streams see (NO_COLOR, CI, COLUMNS, …); default empty */
  env?: Env;
}

export interface TestIOStreams {
  io: IOStreams;
  /** what was written to stdout so far */
  stdout(): string;
  stderr(): string;
  stdoutBytes(): Buffer;
  /** keys typed on the terminal stdin */
  type(keys: string): void;
}
