// @store both
/**
 * The edges a hostile or sloppy client reaches (issue 10): node's HTTP parser errors, 413 and the
 * connection, WWW-Authenticate, repeated Authorization headers, strict query strings, deep JSON,
 * the request log, campaign links, a full disk. Over raw sockets where an HTTP client would hide
 * what goes over the wire: the app of testBackend() behind the real node server of adcli serve
 * (server/http/listen.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../server/app/backend.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { MAX_JSON_DEPTH } from '../server/lib/json.ts';
import { SCOPES } from '../server/schemas/common.ts';
import type { SqliteStore } from '../server/store/sqlite/store.ts';
import { expectError } from './helpers/assert.ts';
import {
  clientFor,
  onPostgres,
  testBackend,
  testStore,
  type TestBackend,
} from './helpers/backend.ts';
import { closeServers, exchange, serveApp } from './helpers/raw-http.ts';

afterEach(closeServers);

const serveBackend = (b: TestBackend): Promise<number> => serveApp(b.app);

const get = (path: string, headers: Record<string, string> = {}) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe("node's HTTP parser errors are answered in the error shape", () => {
  it('headers too large (431), a lowercase method, a bad header name, a bad Content-Length, no Host (400)', async () => {
    const b = await testBackend();
    const port = await serveBackend(b);
    const cases: [string, number, RegExp][] = [
      [
        get('/api/v1/workspace', { 'x-big': 'x'.repeat(20_000) }),
        431,
        /headers are larger than 16 KB/,
      ],
      ['get /api/v1/workspace HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400, /method/],
      ['GET /api/v1/workspace HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n', 400, /header/],
      [
        'POST /api/v1/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n',
        400,
        /Content-Length/,
      ],
      ['GET /api/v1/workspace HTTP/1.1\r\n\r\n', 400, /Host header/],
      ['GET /api/v1/workspace HTTP/1.1\r\nHost: a b\r\n\r\n', 400, /Host header/],
    ];
    for (const [request, status, message] of cases) {
      const { answers } = await exchange(port, [request]);
      expect(answers, request.slice(0, 60)).toHaveLength(1);
      expectError(answers[0]!, status, 'invalid_request', message);
      expect(answers[0]!.headers.connection).toBe('close');
    }
  });
});

describe('the methods node keeps from the app', () => {
  it('CONNECT: a 405 in the error shape, and the connection closed, not left hanging', async () => {
    const b = await testBackend();
    const port = await serveBackend(b);
    for (const target of ['example.com:443', '127.0.0.1:1']) {
      // a second request is sent on once the first is answered: the server has closed by then
      const { answers, closedByServer } = await exchange(
        port,
        [`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`, get('/api/v1/workspace')],
        2,
      );
      expect(answers, target).toHaveLength(1);
      expectError(answers[0]!, 405, 'method_not_allowed', /CONNECT is not allowed here/);
      expect(answers[0]!.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
      expect(answers[0]!.headers.connection).toBe('close');
      expect(closedByServer).toBe(true);
    }
    // the server goes on serving
    const next = await exchange(port, [
      get('/api/v1/workspace', { Authorization: `Bearer ${b.api.key}` }),
    ]);
    expect(next.answers[0]!.status).toBe(200);
  });

  it("HTTP/2's connection preface: a 400 saying to use HTTP/1.1", async () => {
    const b = await testBackend();
    const port = await serveBackend(b);
    const { answers } = await exchange(port, ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n']);
    expect(answers).toHaveLength(1);
    expectError(answers[0]!, 400, 'invalid_request', /HTTP\/2 is not served here/);
    expect(answers[0]!.headers.connection).toBe('close');
  });
});

describe('a 413 closes the connection', () => {
  it('says Connection: close without reading the body; the next request on a new connection works', async () => {
    const b = await testBackend();
    const port = await serveBackend(b);
    const auth = `Bearer ${b.api.key}`;
    // declared too large: answered before any of the body is sent
    const declared = `POST /api/v1/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`;
    const first = await exchange(
      port,
      [declared, get('/api/v1/workspace', { Authorization: auth })],
      2,
    );
    expect(first.answers).toHaveLength(1);
    expectError(first.answers[0]!, 413, 'payload_too_large', /larger than 1 MB/);
    expect(first.answers[0]!.headers.connection).toBe('close');
    expect(first.closedByServer).toBe(true);

    // streamed too large (chunked, no length): the same
    const chunk = 'x'.repeat(256 * 1024);
    const chunked = `POST /api/v1/brands HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const body = Array.from(
      { length: 5 },
      () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
    ).join('');
    const second = await exchange(port, [chunked + body]);
    expectError(second.answers[0]!, 413, 'payload_too_large');
    expect(second.answers[0]!.headers.connection).toBe('close');

    const next = await exchange(port, [get('/api/v1/workspace', { Authorization: auth })]);
    expect(next.answers[0]!.status).toBe(200);
    expect(next.answers[0]!.body.counts).toBeDefined();
  });
});

describe('WWW-Authenticate and the Authorization header', () => {
  const routes = [
    { name: '/api/v1', request: (h: Record<string, string>) => get('/api/v1/workspace', h) },
    { name: '/_adcli/v1', request: (h: Record<string, string>) => get('/_adcli/v1/clock', h) },
    {
      name: '/mcp',
      request: (h: Record<string, string>) => {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
        const headers = {
          ...h,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Content-Length': String(body.length),
        };
        return `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n${body}`;
      },
    },
  ];

  it.each(routes)(
    '$name: 401 with Bearer, invalid_token for a bad key; two Authorization headers are a 400',
    async ({ request }) => {
      const b = await testBackend();
      const port = await serveBackend(b);
      const none = (await exchange(port, [request({})])).answers[0]!;
      expectError(none, 401, 'unauthorized', /missing API key/);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="adcli"');

      const bad = (
        await exchange(port, [request({ Authorization: `Bearer adcli_${'x'.repeat(40)}` })])
      ).answers[0]!;
      expectError(bad, 401, 'unauthorized', /not valid or has been revoked/);
      expect(bad.headers['www-authenticate']).toBe('Bearer realm="adcli", error="invalid_token"');

      const notBearer = (await exchange(port, [request({ Authorization: 'Basic dXNlcjpwYXNz' })]))
        .answers[0]!;
      expectError(notBearer, 401, 'unauthorized');
      expect(notBearer.headers['www-authenticate']).toBe('Bearer realm="adcli"');

      // the same key twice, or a good key and a bad one: refused alike, whichever comes first
      for (const second of [b.api.key, `adcli_${'y'.repeat(40)}`]) {
        const raw = request({ Authorization: `Bearer ${b.api.key}` }).replace(
          '\r\n\r\n',
          `\r\nAuthorization: Bearer ${second}\r\n\r\n`,
        );
        const twice = (await exchange(port, [raw])).answers[0]!;
        expectError(twice, 400, 'invalid_request', /one Authorization header/);
        expect(twice.headers['www-authenticate']).toBe(
          'Bearer realm="adcli", error="invalid_request"',
        );
      }

      const good = (await exchange(port, [request({ Authorization: `Bearer ${b.api.key}` })]))
        .answers[0]!;
      expect(good.status, good.text).toBe(200);
    },
  );

  it('a control character in Authorization (a NUL): a 400 saying so, never quoting the value', async () => {
    const b = await testBackend();
    const port = await serveBackend(b);
    // node's parser refuses it before the app: the answer is listen.ts's, naming the header
    for (const [char, route] of [
      ['\0', routes[0]!],
      ['\x01', routes[1]!],
      ['\x1b', routes[2]!],
      ['\x7f', routes[0]!],
    ] as const) {
      const secret = `adcli_${'s'.repeat(20)}${char}${'t'.repeat(19)}`;
      const raw = route.request({
        'X-Before': '1',
        Authorization: `Bearer ${secret}`,
        'X-After': '2',
      });
      const { answers } = await exchange(port, [raw]);
      expect(answers, `${route.name} ${JSON.stringify(char)}`).toHaveLength(1);
      expectError(
        answers[0]!,
        400,
        'invalid_request',
        /^the Authorization header holds a control character, which no API key has/,
      );
      expect(answers[0]!.headers['www-authenticate']).toBe(
        'Bearer realm="adcli", error="invalid_request"',
      );
      expect(answers[0]!.headers.connection).toBe('close');
      expect(answers[0]!.text).not.toMatch(/sss|ttt/);
    }
    // another header's value: named as such, not called a bad header name
    const other = (
      await exchange(port, [
        get('/api/v1/workspace', { 'X-Trace': 'a\0b', Authorization: `Bearer ${b.api.key}` }),
      ])
    ).answers[0]!;
    expectError(other, 400, 'invalid_request', /^the X-Trace header holds a control character/);
  });

  it('in-process, a control character in Authorization: the same 400 on every route', async () => {
    const b = await testBackend();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const requests: [string, RequestInit][] = [
      ['/api/v1/workspace', {}],
      ['/_adcli/v1/clock', {}],
      [
        '/mcp',
        {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
      ],
    ];
    // fetch's Headers refuse a NUL, CR or LF; every other control character gets through to the app
    for (const char of ['\x01', '\x08', '\x1f', '\x7f']) {
      for (const [path, init] of requests) {
        const secret = `adcli_${'s'.repeat(20)}${char}${'t'.repeat(19)}`;
        const r = await b.app.request(path, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            authorization: `Bearer ${secret}`,
          },
        });
        const text = await r.text();
        expect(r.status, `${path} ${JSON.stringify(char)}: ${text}`).toBe(400);
        expect(JSON.parse(text).error).toMatchObject({
          code: 'invalid_request',
          message: expect.stringMatching(/^the Authorization header holds a control character/),
        });
        expect(r.headers.get('www-authenticate')).toBe(
          'Bearer realm="adcli", error="invalid_request"',
        );
        expect(text).not.toMatch(/sss|ttt/);
      }
    }
    // a tab is no control character here: HTTP allows it between words
    const tab = await b.app.request('/api/v1/workspace', {
      headers: { authorization: `Bearer\t${b.api.key}` },
    });
    expect(tab.status).toBe(200);
  });

  it('in-process, repeated headers arrive joined by a comma: the same 400', async () => {
    const b = await testBackend();
    const r = await b.app.request('/api/v1/workspace', {
      headers: [
        ['authorization', `Bearer ${b.api.key}`],
        ['authorization', `Bearer ${b.api.key}`],
      ],
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as any).error.message).toMatch(/one Authorization header/);
  });

  it('an injected 401 carries the challenge too', async () => {
    const b = await testBackend();
    const r = await b.api.get('/workspace', { prefer: 'code=401' });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="adcli", error="invalid_token"');
  });
});

describe('strict query strings', () => {
  it('decimal integers only; booleans true or false', async () => {
    const b = await testBackend();
    for (const limit of ['0x10', '1e1', ' 5', '5 ', '', '+5', '5.0', '9'.repeat(30)]) {
      const r = await b.api.get(`/campaigns?limit=${encodeURIComponent(limit)}`);
      expect(r.status, limit).toBe(400);
      expect(r.body.error.message, limit).toMatch(
        /limit must be a whole number in decimal digits|limit must be at/,
      );
    }
    expect((await b.api.get('/campaigns?limit=007')).status).toBe(200);
    expect((await b.api.get('/data-stores?includeLibrary=true')).status).toBe(200);
    expect((await b.api.get('/data-stores?includeLibrary=false')).status).toBe(200);
    for (const v of ['yes', '1', 'TRUE', '']) {
      const r = await b.api.get(`/data-stores?includeLibrary=${v}`);
      expect(r.status, v).toBe(400);
      expect(r.body.error.message).toContain('includeLibrary must be true or false');
    }
  });

  it('a repeated parameter, a NUL or a bad percent-encoding is a 400', async () => {
    const b = await testBackend();
    await b.api.post('/brands', { name: 'Alpha' });
    await b.api.post('/brands', { name: 'Beta' });
    const cases: [string, RegExp][] = [
      ['/brands?limit=1&limit=2', /query parameter "limit" is given more than once/],
      ['/brands?name=a&name=b', /"name" is given more than once/],
      ['/brands?name=%00zzzz', /holds a NUL character/],
      ['/brands?na%00me=x', /holds a NUL character/],
      ['/brands?name=%E0%A4%A', /not valid percent-encoding/],
      ['/workspace?x=1', /unknown query parameter "x"/],
    ];
    for (const [path, message] of cases) {
      const r = await b.api.get(path);
      expect(r.status, path).toBe(400);
      expect(r.body.error.message, path).toMatch(message);
    }
    expect((await b.api.get('/brands?name=alp')).body.data.map((x: any) => x.name)).toEqual([
      'Alpha',
    ]);
    expect((await b.api.get('/brands?name=a+b')).body.data).toEqual([]);
  });
});

describe('JSON bodies', () => {
  it(`nested deeper than ${MAX_JSON_DEPTH} levels: a 400 naming the limit, also with an Idempotency-Key`, async () => {
    const b = await testBackend();
    const deep = '{"name":' + '['.repeat(3000) + ']'.repeat(3000) + '}';
    for (const headers of [{}, { 'idempotency-key': 'deep-1' }] as Record<string, string>[]) {
      const r = await b.api.post('/brands', deep, headers);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(
        `the body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
      );
    }
    // at the limit the body is read, and refused by its schema
    const atLimit =
      '{"name":' + '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1) + '}';
    const r = await b.api.post('/brands', atLimit, { 'idempotency-key': 'deep-2' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/name must be a string/);
  });

  it('a deep JSON-RPC message to /mcp is a parse error, not a crash', async () => {
    const b = await testBackend();
    const res = await b.app.request('/mcp', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${b.api.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '['.repeat(5000) + ']'.repeat(5000),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toMatchObject({
      code: -32700,
      message: expect.stringContaining(`more than ${MAX_JSON_DEPTH} levels`),
    });
  });
});

async function backendWithLog(format: 'text' | 'json', extra: { appUrl?: string } = {}) {
  const lines: string[] = [];
  const warnings: string[] = [];
  const store = await testStore();
  const backend = createBackend({
    store,
    clock: new ManualClock('2026-03-02T10:00:00.000Z'),
    rateLimit: 0,
    log: (l) => lines.push(l),
    warn: (l) => warnings.push(l),
    logFormat: format,
    ...extra,
  });
  const key = await store.write(
    async () =>
      (
        await backend.services.keys.create((await backend.services.workspaces.ensure('acme')).id, {
          scopes: SCOPES,
        })
      ).key,
  );
  return { backend, store, lines, warnings, api: clientFor(backend.app, key), key };
}

describe('the request log', () => {
  it('escapes control characters of the path: no forged lines, no escape codes', async () => {
    const { backend, lines } = await backendWithLog('text');
    await backend.app.request(
      '/api/v1/nothing%0aGET%20/api/v1/forged%20200%201.0ms%20req_x%1b[31m%5c',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^GET \/api\/v1\/nothing\\nGET \/api\/v1\/forged 200 1\.0ms req_x\\x1b\[31m\\\\ 404 \d+\.\dms req_[0-9a-f]+$/,
    );
    expect(lines[0]).not.toMatch(/[\x00-\x1f\x7f]/);
  });

  it('--log-format json: one JSON object per line', async () => {
    const { backend, lines, api } = await backendWithLog('json');
    await backend.app.request('/api/v1/x%0ay');
    await api.get('/workspace');
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({
      level: 'info',
      type: 'request',
      method: 'GET',
      path: '/api/v1/x\ny',
      status: 404,
      requestId: expect.stringMatching(/^req_/),
    });
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(second).toMatchObject({
      method: 'GET',
      path: '/api/v1/workspace',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
  });
});

describe('campaign links', () => {
  it("come from the server's own address, never the Host header", async () => {
    const b = await testBackend();
    const port = await serveBackend(b);
    const body = JSON.stringify({ name: 'Linked' });
    const request = `POST /api/v1/campaigns HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${b.api.key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const a = (await exchange(port, [request])).answers[0]!;
    expect(a.status, a.text).toBe(201);
    expect(a.body.url).toBe(`http://127.0.0.1:${port}/app/campaigns/${a.body.id}`);
  });

  it('come from appUrl when it is set (adcli serve --public-url)', async () => {
    const { api } = await backendWithLog('text', { appUrl: 'https://ads.example.com/app' });
    const r = await api.post('/campaigns', { name: 'Public' });
    expect(r.body.url).toBe(`https://ads.example.com/app/campaigns/${r.body.id}`);
  });
});

describe.skipIf(onPostgres)('a full disk (SQLite: its page limit stands in for the disk)', () => {
  it('answers 503 in the error shape with Retry-After, logs one line, and keeps the data as it was', async () => {
    const { store, warnings, api } = await backendWithLog('text');
    await api.post('/brands', { name: 'Before' });
    // SQLite's own limit on the file's pages: a write past it fails with SQLITE_FULL, as on a full disk
    const { db } = store as SqliteStore;
    const pages = db.prepare('PRAGMA page_count').get()!.page_count as number;
    db.exec(`PRAGMA max_page_count = ${pages}`);
    const big = 'x'.repeat(3900);
    let r;
    for (let i = 0; i < 50; i++) {
      r = await api.post('/brands', { name: `Brand ${i}`, description: big });
      if (r.status !== 201) break;
    }
    expect(r!.status, JSON.stringify(r!.body)).toBe(503);
    expect(r!.headers.get('retry-after')).toBe('30');
    expect(r!.body.error).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('disk is full'),
    });
    expect(r!.body.error.requestId).toBe(r!.headers.get('x-request-id'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^error: the disk is full/);
    expect(warnings[0]).toContain(r!.body.error.requestId);
    // reads still work, and the failed write left nothing behind
    const names = (await api.get('/brands?limit=100')).body.data.map((x: any) => x.name);
    expect(names).not.toContain(`Brand ${names.length}`);
    expect(names).toContain('Before');
  });
});
