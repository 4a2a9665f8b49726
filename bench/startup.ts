// CLI start-up against bare `node -e 0` on the same Node, in the same run. Commands are run in
// rounds, one of each per round, so a noisy neighbour slows them all alike; medians are compared.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error a plain .mjs script without types
import { seaBinary } from '../scripts/sea.mjs';
import { adcliBin, pinFile, report, startServer, stderrBlock, stop } from './lib.ts';

const seaScript = fileURLToPath(new URL('../scripts/sea.mjs', import.meta.url));

/**
 * Builds the single executable (`npm run sea`) in a child process, its output kept: null when built,
 * else why not in one line (the first line of its errors; BENCH_DEBUG=1 prints all of them).
 */
function buildSea(): string | null {
  const r = spawnSync(process.execPath, [seaScript], { encoding: 'utf8', stdio: 'pipe' });
  if (r.status === 0 && existsSync(seaBinary)) return null;
  const out = (r.stderr || r.stdout || String(r.error)).trim();
  if (process.env.BENCH_DEBUG) process.stderr.write(`${out}\n`);
  return (out.split('\n').find(Boolean) ?? `exit ${r.status}`).replace(/^✘ \[ERROR\] /, '');
}

/** Runs `node ...args`, or with `command` (the single executable) `command ...args`. */
function time(args: string[], env: NodeJS.ProcessEnv, command: string = process.execPath): number {
  const t = performance.now();
  const r = spawnSync(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== 0) {
    const how = r.error
      ? `did not run (${r.error.message})`
      : r.signal
        ? `was killed by ${r.signal}`
        : `exited ${r.status}`;
    throw new Error(
      `${[command, ...args].map((a) => basename(a)).join(' ')} ${how}\n${stderrBlock(basename(command), String(r.stderr ?? ''))}`,
    );
  }
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function startupBench(): Promise<void> {
  const bin = adcliBin();
  const rounds = Number(process.env.BENCH_STARTUP_RUNS ?? 25);
  const home = mkdtempSync(join(tmpdir(), 'adcli-bench-'));
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    ADCLI_CONFIG_DIR: join(home, 'config'),
    ADCLI_DATA_DIR: join(home, 'data'),
  };
  delete base.ADCLI_API_KEY;
  delete base.ADCLI_BASE_URL;
  delete base.ADCLI_PROFILE;
  const server = await startServer<{ port: number; key: string }>(
    fileURLToPath(new URL('./servers/adcli.ts', import.meta.url)),
  );
  const remote = {
    ...base,
    ADCLI_BASE_URL: `http://127.0.0.1:${server.info.port}/api/v1`,
    ADCLI_API_KEY: server.info.key,
  };
  // The single executable (npm run sea) is this very Node binary with adcli inside: same floor.
  // A build that fails drops its row, with why in one line.
  let seaFailed = existsSync(seaBinary) ? null : buildSea();
  // kept aside like the build: a `npm run build` elsewhere replaces dist/, and dist/sea/ with it
  let sea = seaBinary as string;
  if (seaFailed === null) {
    try {
      sea = pinFile(seaBinary);
    } catch (e) {
      seaFailed = `it went away: ${(e as Error).message}`;
    }
  }
  let cases: {
    name: string;
    args: string[];
    env: NodeJS.ProcessEnv;
    goal: number | null;
    command?: string;
  }[] = [
    { name: 'floor: node -e 0', args: ['-e', '0'], env: base, goal: null },
    { name: 'adcli --version', args: [bin, '--version'], env: base, goal: 1.5 },
    {
      name: 'dist/sea/adcli --version (single executable)',
      args: ['--version'],
      env: base,
      goal: 1.5,
      command: sea,
    },
    { name: 'adcli --help', args: [bin, '--help'], env: base, goal: 2 },
    {
      name: 'adcli workspace --json (running server)',
      args: [bin, 'workspace', '--json'],
      env: remote,
      goal: 2.5,
    },
    {
      name: 'adcli workspace --json (local profile)',
      args: [bin, 'workspace', '--json'],
      env: base,
      goal: 5,
    },
  ];
  if (seaFailed !== null) cases = cases.filter((c) => c.command !== sea);
  try {
    for (const c of cases) time(c.args, c.env, c.command); // warm-up; the local profile seeds its data dir here
    const samples = cases.map(() => [] as number[]);
    for (let r = 0; r < rounds; r++)
      cases.forEach((c, i) => samples[i]!.push(time(c.args, c.env, c.command)));
    const floor = median(samples[0]!);
    report(
      `CLI start-up: median of ${rounds} runs, ratio against bare node -e 0 (${process.version})`,
      cases.map((c, i) => {
        const m = median(samples[i]!);
        return {
          name: c.name,
          value: `${m.toFixed(1)} ms`,
          ratio: m / floor,
          goal: c.goal === null ? '-' : `<= ${c.goal}`,
          ok: c.goal === null || m / floor <= c.goal,
        };
      }),
    );
    if (seaFailed !== null)
      process.stdout.write(
        `  dist/sea/adcli --version (single executable): not measured, npm run sea failed: ${seaFailed}\n`,
      );
  } finally {
    await stop(server);
    rmSync(home, { recursive: true, force: true });
  }
}
