import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import autocannon from 'autocannon';

export interface BenchServer<T> {
  info: T;
  child: ChildProcess;
  /** the server process's CPU time so far, in microseconds */
  cpu(): Promise<number>;
}

/**
 * Starts a bench server in its own process (`node script ...args`) and reads its JSON start-up line.
 * `cpu()` works only for the bench's own servers (bench/servers/), which answer CPU probes.
 */
export async function startServer<T>(
  script: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<BenchServer<T>> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const rl: Interface = createInterface({ input: child.stdout! });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  rl.on('line', (line) => {
    const w = waiters.shift();
    if (w) w(line);
    else lines.push(line);
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const l = lines.shift();
      if (l !== undefined) return resolve(l);
      waiters.push(resolve);
      child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    });
  const info = JSON.parse(await next()) as T;
  return {
    info,
    child,
    cpu: async () => {
      child.stdin!.write('cpu\n');
      return (JSON.parse(await next()) as { cpuMicros: number }).cpuMicros;
    },
  };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
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
  const result = await run(opts.duration ?? Number(process.env.BENCH_SECONDS ?? 5));
  const cpuMicros = (await server.cpu()) - before;
  const total = result.requests.total as number;
  return {
    rps: result.requests.average,
    capacity: (total / cpuMicros) * 1e6,
    meanMs: result.latency.mean,
    non2xx: result.non2xx,
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
