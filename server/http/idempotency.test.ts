// @store sqlite
/**
 * idempotencyHeader on its own: a bare app with the stage in front of a handler that shows the key
 * it was handed; then in front of the real operation route (after authenticate, as the API stacks
 * them) over a real backend, where the key it hands on is what a repeat is replayed by.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, ok } from '../../test/helpers/assert.ts';
import { testBackend, type TestBackend } from '../../test/helpers/backend.ts';
import { middlewareApp, operation, send } from '../../test/helpers/middleware.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { authenticate } from './authenticate.ts';
import { idempotencyHeader } from './idempotency.ts';
import { operationRoute } from './operation-route.ts';
import type { RequestEnv } from './request-log.ts';

const createBrand = operation('create_brand');

let b: TestBackend;
/** the key each request that reached the handler was handed (null: none) */
let handed: (string | null)[];
let bare: Hono<RequestEnv>;

beforeEach(async () => {
  b = await testBackend();
  handed = [];
  bare = middlewareApp(b.logger);
  bare.post('/write', idempotencyHeader(), (c) => {
    handed.push(c.get('idempotencyKey') ?? null);
    return c.json({ ok: true });
  });
});

const write = (key?: string) =>
  send(bare, 'POST', '/write', {
    body: {},
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('idempotencyHeader', () => {
  it('hands a key of 1 to 200 characters on as it came', async () => {
    for (const key of [
      'a',
      'create-2026-03-02',
      'k'.repeat(200),
      'with spaces\tand tab',
      'é-latin1',
    ])
      ok(await write(key));
    expect(handed).toEqual([
      'a',
      'create-2026-03-02',
      'k'.repeat(200),
      'with spaces\tand tab',
      'é-latin1',
    ]);
  });

  it('lets a request without the header through with no key', async () => {
    ok(await write());
    expect(handed).toEqual([null]);
  });

  it.each([
    ['over-long (201 characters)', 'k'.repeat(201)],
    ['far too long', 'k'.repeat(5000)],
    ['empty', ''],
    ['only whitespace (empty once trimmed)', '   '],
  ])('answers 400 naming the header to a key %s, before the handler runs', async (_what, key) => {
    const r = await write(key);
    expectError(r, 400, 'invalid_request', 'Idempotency-Key', '1 to 200 characters');
    expect(handed).toEqual([]);
  });

  it('reads the header whatever its case', async () => {
    ok(await send(bare, 'POST', '/write', { body: {}, headers: { 'IDEMPOTENCY-KEY': 'upper' } }));
    expect(handed).toEqual(['upper']);
  });
});

describe('idempotencyHeader in front of the real route', () => {
  let a: Hono<RequestEnv>;
  beforeEach(() => {
    a = middlewareApp(b.logger);
    a.post(
      '/brands',
      authenticate(createBrand, {
        keys: b.services.keys,
        clocks: b.services.deps.clock,
        limiter: null,
        journaled: false,
      }),
      idempotencyHeader(),
      operationRoute(b.ctx, createBrand, {
        records: new IdempotencyRecords(b.store),
        maxBodyBytes: 1024 * 1024,
      }),
    );
  });
  const create = (name: string, key?: string) =>
    send(a, 'POST', '/brands', {
      key: b.api.key,
      body: { name },
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const brands = async () => (ok(await b.api.get('/brands')) as any).data.length;

  it('a repeat with the same key is replayed, not done again', async () => {
    const first = await create('Once', 'brand-1');
    const again = await create('Once', 'brand-1');
    expect(ok(again, 201)).toEqual(ok(first, 201));
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(await create('Other', 'brand-1'), 409, 'idempotency_conflict');
    expect(await brands()).toBe(1);
  });

  it('a refused key does nothing: no brand, nothing remembered', async () => {
    expectError(await create('Never', 'k'.repeat(201)), 400, 'invalid_request', 'Idempotency-Key');
    expect(await brands()).toBe(0);
    // without a key, each request is its own
    ok(await create('Twice'), 201);
    ok(await create('Twice'), 201);
    expect(await brands()).toBe(2);
  });
});
