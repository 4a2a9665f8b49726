// Server figures, each as a ratio against a floor measured in the same run.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { load, medianLatency, report, startServer, stop, MACHINE, type LoadResult } from './lib.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export async function serverBench(): Promise<void> {
  const hello = await startServer<{ port: number }>(here('./servers/hello.ts'));
  const floor = await load(hello, { url: `http://127.0.0.1:${hello.info.port}/` });
  await stop(hello);

  const small = await startServer<{ port: number; key: string; campaignId: string }>(
    here('./servers/adcli.ts'),
  );
  const base = `http://127.0.0.1:${small.info.port}/api/v1`;
  const auth = { authorization: `Bearer ${small.info.key}` };
  const get = await load(small, {
    url: `${base}/campaigns/${small.info.campaignId}`,
    headers: auth,
  });
  const list = await load(small, { url: `${base}/campaigns?limit=25`, headers: auth });
  const patch = await load(small, {
    url: `${base}/campaigns/${small.info.campaignId}`,
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ budget: 75 }),
    setupRequest: (req: any) => ({
      ...req,
      headers: { ...req.headers, 'idempotency-key': randomUUID() },
    }),
  });
  await stop(small);
  for (const [name, r] of Object.entries({ get, list, patch })) {
    if (r.non2xx) throw new Error(`${name}: ${r.non2xx} responses were not 2xx`);
  }

  const row = (name: string, r: LoadResult, goal = '-', min = 0) => ({
    name,
    value: `${Math.round(r.capacity)} req/s per core (client saw ${Math.round(r.rps)})`,
    ratio: r.capacity / floor.capacity,
    goal,
    ok: r.capacity / floor.capacity >= min,
  });
  report(
    `Server throughput (${MACHINE}; the client takes what the server leaves): requests/s one server core sustains (from its CPU time), ratio against a bare Hono hello world`,
    [
      row('floor: bare Hono hello world', floor),
      row('GET /campaigns/{id}, authenticated', get, '>= 0.40', 0.4),
      row('GET /campaigns?limit=25 (25 rows)', list),
      row('PATCH /campaigns/{id} + Idempotency-Key', patch),
    ],
  );

  const campaigns = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
  const big = await startServer<{ port: number; key: string; lastCursor: string }>(
    here('./servers/adcli.ts'),
    { CAMPAIGNS: String(campaigns) },
  );
  const bigBase = `http://127.0.0.1:${big.info.port}/api/v1`;
  const bigAuth = { authorization: `Bearer ${big.info.key}` };
  const n = Number(process.env.BENCH_PAGE_REQUESTS ?? 400);
  await medianLatency(`${bigBase}/campaigns?limit=25`, bigAuth, 50); // warm-up
  const first = await medianLatency(`${bigBase}/campaigns?limit=25`, bigAuth, n);
  const last = await medianLatency(
    `${bigBase}/campaigns?limit=25&cursor=${big.info.lastCursor}`,
    bigAuth,
    n,
  );
  await stop(big);
  report(
    `Pagination over ${campaigns.toLocaleString('en-US')} campaigns: median latency of ${n} sequential requests, last page against first`,
    [
      {
        name: 'first page (limit 25)',
        value: `${first.toFixed(3)} ms`,
        ratio: 1,
        goal: '-',
        ok: true,
      },
      {
        name: 'last page (limit 25)',
        value: `${last.toFixed(3)} ms`,
        ratio: last / first,
        goal: '<= 1.5',
        ok: last / first <= 1.5,
      },
    ],
  );
}
