// @store sqlite
/**
 * cacheReads and ReadCache on their own: a bare app with authenticate (which the stage needs: the
 * actor) and the cache in front of a handler that counts its runs, or the real operation route,
 * over a real backend's store, whose writes move the change stamp the cache is valid under.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, ok } from '../../test/helpers/assert.ts';
import { testBackend, type TestBackend } from '../../test/helpers/backend.ts';
import { middlewareApp, newKey, operation, send } from '../../test/helpers/middleware.ts';
import { invalid } from '../lib/errors.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { authenticate } from './authenticate.ts';
import { operationRoute } from './operation-route.ts';
import { cacheReads, ReadCache } from './read-cache.ts';
import type { RequestEnv } from './request-log.ts';

const listCampaigns = operation('list_campaigns');

let b: TestBackend;
let cache: ReadCache;
/** how many times the handler behind the cache ran */
let runs: number;

beforeEach(async () => {
  b = await testBackend();
  cache = new ReadCache(b.store);
  runs = 0;
});

/**
 * The cache in front of a handler that answers which run it was and remembers it (as the operation
 * route does), except for `?fail`, which it refuses without remembering.
 */
function counting(appUrl?: string): Hono<RequestEnv> {
  const a = middlewareApp(b.logger);
  a.get(
    '/campaigns',
    authenticate(listCampaigns, {
      keys: b.services.keys,
      clocks: b.services.deps.clock,
      limiter: null,
      appUrl,
      journaled: false,
    }),
    cacheReads(listCampaigns, cache),
    (c) => {
      runs++;
      if (c.req.query('fail') !== undefined) throw invalid('refused');
      const text = JSON.stringify({ run: runs });
      c.get('remember')?.(text);
      return c.body(text, 200, { 'content-type': 'application/json' });
    },
  );
  return a;
}

describe('cacheReads', () => {
  it('answers a second identical read from the cache: the handler runs once', async () => {
    const a = counting();
    const first = await send(a, 'GET', '/campaigns', { key: b.api.key });
    const second = await send(a, 'GET', '/campaigns', { key: b.api.key });
    expect(ok(first)).toEqual({ run: 1 });
    expect(ok(second)).toEqual({ run: 1 });
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(runs).toBe(1);
  });

  it('reads again after a write, through this process, in between', async () => {
    const a = counting();
    ok(await send(a, 'GET', '/campaigns', { key: b.api.key }));
    ok(await b.api.post('/brands', { name: 'A write' }), 201);
    expect(ok(await send(a, 'GET', '/campaigns', { key: b.api.key }))).toEqual({ run: 2 });
    expect(ok(await send(a, 'GET', '/campaigns', { key: b.api.key }))).toEqual({ run: 2 });
    // a write straight to the store, past the API, moves the stamp too
    await b.store.write(() => b.services.workspaces.ensure('globex'));
    expect(ok(await send(a, 'GET', '/campaigns', { key: b.api.key }))).toEqual({ run: 3 });
    expect(runs).toBe(3);
  });

  it('keeps answers per key, per URL and per link base', async () => {
    const a = counting();
    const other = await newKey(b);
    expect(ok(await send(a, 'GET', '/campaigns', { key: b.api.key }))).toEqual({ run: 1 });
    expect(ok(await send(a, 'GET', '/campaigns', { key: other.key }))).toEqual({ run: 2 });
    expect(ok(await send(a, 'GET', '/campaigns?limit=5', { key: b.api.key }))).toEqual({
      run: 3,
    });
    // the same key and URL behind another link base (another mount): its links differ
    const elsewhere = counting('https://ads.example/app');
    expect(ok(await send(elsewhere, 'GET', '/campaigns', { key: b.api.key }))).toEqual({
      run: 4,
    });
    // each of them is a hit the second time
    expect(ok(await send(a, 'GET', '/campaigns', { key: other.key }))).toEqual({ run: 2 });
    expect(ok(await send(a, 'GET', '/campaigns?limit=5', { key: b.api.key }))).toEqual({
      run: 3,
    });
    expect(ok(await send(elsewhere, 'GET', '/campaigns', { key: b.api.key }))).toEqual({
      run: 4,
    });
    expect(runs).toBe(4);
  });

  it('keeps nothing the handler did not remember (an error)', async () => {
    const a = counting();
    expectError(
      await send(a, 'GET', '/campaigns?fail', { key: b.api.key }),
      400,
      'invalid_request',
    );
    expectError(
      await send(a, 'GET', '/campaigns?fail', { key: b.api.key }),
      400,
      'invalid_request',
    );
    expect(runs).toBe(2);
  });

  it('never answers a request the key check refused from the cache', async () => {
    const a = counting();
    ok(await send(a, 'GET', '/campaigns', { key: b.api.key }));
    expectError(
      await send(a, 'GET', '/campaigns', { key: `adcli_${'x'.repeat(40)}` }),
      401,
      'unauthorized',
    );
    expectError(await send(a, 'GET', '/campaigns'), 401, 'unauthorized');
  });

  it('in front of the real route, never answers data older than the last write', async () => {
    const a = middlewareApp(b.logger);
    a.get(
      '/campaigns',
      authenticate(listCampaigns, {
        keys: b.services.keys,
        clocks: b.services.deps.clock,
        limiter: null,
        journaled: false,
      }),
      cacheReads(listCampaigns, cache),
      operationRoute(b.ctx, listCampaigns, {
        records: new IdempotencyRecords(b.store),
        maxBodyBytes: 1024,
      }),
    );
    const names = async () =>
      (ok(await send(a, 'GET', '/campaigns', { key: b.api.key })) as any).data.map(
        (c: any) => c.name,
      );
    expect(await names()).toEqual([]);
    expect(await names()).toEqual([]);
    ok(await b.api.post('/campaigns', { name: 'First' }), 201);
    expect(await names()).toEqual(['First']);
    const id = (ok(await b.api.post('/campaigns', { name: 'Second' }), 201) as any).id;
    ok(await b.api.patch(`/campaigns/${id}`, { name: 'Renamed' }));
    expect((await names()).sort()).toEqual(['First', 'Renamed']);
    ok(await b.api.delete(`/campaigns/${id}`));
    expect(await names()).toEqual(['First']);
  });
});

describe('ReadCache', () => {
  it('answers at once on SQLite, a miss first and then what was set under its stamp', async () => {
    const miss = cache.get('k');
    expect(miss).not.toBeInstanceOf(Promise);
    expect(await miss).toEqual({ body: undefined, stamp: expect.any(String) });
    cache.set('k', 'body', (await miss).stamp);
    expect(await cache.get('k')).toEqual({ body: 'body', stamp: (await miss).stamp });
  });

  it('forgets every entry once the store has changed', async () => {
    const { stamp } = await cache.get('k');
    cache.set('k', 'body', stamp);
    cache.set('j', 'other', stamp);
    await b.store.write(() => b.services.workspaces.ensure('globex'));
    const after = await cache.get('k');
    expect(after.body).toBeUndefined();
    expect(after.stamp).not.toBe(stamp);
    expect((await cache.get('j')).body).toBeUndefined();
  });

  it('drops a body computed before a commit another request has already seen', async () => {
    const before = await cache.get('slow'); // a read starts
    await b.store.write(() => b.services.workspaces.ensure('globex')); // a write commits
    const after = await cache.get('fast'); // another read sees the new stamp first
    cache.set('slow', 'stale', before.stamp); // the first read's answer may predate the write
    cache.set('fast', 'fresh', after.stamp);
    expect((await cache.get('slow')).body).toBeUndefined();
    expect((await cache.get('fast')).body).toBe('fresh');
  });

  it('is bounded: at 2000 entries it starts over', async () => {
    const { stamp } = await cache.get('k0');
    for (let i = 0; i < 2000; i++) cache.set(`k${i}`, `v${i}`, stamp);
    expect((await cache.get('k0')).body).toBe('v0');
    expect((await cache.get('k1999')).body).toBe('v1999');
    cache.set('k2000', 'v2000', stamp);
    expect((await cache.get('k0')).body).toBeUndefined();
    expect((await cache.get('k2000')).body).toBe('v2000');
  });
});
