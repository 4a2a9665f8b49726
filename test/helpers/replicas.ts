/**
 * Replicas of `adcli serve` on one Postgres, as real processes (test/helpers/process.ts), each with a
 * data dir of its own as on a host of its own, and no balancer: the tests spread requests themselves.
 * Also what those tests need of the database directly: a query, a transaction held open (a lock that
 * stops a replica half-way), and bounded polling.
 */
import pg from 'pg';
import { sandbox, startServer, tempDir, type Sandbox, type Server } from './process.ts';

export { until } from './wait.ts';

export interface ReplicaSet {
  servers: Server[];
  /** the first key of the database: exactly one replica made and printed it */
  key: string;
  sandbox: Sandbox;
}

/**
 * Starts `n` replicas at once on the database `url` (`--workers 1 --quiet`, the rate limit off
 * unless `args` sets --rate-limit). Their start-up lines must agree on one workspace and one key.
 */
export async function startReplicas(
  url: string,
  n: number,
  args: string[] = [],
  sb: Sandbox = sandbox(),
): Promise<ReplicaSet> {
  const defaults = args.includes('--rate-limit') ? [] : ['--rate-limit', '0'];
  const servers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      startServer(
        [
          '--database',
          url,
          '--data',
          tempDir(sb, `replica-${i}`),
          '--workers',
          '1',
          '--quiet',
          ...defaults,
          ...args,
        ],
        { env: sb.env, timeoutMs: 60_000 },
      ),
    ),
  );
  const keys = servers.map((s) => s.info.apiKey).filter((k): k is string => k !== null);
  if (keys.length !== 1)
    throw new Error(`expected one replica to print the first key, got ${keys.length}`);
  return { servers, key: keys[0]!, sandbox: sb };
}

/** Rows of one query as the superuser (or whoever the URL names), on a connection of its own. */
export async function pgQuery<T = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface HeldTransaction {
  /** ends the transaction (rolled back: it only held locks), and with it every lock it took */
  release(): Promise<void>;
}

/** Opens a transaction, runs `sql` in it (e.g. a LOCK TABLE) and keeps it open until release(). */
export async function holdTransaction(url: string, sql: string): Promise<HeldTransaction> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(sql);
  } catch (e) {
    await client.end();
    throw e;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query('ROLLBACK').catch(() => {});
      await client.end();
    },
  };
}
