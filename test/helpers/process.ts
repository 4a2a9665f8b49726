/**
 * Runs adcli as a real process (`node bin/adcli.js …`, the built bundle in dist/) with its own
 * temporary home, data and config folders (sandbox.ts), so tests never touch the real home. Every
 * child and every temp folder is tracked: call `killAll()` in afterEach and `cleanupAll()` in afterAll.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeSandboxes, sandbox } from './sandbox.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const BIN = join(ROOT, 'bin', 'adcli.js');

export { sandbox, tempDir, toolDir, type Sandbox } from './sandbox.ts';

const children = new Set<ChildProcess>();

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** resolves when the process has exited (never rejects) */
  exited: Promise<Exit>;
  /** waits until the accumulated stdout satisfies the test, or rejects (with the output) after ms */
  waitForStdout(test: (text: string) => boolean, ms?: number): Promise<string>;
  /** the same for stderr: a child's stderr can arrive after its HTTP answer, so tests wait for log lines */
  waitForStderr(test: (text: string) => boolean, ms?: number): Promise<string>;
  /** sends a signal (if still running) and waits for the exit, or rejects after ms */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<Exit>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  /** the Node binary; default the one running the tests */
  node?: string;
  /** an adcli executable to run instead of `node bin/adcli.js` (the single executable, dist/sea/adcli) */
  exe?: string;
  cwd?: string;
}

/** Starts `node bin/adcli.js ...args` (or `exe ...args`); the child is killed by killAll(). */
export function spawnAdcli(args: string[], opts: SpawnOptions = {}): Proc {
  if (!opts.exe && !existsSync(join(ROOT, 'dist', 'cli.js')))
    throw new Error('dist/cli.js is missing: run `npm run build` first');
  const [command, argv] = opts.exe
    ? [opts.exe, args]
    : [opts.node ?? process.execPath, [BIN, ...args]];
  const child = spawn(command, argv, {
    cwd: opts.cwd ?? ROOT,
    env: opts.env ?? sandbox().env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  const watchers = new Set<() => void>();
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (d: string) => {
    out += d;
    for (const w of watchers) w();
  });
  child.stderr!.on('data', (d: string) => {
    err += d;
    for (const w of watchers) w();
  });
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('error', () => resolveExit({ code: null, signal: null }));
    // 'close' fires after the pipes are drained, so stdout/stderr are complete by then.
    child.once('close', (code, signal) => {
      children.delete(child);
      for (const w of watchers) w();
      resolveExit({ code, signal });
    });
  });
  let done = false;
  void exited.then(() => (done = true));

  const describeOutput = () => `\n--- stdout ---\n${out}\n--- stderr ---\n${err}`;

  const waitFor = (stream: 'stdout' | 'stderr', test: (text: string) => boolean, ms = 20_000) =>
    new Promise<string>((res, rej) => {
      const text = () => (stream === 'stdout' ? out : err);
      const check = () => {
        if (test(text())) {
          cleanup();
          res(text());
        } else if (done || child.exitCode !== null || child.signalCode !== null) {
          cleanup();
          rej(
            new Error(
              `adcli ${args.join(' ')} exited (${child.exitCode ?? child.signalCode}) before the expected output${describeOutput()}`,
            ),
          );
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        rej(
          new Error(
            `timed out after ${ms} ms waiting for ${stream} of adcli ${args.join(' ')}${describeOutput()}`,
          ),
        );
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        watchers.delete(check);
      };
      watchers.add(check);
      check();
    });

  const waitForStdout = (test: (text: string) => boolean, ms?: number) =>
    waitFor('stdout', test, ms);
  const waitForStderr = (test: (text: string) => boolean, ms?: number) =>
    waitFor('stderr', test, ms);

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', ms = 10_000): Promise<Exit> => {
    if (!done && child.exitCode === null && child.signalCode === null) child.kill(signal);
    return withTimeout(
      exited,
      ms,
      `adcli ${args.join(' ')} did not exit within ${ms} ms after ${signal}`,
    );
  };

  return {
    child,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForStdout,
    waitForStderr,
    stop,
  };
}

export interface RunResult extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs adcli to completion (killed after ms) and answers exit code, signal and output. */
export async function runAdcli(
  args: string[],
  opts: SpawnOptions & { timeoutMs?: number } = {},
): Promise<RunResult> {
  const p = spawnAdcli(args, opts);
  const ms = opts.timeoutMs ?? 20_000;
  const timer = setTimeout(() => p.child.kill('SIGKILL'), ms);
  const exit = await p.exited;
  clearTimeout(timer);
  return { ...exit, stdout: p.stdout(), stderr: p.stderr() };
}

/** Whether util-linux `script` is here to run a command in a pseudo-terminal. */
export const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

export interface TerminalResult extends Exit {
  /** everything the command wrote (stdout and stderr share the terminal), CRLF as LF */
  output: string;
}

export interface Dialog {
  prompt: string;
  answer: string;
}

/**
 * Runs adcli in a pseudo-terminal (util-linux `script`), so stdin, stdout and stderr are one
 * terminal of `cols` columns; CI is unset, so prompts may show. With `dialog`, each `answer` is
 * typed once its `prompt` has shown, in order. No pager (ADCLI_PAGER empty) unless `pager` is
 * set: then PAGER and ADCLI_PAGER are what `env` says. Killed after timeoutMs.
 */
export function runInTerminal(
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { cols?: number; dialog?: Dialog | Dialog[]; timeoutMs?: number; pager?: boolean } = {},
): Promise<TerminalResult> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const cmd = [process.execPath, BIN, ...args].map(quote).join(' ');
  const ttyEnv = { ...env };
  delete ttyEnv.CI;
  if (!opts.pager) ttyEnv.ADCLI_PAGER = '';
  const child = spawn(
    'script',
    ['-qec', `stty cols ${opts.cols ?? 120} rows 50; exec ${cmd}`, '/dev/null'],
    { env: ttyEnv, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  children.add(child);
  let output = '';
  const dialogs =
    opts.dialog === undefined ? [] : Array.isArray(opts.dialog) ? [...opts.dialog] : [opts.dialog];
  let seen = 0;
  const take = (d: string) => {
    output += d;
    const next = dialogs[0];
    const at = next ? output.indexOf(next.prompt, seen) : -1;
    if (next && at >= 0) {
      dialogs.shift();
      seen = at + next.prompt.length;
      child.stdin.write(next.answer);
    }
  };
  child.stdout.setEncoding('utf8').on('data', take);
  child.stderr.setEncoding('utf8').on('data', take);
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
  return new Promise((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, signal, output: output.replace(/\r\n/g, '\n') });
    }),
  );
}

export interface ServeInfo {
  baseUrl: string;
  apiKey: string;
  workspace: string;
}

export interface Server extends Proc {
  info: ServeInfo;
  port: number;
  /** fetch of a path under the base URL, with the server's key unless headers say otherwise */
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<HttpReply>;
}

export interface HttpReply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/**
 * Starts `adcli serve --json --port 0 ...args` and waits for its one JSON line.
 * Pass --memory or --data yourself (without either, the sandbox's ADCLI_DATA_DIR is used).
 */
export async function startServer(
  args: string[],
  opts: SpawnOptions & { timeoutMs?: number } = {},
): Promise<Server> {
  const full = ['serve', '--json', ...(args.includes('--port') ? [] : ['--port', '0']), ...args];
  const p = spawnAdcli(full, opts);
  try {
    const text = await p.waitForStdout((t) => t.includes('\n'), opts.timeoutMs ?? 20_000);
    let info: ServeInfo;
    try {
      info = JSON.parse(text.split('\n')[0]!) as ServeInfo;
    } catch {
      throw new Error(
        `adcli ${full.join(' ')} printed no JSON line:\n--- stdout ---\n${text}\n--- stderr ---\n${p.stderr()}`,
      );
    }
    const port = Number(new URL(info.baseUrl).port);
    return {
      ...p,
      info,
      port,
      api: (method, path, body, headers) =>
        http(info.baseUrl, info.apiKey, method, path, body, headers),
    };
  } catch (e) {
    p.child.kill('SIGKILL');
    throw e;
  }
}

/** One request to a running server; a network failure rejects. */
export async function http(
  baseUrl: string,
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<HttpReply> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: signal ?? AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** Every page of a list endpoint (limit 100), following nextCursor. */
export async function listAll(baseUrl: string, key: string, path: string): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await http(
      baseUrl,
      key,
      'GET',
      `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text}`);
    out.push(...r.body.data);
    cursor = r.body.nextCursor;
    if (!cursor) return out;
  }
  throw new Error(`GET ${path}: more than 1000 pages`);
}

/** Runs tasks with at most `width` in flight; answers their results in order. */
export async function pool<T>(
  n: number,
  width: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(n);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, n) }, worker));
  return results;
}

export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, rej) => {
      timer = setTimeout(() => rej(new Error(message)), ms);
    }),
  ]);
}

/** Kills every child still running (SIGKILL) and waits for them to go. */
export async function killAll(): Promise<void> {
  const waiting = [...children].map(
    (c) =>
      new Promise<void>((res) => {
        if (c.exitCode !== null || c.signalCode !== null) return res();
        c.once('close', () => res());
        c.kill('SIGKILL');
        setTimeout(res, 5000).unref();
      }),
  );
  await Promise.all(waiting);
  children.clear();
}

/** Kills every child and removes every sandbox. */
export async function cleanupAll(): Promise<void> {
  await killAll();
  removeSandboxes();
}
