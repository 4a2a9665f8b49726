// @store sqlite
/**
 * `adcli serve --proxy`'s core (server/proxy/): the proxy app, behind adcli serve's real node server,
 * in front of an upstream that drifts from the contract on purpose (helpers/drifting-upstream.ts,
 * whose conforming answers were recorded from the real backend). Each drift is reported once with
 * its path, a conforming exchange not at all, and the upstream's answer comes through unchanged.
 * The recording builds a backend (testBackend), on SQLite only: the check itself has no store.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer } from 'node:net';
import { Hono } from 'hono';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../server/http/listen.ts';
import { operations } from '../server/operations/index.ts';
import { defineOperation, readOnly, type Operation } from '../server/operations/operation.ts';
import { checkExchange, strictSchema, type Exchange } from '../server/proxy/contract.ts';
import {
  createProxyApp,
  describeExchange,
  parseUpstream,
  VIOLATIONS_HEADER,
  type ExchangeRecord,
  type ProxyOptions,
} from '../server/proxy/proxy-app.ts';
import { sessionCookieName } from '../server/web/session-cookie.ts';
import {
  DRIFT_PATHS,
  RECORD_DRIFT_PATHS,
  driftingUpstream,
  recordContract,
  type DriftingUpstream,
  type Recording,
  type RouteName,
} from './helpers/drifting-upstream.ts';

const KEY = 'adcli_sk_proxytest_0123456789abcdef0123456789';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  text: string;
  json: any;
}

/** One request over a real socket (node:http: the bytes and headers exactly as they came). */
function send(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string | string[]>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${KEY}`,
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode!, headers: res.headers, bytes, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The proxy app mounted at /api/v1 of an app behind adcli serve's node server, on a port of its own. */
async function startProxy(
  upstream: string,
  extra: Partial<ProxyOptions> = {},
): Promise<{ base: string; records: ExchangeRecord[]; close(): Promise<void> }> {
  const records: ExchangeRecord[] = [];
  const root = new Hono();
  root.route(
    '/api/v1',
    createProxyApp({ upstream, ops: operations, onExchange: (r) => records.push(r), ...extra }),
  );
  const { server, address } = await listen(root, '127.0.0.1', 0);
  return {
    base: `http://127.0.0.1:${address.port}`,
    records,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A port nothing listens on (just closed). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

let recording: Recording;
let up: DriftingUpstream;
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  recording = await recordContract();
  up = await driftingUpstream(recording);
  proxy = await startProxy(up.base);
});
afterAll(async () => {
  await proxy?.close();
  await up?.close();
});
afterEach(() => {
  up.drifts = {};
  up.setCookies = [];
});

/** The one record of the request just sent (the last one). */
const last = () => proxy.records.at(-1)!;

const routes: { route: RouteName; method: string; path: () => string; body?: string }[] = [
  { route: 'workspace', method: 'GET', path: () => '/api/v1/workspace' },
  { route: 'campaigns', method: 'GET', path: () => '/api/v1/campaigns?limit=3' },
  { route: 'campaign', method: 'GET', path: () => `/api/v1/campaigns/${recording.campaignId}` },
  {
    route: 'createBrand',
    method: 'POST',
    path: () => '/api/v1/brands',
    body: JSON.stringify({ name: 'Drift Coffee', website: 'https://drift.example' }),
  },
];

describe('a conforming upstream', () => {
  it.each(routes)('$method $route: passed through unchanged, no violation', async (r) => {
    const direct = await send(up.base.replace(/\/api\/v1$/, ''), r.method, r.path(), {
      body: r.body,
    });
    const via = await send(proxy.base, r.method, r.path(), { body: r.body });
    expect(via.status).toBe(direct.status);
    expect(via.status).toBe(recording[r.route].status);
    // byte-for-byte: the recorded answer of the real backend, as the upstream sent it
    expect(via.bytes.equals(direct.bytes)).toBe(true);
    expect(via.text).toBe(recording[r.route].text);
    expect(via.headers['content-type']).toBe(direct.headers['content-type']);
    expect(via.headers['x-upstream']).toBe('drifting');
    expect(via.headers['x-request-id']).toMatch(/^up_\d+$/);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBeUndefined();
    expect(last()).toMatchObject({
      method: r.method,
      path: r.path(),
      status: recording[r.route].status,
      upstream: 'answered',
      violations: [],
      notes: [],
      requestId: via.headers['x-request-id'],
    });
    expect(describeExchange(last())).toBeNull();
  });

  it("an error of the contract's (404 not_found) is no violation", async () => {
    const via = await send(proxy.base, 'GET', `/api/v1/campaigns/${'f'.repeat(24)}`);
    expect(via.status).toBe(404);
    expect(via.text).toBe(recording.notFound.text);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBeUndefined();
    expect(last().violations).toEqual([]);
  });

  it('sends the request on as it came: method, path, query, body and headers, less hop-by-hop and Host', async () => {
    const body = Buffer.from('{"name":"Drift Coffee",  "website":"https://drift.example"}\n');
    await send(proxy.base, 'POST', '/api/v1/brands?x=%2Fa+b', {
      body,
      headers: {
        'idempotency-key': 'idem-123',
        'x-client': 'kept',
        connection: 'keep-alive, x-client-hop',
        'x-client-hop': 'dropped',
        'keep-alive': 'timeout=5',
      },
    });
    const seen = up.seen.at(-1)!;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/v1/brands?x=%2Fa+b');
    expect(seen.body.equals(body)).toBe(true);
    expect(seen.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen.headers['idempotency-key']).toBe('idem-123');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['x-client']).toBe('kept');
    expect(seen.headers['x-client-hop']).toBeUndefined();
    expect(seen.headers['keep-alive']).toBeUndefined();
    expect(seen.headers.host).toBe(new URL(up.base).host);
    // the unknown query parameter is the request's violation, and it was still sent on
    expect(last().violations).toEqual([
      expect.objectContaining({ where: 'request', path: 'query.x' }),
    ]);
  });

  it("drops the upstream's hop-by-hop headers from the answer", async () => {
    const via = await send(proxy.base, 'GET', '/api/v1/workspace');
    expect(via.headers['x-hop']).toBeUndefined();
    expect(via.headers['x-upstream']).toBe('drifting');
  });
});

describe("adcli's own page-session cookies (adcli_session_*) stay on this host", () => {
  /** the name the pages give their session cookie on a server at this port */
  const session = (port: string | number) => sessionCookieName(`http://127.0.0.1:${port}/app/`);

  it('are not sent upstream; the other cookies are, as they came', async () => {
    const port = new URL(proxy.base).port;
    const cases: [string | string[], string | undefined][] = [
      // this server's session and another adcli server's on the same host (cookies are per host)
      [
        `theme=dark; ${session(port)}=${'a'.repeat(48)}; ${session(4010)}=b; cart=x,y`,
        'theme=dark; cart=x,y',
      ],
      // repeated Cookie headers, which arrive joined by a comma
      [['theme=dark', `${session(port)}=abc`, 'cart=1'], 'theme=dark; cart=1'],
      [`${session(port)}=abc`, undefined],
      ['a=1;b=2,c', 'a=1;b=2,c'],
    ];
    for (const [cookie, upstreamSees] of cases) {
      const via = await send(proxy.base, 'GET', '/api/v1/workspace', { headers: { cookie } });
      expect(via.status).toBe(200);
      expect(up.seen.at(-1)!.headers.cookie, String(cookie)).toBe(upstreamSees);
      expect(up.seen.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    }
  });

  it("passes the upstream's Set-Cookie back, never one that would set adcli's own", async () => {
    const port = new URL(proxy.base).port;
    up.setCookies = [
      'up_session=abc; Path=/; HttpOnly',
      `${session(port)}=fixed-by-upstream; Path=/app; HttpOnly`,
      ` ${session(4010)}=x`,
      'prefs=1; Path=/',
    ];
    const via = await send(proxy.base, 'GET', '/api/v1/workspace');
    expect(via.status).toBe(200);
    expect(via.headers['set-cookie']).toEqual([
      'up_session=abc; Path=/; HttpOnly',
      'prefs=1; Path=/',
    ]);
    expect(last().violations).toEqual([]);
  });
});

describe('an upstream that drifts', () => {
  it.each(routes)('$route: a missing field, once, with its path', async (r) => {
    const via = await send(proxy.base, r.method, r.path(), {
      body: r.body,
      headers: { 'x-drift': 'missing-field' },
    });
    expect(via.status).toBe(recording[r.route].status);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    expect(last().violations).toEqual([
      {
        where: 'response',
        path: DRIFT_PATHS[r.route].missing,
        message: expect.stringMatching(/is required/),
      },
    ]);
  });

  it.each(routes)('$route: an extra field, once, with its path (never its value)', async (r) => {
    up.drifts = { [r.route]: 'extra-field' };
    const direct = await send(up.base.replace(/\/api\/v1$/, ''), r.method, r.path(), {
      body: r.body,
    });
    const via = await send(proxy.base, r.method, r.path(), { body: r.body });
    // passed through as the upstream sent it, the echoed key too: the proxy changes no answer
    expect(via.text).toBe(direct.text);
    expect(via.text).toContain(KEY);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    expect(last().violations).toEqual([
      {
        where: 'response',
        path: DRIFT_PATHS[r.route].extra,
        message: 'a field the contract does not have',
      },
    ]);
  });

  it('a wrong status, once', async () => {
    const via = await send(proxy.base, 'GET', '/api/v1/workspace', {
      headers: { 'x-drift': 'wrong-status' },
    });
    expect(via.status).toBe(202);
    expect(via.text).toBe(recording.workspace.text);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    expect(last().violations).toEqual([
      { where: 'response', path: 'status', message: expect.stringMatching(/not 202$/) },
    ]);
    // a create answered 200 instead of 201
    await send(proxy.base, 'POST', '/api/v1/brands', {
      body: '{"name":"Drift"}',
      headers: { 'x-drift': 'wrong-status' },
    });
    expect(last().status).toBe(200);
    expect(last().violations).toEqual([
      {
        where: 'response',
        path: 'status',
        message: expect.stringMatching(/answers 201 .*not 200$/),
      },
    ]);
  });

  it('an error in a bad shape, once', async () => {
    const via = await send(proxy.base, 'GET', `/api/v1/campaigns/${recording.campaignId}`, {
      headers: { 'x-drift': 'bad-error-shape' },
    });
    expect(via.status).toBe(404);
    expect(via.json.error.code).toBe('campaign_not_found');
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    expect(last().violations).toEqual([
      {
        where: 'response',
        path: 'body.error.code',
        message: expect.stringMatching(/must be one of .*not_found/),
      },
    ]);
  });

  it('the log line names field paths, never the key', () => {
    const line = describeExchange(last())!;
    expect(line).toMatch(
      /^contract: GET \/api\/v1\/campaigns\/\w+ → 404: 1 violation: response body\.error\.code: /,
    );
  });

  it.each([
    ['bad-format', /^(data\[0\]\.)?createdAt: must be a date-time \(RFC 3339/],
    ['bad-id', /^(data\[0\]\.)?id must match \^\[a-f0-9\]\{24\}\$$/],
    // a required enumerated field that is absent is missing, not a wrong value
    ['missing-enum', /^(data\[0\]\.)?status is required$/],
  ] as const)('%s: once, with its path, as Prism would flag it', async (drift, message) => {
    for (const route of ['campaigns', 'campaign'] as const) {
      const r = routes.find((x) => x.route === route)!;
      const via = await send(proxy.base, r.method, r.path(), { headers: { 'x-drift': drift } });
      expect(via.status).toBe(200);
      expect(via.headers[VIOLATIONS_HEADER.toLowerCase()], route).toBe('1');
      expect(last().violations, route).toEqual([
        {
          where: 'response',
          path: RECORD_DRIFT_PATHS[route][drift],
          message: expect.stringMatching(message),
        },
      ]);
      expect(last().violations[0]!.message).not.toMatch(/one of|yesterday|campaign-1/);
    }
  });

  it('an answer without x-request-id, once (every answer of the contract carries it)', async () => {
    const via = await send(proxy.base, 'GET', '/api/v1/workspace', {
      headers: { 'x-drift': 'no-request-id' },
    });
    expect(via.text).toBe(recording.workspace.text);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    expect(last().violations).toEqual([
      {
        where: 'response',
        path: 'header.x-request-id',
        message: 'every answer carries an x-request-id header (required)',
      },
    ]);
  });
});

describe('requests that break the contract', () => {
  it('an unknown field in a body: reported, and still sent on (the upstream decides)', async () => {
    const body = JSON.stringify({ name: 'Drift', colour: 'red' });
    const via = await send(proxy.base, 'POST', '/api/v1/brands', { body });
    expect(via.status).toBe(201);
    expect(up.seen.at(-1)!.body.toString()).toBe(body);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    expect(last().violations).toEqual([
      { where: 'request', path: 'body.colour', message: 'unknown field: not in the contract' },
    ]);
  });

  it('a route no operation has: one violation, whatever the upstream answers', async () => {
    const via = await send(proxy.base, 'GET', '/api/v1/no-such-thing');
    expect(via.status).toBe(404);
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    expect(last().violations).toEqual([
      { where: 'request', path: 'route', message: expect.stringMatching(/no-such-thing/) },
    ]);
  });

  it('a bad path parameter and a missing required field', async () => {
    await send(proxy.base, 'GET', '/api/v1/campaigns/not-an-id');
    expect(last().violations).toEqual([
      expect.objectContaining({ where: 'request', path: 'params.campaignId' }),
    ]);
    await send(proxy.base, 'POST', '/api/v1/brands', { body: '{"website":"https://x.example"}' });
    expect(last().violations).toEqual([
      { where: 'request', path: 'body.name', message: 'name is required' },
    ]);
  });
});

describe('the key', () => {
  it('appears in no violation, record or log line', async () => {
    for (const r of routes)
      for (const drift of ['none', 'missing-field', 'extra-field', 'wrong-status']) {
        await send(proxy.base, r.method, r.path(), { body: r.body, headers: { 'x-drift': drift } });
      }
    await send(proxy.base, 'GET', `/api/v1/campaigns/${recording.campaignId}`, {
      headers: { 'x-drift': 'bad-error-shape' },
    });
    expect(proxy.records.length).toBeGreaterThan(16);
    const everything = JSON.stringify(proxy.records) + proxy.records.map(describeExchange).join();
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(KEY.slice(0, 20));
    expect(everything).not.toMatch(/authorization|bearer/i);
  });

  it('an upstream that echoes the key as a field name: redacted', () => {
    const violations = checkExchange(operations, {
      method: 'GET',
      path: '/workspace',
      query: '',
      body: undefined,
      status: 200,
      contentType: 'application/json',
      responseText: JSON.stringify({ ...JSON.parse(recording.workspace.text), [KEY]: 1 }),
      secrets: [`Bearer ${KEY}`, KEY],
    });
    expect(violations).toHaveLength(1);
    expect(JSON.stringify(violations)).not.toContain(KEY.slice(0, 20));
    expect(violations[0]!.path).toContain('[redacted]');
  });
});

describe('bounds and failures', () => {
  it('an answer over 1 MB: passed on whole, not checked, said in a note', async () => {
    const direct = await send(up.base.replace(/\/api\/v1$/, ''), 'GET', '/api/v1/campaigns', {
      headers: { 'x-drift': 'huge' },
    });
    const via = await send(proxy.base, 'GET', '/api/v1/campaigns', {
      headers: { 'x-drift': 'huge' },
    });
    expect(via.bytes.length).toBeGreaterThan(1024 * 1024);
    expect(sha(via.bytes)).toBe(sha(direct.bytes));
    expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBeUndefined();
    expect(last().violations).toEqual([]);
    expect(last().notes).toEqual([
      expect.stringMatching(/over 1048576 bytes: passed on, not checked/),
    ]);
    expect(describeExchange(last())).toMatch(/not checked/);
  });

  it('a request body over 1 MB: sent on whole, not checked', async () => {
    const body = JSON.stringify({ name: 'Big', description: 'y'.repeat(1024 * 1024) });
    await send(proxy.base, 'POST', '/api/v1/brands', { body });
    expect(sha(up.seen.at(-1)!.body)).toBe(sha(body));
    expect(last().violations).toEqual([]);
    expect(last().notes).toEqual([expect.stringMatching(/request body is over/)]);
  });

  it('an upstream that does not answer in time: 504 in the error shape', async () => {
    const slow = await startProxy(up.base, { timeoutMs: 300 });
    try {
      const via = await send(slow.base, 'GET', '/api/v1/workspace', {
        headers: { 'x-drift': 'hang' },
      });
      expect(via.status).toBe(504);
      expect(via.json).toEqual({
        error: {
          code: 'unavailable',
          message: `the upstream ${new URL(up.base).host} did not answer within 0.3 s`,
          requestId: via.headers['x-request-id'],
        },
      });
      expect(slow.records).toEqual([
        expect.objectContaining({ status: 504, upstream: 'timeout', violations: [] }),
      ]);
    } finally {
      await slow.close();
    }
  });

  it('an upstream that cannot be reached: 502 in the error shape, naming its host only', async () => {
    const port = await freePort();
    const gone = await startProxy(`http://127.0.0.1:${port}/private-base/api/v1`);
    try {
      const via = await send(gone.base, 'GET', '/api/v1/workspace?token=abc');
      expect(via.status).toBe(502);
      expect(via.json.error.code).toBe('unavailable');
      expect(via.json.error.message).toBe(
        `the upstream 127.0.0.1:${port} cannot be reached (connection refused)`,
      );
      expect(via.text).not.toMatch(/private-base|token|abc/);
      expect(gone.records).toEqual([
        expect.objectContaining({
          method: 'GET',
          path: '/api/v1/workspace?token=abc',
          status: 502,
          upstream: 'unreachable',
        }),
      ]);
      // the request's own violation is still reported
      expect(gone.records[0]!.violations).toEqual([
        expect.objectContaining({ where: 'request', path: 'query.token' }),
      ]);
      expect(via.headers[VIOLATIONS_HEADER.toLowerCase()]).toBe('1');
    } finally {
      await gone.close();
    }
  });

  it('an upstream base must be an http(s) URL without credentials', () => {
    expect(parseUpstream('https://ads.example.com/api/v1').host).toBe('ads.example.com');
    expect(() => parseUpstream('ads.example.com')).toThrow(/absolute http\(s\) URL/);
    expect(() => parseUpstream('ftp://ads.example.com')).toThrow(/http or https/);
    expect(() => parseUpstream('https://u:p@ads.example.com')).toThrow(/credentials/);
    expect(() => parseUpstream('https://ads.example.com/?a=1')).toThrow(/query/);
  });
});

describe('checkExchange', () => {
  const answer = (over: Partial<Exchange>): Exchange => ({
    method: 'GET',
    path: '/workspace',
    query: '',
    body: undefined,
    status: 200,
    contentType: 'application/json; charset=utf-8',
    responseText: recording.workspace.text,
    ...over,
  });

  it('holds a loose response schema to the strict contract', () => {
    const loose: Operation[] = [
      defineOperation({
        name: 'get_thing',
        method: 'GET',
        path: '/things/{thingId}',
        scope: 'campaigns:read',
        tag: 't',
        summary: 's',
        description: 'd',
        params: z.strictObject({ thingId: z.string() }),
        response: z.object({ id: z.string(), inner: z.looseObject({ n: z.number() }) }),
        errors: [404],
        hints: readOnly,
        handler: () => ({ id: 'x', inner: { n: 1 } }),
      }),
    ];
    const v = checkExchange(
      loose,
      answer({
        path: '/things/a%20b',
        responseText: JSON.stringify({ id: 'x', inner: { n: 1, m: 2 }, extra: true }),
      }),
    );
    expect(v.map((x) => x.path).sort()).toEqual(['body.extra', 'body.inner.m']);
    // the schema itself is left as it was
    expect(loose[0]!.response.safeParse({ id: 'x', inner: { n: 1 }, extra: 1 }).success).toBe(true);
    expect(strictSchema(loose[0]!.response).safeParse({ id: 'x', inner: { n: 1 } }).success).toBe(
      true,
    );
  });

  it('checks the formats an answer declares: date-time, date (RFC 3339), a timestamp or empty', () => {
    const campaign = JSON.parse(recording.campaign.text) as Record<string, unknown>;
    const check = (over: Record<string, unknown>) =>
      checkExchange(
        operations,
        answer({
          path: `/campaigns/${recording.campaignId}`,
          responseText: JSON.stringify({ ...campaign, ...over }),
        }),
      ).map((v) => `${v.path}: ${v.message}`);
    expect(check({})).toEqual([]);
    // what RFC 3339 allows: an offset, fractions or none, a null where the field is nullable
    expect(
      check({
        createdAt: '2026-03-02T09:30:00+02:00',
        updatedAt: null,
        endDate: '2028-02-29',
      }),
    ).toEqual([]);
    expect(
      check({ createdAt: '2026-03-02 09:30', updatedAt: '2026-02-30T00:00:00Z', endDate: 'soon' }),
    ).toEqual([
      'body.endDate: endDate: must be a date (YYYY-MM-DD)',
      'body.createdAt: createdAt: must be a date-time (RFC 3339, such as 2026-03-02T09:30:00.000Z)',
      'body.updatedAt: updatedAt: must be a date-time (RFC 3339, such as 2026-03-02T09:30:00.000Z)',
    ]);
    // a data store's readyAt is a timestamp or '' (not collected yet): both pass, a word does not
    const store = {
      id: 'a'.repeat(24),
      name: 'S',
      description: '',
      status: 'collecting',
      error: '',
      scope: 'workspace',
      channelCount: 0,
      videoCount: 0,
      createdAt: '2026-03-02T09:30:00.000Z',
      updatedAt: '2026-03-02T09:30:00.000Z',
      readyAt: '',
    };
    const storeCheck = (readyAt: string) =>
      checkExchange(
        operations,
        answer({
          path: `/data-stores/${'a'.repeat(24)}`,
          responseText: JSON.stringify({ ...store, readyAt }),
        }),
      ).map((v) => v.path);
    expect(storeCheck('')).toEqual([]);
    expect(storeCheck('2026-03-02T10:00:00Z')).toEqual([]);
    expect(storeCheck('later')).toEqual(['body.readyAt']);
  });

  it('reads the media type, and the code that goes with the status', () => {
    expect(checkExchange(operations, answer({ contentType: 'text/html' }))).toEqual([
      { where: 'response', path: 'content-type', message: 'a 200 answer must be application/json' },
    ]);
    expect(
      checkExchange(
        operations,
        answer({
          status: 403,
          responseText: JSON.stringify({ error: { code: 'not_found', message: 'm' } }),
        }),
      ),
    ).toEqual([
      {
        where: 'response',
        path: 'body.error.code',
        message: 'a 403 comes with code forbidden, not "not_found"',
      },
    ]);
    expect(checkExchange(operations, answer({ responseText: 'not json' }))).toEqual([
      { where: 'response', path: 'body', message: 'is not valid JSON' },
    ]);
    // every operation may answer 429 and 503 (as the OpenAPI document says), a write 409 and 413
    for (const status of [401, 429, 500, 503]) {
      const code = {
        401: 'unauthorized',
        429: 'rate_limited',
        500: 'internal',
        503: 'unavailable',
      }[status];
      expect(
        checkExchange(
          operations,
          answer({ status, responseText: JSON.stringify({ error: { code, message: 'm' } }) }),
        ),
      ).toEqual([]);
    }
  });

  it('passes the OpenAPI document through unchecked', () => {
    expect(
      checkExchange(
        operations,
        answer({ path: '/openapi.json', contentType: 'application/json', responseText: '{}' }),
      ),
    ).toEqual([]);
  });

  it('a binary answer is checked only by its media type', () => {
    const binary: Operation[] = [
      defineOperation({
        name: 'get_file',
        method: 'GET',
        path: '/file',
        scope: 'backend',
        tag: 't',
        summary: 's',
        description: 'd',
        response: z.unknown(),
        binary: { mediaType: 'application/vnd.sqlite3', in: 'response' },
        errors: [],
        hints: readOnly,
        handler: () => null,
      }),
    ];
    const file = answer({ path: '/file', responseText: '\u0000SQLite format 3' });
    expect(checkExchange(binary, { ...file, contentType: 'application/vnd.sqlite3' })).toEqual([]);
    expect(checkExchange(binary, file)).toEqual([
      expect.objectContaining({ path: 'content-type' }),
    ]);
  });
});
