// `npm run bench`: every figure is printed as a ratio against a floor measured in the same run,
// because the machines are shared and noisy and absolute numbers mean little. The output is the
// figures only: the servers' own output is kept, and shown (its end) only where one fails. A
// section that fails says so in a few lines and the others still run; the exit code is then 1.
import { generationBench } from './generation.ts';
import { jobFairnessBench } from './job-fairness.ts';
import { killStrays, machineDescription, snapshotBuild } from './lib.ts';
import { replicasBench } from './replicas.ts';
import { serveLoadBench } from './serve-load.ts';
import { serverBench } from './server.ts';
import { sqliteWritesBench } from './sqlite-writes.ts';
import { startupBench } from './startup.ts';

const all: [string, string, () => Promise<void>][] = [
  ['server', 'Server throughput', serverBench],
  ['generation', 'Targeting generation', generationBench],
  ['serve-load', 'Reads during background work', serveLoadBench],
  ['job-fairness', 'Fairness between workspaces', jobFairnessBench],
  ['replicas', 'Replicas on Postgres', replicasBench],
  ['sqlite-writes', 'SQLite writes at 64 connections', sqliteWritesBench],
  ['startup', 'CLI start-up', startupBench],
];
// BENCH_ONLY=replicas,startup runs just those sections (while working on one figure)
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only?.filter((o) => !all.some(([id]) => id === o)) ?? [];
if (unknown.length) {
  process.stderr.write(
    `BENCH_ONLY: no section ${unknown.join(', ')}; the sections are ${all.map(([id]) => id).join(', ')}\n`,
  );
  process.exit(2);
}
const sections = all
  .filter(([id]) => !only?.length || only.includes(id))
  .map(([, name, run]) => [name, run] as const);

const started = performance.now();
snapshotBuild();
process.stdout.write(`adcli bench on ${machineDescription()}, ${new Date().toISOString()}\n`);
for (const [name, run] of sections) {
  try {
    await run();
  } catch (e) {
    process.exitCode = 1;
    killStrays();
    const message = e instanceof Error ? e.message : String(e);
    process.stdout.write(`\n${name}: FAILED: ${message.trimEnd()}\n`);
    if (process.env.BENCH_DEBUG && e instanceof Error && e.stack)
      process.stderr.write(`${e.stack}\n`);
  }
}
process.stdout.write(`\nbench took ${((performance.now() - started) / 60_000).toFixed(1)} min\n`);
