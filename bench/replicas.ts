// Replicas on one Postgres (issue 14): reads and idempotent writes per second that 1, 2 and 3
// `adcli serve --database` processes answer together, against one `adcli serve` on SQLite in the
// same run. The load is spread over the replicas by the bench itself (no balancer), with the same
// number of connections in total. On a machine with few cores the replicas, Postgres and the load
// generator share them, so the figure shows the overhead of the shared database, not scaling.
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startPostgres, type PgServer } from '../test/helpers/postgres-server.ts';
import { report, startServer, stop, type BenchServer } from './lib.ts';

const bin = fileURLToPath(new URL('../bin/adcli.js', import.meta.url));
const CONNECTIONS = 12;

/** one request of an autocannon run (bench/autocannon.d.ts types the module loosely) */
type AutocannonRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
};

interface ServeInfo {
  /** the API's base, …/api/v1 */
  baseUrl: string;
  apiKey?: string;
}

interface Throughput {
  reads: number;
  writes: number;
}

async function serve(args: string[]): Promise<BenchServer<ServeInfo>> {
  return startServer<ServeInfo>(bin, {}, [
    'serve',
    '--port',
    '0',
    '--json',
    '--quiet',
    '--rate-limit',
    '0',
    '--workers',
    '1',
    ...args,
  ]);
}

/** Requests per second the client saw, summed over one autocannon run per server, all at once. */
async function spread(
  urls: string[],
  request: (apiPath: string) => AutocannonRequest,
): Promise<number> {
  const duration = Number(process.env.BENCH_SECONDS ?? 5);
  const per = Math.max(1, Math.round(CONNECTIONS / urls.length));
  const results = await Promise.all(
    urls.map((base) =>
      autocannon({
        url: base,
        connections: per,
        duration,
        requests: [request(new URL(base).pathname)],
      }),
    ),
  );
  for (const r of results) if (r.non2xx) throw new Error(`${r.non2xx} responses were not 2xx`);
  return results.reduce((sum, r) => sum + (r.requests.total as number) / duration, 0);
}

async function measure(bases: string[], key: string): Promise<Throughput> {
  const auth = { authorization: `Bearer ${key}` };
  const created = await fetch(`${bases[0]}/campaigns`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Replica bench' }),
  });
  if (created.status !== 201)
    throw new Error(`creating the campaign: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const reads = await spread(bases, (api) => ({
    method: 'GET',
    path: `${api}/campaigns/${id}`,
    headers: auth,
  }));
  const writes = await spread(bases, (api) => ({
    method: 'POST',
    path: `${api}/brands`,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench brand' }),
    setupRequest: (req: AutocannonRequest) => ({
      ...req,
      headers: { ...req.headers, 'idempotency-key': randomUUID() },
    }),
  }));
  return { reads, writes };
}

async function replicas(pg: PgServer, n: number): Promise<Throughput> {
  const url = await pg.createDatabase();
  const servers: BenchServer<ServeInfo>[] = [];
  try {
    // The first replica makes the workspace and its key; the others find them in the database.
    for (let i = 0; i < n; i++) servers.push(await serve(['--database', url]));
    const key = servers[0]!.info.apiKey;
    if (!key) throw new Error('the first replica printed no key');
    return await measure(
      servers.map((s) => s.info.baseUrl),
      key,
    );
  } finally {
    for (const s of servers) await stop(s.child);
  }
}

export async function replicasBench(): Promise<void> {
  let pg: PgServer;
  try {
    pg = await startPostgres();
  } catch (e) {
    process.stdout.write(
      `\nReplicas on Postgres: skipped (${(e as Error).message.split('\n')[0]})\n`,
    );
    return;
  }
  try {
    const one = await serve(['--memory']);
    const floor = await measure([one.info.baseUrl], one.info.apiKey!).finally(() =>
      stop(one.child),
    );
    const rows = [{ name: 'one adcli serve on SQLite', t: floor }];
    for (const n of [1, 2, 3])
      rows.push({
        name: `${n} replica${n === 1 ? '' : 's'} on one Postgres`,
        t: await replicas(pg, n),
      });
    const fig = (name: string, v: number, base: number) => ({
      name,
      value: `${Math.round(v)} req/s`,
      ratio: v / base,
      goal: '-',
      ok: true,
    });
    report(
      `Replicas: requests/s the client saw over ${CONNECTIONS} connections spread across the replicas, ratio against one process on SQLite (${cpus().length} cores shared by every replica, Postgres and the client: overhead, not scaling)`,
      [
        ...rows.map((r) => fig(`GET /campaigns/{id}: ${r.name}`, r.t.reads, floor.reads)),
        ...rows.map((r) =>
          fig(`POST /brands + Idempotency-Key: ${r.name}`, r.t.writes, floor.writes),
        ),
      ],
    );
  } finally {
    await pg.destroy();
  }
}
