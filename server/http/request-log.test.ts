// @store sqlite
/**
 * requestLog on its own: the first stage of a bare app, in front of trivial handlers (and
 * authenticate where a request is to be journaled), writing to a log that keeps its lines and to a
 * real backend's request journal.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, ok } from '../../test/helpers/assert.ts';
import { testBackend, type TestBackend } from '../../test/helpers/backend.ts';
import { newKey, operation, send } from '../../test/helpers/middleware.ts';
import type { RequestJournal } from '../control/journal.ts';
import { createLogger, type LogFormat } from '../lib/log.ts';
import { API_PREFIX } from '../operations/operation.ts';
import { authenticate } from './authenticate.ts';
import { errorHandler } from './on-error.ts';
import { requestLog, type RequestEnv } from './request-log.ts';

let b: TestBackend;
/** the request log's lines */
let lines: string[];
/** the server's own log (warnings) */
let warned: string[];

beforeEach(async () => {
  b = await testBackend();
  lines = [];
  warned = [];
});

/** requestLog in front of an API read and write (journaled, after the key check) and plain routes. */
function app(
  opts: { format?: LogFormat; logged?: boolean; journal?: () => RequestJournal } = {},
): Hono<RequestEnv> {
  const a = new Hono<RequestEnv>();
  const warn = createLogger((l) => warned.push(l));
  a.use(
    '*',
    requestLog({
      logger: opts.logged === false ? null : createLogger((l) => lines.push(l), opts.format),
      journal: opts.journal ?? (() => b.controls.journal),
      warn,
    }),
  );
  const keyOpts = { keys: b.services.keys, clocks: b.services.deps.clock, limiter: null };
  const getWorkspace = operation('get_workspace');
  const createBrand = operation('create_brand');
  a.get(
    `${API_PREFIX}/workspace`,
    authenticate(getWorkspace, { ...keyOpts, journaled: true }),
    (c) => c.json({ ok: true }),
  );
  a.post(
    `${API_PREFIX}/brands`,
    authenticate(createBrand, { ...keyOpts, journaled: true }),
    async (c) => c.json({ got: (await c.req.text()).length }, 201),
  );
  a.get('/plain', (c) => c.text('plain'));
  a.get('/boom', () => {
    throw new Error('unexpected');
  });
  a.onError(errorHandler(warn));
  return a;
}

const TEXT_LINE = /^(\S+) (\S+) (\d{3}) (\d+\.\d)ms (\S+)$/;

/** The text log line of each request: method, path, status, duration and request id. */
function parsed(): { method: string; path: string; status: number; requestId: string }[] {
  return lines.map((l) => {
    const m = TEXT_LINE.exec(l);
    expect(m, l).not.toBeNull();
    return { method: m![1]!, path: m![2]!, status: Number(m![3]), requestId: m![5]! };
  });
}

describe('the request log', () => {
  it('writes one line per request: method, path, status, time and request id', async () => {
    const a = app();
    const replies = [
      await send(a, 'GET', `${API_PREFIX}/workspace`, { key: b.api.key }),
      await send(a, 'POST', `${API_PREFIX}/brands`, { key: b.api.key, body: { name: 'B' } }),
      await send(a, 'GET', '/plain'),
    ];
    expect(parsed()).toEqual([
      { method: 'GET', path: '/api/v1/workspace', status: 200, requestId: expect.any(String) },
      { method: 'POST', path: '/api/v1/brands', status: 201, requestId: expect.any(String) },
      { method: 'GET', path: '/plain', status: 200, requestId: expect.any(String) },
    ]);
    // each answer carries its request id, the one its line has, and no two are the same
    const ids = replies.map((r) => r.headers.get('x-request-id'));
    expect(ids).toEqual(parsed().map((p) => p.requestId));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^\S{8,}$/);
  });

  it('logs refused and failed requests with their status, the error body with their id', async () => {
    const a = app();
    const refused = await send(a, 'GET', `${API_PREFIX}/workspace`);
    const failed = await send(a, 'GET', '/boom');
    const missing = await send(a, 'GET', '/nowhere');
    expectError(refused, 401, 'unauthorized');
    expectError(failed, 500, 'internal');
    expect(missing.status).toBe(404);
    expect(parsed().map((p) => [p.path, p.status, p.requestId])).toEqual([
      ['/api/v1/workspace', 401, refused.headers.get('x-request-id')],
      ['/boom', 500, failed.headers.get('x-request-id')],
      ['/nowhere', 404, missing.headers.get('x-request-id')],
    ]);
    // what went wrong goes to the server's own log, never to the request log
    expect(lines.join('\n')).not.toContain('unexpected');
    expect(warned.join('\n')).toContain('unexpected');
  });

  it('never writes the Authorization header, the body or the query', async () => {
    const a = app();
    ok(
      await send(a, 'POST', `${API_PREFIX}/brands?token=query-secret`, {
        key: b.api.key,
        body: { name: 'body-secret' },
        headers: { cookie: 'session=cookie-secret', 'idempotency-key': 'idem-secret' },
      }),
      201,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/api\/v1\/brands 201 \d+\.\dms \S+$/);
    for (const secret of [b.api.key, 'Bearer', 'body-secret', 'query-secret', 'cookie-secret'])
      expect(lines[0]).not.toContain(secret);
    expect(lines[0]).not.toContain('idem-secret');
  });

  it('keeps a request to one line whatever its path holds', async () => {
    const a = app();
    await send(a, 'GET', '/plain%0AGET%20/forged%20200%201.0ms%20x%1B[31m');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\n\r\u001b]/);
    expect(lines[0]).toContain('GET /plain\\nGET /forged 200 1.0ms x\\x1b[31m 404');
    expect(lines[0]).toMatch(/ 404 \d+\.\dms \S+$/);
  });

  it('writes one JSON object per line in the json format', async () => {
    const a = app({ format: 'json' });
    const r = await send(a, 'GET', `${API_PREFIX}/workspace`, { key: b.api.key });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toEqual({
      time: expect.any(String),
      level: 'info',
      type: 'request',
      method: 'GET',
      path: '/api/v1/workspace',
      status: 200,
      durationMs: expect.any(Number),
      requestId: r.headers.get('x-request-id'),
    });
  });

  it('still gives every answer its request id with the log off', async () => {
    const a = app({ logged: false });
    const r = await send(a, 'GET', '/plain');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toMatch(/^\S{8,}$/);
    expect(lines).toEqual([]);
  });
});

describe('the request journal', () => {
  it('notes the API requests of a workspace, with their path and query, never the key', async () => {
    const a = app();
    const { key, keyId, workspaceId } = await newKey(b);
    const read = await send(a, 'GET', `${API_PREFIX}/workspace?x=1`, { key });
    const write = await send(a, 'POST', `${API_PREFIX}/brands`, {
      key,
      body: { name: 'B' },
      headers: { 'idempotency-key': 'k-1' },
    });
    await send(a, 'GET', '/plain'); // not an API request: not journaled
    await send(a, 'GET', `${API_PREFIX}/workspace`); // no key, so no workspace
    const entries = await b.controls.journal.list(workspaceId, { limit: 10 });
    expect(entries).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/v1/workspace?x=1',
        status: 200,
        requestId: read.headers.get('x-request-id'),
        idempotencyKey: null,
        replayed: false,
        fault: null,
        at: b.clock.now().toISOString(),
      }),
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/brands',
        status: 201,
        requestId: write.headers.get('x-request-id'),
        idempotencyKey: 'k-1',
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain(key);
    // the key's own requests, by its id
    expect(await b.controls.journal.list(workspaceId, { limit: 10, keyId })).toHaveLength(2);
  });

  it('that cannot be opened costs its entries, never an answer, and is said once', async () => {
    let asked = 0;
    const a = app({
      journal: () => {
        asked++;
        throw new Error('ENOSPC: no space left on device');
      },
    });
    for (let i = 0; i < 3; i++)
      ok(await send(a, 'GET', `${API_PREFIX}/workspace`, { key: b.api.key }));
    expect(lines).toHaveLength(3);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^warn: the request journal cannot be opened \(ENOSPC/);
    // not asked again at every request: it is tried again later
    expect(asked).toBe(1);
  });
});
