// Writes under contention on SQLite: one `adcli serve` (the built bundle, --memory) answering
// idempotent PATCHes from 64 connections at once, each on a random one of the campaigns with a fresh
// Idempotency-Key. SQLite takes one writer at a time; the figure is how evenly the waiting is shared:
// the p99 latency against the p50 of the same run (goal: within 5×).
import { createCampaigns, serve, writeRequest, CAMPAIGNS } from './adcli-serve.ts';
import { hammer, report, stop, MACHINE, SECONDS } from './lib.ts';

const CONNECTIONS = 64;

export async function sqliteWritesBench(): Promise<void> {
  const server = await serve(['--memory']);
  let run;
  try {
    const key = server.info.apiKey!;
    const ids = await createCampaigns(server.info.baseUrl, key);
    const origin = new URL(server.info.baseUrl).origin;
    const request = writeRequest(new URL(server.info.baseUrl).pathname, key, ids);
    await hammer([origin], request, CONNECTIONS, 1); // warm-up
    run = await hammer([origin], request, CONNECTIONS, SECONDS);
  } finally {
    await stop(server);
  }
  const problems = [
    ...Object.entries(run.statuses).map(([code, n]) => `${n}× ${code}`),
    ...(run.timeouts ? [`${run.timeouts} timeouts`] : []),
    ...(run.errors ? [`${run.errors} connection errors`] : []),
  ];
  report(
    `SQLite writes at ${CONNECTIONS} connections (${MACHINE}, shared by the server and the client), ratio against the p50\n` +
      `  PATCH {"budget": N} + Idempotency-Key on a random one of ${CAMPAIGNS} campaigns, ${SECONDS} s after 1 s of warm-up: ` +
      `${Math.round(run.okRps)} 2xx/s, ${problems.length ? problems.join(', ') : 'every answer 2xx, no timeouts'}`,
    [
      { name: 'floor: PATCH p50', value: `${run.p50} ms`, ratio: 1, goal: '-', ok: true },
      {
        name: 'PATCH p99',
        value: `${run.p99} ms`,
        ratio: run.p99 / run.p50,
        goal: '<= 5',
        ok: run.p99 / run.p50 <= 5,
      },
    ],
  );
}
