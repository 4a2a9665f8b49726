import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.ts';
import { cleanupAll, killAll, sandbox, startServer, type Server } from './helpers/process.ts';

/**
 * The CLI in-process (test/helpers/cli.ts) against a real `adcli serve`, through a proxy on 127.0.0.1
 * that injects faults: a 429 before the server sees a request, and a connection dropped after the
 * server has applied a write (the client never hears the answer). Retries must succeed and never
 * double a change.
 */
type Fault = 'rate-limit' | 'drop-after-forward' | null;

function faultyProxy(
  target: string,
  plan: Fault[],
): Promise<{ url: string; seen: { method: string; key?: string }[]; close(): void }> {
  const seen: { method: string; key?: string }[] = [];
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const fault = plan.shift() ?? null;
    seen.push({ method: req.method!, key: req.headers['idempotency-key'] as string | undefined });
    if (fault === 'rate-limit') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(
        JSON.stringify({
          error: { code: 'rate_limited', message: 'slow down', requestId: 'req_proxy' },
        }),
      );
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k]) => !['host', 'connection', 'content-length'].includes(k),
      ),
    ) as Record<string, string>;
    const upstream = await fetch(target + req.url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (fault === 'drop-after-forward') {
      req.socket.destroy(); // the server applied it; the client hears nothing
      return;
    }
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    res.end(body);
  };
  // an error of the proxy itself stays an unhandled rejection: vitest fails the run on it
  const server: HttpServer = createServer((req, res) => void forward(req, res));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, seen, close: () => server.close() });
    }),
  );
}

let api: Server;
const closers: (() => void)[] = [];
afterEach(async () => {
  closers.splice(0).forEach((c) => c());
  await killAll();
});
afterAll(cleanupAll);

async function setup(plan: Fault[]) {
  const sb = sandbox();
  api = await startServer(['--memory', '--quiet', '--rate-limit', '0'], { env: sb.env });
  const origin = new URL(api.info.baseUrl).origin;
  const proxy = await faultyProxy(origin, plan);
  closers.push(proxy.close);
  const env = { ...sb.env, ADCLI_BASE_URL: `${proxy.url}/api/v1`, ADCLI_API_KEY: api.info.apiKey };
  return { env, proxy };
}

describe('adcli retries against a real server', () => {
  it('waits out a 429 (Retry-After) and then succeeds', async () => {
    const { env, proxy } = await setup(['rate-limit']);
    const started = Date.now();
    const r = await runCli(['workspace', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).slug).toBe('default');
    expect(proxy.seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // it honoured Retry-After: 1
    // said on stderr, once per wait, to a script too: a step waiting out a limit does not look hung
    expect(r.stderr).toBe('Rate limited by the API (429): retrying in 1s (retry 1 of 3).\n');
  });

  it('says each wait of a 429 once: two limits, two lines, then the answer', async () => {
    const { env, proxy } = await setup(['rate-limit', 'rate-limit']);
    const r = await runCli(['workspace', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.seen).toHaveLength(3);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      'Rate limited by the API (429): retrying in 1s (retry 1 of 3).',
      'Rate limited by the API (429): retrying in 1s (retry 2 of 3).',
    ]);
  });

  it('retries a write whose answer was lost, with the same Idempotency-Key: one campaign, not two', async () => {
    const { env, proxy } = await setup(['drop-after-forward']);
    const r = await runCli(['campaigns', 'create', '--name', 'Lost answer', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const created = JSON.parse(r.stdout);
    expect(created.name).toBe('Lost answer');
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[0]!.key).toBeTruthy();
    expect(proxy.seen[1]!.key).toBe(proxy.seen[0]!.key);
    const all = await api.api('GET', '/campaigns?name=Lost%20answer');
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([created.id]);
  });

  it('gives up with exit 5 when every attempt is rate limited', async () => {
    const { env, proxy } = await setup(['rate-limit', 'rate-limit', 'rate-limit', 'rate-limit']);
    const r = await runCli(['workspace'], { env });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/slow down \(rate_limited, request req_proxy\)/);
    expect(proxy.seen).toHaveLength(4);
  });

  it('checks the Idempotency-Key bound (1-200) for every write command before sending anything', async () => {
    const { env, proxy } = await setup([]);
    const long = 'k'.repeat(201);
    for (const args of [
      ['campaigns', 'create', '--name', 'x', '--idempotency-key', long],
      ['brands', 'create', '--name', 'x', '--idempotency-key', long],
      ['api', 'POST', '/campaigns', '--data', '{"name":"x"}', '--idempotency-key', long],
    ]) {
      const r = await runCli(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/Idempotency-Key must be 1 to 200 characters/);
    }
    expect(proxy.seen).toHaveLength(0);
    const ok = await runCli(
      ['campaigns', 'create', '--name', 'x', '--idempotency-key', 'k'.repeat(200), '--json'],
      { env },
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(proxy.seen.map((s) => s.key)).toEqual(['k'.repeat(200)]);
  });
});
