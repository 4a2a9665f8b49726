import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface, type Interface } from 'node:readline';
import autocannon from 'autocannon';

/** How many cores this machine gives the bench, and which Node runs it: most figures depend on both. */
export const CORES = availableParallelism();
export const MACHINE = `${CORES} core${CORES === 1 ? '' : 's'}, Node ${process.version}`;
/** The header's longer form: cores, their model, Node. */
export function machineDescription(): string {
  const model = cpus()[0]?.model.trim();
  return `${CORES} core${CORES === 1 ? '' : 's'}${model ? ` (${model})` : ''}, Node ${process.version}`;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let snapshot: string | null = null;

/**
 * Copies the build (bin/ and dist/, without the single executable) aside, under node_modules/.cache,
 * for the rest of the run: a `npm run build` elsewhere while the bench runs (npm test builds too)
 * replaces dist/ and its chunks, and a server the bench started would then fail to load the next
 * one. Removed when the bench exits.
 */
export function snapshotBuild(): void {
  const dir = join(ROOT, 'node_modules', '.cache', 'adcli-bench', String(process.pid));
  const sea = join(ROOT, 'dist', 'sea');
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      // bin/adcli.js is an ES module: outside the repo's package.json it needs its own
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
      cpSync(join(ROOT, 'dist'), join(dir, 'dist'), {
        recursive: true,
        filter: (src) => src !== sea && !src.startsWith(sea + sep),
      });
      snapshot = dir;
      return;
    } catch (e) {
      // a build swapping dist/ in under the copy: once more
      if (attempt >= 3) throw e;
    }
  }
}

/**
 * A file of the repository (`path`) kept for the rest of the run, like the build: a hard link (else a
 * copy) in the snapshot; `path` itself when there is no snapshot.
 */
export function pinFile(path: string): string {
  if (!snapshot) return path;
  const to = join(snapshot, relative(ROOT, path));
  mkdirSync(dirname(to), { recursive: true });
  rmSync(to, { force: true });
  try {
    linkSync(path, to);
  } catch {
    copyFileSync(path, to);
  }
  return to;
}

/** bin/adcli.js of the build the bench measures: the snapshot's, else the repository's. */
export function adcliBin(): string {
  return join(snapshot ?? ROOT, 'bin', 'adcli.js');
}

/** Seconds of each measured load; BENCH_SECONDS shortens (or lengthens) every one of them. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** The last few KB a child wrote to stderr: shown only when it fails. */
const STDERR_TAIL = 4000;

export interface BenchServer<T> {
  info: T;
  child: ChildProcess;
  /** the server process's CPU time so far, in microseconds */
  cpu(): Promise<number>;
  /** the end of what it wrote to stderr */
  stderr(): string;
}

/** A child's stderr, kept (its tail) instead of shown; printed where the child fails. */
function captureStderr(child: ChildProcess): () => string {
  let tail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => (tail = (tail + d).slice(-STDERR_TAIL)));
  return () => tail;
}

/** Indents a child's stderr tail under a failure line; empty when it wrote nothing. */
export function stderrBlock(name: string, tail: string): string {
  const lines = tail.trimEnd().split('\n').filter(Boolean).slice(-12);
  if (!lines.length) return '';
  return `  ${name}, the end of its stderr:\n${lines.map((l) => `    ${l}`).join('\n')}\n`;
}

/**
 * Starts a bench server in its own process (`node script ...args`) and reads its JSON start-up line.
 * Its stderr is captured, and shown (the tail) only if it exits other than when stop() ends it, or
 * ends unsuccessfully then.
 * `cpu()` works only for the bench's own servers (bench/servers/), which answer CPU probes.
 */
export async function startServer<T>(
  script: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<BenchServer<T>> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const stderr = captureStderr(child);
  const name = `${basename(script)}${args[0] ? ` ${args[0]}` : ''} (pid ${child.pid})`;
  const rl: Interface = createInterface({ input: child.stdout! });
  const lines: string[] = [];
  const waiters: { resolve: (line: string) => void; reject: (e: Error) => void }[] = [];
  rl.on('line', (line) => {
    const w = waiters.shift();
    if (w) w.resolve(line);
    else lines.push(line);
  });
  let started = false;
  child.once('exit', (code, signal) => {
    const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
    for (const w of waiters.splice(0))
      w.reject(new Error(`${name} ${how}\n${stderrBlock(name, stderr())}`));
    // stop() reports its own child's failures; this is one that nobody asked to end
    if (started && !stopping.has(child))
      process.stderr.write(`${name} ${how} during the bench\n${stderrBlock(name, stderr())}`);
  });
  child.on('error', () => {}); // a failed spawn also exits, which is reported above
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const l = lines.shift();
      if (l !== undefined) return resolve(l);
      if (child.exitCode !== null || child.signalCode !== null)
        return reject(new Error(`${name} has exited\n${stderrBlock(name, stderr())}`));
      waiters.push({ resolve, reject });
    });
  const first = await next();
  let info: T;
  try {
    info = JSON.parse(first) as T;
  } catch {
    child.kill('SIGKILL');
    throw new Error(`${name} started with ${JSON.stringify(first.slice(0, 200))}, not a JSON line`);
  }
  started = true;
  return {
    info,
    child,
    stderr,
    cpu: async () => {
      child.stdin!.write('cpu\n');
      return (JSON.parse(await next()) as { cpuMicros: number }).cpuMicros;
    },
  };
}

const stopping = new WeakSet<ChildProcess>();
/** the servers started and not yet exited */
const live = new Set<ChildProcess>();

/** Kills (SIGKILL) the servers a failed section left running, so the bench goes on and can end. */
export function killStrays(): void {
  for (const child of live) {
    stopping.add(child);
    child.kill('SIGKILL');
  }
}
process.once('exit', killStrays);

/**
 * SIGTERM, and the exit awaited. A child that then exits unsuccessfully has its stderr tail printed
 * (a server's "stopping" line and the like stay unseen).
 */
export function stop(server: BenchServer<unknown> | ChildProcess): Promise<void> {
  const child = 'child' in server ? server.child : server;
  const tail = 'child' in server ? server.stderr : () => '';
  stopping.add(child);
  return new Promise((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      if ((code !== null && code !== 0) || (signal !== null && signal !== 'SIGTERM')) {
        const name = `pid ${child.pid}`;
        process.stderr.write(
          `${name} ${signal ? `was killed by ${signal}` : `exited with ${code}`} when stopped\n${stderrBlock(name, tail())}`,
        );
      }
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null)
      return done(child.exitCode, child.signalCode);
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}

export interface Load {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
  /** per-request changes, e.g. a fresh Idempotency-Key */
  setupRequest?: (req: any) => any;
  connections?: number;
  duration?: number;
}

export interface LoadResult {
  /** requests per second the client saw */
  rps: number;
  /** requests per second one core of the server could serve: 1e6 / server CPU µs per request */
  capacity: number;
  meanMs: number;
  non2xx: number;
}

export async function load(server: BenchServer<unknown>, opts: Load): Promise<LoadResult> {
  const run = (duration: number) =>
    autocannon({
      url: opts.url,
      connections: opts.connections ?? 10,
      duration,
      requests: [
        {
          method: opts.method ?? 'GET',
          headers: opts.headers,
          body: opts.body,
          ...(opts.setupRequest ? { setupRequest: opts.setupRequest } : {}),
        },
      ],
    });
  // A second of the same load first, unmeasured: the server's code is compiled and its caches warm
  // before the CPU time counts, for the floor and the figure alike.
  await run(1);
  const before = await server.cpu();
  const result = await run(opts.duration ?? SECONDS);
  const cpuMicros = (await server.cpu()) - before;
  const total = result.requests.total as number;
  return {
    rps: result.requests.average,
    capacity: (total / cpuMicros) * 1e6,
    meanMs: result.latency.mean,
    non2xx: result.non2xx,
  };
}

/** one request of an autocannon run (bench/autocannon.d.ts types the module loosely) */
export interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
}

/** What the client saw of one load: throughput, latency of the 2xx answers, and what went wrong. */
export interface Hammered {
  /** requests per second answered (any status) */
  rps: number;
  /** 2xx answers per second */
  okRps: number;
  /** 2xx answers in all */
  ok: number;
  /** latency percentiles of the 2xx answers, ms (autocannon's histogram: whole milliseconds) */
  p50: number;
  p99: number;
  non2xx: number;
  timeouts: number;
  /** connection errors other than timeouts */
  errors: number;
  /** the statuses other than 2xx, e.g. {"409": 3} */
  statuses: Record<string, number>;
}

/**
 * One autocannon load on one or several servers at once (`origins`, e.g. http://127.0.0.1:4010; the
 * connections are dealt round-robin over them, one histogram for all), for `duration` seconds.
 */
export async function hammer(
  origins: string[],
  request: AutocannonRequest,
  connections: number,
  duration: number,
): Promise<Hammered> {
  const r = await autocannon({
    url: origins.length === 1 ? origins[0] : origins,
    connections,
    duration,
    requests: [request],
  });
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats as Record<string, { count: number }>))
    if (!code.startsWith('2')) statuses[code] = s.count;
  const answered = r.requests.total as number;
  const ok = r['2xx'] as number;
  return {
    rps: answered / r.duration,
    okRps: ok / r.duration,
    ok,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    timeouts: r.timeouts,
    errors: r.errors - r.timeouts,
    statuses,
  };
}

/** Sequential requests, one at a time; the median latency in ms. */
export async function medianLatency(
  url: string,
  headers: Record<string, string>,
  n: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)]!;
}

export interface Figure {
  name: string;
  value: string;
  ratio: number;
  goal: string;
  ok: boolean;
}

export function report(title: string, figures: Figure[]): void {
  process.stdout.write(`\n${title}\n`);
  const w = Math.max(...figures.map((f) => f.name.length));
  const v = Math.max(...figures.map((f) => f.value.length));
  for (const f of figures) {
    process.stdout.write(
      `  ${f.name.padEnd(w)}  ${f.value.padStart(v)}  ratio ${f.ratio.toFixed(2).padStart(6)}  goal ${f.goal.padEnd(8)} ${f.goal === '-' ? '' : f.ok ? 'met' : 'MISSED'}\n`,
    );
  }
}

/** A table under a title: the first column left-aligned, the others right-aligned. */
export function table(title: string, head: string[], rows: string[][]): void {
  process.stdout.write(`\n${title}\n`);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '  ' +
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd() +
    '\n';
  process.stdout.write(line(head));
  for (const r of rows) process.stdout.write(line(r));
}
