/**
 * `adcli serve` stopping and measured as a real process (issue 31): the metrics on a port of their
 * own; a SIGTERM under 16 keep-alive writers that loses no answer; a stop bounded by --stop-grace,
 * its running job handed back; on Postgres, a rolling restart of two replicas under steady load
 * with no error a client sees, and the exit line saying another replica takes a handed-back job.
 * The metrics themselves are in metrics.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { postgresOrSkip } from './helpers/postgres.ts';
import {
  cleanupAll,
  killAll,
  listAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';
import { sample } from './helpers/metrics.ts';
import { pgQuery, startReplicas, until } from './helpers/replicas.ts';
import { keepAliveAgent, send, type Outcome } from './helpers/steady-client.ts';

afterEach(killAll);
afterAll(cleanupAll);

const pg = await postgresOrSkip();

describe('adcli serve --metrics-port', () => {
  it('serves Prometheus metrics on a loopback port of their own, and nothing else there', async () => {
    const s = await startServer(['--memory', '--quiet', '--metrics-port', '0']);
    const metricsUrl = (s.info as unknown as { metricsUrl: string }).metricsUrl;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(String(s.port));
    expect((await s.api('GET', '/campaigns')).status).toBe(200);

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sample(text, 'adcli_http_requests_total', {
        operation: 'list_campaigns',
        method: 'GET',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'adcli_ready')).toBe(1);
    expect(text).not.toContain(s.info.apiKey);

    // a job runs in a worker thread; its run is counted in the HTTP thread's registry
    const made = await s.api('POST', '/data-stores', {
      name: 'Counted',
      channelIds: ['UCnhwCGpIe9IdW5plisiGJLT'],
    });
    expect(made.status).toBe(201);
    const ran = { kind: 'collect_data_store', outcome: 'ok' };
    await until('the collection to be counted', async () =>
      (sample(await (await fetch(metricsUrl)).text(), 'adcli_job_duration_seconds_count', ran) ??
        0) >= 1
        ? true
        : undefined,
    );

    const origin = new URL(metricsUrl).origin;
    expect((await fetch(`${origin}/livez`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
    // the API's port has no /metrics: nobody reaches them through the balancer
    expect((await fetch(`http://127.0.0.1:${s.port}/metrics`)).status).toBe(404);
  });

  it('refuses settings that cannot work, as usage errors', async () => {
    const host = await runAdcli(['serve', '--memory', '--metrics-host', '0.0.0.0']);
    expect(host.code).toBe(2);
    expect(host.stderr).toContain('--metrics-host needs --metrics-port');
    const delay = await runAdcli([
      'serve',
      '--memory',
      '--drain-delay',
      '5s',
      '--stop-grace',
      '2s',
    ]);
    expect(delay.code).toBe(2);
    expect(delay.stderr).toContain('--drain-delay (5 s) cannot be longer than --stop-grace (2 s)');
    const same = await runAdcli(['serve', '--memory', '--port', '4999', '--metrics-port', '4999']);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('the metrics need a port of their own');
  });
});

/** Brand names the writers asked for, by what became of each request. */
interface Tally {
  acknowledged: Set<string>;
  /** requests cut on a connection used before (kept alive), by writer */
  resets: number[];
  /** answers other than 2xx */
  failures: string[];
  /** answers that said Connection: close */
  closing: number;
  /** each reset: the request, and how */
  cuts: string[];
}

describe('a SIGTERM under load', () => {
  it('16 keep-alive writers: every write answered is kept, none cut mid-request is half-done', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'writers');
    const args = ['--data', dir, '--quiet', '--rate-limit', '0', '--workers', '1'];
    const s = await startServer([...args, '--drain-delay', '0'], { env: sb.env });
    const tally: Tally = {
      acknowledged: new Set(),
      resets: [],
      failures: [],
      closing: 0,
      cuts: [],
    };
    let signalled = false;
    const writer = async (w: number) => {
      const agent = keepAliveAgent();
      tally.resets[w] = 0;
      try {
        for (let n = 0; n < 10_000; n++) {
          const name = `w${w}-${n}`;
          const out: Outcome = await send(agent, s.port, 'POST', '/api/v1/brands', {
            key: s.info.apiKey,
            body: { name },
            headers: { 'idempotency-key': name },
          });
          if (out.kind === 'refused') return; // the port is closed: this server is gone
          if (out.kind === 'reset') {
            if (out.reused) tally.resets[w]!++;
            tally.cuts.push(`${name}: ${out.code}${out.reused ? ' (reused)' : ''}`);
          } else if (out.status === 201) {
            tally.acknowledged.add(name);
            if (out.headers.connection === 'close') tally.closing++;
          } else tally.failures.push(`${name}: ${out.status} ${JSON.stringify(out.body)}`);
          if (!signalled && tally.acknowledged.size >= 16 * 8) {
            signalled = true;
            s.child.kill('SIGTERM');
          }
        }
      } finally {
        agent.destroy();
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(tally.failures).toEqual([]);
    // At most the one kept-alive connection a writer reused just as it was closed as idle (a new
    // connection may also be reset if it was still waiting to be accepted as the port closed).
    // Either way the request was never read, as the store shows below.
    expect(Math.max(...tally.resets), tally.cuts.join('\n')).toBeLessThanOrEqual(1);

    // Every answered write is kept, and nothing is there that was not answered: a request the
    // server read was answered, never cut.
    const again = await startServer(args, { env: sb.env });
    const names = (await listAll(again.info.baseUrl, again.info.apiKey, '/brands')).map(
      (b: { name: string }) => b.name,
    );
    expect(new Set(names)).toEqual(tally.acknowledged);
    await again.stop('SIGTERM');
  }, 120_000);

  it('with a drain delay the port keeps answering, each answer closing its connection', async () => {
    const s = await startServer(['--memory', '--quiet', '--drain-delay', '1s']);
    const agent = keepAliveAgent();
    const first = await send(agent, s.port, 'GET', '/api/v1/campaigns', { key: s.info.apiKey });
    expect(first).toMatchObject({ kind: 'answered', status: 200 });
    expect((first as { headers: Record<string, string> }).headers.connection).toBe('keep-alive');
    s.child.kill('SIGTERM');
    await until('readiness to turn 503', async () => {
      const r = await send(agent, s.port, 'GET', '/readyz');
      return r.kind === 'answered' && r.status === 503 ? r : undefined;
    });
    const during = await send(agent, s.port, 'GET', '/api/v1/campaigns', { key: s.info.apiKey });
    expect(during).toMatchObject({ kind: 'answered', status: 200 });
    expect((during as { headers: Record<string, string> }).headers.connection).toBe('close');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    agent.destroy();
  });

  it('ends within --stop-grace: a running job is handed back, for the next start', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'grace');
    // a YouTube Data API that never answers: collecting a channel the catalog lacks runs until stopped
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const youtube = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/youtube/v3`;
    const s = await startServer(
      ['--data', dir, '--quiet', '--job-delay', '0', '--stop-grace', '3s'],
      { env: { ...sb.env, ADCLI_YOUTUBE_API_KEY: 'test-key', ADCLI_YOUTUBE_BASE_URL: youtube } },
    );
    const ds = await s.api('POST', '/data-stores', {
      name: 'Slow',
      channelIds: ['UCxxxxxxxxxxxxxxxxxxxxxx'],
    });
    expect(ds.status).toBe(201);
    // the job runs once a worker has claimed it (the claim commits before the job runs)
    const db = new DatabaseSync(join(dir, 'adcli.db'), { readOnly: true });
    try {
      await until('the collection to run', () =>
        db.prepare("SELECT id FROM jobs WHERE state = 'running'").get(),
      );
    } finally {
      db.close();
    }
    // far less than the job's ten minutes: the grace bounds the stop
    const exit = await s.stop('SIGTERM', 20_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(s.stderr()).toMatch(/1 unfinished job was handed back; it runs at the next start\n$/);
    silent.closeAllConnections();
    silent.close();
  }, 120_000);
});

describe.skipIf(!pg)('replicas on Postgres', () => {
  it('a job handed back at the stop is said to go to another replica, not only the next start', async () => {
    const url = await pg!.createDatabase();
    const sb = sandbox();
    // a YouTube Data API that never answers: the collection runs until the stop hands it back
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const youtube = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/youtube/v3`;
    try {
      const s = await startServer(
        ['--database', url, '--data', tempDir(sb, 'pg-grace'), '--quiet', '--job-delay', '0'],
        {
          env: { ...sb.env, ADCLI_YOUTUBE_API_KEY: 'test-key', ADCLI_YOUTUBE_BASE_URL: youtube },
        },
      );
      const ds = await s.api('POST', '/data-stores', {
        name: 'Slow',
        channelIds: ['UCxxxxxxxxxxxxxxxxxxxxxx'],
      });
      expect(ds.status).toBe(201);
      await until('the collection to run', async () =>
        (await pgQuery(url, "SELECT id FROM jobs WHERE state = 'running'")).at(0),
      );
      expect(await s.stop('SIGTERM', 20_000)).toEqual({ code: 0, signal: null });
      expect(s.stderr()).toMatch(
        /1 unfinished job was handed back; another replica runs it, or the next start does\n$/,
      );
      expect(
        await pgQuery(url, "SELECT state FROM jobs WHERE kind = 'collect_data_store'"),
      ).toEqual([{ state: 'queued' }]);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 120_000);

  it('a rolling restart of two replicas under steady load: no error a client sees', async () => {
    const url = await pg!.createDatabase();
    const args = ['--drain-delay', '2s'];
    const set = await startReplicas(url, 2, args);
    const sb = set.sandbox;
    const key = set.key;
    /** the balancer's view: each replica's port, and whether its /readyz answered 200 last */
    const replicas = set.servers.map((s) => ({ server: s, port: s.port, ready: true }));
    let polling = true;
    // a balancer probing /readyz every 100 ms
    const probe = (async () => {
      const agent = keepAliveAgent();
      while (polling) {
        for (const r of replicas) {
          const out = await send(agent, r.port, 'GET', '/readyz');
          r.ready = out.kind === 'answered' && out.status === 200;
        }
        await new Promise((res) => setTimeout(res, 100)); // a fixed period on purpose: the balancer's
      }
      agent.destroy();
    })();

    const errors: string[] = [];
    const acknowledged = new Set<string>();
    const answeredBy = new Map<number, number>();
    let rolled = false;
    let afterRoll = 0;
    let next = 0;
    const client = async (c: number) => {
      const agent = keepAliveAgent();
      // bounded: about 40 writes a client at least, at most 2,000
      for (let n = 0; n < 2000 && !(rolled && afterRoll >= 80); n++) {
        const name = `c${c}-${n}`;
        let out: Outcome | undefined;
        // the balancer's choice among the ready replicas; a connection refused was never sent
        for (let attempt = 0; attempt < 50; attempt++) {
          const ready = replicas.filter((r) => r.ready);
          const r = ready.length ? ready[next++ % ready.length]! : replicas[next++ % 2]!;
          out = await send(agent, r.port, 'POST', '/api/v1/brands', {
            key,
            body: { name },
            headers: { 'idempotency-key': name },
          });
          if (out.kind !== 'refused') {
            if (out.kind === 'answered') answeredBy.set(r.port, (answeredBy.get(r.port) ?? 0) + 1);
            break;
          }
          await new Promise((res) => setTimeout(res, 20)); // a fixed pause on purpose: a client's retry
        }
        if (out?.kind === 'answered' && out.status === 201) {
          acknowledged.add(name);
          if (rolled) afterRoll++;
        } else errors.push(`${name}: ${JSON.stringify(out)}`);
      }
      agent.destroy();
    };
    const load = Promise.all(Array.from({ length: 4 }, (_, c) => client(c)));

    await until('some writes before the roll', () => acknowledged.size >= 40 || undefined, 60_000);
    const restarted: Server[] = [];
    for (let i = 0; i < 2; i++) {
      const r = replicas[i]!;
      expect(await r.server.stop('SIGTERM', 20_000)).toEqual({ code: 0, signal: null });
      const fresh = await startServer(
        [
          '--database',
          url,
          '--data',
          tempDir(sb, `replica-${i}-v2`),
          '--workers',
          '1',
          '--quiet',
          '--rate-limit',
          '0',
          ...args,
        ],
        { env: sb.env, timeoutMs: 60_000 },
      );
      restarted.push(fresh);
      Object.assign(r, { server: fresh, port: fresh.port, ready: true });
    }
    rolled = true;
    await load;
    polling = false;
    await probe;

    expect(errors).toEqual([]);
    for (const s of restarted) expect(answeredBy.get(s.port) ?? 0).toBeGreaterThan(0);
    const names = (await listAll(restarted[0]!.info.baseUrl, key, '/brands')).map(
      (b: { name: string }) => b.name,
    );
    expect(new Set(names)).toEqual(acknowledged);
  }, 120_000);
});
