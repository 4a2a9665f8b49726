// @store sqlite
/**
 * limitBody on its own: a bare app with the stage in front of a handler that reads the body, for
 * bodies declared (Content-Length) and streamed; then in front of authenticate and the real
 * operation route over a real backend, as the API stacks it. And readFileBody, a file upload's bound.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, ok } from '../../test/helpers/assert.ts';
import { testBackend, type TestBackend } from '../../test/helpers/backend.ts';
import { middlewareApp, operation, send, type Sent } from '../../test/helpers/middleware.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { authenticate } from './authenticate.ts';
import { formatBytes, limitBody, readFileBody } from './body-limit.ts';
import { operationRoute } from './operation-route.ts';
import type { RequestEnv } from './request-log.ts';

const LIMIT = 1024;

let b: TestBackend;
let a: Hono<RequestEnv>;
/** the bodies the handler behind the limit read */
let read: string[];

beforeEach(async () => {
  b = await testBackend();
  read = [];
  a = middlewareApp(b.logger);
  a.use('*', limitBody(LIMIT));
  a.all('/echo', async (c) => {
    const text = await c.req.text();
    read.push(text);
    return c.json({ bytes: Buffer.byteLength(text) });
  });
});

/** A body of `n` bytes, declared with a Content-Length (as over the network) or not. */
const post = (body: string, declared: boolean) =>
  send(a, 'POST', '/echo', {
    body,
    headers: declared ? { 'content-length': String(Buffer.byteLength(body)) } : {},
  });

/** A body sent as a stream of chunks, with no length declared. */
async function streamed(chunks: string[]): Promise<Sent> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  const res = await a.request('/echo', { method: 'POST', body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
}

function expectTooLarge(r: Sent, limit = '1 KB') {
  expectError(r, 413, 'payload_too_large', `the request body is larger than ${limit}`);
  // the rest of the body was never read: the connection cannot carry another request
  expect(r.headers.get('connection')).toBe('close');
}

describe('limitBody', () => {
  it.each([true, false])(
    'lets a body under or at the limit through whole (declared: %s)',
    async (declared) => {
      expect(ok(await post('x'.repeat(100), declared))).toEqual({ bytes: 100 });
      expect(ok(await post('x'.repeat(LIMIT), declared))).toEqual({ bytes: LIMIT });
      expect(read).toEqual(['x'.repeat(100), 'x'.repeat(LIMIT)]);
    },
  );

  it.each([true, false])(
    'answers 413 to a body one byte over, unread (declared: %s)',
    async (declared) => {
      expectTooLarge(await post('x'.repeat(LIMIT + 1), declared));
      expectTooLarge(await post('x'.repeat(10 * LIMIT), declared));
      expect(read).toEqual([]);
    },
  );

  it('counts bytes, not characters', async () => {
    const accented = 'é'.repeat(LIMIT / 2 + 1); // 513 characters, 1026 bytes
    expectTooLarge(await post(accented, false));
    expectTooLarge(await post(accented, true));
    expect(ok(await post('é'.repeat(LIMIT / 2), false))).toEqual({ bytes: LIMIT });
  });

  it('adds up a streamed body chunk by chunk', async () => {
    expect(ok(await streamed(['a'.repeat(400), 'b'.repeat(400), 'c'.repeat(224)]))).toEqual({
      bytes: LIMIT,
    });
    expect(read).toEqual(['a'.repeat(400) + 'b'.repeat(400) + 'c'.repeat(224)]);
    expectTooLarge(await streamed(['a'.repeat(400), 'b'.repeat(400), 'c'.repeat(225)]));
    expect(read).toHaveLength(1);
  });

  it('lets a request without a body through', async () => {
    expect(ok(await send(a, 'GET', '/echo'))).toEqual({ bytes: 0 });
    expect(ok(await send(a, 'DELETE', '/echo'))).toEqual({ bytes: 0 });
  });

  it('names its limit in KB or MB', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(512)).toBe('0.5 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64 MB');
  });
});

describe('limitBody in front of the real route', () => {
  const createBrand = operation('create_brand');
  let api: Hono<RequestEnv>;
  beforeEach(() => {
    api = middlewareApp(b.logger);
    api.use('*', limitBody(256));
    api.post(
      '/brands',
      authenticate(createBrand, {
        keys: b.services.keys,
        clocks: b.services.deps.clock,
        limiter: null,
        journaled: false,
      }),
      operationRoute(b.ctx, createBrand, {
        records: new IdempotencyRecords(b.store),
        maxBodyBytes: 256,
      }),
    );
  });
  const brands = async () => (ok(await b.api.get('/brands')) as any).data.map((x: any) => x.name);

  it('passes a body under the limit to the operation, refuses one over it with nothing done', async () => {
    ok(await send(api, 'POST', '/brands', { key: b.api.key, body: { name: 'Small' } }), 201);
    const big = { name: 'Big', description: 'd'.repeat(300) };
    expectTooLarge(await send(api, 'POST', '/brands', { key: b.api.key, body: big }), '0.25 KB');
    expect(await brands()).toEqual(['Small']);
  });

  it('answers 413 before the key is looked at', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(300) });
    expectTooLarge(await send(api, 'POST', '/brands', { body: big }), '0.25 KB');
    expectError(
      await send(api, 'POST', '/brands', { body: { name: 'Small' } }),
      401,
      'unauthorized',
    );
  });
});

describe('readFileBody', () => {
  const MAX = 2048;
  let files: Hono<RequestEnv>;
  beforeEach(() => {
    files = middlewareApp(b.logger);
    files.put('/file', async (c) => {
      const bytes = await readFileBody(c, MAX);
      return c.json({ bytes: bytes.length });
    });
  });
  const put = (body: string, declared: boolean) =>
    send(files, 'PUT', '/file', {
      body,
      headers: declared ? { 'content-length': String(body.length) } : {},
    });

  it('reads a file of at most its bound', async () => {
    expect(ok(await put('f'.repeat(MAX), false))).toEqual({ bytes: MAX });
    expect(ok(await put('f'.repeat(10), true))).toEqual({ bytes: 10 });
  });

  it('answers 413 to a larger file, declared or not, with Connection: close', async () => {
    for (const declared of [true, false]) {
      const r = await put('f'.repeat(MAX + 1), declared);
      expectError(r, 413, 'payload_too_large', 'the file is larger than 2 KB');
      expect(r.headers.get('connection')).toBe('close');
    }
  });

  it('answers 400 to an empty body', async () => {
    expectError(await put('', false), 400, 'invalid_request', 'not empty');
  });
});
