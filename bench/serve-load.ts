// Reads while background work runs: the latency of an authenticated read (GET /api/v1/workspace),
// probed every 25 ms on a real `adcli serve` (the built bundle), while a 10-slot targeting generation
// over a data store of 2,000 videos × 10 comments runs, against the same probe on the idle server in
// the same run. Jobs run in worker threads, so the HTTP thread should answer as if nothing ran.
import { setUpGeneration, type ApiCall } from './corpus.ts';
import { adcliBin, report, startServer, stop, MACHINE } from './lib.ts';

const PROBE_EVERY_MS = 25;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

/**
 * Sends one probe every 25 ms (without waiting for the one before: a stalled server shows as long
 * latencies, not as fewer probes) until `until` resolves; answers each probe's latency in ms.
 */
async function probe(
  url: string,
  headers: Record<string, string>,
  until: Promise<unknown>,
): Promise<number[]> {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const t = performance.now();
    const p = fetch(url, { headers })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    await Promise.race([new Promise((r) => setTimeout(r, PROBE_EVERY_MS)), until]);
  }
  await Promise.all(inFlight);
  return latencies;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

export async function serveLoadBench(): Promise<void> {
  const videos = Number(process.env.BENCH_LOAD_VIDEOS ?? 2000);
  const slots = 10;
  const server = await startServer<{ baseUrl: string; apiKey: string }>(adcliBin(), {}, [
    'serve',
    '--memory',
    '--port',
    '0',
    '--json',
    '--quiet',
    '--rate-limit',
    '0',
    '--job-delay',
    '0',
  ]);
  try {
    const { baseUrl, apiKey } = server.info;
    const headers = { authorization: `Bearer ${apiKey}` };
    const api: ApiCall = async (method, path, body) => {
      const res = await fetch(baseUrl + path, {
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const setup = await setUpGeneration(api, { videos, commentsPerVideo: 10, slots });
    const url = `${baseUrl}/workspace`;

    const idleMs = Number(process.env.BENCH_IDLE_SECONDS ?? 5) * 1000;
    const idle = await probe(url, headers, sleep(idleMs));

    const started = await api('POST', `/campaigns/${setup.campaignId}/targeting/generate`, {});
    if (started.status !== 200 || started.body.started.length !== slots)
      throw new Error(`generate: ${started.status} ${JSON.stringify(started.body)}`);
    const t0 = performance.now();
    // Done when the campaign leaves `loading`: polled like the CLI's --wait (every 250 ms), on the
    // campaign itself, a small read, so the figure is about the jobs and not about a big response.
    const generated = (async () => {
      for (;;) {
        const r = await api('GET', `/campaigns/${setup.campaignId}`);
        if (r.body.status !== 'loading') return performance.now() - t0;
        await sleep(250);
      }
    })();
    const busy = await probe(url, headers, generated);
    const genMs = await generated;
    const targeting = await api('GET', `/campaigns/${setup.campaignId}/targeting`);
    const notReady = targeting.body.audiences.filter(
      (a: { status: string }) => a.status !== 'ready',
    );
    if (notReady.length)
      throw new Error(
        `generation did not finish: ${JSON.stringify(notReady.map((a: { status: string; error: string }) => [a.status, a.error]))}`,
      );

    const idle50 = percentile(idle, 0.5);
    const idle99 = percentile(idle, 0.99);
    const busy50 = percentile(busy, 0.5);
    const busy99 = percentile(busy, 0.99);
    report(
      `Reads during background work (${MACHINE}; the jobs' worker threads need a core the HTTP thread does not use): GET /workspace every ${PROBE_EVERY_MS} ms, idle (${idle.length} probes) and while a ${slots}-slot generation ` +
        `over ${videos.toLocaleString('en-US')} videos × 10 comments runs (${busy.length} probes, ${(genMs / 1000).toFixed(1)} s); ratio against the idle probe`,
      [
        { name: 'floor: idle p50', value: fmt(idle50), ratio: 1, goal: '-', ok: true },
        { name: 'floor: idle p99', value: fmt(idle99), ratio: 1, goal: '-', ok: true },
        {
          name: 'during generation p50',
          value: fmt(busy50),
          ratio: busy50 / idle50,
          goal: '-',
          ok: true,
        },
        {
          name: 'during generation p99',
          value: fmt(busy99),
          ratio: busy99 / idle99,
          goal: '<= 5',
          ok: busy99 / idle99 <= 5,
        },
      ],
    );
  } finally {
    await stop(server);
  }
}
