/**
 * The API client over undici (the transport when a proxy is configured; test/node-http.test.ts has
 * the direct one): retries (429 with Retry-After, 5xx, dropped connections) with capped
 * exponential backoff, one Idempotency-Key for every attempt of a write, exit codes per status, and
 * proxies from the environment. undici's MockAgent stands in for the API (no sleeping: `sleep` is
 * injected); the proxy tests use a real proxy and a real API stand-in on 127.0.0.1.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent, errors as undiciErrors, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError, ApiClient, retryAfterMs, type ClientOptions } from '../src/lib/client.ts';
import { CliError, EXIT } from '../src/lib/errors.ts';
import type { Target } from '../src/lib/target.ts';
import { proxyAgent, remoteTransport } from '../src/lib/transport.ts';

const ORIGIN = 'http://api.test';
const KEY = `adcli_${'k'.repeat(40)}`;
const target = (over: Partial<Target> = {}): Target => ({
  profile: 'test',
  baseUrl: `${ORIGIN}/api/v1`,
  apiKey: KEY,
  keySource: 'test',
  baseUrlSource: 'test',
  ...over,
});

let mock: MockAgent;
let sleeps: number[];

beforeEach(() => {
  mock = new MockAgent();
  mock.disableNetConnect();
  sleeps = [];
});
afterEach(async () => {
  mock.assertNoPendingInterceptors();
  await mock.close();
});

async function client(opts: ClientOptions = {}, t: Target = target()): Promise<ApiClient> {
  return new ApiClient(t, await remoteTransport(mock), {
    sleep: async (ms) => void sleeps.push(ms),
    ...opts,
  });
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  data: JSON.stringify(body),
  responseOptions: { headers: { 'content-type': 'application/json', ...headers } },
});
const apiError = (status: number, code: string) => ({
  statusCode: status,
  ...json({ error: { code, message: `${code} happened`, requestId: `req_${status}` } }),
});

/** Headers of each request the mock answered, lower-cased. */
function headersOf(opts: { headers?: unknown }): Record<string, string> {
  const h = opts.headers;
  const out: Record<string, string> = {};
  if (Array.isArray(h))
    for (let i = 0; i < h.length; i += 2) out[String(h[i]).toLowerCase()] = String(h[i + 1]);
  else
    for (const [k, v] of Object.entries((h ?? {}) as Record<string, string>))
      out[k.toLowerCase()] = String(v);
  return out;
}

/** Answers each request with the next reply of the list; records the request headers. */
function script(
  method: string,
  path: string,
  replies: {
    statusCode: number;
    data?: string;
    responseOptions?: { headers?: Record<string, string> };
  }[],
) {
  const seen: Record<string, string>[] = [];
  let i = 0;
  mock
    .get(ORIGIN)
    .intercept({ path, method })
    .reply((opts) => {
      seen.push(headersOf(opts));
      return { data: '', responseOptions: {}, ...replies[i++]! };
    })
    .times(replies.length);
  return seen;
}

describe('retries', () => {
  it('retries a 429 after the Retry-After seconds, then succeeds', async () => {
    const seen = script('GET', '/api/v1/workspace', [
      {
        statusCode: 429,
        ...json({ error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '2' }),
      },
      {
        statusCode: 429,
        ...json({ error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '0' }),
      },
      { statusCode: 200, ...json({ slug: 'acme' }) },
    ]);
    const c = await client();
    await expect(c.request('GET', '/workspace')).resolves.toEqual({ slug: 'acme' });
    expect(sleeps).toEqual([2000, 0]);
    expect(seen).toHaveLength(3);
    expect(seen[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(seen[0]!['idempotency-key']).toBeUndefined(); // reads carry none
  });

  it('reads Retry-After as an HTTP date too, and caps a long one at a minute', async () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterMs('Mon, 02 Mar 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Mon, 02 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
    script('GET', '/api/v1/workspace', [
      { statusCode: 429, ...json({}, { 'retry-after': '3600' }) },
      { statusCode: 200, ...json({ slug: 'acme' }) },
    ]);
    await (await client()).request('GET', '/workspace');
    expect(sleeps).toEqual([60_000]);
  });

  it('retries 503s with capped exponential backoff (full jitter within each cap)', async () => {
    script('GET', '/api/v1/campaigns', [
      ...Array.from({ length: 5 }, () => apiError(503, 'unavailable')),
      { statusCode: 200, ...json({ data: [], nextCursor: null }) },
    ]);
    const c = await client({ retries: 5, backoffMs: 100, maxBackoffMs: 250 });
    await expect(c.request('GET', '/campaigns')).resolves.toEqual({ data: [], nextCursor: null });
    const caps = [100, 200, 250, 250, 250];
    expect(sleeps).toHaveLength(5);
    sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(caps[i]! / 2);
      expect(ms).toBeLessThanOrEqual(caps[i]!);
    });
  });

  it('retries a dropped connection, and a refused one', async () => {
    const pool = mock.get(ORIGIN);
    pool
      .intercept({ path: '/api/v1/workspace', method: 'GET' })
      .replyWithError(new undiciErrors.SocketError('other side closed'));
    pool
      .intercept({ path: '/api/v1/workspace', method: 'GET' })
      .replyWithError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      );
    pool
      .intercept({ path: '/api/v1/workspace', method: 'GET' })
      .reply(200, JSON.stringify({ slug: 'acme' }));
    const c = await client({ backoffMs: 10, maxBackoffMs: 40 });
    await expect(c.request('GET', '/workspace')).resolves.toEqual({ slug: 'acme' });
    expect(sleeps).toHaveLength(2);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(20);
  });

  it('sends the same Idempotency-Key on every attempt of a write', async () => {
    const seen = script('POST', '/api/v1/campaigns', [
      apiError(503, 'unavailable'),
      apiError(429, 'rate_limited'),
      apiError(502, 'bad_gateway'),
      { statusCode: 201, ...json({ id: 'c1' }) },
    ]);
    const c = await client();
    await c.request('POST', '/campaigns', { body: { name: 'x' } });
    const keys = seen.map((h) => h['idempotency-key']);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(seen[0]!['content-type']).toBe('application/json');
  });

  it('uses a given Idempotency-Key, and a new one for each new write', async () => {
    const first = script('PATCH', '/api/v1/campaigns/c1', [
      apiError(503, 'unavailable'),
      { statusCode: 200, ...json({ id: 'c1' }) },
    ]);
    const c = await client();
    await c.request('PATCH', '/campaigns/c1', { body: { name: 'y' }, idempotencyKey: 'my-key-1' });
    expect(first.map((h) => h['idempotency-key'])).toEqual(['my-key-1', 'my-key-1']);
    const a = script('DELETE', '/api/v1/campaigns/c1', [
      { statusCode: 200, ...json({ deleted: true }) },
    ]);
    const b = script('DELETE', '/api/v1/campaigns/c2', [
      { statusCode: 200, ...json({ deleted: true }) },
    ]);
    await c.request('DELETE', '/campaigns/c1');
    await c.request('DELETE', '/campaigns/c2');
    expect(a[0]!['idempotency-key']).not.toBe(b[0]!['idempotency-key']);
  });

  it('gives up after `retries` with exit code 5 (5xx, 429, network)', async () => {
    const seen = script(
      'GET',
      '/api/v1/workspace',
      Array.from({ length: 3 }, () => apiError(503, 'unavailable')),
    );
    const c = await client({ retries: 2 });
    const err = await c.request('GET', '/workspace').catch((e) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect(err.exitCode).toBe(EXIT.unavailable);
    expect(err.message).toContain('req_503');
    expect(seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);

    script(
      'GET',
      '/api/v1/brands',
      Array.from({ length: 2 }, () => apiError(429, 'rate_limited')),
    );
    expect(
      (await (await client({ retries: 1 })).request('GET', '/brands').catch((e) => e)).exitCode,
    ).toBe(EXIT.unavailable);

    mock
      .get(ORIGIN)
      .intercept({ path: '/api/v1/audiences', method: 'GET' })
      .replyWithError(new undiciErrors.SocketError('other side closed'))
      .times(2);
    const net = await (await client({ retries: 1 })).request('GET', '/audiences').catch((e) => e);
    expect(net).toBeInstanceOf(CliError);
    expect(net.exitCode).toBe(EXIT.unavailable);
    expect(net.message).toMatch(/^cannot reach http:\/\/api\.test\/api\/v1: UND_ERR_SOCKET/);
  });

  it('does not retry an error that is not a network failure', async () => {
    mock
      .get(ORIGIN)
      .intercept({ path: '/api/v1/workspace', method: 'GET' })
      .replyWithError(new Error('something odd'));
    const err = await (await client()).request('GET', '/workspace').catch((e) => e);
    expect(err.exitCode).toBe(EXIT.unavailable);
    expect(sleeps).toEqual([]);
  });
});

describe('status → exit code', () => {
  for (const [status, exit] of [
    [400, EXIT.refused],
    [404, EXIT.refused],
    [409, EXIT.refused],
    [401, EXIT.auth],
    [403, EXIT.auth],
  ] as const) {
    it(`${status} → ${exit}, not retried, with the API's code, message and request id`, async () => {
      const seen = script('POST', '/api/v1/campaigns', [apiError(status, `code_${status}`)]);
      const err = await (
        await client()
      )
        .request('POST', '/campaigns', { body: {} })
        .catch((e) => e);
      expect(err).toBeInstanceOf(ApiCallError);
      expect(err.exitCode).toBe(exit);
      expect(err.status).toBe(status);
      expect(err.message).toBe(`code_${status} happened (code_${status}, request req_${status})`);
      expect(err.toJSON()).toEqual({
        error: {
          status,
          code: `code_${status}`,
          message: `code_${status} happened`,
          requestId: `req_${status}`,
        },
      });
      expect(seen).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });
  }

  it('a non-JSON error body still maps by status', async () => {
    mock
      .get(ORIGIN)
      .intercept({ path: '/api/v1/workspace', method: 'GET' })
      .reply(404, '<html>not here</html>', { headers: { 'x-request-id': 'req_html' } });
    const err = await (await client()).request('GET', '/workspace').catch((e) => e);
    expect(err.exitCode).toBe(EXIT.refused);
    expect(err.code).toBe('http_404');
    expect(err.requestId).toBe('req_html');
  });
});

describe('--debug', () => {
  it('logs each exchange with the key redacted, whatever its format', async () => {
    const odd = 'sk_live_0123456789abcdef';
    script('POST', '/api/v1/campaigns', [
      apiError(503, 'unavailable'),
      { statusCode: 201, ...json({ id: 'c1', echo: odd }) },
    ]);
    const lines: string[] = [];
    const c = await client({ debug: (l) => lines.push(l) }, target({ apiKey: odd }));
    await c.request('POST', '/campaigns', { body: { name: 'x', note: KEY } });
    const log = lines.join('\n');
    expect(log).toContain('→ POST http://api.test/api/v1/campaigns');
    expect(log).toContain('← 503');
    expect(log).toContain('← 201');
    expect(log).toContain('authorization: Bearer [redacted]');
    expect(log).not.toContain(odd);
    expect(log).not.toContain(KEY);
  });
});

// ---------------------------------------------------------------------------------------------------
// proxies: a real proxy and a real API stand-in, both on 127.0.0.1

describe('proxies from the environment', () => {
  let api: Server;
  let proxy: Server;
  let apiPort: number;
  let proxyPort: number;
  const forwarded: { method: string; url: string }[] = [];
  const tunnels: string[] = [];
  const apiSeen: { url: string; host: string; authorization: string }[] = [];
  const agents: Dispatcher[] = [];

  const listen = (s: Server) =>
    new Promise<number>((r) =>
      s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)),
    );

  beforeAll(async () => {
    api = createServer((req, res) => {
      apiSeen.push({
        url: req.url!,
        host: req.headers.host!,
        authorization: String(req.headers.authorization),
      });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ slug: 'behind-proxy', path: req.url }));
    });
    // Forwards absolute-form requests to the stand-in (whatever the host: nothing leaves the machine),
    // records CONNECT tunnels and refuses them.
    proxy = createServer((req: IncomingMessage, res) => {
      forwarded.push({ method: req.method!, url: req.url! });
      const u = new URL(req.url!);
      const up = httpRequest(
        {
          host: '127.0.0.1',
          port: apiPort,
          method: req.method,
          path: u.pathname + u.search,
          headers: req.headers,
        },
        (r) => {
          res.writeHead(r.statusCode!, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(up);
    });
    proxy.on('connect', (req, socket) => {
      tunnels.push(req.url!);
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    apiPort = await listen(api);
    proxyPort = await listen(proxy);
  });

  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.destroy()));
  });

  afterAll(async () => {
    for (const s of [api, proxy]) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  /** A transport with its own agent, made from the environment `env` (as the Factory makes it from its own). */
  async function transportFor(env: Record<string, string>) {
    const agent = await proxyAgent(env);
    agents.push(agent);
    return remoteTransport(agent);
  }

  it('HTTP_PROXY carries requests, and NO_PROXY hosts go direct', async () => {
    const transport = await transportFor({
      HTTP_PROXY: `http://127.0.0.1:${proxyPort}`,
      NO_PROXY: '127.0.0.1,localhost',
    });
    forwarded.length = 0;
    apiSeen.length = 0;

    const viaProxy = new ApiClient(
      target({ baseUrl: 'http://api.example.test/api/v1' }),
      transport,
      { retries: 0 },
    );
    await expect(viaProxy.request('GET', '/workspace', { query: { x: 1 } })).resolves.toEqual({
      slug: 'behind-proxy',
      path: '/api/v1/workspace?x=1',
    });
    expect(forwarded).toEqual([
      { method: 'GET', url: 'http://api.example.test/api/v1/workspace?x=1' },
    ]);
    expect(apiSeen[0]).toMatchObject({ host: 'api.example.test', authorization: `Bearer ${KEY}` });

    const direct = new ApiClient(
      target({ baseUrl: `http://127.0.0.1:${apiPort}/api/v1` }),
      transport,
      { retries: 0 },
    );
    await expect(direct.request('GET', '/workspace')).resolves.toMatchObject({
      slug: 'behind-proxy',
    });
    expect(forwarded).toHaveLength(1); // the proxy saw nothing new
    expect(apiSeen).toHaveLength(2);
    expect(apiSeen[1]!.host).toBe(`127.0.0.1:${apiPort}`);
  });

  it('HTTPS_PROXY carries https requests (a CONNECT tunnel), and leaves http ones direct', async () => {
    const transport = await transportFor({ HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` });
    tunnels.length = 0;
    forwarded.length = 0;
    const secure = new ApiClient(
      target({ baseUrl: 'https://api.example.test/api/v1' }),
      transport,
      { retries: 0 },
    );
    const err = await secure.request('GET', '/workspace').catch((e) => e);
    expect(tunnels).toEqual(['api.example.test:443']);
    expect(err).toBeInstanceOf(CliError);
    expect(err.exitCode).toBe(EXIT.unavailable);

    const plain = new ApiClient(
      target({ baseUrl: `http://127.0.0.1:${apiPort}/api/v1` }),
      transport,
      { retries: 0 },
    );
    await expect(plain.request('GET', '/workspace')).resolves.toMatchObject({
      slug: 'behind-proxy',
    });
    expect(forwarded).toEqual([]);
  });

  it('without proxy variables, requests go direct', async () => {
    const transport = await transportFor({});
    forwarded.length = 0;
    const c = new ApiClient(target({ baseUrl: `http://127.0.0.1:${apiPort}/api/v1` }), transport, {
      retries: 0,
    });
    await expect(c.request('GET', '/workspace')).resolves.toMatchObject({ slug: 'behind-proxy' });
    expect(forwarded).toEqual([]);
  });

  it("the proxy comes from the environment given, never from the process's own", async () => {
    const before = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = `http://127.0.0.1:${proxyPort}`;
    try {
      const transport = await transportFor({});
      forwarded.length = 0;
      const c = new ApiClient(
        target({ baseUrl: `http://127.0.0.1:${apiPort}/api/v1` }),
        transport,
        { retries: 0 },
      );
      await expect(c.request('GET', '/workspace')).resolves.toMatchObject({ slug: 'behind-proxy' });
      expect(forwarded).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = before;
    }
  });

  it('a refused connection is exit 5 and names the base URL', async () => {
    const transport = await transportFor({});
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const c = new ApiClient(target({ baseUrl: `http://127.0.0.1:${port}/api/v1` }), transport, {
      retries: 1,
      sleep: async (ms) => void sleeps.push(ms),
    });
    const err = await c.request('GET', '/workspace').catch((e) => e);
    expect(err.exitCode).toBe(EXIT.unavailable);
    expect(err.message).toContain(`cannot reach http://127.0.0.1:${port}/api/v1: ECONNREFUSED`);
    expect(sleeps).toHaveLength(1); // retried once
  });
});
