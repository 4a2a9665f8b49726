// Writes that scale with replicas: reads and idempotent writes per second that 1, 2 and 4
// `adcli serve --database` processes answer together on one Postgres (started by the bench in a
// temporary directory; skipped in one line where none starts), against one `adcli serve` on SQLite
// measured the same way in the same run. One autocannon run deals its connections round-robin over
// the servers (no balancer), the same number in total for every row; each load picks a random one of
// the campaigns per request.
//
// With each Postgres row: the transactions Postgres rolled back per write it acknowledged (2xx). They
// come from pg_stat_database of the row's own database, read before and after the write load. A
// backend sends its counts to the statistics only from time to time (at most once a second while
// busy, 10 s after it falls idle) and when it ends, so the replicas are stopped, and their
// connections gone, before each reading: a window of start, writes (with their warm-up) and stop. A
// start and stop of the same replicas without load, measured just before, is subtracted from it.
//
// On a machine with few cores the replicas, Postgres and the client share them: there the rows show
// what the shared database costs, and scaling only where there are cores to scale onto.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres, type PgServer } from '../test/helpers/postgres-server.ts';
import {
  createCampaigns,
  readRequest,
  serve,
  writeRequest,
  CAMPAIGNS,
  type ServeInfo,
} from './adcli-serve.ts';
import {
  hammer,
  report,
  stop,
  table,
  MACHINE,
  SECONDS,
  type AutocannonRequest,
  type BenchServer,
  type Hammered,
} from './lib.ts';

/** Connections in total, dealt over the servers of a row: a multiple of 1, 2 and 4. */
const CONNECTIONS = 16;
const REPLICAS = [1, 2, 4];
const WARM_UP_SECONDS = 1;

interface Phase {
  /** the measured load */
  run: Hammered;
  /** 2xx answers of the warm-up and the measured load together */
  acknowledged: number;
}

/** A second of the same load, unmeasured (compiled code, warm caches, open pools), then the load. */
async function phase(
  origins: string[],
  request: AutocannonRequest,
  connections = CONNECTIONS,
): Promise<Phase> {
  const warm = await hammer(origins, request, connections, WARM_UP_SECONDS);
  const run = await hammer(origins, request, connections, SECONDS);
  return { run, acknowledged: warm.ok + run.ok };
}

interface Row {
  name: string;
  reads: Phase;
  writes: Phase;
  /** rolled-back transactions per acknowledged write (Postgres only) */
  rollbacks?: {
    perWrite: number;
    rolledBack: number;
    baseline: number;
    acknowledged: number;
    /** committed transactions per acknowledged write, less the baseline's: shows the counts arrived */
    commitsPerWrite: number;
  };
}

/** Alternating write loads of SQLite and one replica for the goal's ratio, and seconds of each. */
const PAIRS = 3;
const PAIR_SECONDS = 3;

const originOf = (s: BenchServer<ServeInfo>) => new URL(s.info.baseUrl).origin;
const apiPathOf = (s: BenchServer<ServeInfo>) => new URL(s.info.baseUrl).pathname;

async function stopAll(servers: BenchServer<ServeInfo>[]): Promise<void> {
  await Promise.all(servers.map((s) => stop(s)));
}

/** One `adcli serve` on SQLite (--memory: a private temporary file), the same loads. */
async function sqliteRow(): Promise<Row> {
  const server = await serve(['--memory']);
  try {
    const key = server.info.apiKey!;
    const ids = await createCampaigns(server.info.baseUrl, key);
    const origins = [originOf(server)];
    const reads = await phase(origins, readRequest(apiPathOf(server), key, ids));
    const writes = await phase(origins, writeRequest(apiPathOf(server), key, ids));
    return { name: 'one adcli serve on SQLite', reads, writes };
  } finally {
    await stop(server);
  }
}

/**
 * Writes of one replica against one SQLite process, measured in turn (SQLite, Postgres, SQLite, …)
 * on servers kept running, the ratio taken pair by pair: a machine whose speed drifts between the
 * table's rows (a shared virtual machine) moves both loads of a pair alike. The pairs' ratios,
 * smallest first.
 */
async function pairedWriteRatio(pg: PgServer, stats: Stats, root: string): Promise<number[]> {
  const url = await pg.createDatabase();
  const servers: BenchServer<ServeInfo>[] = [];
  try {
    servers.push(await serve(['--memory']));
    servers.push(
      await serve([
        '--database',
        url,
        '--data',
        join(root, `${new URL(url).pathname.slice(1)}-pairs`),
      ]),
    );
    const loads: AutocannonRequest[] = [];
    for (const s of servers) {
      const ids = await createCampaigns(s.info.baseUrl, s.info.apiKey!);
      loads.push(writeRequest(apiPathOf(s), s.info.apiKey!, ids));
    }
    await stats.analyze(url);
    for (const [i, s] of servers.entries()) await hammer([originOf(s)], loads[i]!, CONNECTIONS, 1);
    const load = (i: number) =>
      hammer([originOf(servers[i]!)], loads[i]!, CONNECTIONS, PAIR_SECONDS);
    const ratios: number[] = [];
    for (let p = 0; p < PAIRS; p++) {
      const lite = await load(0);
      const post = await load(1);
      ratios.push(post.okRps / lite.okRps);
    }
    return ratios.sort((a, b) => a - b);
  } finally {
    await stopAll(servers);
  }
}

/** Statistics of the server, read from its `postgres` database, so the reading counts in none of ours. */
class Stats {
  readonly #pg: PgServer;
  constructor(pg: PgServer) {
    this.#pg = pg;
  }

  async #query<R>(text: string, values: unknown[]): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.#pg.url() });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query(text, values)).rows as R[];
    } finally {
      await client.end();
    }
  }

  /** Waits until no backend serves `db`: each sends its counts to the statistics as it ends. */
  async settled(db: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await this.#query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [db],
      );
      if (row!.n === 0) return;
      if (Date.now() > deadline)
        throw new Error(
          `${row!.n} connections to ${db} still open 15 s after its replicas stopped`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Committed and rolled-back transactions of `db` so far, once its connections are gone. */
  async transactions(db: string): Promise<{ commits: number; rollbacks: number }> {
    await this.settled(db);
    const [row] = await this.#query<{ commits: string; rollbacks: string }>(
      'SELECT xact_commit AS commits, xact_rollback AS rollbacks FROM pg_stat_database WHERE datname = $1',
      [db],
    );
    return { commits: Number(row!.commits), rollbacks: Number(row!.rollbacks) };
  }

  /**
   * The planner's statistics of `url`'s database, as autovacuum gathers them on a server that has run
   * a while: the bench's server runs without autovacuum, and without statistics Postgres may pick a
   * campaign by scanning its workspace's index instead of by its id.
   */
  async analyze(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query('ANALYZE');
    } finally {
      await client.end();
    }
  }

  async version(): Promise<string> {
    const [row] = await this.#query<{ v: string }>(
      "SELECT current_setting('server_version') AS v",
      [],
    );
    return row!.v.split(' ')[0]!;
  }
}

/** `n` replicas on a new database of `pg`: reads, then (after a restart) writes and rollbacks. */
async function postgresRow(pg: PgServer, stats: Stats, root: string, n: number): Promise<Row> {
  const url = await pg.createDatabase();
  const db = new URL(url).pathname.slice(1);
  // each replica its own data dir (for the local key file), the bench's, never the user's
  const dirs = Array.from({ length: n }, (_, i) => join(root, `${db}-replica-${i}`));
  const start = async () => {
    const servers: BenchServer<ServeInfo>[] = [];
    try {
      // the first makes the workspace and its key on the first start; the others find them
      for (const dir of dirs) servers.push(await serve(['--database', url, '--data', dir]));
    } catch (e) {
      await stopAll(servers);
      throw e;
    }
    return servers;
  };

  let servers = await start();
  const key = servers[0]!.info.apiKey;
  let ids: string[];
  let reads: Phase;
  try {
    if (!key) throw new Error('the first replica printed no key');
    ids = await createCampaigns(servers[0]!.info.baseUrl, key);
    await stats.analyze(url);
    reads = await phase(servers.map(originOf), readRequest(apiPathOf(servers[0]!), key, ids));
  } finally {
    await stopAll(servers);
  }

  // the baseline: what a start and stop of these replicas alone commits and rolls back
  const s0 = await stats.transactions(db);
  await stopAll(await start());
  const s1 = await stats.transactions(db);
  servers = await start();
  let writes: Phase;
  try {
    writes = await phase(servers.map(originOf), writeRequest(apiPathOf(servers[0]!), key, ids));
  } finally {
    await stopAll(servers);
  }
  const s2 = await stats.transactions(db);
  const baseline = s1.rollbacks - s0.rollbacks;
  const rolledBack = s2.rollbacks - s1.rollbacks - baseline;
  const commits = s2.commits - s1.commits - (s1.commits - s0.commits);
  return {
    name: `${n} replica${n === 1 ? '' : 's'} on one Postgres`,
    reads,
    writes,
    rollbacks: {
      perWrite: writes.acknowledged ? rolledBack / writes.acknowledged : NaN,
      rolledBack,
      baseline,
      acknowledged: writes.acknowledged,
      commitsPerWrite: writes.acknowledged ? commits / writes.acknowledged : NaN,
    },
  };
}

const ms = (v: number) => `${v} ms`;
const x = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');

export async function replicasBench(): Promise<void> {
  let pgServer: PgServer;
  try {
    pgServer = await startPostgres();
  } catch (e) {
    process.stdout.write(
      `\nReplicas on Postgres: skipped (${(e as Error).message.split('\n')[0]})\n`,
    );
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'adcli-bench-replicas-'));
  try {
    const stats = new Stats(pgServer);
    const version = await stats.version();
    const sqlite = await sqliteRow();
    const rows: Row[] = [];
    for (const n of REPLICAS) rows.push(await postgresRow(pgServer, stats, root, n));
    const one = rows[0]!;

    const line = (kind: 'reads' | 'writes', r: Row): string[] => {
      const p = r[kind].run;
      const rb = kind === 'writes' ? r.rollbacks : undefined;
      return [
        `${kind === 'reads' ? 'GET  ' : 'PATCH'} ${r.name}`,
        String(Math.round(p.okRps)),
        ms(p.p99),
        String(p.non2xx),
        String(p.timeouts),
        x(p.okRps / sqlite[kind].run.okRps),
        r === sqlite ? '-' : x(p.okRps / one[kind].run.okRps),
        rb ? `${rb.perWrite.toFixed(3)} (${rb.rolledBack}/${rb.acknowledged})` : '-',
        rb ? x(rb.commitsPerWrite) : '-',
      ];
    };
    table(
      `Replicas on one Postgres ${version} against one adcli serve on SQLite (${MACHINE}, shared by the replicas, Postgres and the client)\n` +
        `  ${CONNECTIONS} connections dealt over a row's servers, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, each request on a random one of ${CAMPAIGNS} campaigns;\n` +
        `  PATCH {"budget": N} with a fresh Idempotency-Key; 2xx answers per second, p99 of their latency; rollbacks from pg_stat_database`,
      [
        'load',
        '2xx/s',
        'p99',
        'non-2xx',
        'timeouts',
        'vs SQLite',
        'vs 1 replica',
        'rollbacks/ack write',
        'commits/ack write',
      ],
      [
        ...[sqlite, ...rows].map((r) => line('reads', r)),
        ...[sqlite, ...rows].map((r) => line('writes', r)),
      ],
    );
    const odd = [sqlite, ...rows].flatMap((r) =>
      (['reads', 'writes'] as const)
        .filter((k) => Object.keys(r[k].run.statuses).length || r[k].run.errors)
        .map(
          (k) =>
            `${k} on ${r.name}: ${Object.entries(r[k].run.statuses)
              .map(([code, n]) => `${n}× ${code}`)
              .concat(r[k].run.errors ? [`${r[k].run.errors} connection errors`] : [])
              .join(', ')}`,
        ),
    );
    for (const o of odd) process.stdout.write(`  not 2xx: ${o}\n`);
    const baselines = rows.map((r) => r.rollbacks!.baseline);
    if (baselines.some((b) => b !== 0))
      process.stdout.write(
        `  rollbacks of a bare start and stop of the replicas, subtracted: ${rows.map((r, i) => `${r.name.split(' on ')[0]} ${baselines[i]}`).join(', ')}\n`,
      );

    const rb = one.rollbacks!;
    const pairs = await pairedWriteRatio(pgServer, stats, root);
    const vsSqlite = pairs[Math.floor(pairs.length / 2)]!;
    report(`Replica goals (${MACHINE}; the goal for writes against SQLite's is for 2 cores)`, [
      {
        name: 'Postgres, 1 replica: rolled-back transactions per acknowledged write',
        value: `${rb.rolledBack} / ${rb.acknowledged}`,
        ratio: rb.perWrite,
        goal: '<= 0.1',
        ok: rb.perWrite <= 0.1,
      },
      {
        name: `Postgres, 1 replica: writes/s against SQLite's, the median of ${PAIRS} pairs of ${PAIR_SECONDS} s in turn`,
        value: pairs.map((r) => r.toFixed(2)).join(' '),
        ratio: vsSqlite,
        goal: '>= 0.5',
        ok: vsSqlite >= 0.5,
      },
      ...rows.slice(1).map((r) => ({
        name: `Postgres, ${r.name.split(' on ')[0]}: writes/s against 1 replica's`,
        value: `${Math.round(r.writes.run.okRps)} / ${Math.round(one.writes.run.okRps)} writes/s`,
        ratio: r.writes.run.okRps / one.writes.run.okRps,
        goal: '-',
        ok: true,
      })),
    ]);
  } finally {
    await pgServer.destroy();
    rmSync(root, { recursive: true, force: true });
  }
}
