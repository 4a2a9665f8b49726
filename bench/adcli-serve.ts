// A real `adcli serve` (the built bundle, bin/adcli.js, as snapshotBuild() copied it) for the bench: started quietly with its own
// data dir, filled with campaigns, and loaded with authenticated reads and idempotent writes on a
// random one of them.
import { randomUUID } from 'node:crypto';
import { adcliBin, startServer, type AutocannonRequest, type BenchServer } from './lib.ts';

export interface ServeInfo {
  /** the API's base, …/api/v1 */
  baseUrl: string;
  /** absent on a replica that joined a database another replica set up */
  apiKey?: string;
}

/**
 * `adcli serve --port 0 --json --quiet --rate-limit 0 --workers 1`, with `args` (`--memory`, or
 * `--database URL --data DIR`: a data dir of the bench's, never the user's).
 */
export function serve(args: string[]): Promise<BenchServer<ServeInfo>> {
  return startServer<ServeInfo>(adcliBin(), {}, [
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

/** The campaigns the loads pick from, 100 to 200: BENCH_WRITE_CAMPAIGNS, default 150. */
export const CAMPAIGNS = Math.min(
  200,
  Math.max(100, Number(process.env.BENCH_WRITE_CAMPAIGNS ?? 150)),
);

/** Creates `count` draft campaigns through the API, a few at a time; their ids. */
export async function createCampaigns(
  baseUrl: string,
  key: string,
  count = CAMPAIGNS,
): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const one = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${baseUrl}/campaigns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench campaign ${i}`, budget: 50 }),
      });
      if (res.status !== 201)
        throw new Error(`creating a campaign: ${res.status} ${(await res.text()).slice(0, 300)}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
  };
  await Promise.all(Array.from({ length: 4 }, one));
  return ids;
}

const pick = (ids: string[]) => ids[Math.floor(Math.random() * ids.length)]!;

/** `GET /api/v1/campaigns/{id}` of a random one of `ids`, authenticated. */
export function readRequest(apiPath: string, key: string, ids: string[]): AutocannonRequest {
  return {
    method: 'GET',
    path: `${apiPath}/campaigns/${ids[0]}`,
    headers: { authorization: `Bearer ${key}` },
    setupRequest: (req) => ({ ...req, path: `${apiPath}/campaigns/${pick(ids)}` }),
  };
}

/**
 * `PATCH /api/v1/campaigns/{id}` of a random one of `ids`, `{"budget": N}` with N from 1 to 10,000,
 * and a fresh Idempotency-Key each time.
 */
export function writeRequest(apiPath: string, key: string, ids: string[]): AutocannonRequest {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    method: 'PATCH',
    path: `${apiPath}/campaigns/${ids[0]}`,
    headers,
    body: JSON.stringify({ budget: 50 }),
    setupRequest: (req) => ({
      ...req,
      path: `${apiPath}/campaigns/${pick(ids)}`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ budget: 1 + Math.floor(Math.random() * 10_000) }),
    }),
  };
}
