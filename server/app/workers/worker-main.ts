/**
 * A job worker thread of `adcli serve` (started by WorkerPool): its own store on the server's data
 * file (a SQLite connection) or database (a small Postgres pool), the domain services over it, and a loop that claims and runs due jobs one at a
 * time. Every job makes its effect in one write transaction that checks its lease, so a worker that
 * dies mid-job leaves nothing half done: the pool hands its lease back and another worker runs it.
 *
 * Messages from the pool: `start` (the lease owner name, once), `nudge` (a job was queued: look now),
 * `stop` (claim nothing more, finish the current job, close the store, exit), `advance` (move a
 * workspace's clock through its due jobs, here rather than on the HTTP thread). To the pool: `log`
 * lines (a job's failure), `advanced` answers, and `stopped` before a clean exit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerData, FromWorker, ToWorker } from './worker-protocol.ts';

if (!parentPort) throw new Error('worker-main runs as a worker thread of adcli serve');
const port = parentPort;

// The launcher hides node:sqlite's experimental warning in the main thread; a worker has its own
// `process`, so it does the same before node:sqlite loads (hence the dynamic imports below).
const emitWarning = process.emitWarning;
process.emitWarning = function (warning: string | Error, ...rest: unknown[]) {
  const type =
    typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
  if (type === 'ExperimentalWarning' && String(warning).includes('SQLite')) return;
  return (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
} as typeof process.emitWarning;

const send = (m: FromWorker) => port.postMessage(m);
const data = workerData as WorkerData;

/** Stopping: claim nothing more, finish the current job (the loop's signal). */
const stopping = new AbortController();
/** A job was queued: the loop looks now (it exists once the services below do). */
let nudge: () => void = () => {};
/** advances asked for before the services below exist; run once they do */
let advances:
  ((m: Extract<ToWorker, { type: 'advance' }>) => void) | Extract<ToWorker, { type: 'advance' }>[] =
  [];
const owner = await new Promise<string>((resolve) => {
  port.on('message', (m: ToWorker) => {
    if (m.type === 'start') resolve(m.owner);
    else if (m.type === 'stop') stopping.abort();
    else if (m.type === 'nudge') nudge();
    else if (m.type === 'advance') {
      if (Array.isArray(advances)) advances.push(m);
      else advances(m);
    }
  });
});

const [
  { openStore },
  { createServices },
  { JobRunner },
  { JobLoop },
  { jobHandlers },
  { advanceHere },
  { systemClock },
  { ApiError },
] = await Promise.all([
  import('../../store/open.ts'),
  import('../../domain/services.ts'),
  import('../../jobs/runner.ts'),
  import('../../jobs/loop.ts'),
  import('../../domain/job-handlers.ts'),
  import('../../control/advance.ts'),
  import('../../lib/clock.ts'),
  import('../../lib/errors.ts'),
]);

// One job runs at a time here: two connections cover its transaction and a query beside it.
const store = await openStore(data.store, { maxConnections: 2 });
// The same settings as the HTTP thread's services: the same platform, YouTube source and delays.
const services = createServices(
  { store, clock: systemClock },
  { ...data.settings, jobOwner: owner },
);
const log = (line: string) => send({ type: 'log', line });
const runner = new JobRunner(services.deps, services.jobs, jobHandlers(services), {
  log,
  ran: (kind, outcome, seconds) => send({ type: 'job', kind, outcome, seconds }),
});
const advanceHereNow = advanceHere(services, runner);

/** Runs an advance beside the job loop (each of its steps is a transaction of its own) and answers it. */
const advance = (m: Extract<ToWorker, { type: 'advance' }>) => {
  advanceHereNow(m.work).then(
    (result) => send({ type: 'advanced', id: m.id, result }),
    (err: unknown) => {
      const error =
        err instanceof ApiError
          ? { status: err.status, code: err.code, message: err.message, headers: err.headers }
          : {
              status: 500,
              code: 'internal' as const,
              message: err instanceof Error ? err.message : String(err),
              headers: {},
            };
      send({ type: 'advanced', id: m.id, error });
    },
  );
};
const waiting = advances as Extract<ToWorker, { type: 'advance' }>[];
advances = advance;
for (const m of waiting) advance(m);

// The one job loop (server/jobs/loop.ts), until the pool says stop.
const loop = new JobLoop(runner, {
  pollMs: data.pollMs,
  pruneEveryMs: data.pruneEveryMs,
  warn: (line) => send({ type: 'warn', line }),
});
nudge = () => loop.nudge();
await loop.run(stopping.signal);

await store.close();
send({ type: 'stopped' });
port.close();
