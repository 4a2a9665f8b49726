// @store sqlite
/**
 * authenticate on its own: a bare app with the stage in front of a handler that shows what it was
 * handed (or the real operation route), over a real backend's keys, store and workspace clocks.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, ok } from '../../test/helpers/assert.ts';
import { clientFor, testBackend, type TestBackend } from '../../test/helpers/backend.ts';
import { middlewareApp, newKey, operation, send } from '../../test/helpers/middleware.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { authenticate } from './authenticate.ts';
import { operationRoute } from './operation-route.ts';
import { RateLimiter, type RequestLimiter } from './rate-limit.ts';
import type { RequestEnv } from './request-log.ts';

const getWorkspace = operation('get_workspace');
const createBrand = operation('create_brand');
const setClock = operation('set_clock'); // acts on the whole workspace

let b: TestBackend;
/** what the handler behind the stage was handed, one entry per request that reached it */
let seen: { actor: any; journal: any }[];

beforeEach(async () => {
  b = await testBackend();
  seen = [];
});

/** The stage in front of a handler that notes what it got, for each of `ops` at /<name>. */
function app(
  opts: { limiter?: RequestLimiter | null; appUrl?: string; journaled?: boolean } = {},
  ops = [getWorkspace, createBrand, setClock],
): Hono<RequestEnv> {
  const a = middlewareApp(b.logger);
  for (const op of ops) {
    a.on(
      op.method,
      `/${op.name}`,
      authenticate(op, {
        keys: b.services.keys,
        clocks: b.services.deps.clock,
        limiter: opts.limiter ?? null,
        appUrl: opts.appUrl,
        journaled: opts.journaled ?? true,
      }),
      (c) => {
        seen.push({ actor: c.get('actor'), journal: c.get('journal') });
        return c.json({ reached: true });
      },
    );
  }
  return a;
}

describe('the key', () => {
  it('answers 401 with a bare Bearer challenge when no key is sent', async () => {
    const r = await send(app(), 'GET', '/get_workspace');
    expectError(r, 401, 'unauthorized', 'missing API key', 'Authorization: Bearer');
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="adcli"');
    expect(seen).toEqual([]);
  });

  it('answers 401 to an Authorization header that is not a bearer key', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b']) {
      const r = await send(app(), 'GET', '/get_workspace', { headers: { authorization } });
      expectError(r, 401, 'unauthorized');
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer realm="adcli"/);
    }
    expect(seen).toEqual([]);
  });

  it('answers 401 invalid_token to an unknown key, without echoing it', async () => {
    for (const key of [`adcli_${'Ab3'.repeat(13)}Z`, 'not-a-key-at-all']) {
      const r = await send(app(), 'GET', '/get_workspace', { key });
      expectError(r, 401, 'unauthorized', 'not valid or has been revoked');
      expect(r.headers.get('www-authenticate')).toBe('Bearer realm="adcli", error="invalid_token"');
      expect(r.text).not.toContain(key);
    }
    expect(seen).toEqual([]);
  });

  it('answers 401 invalid_token to a key on the very next request after it is revoked', async () => {
    const a = app();
    const { key, keyId } = await newKey(b);
    ok(await send(a, 'GET', '/get_workspace', { key }));
    await b.store.write(() => b.services.keys.revoke(keyId));
    const r = await send(a, 'GET', '/get_workspace', { key });
    expectError(r, 401, 'unauthorized', 'revoked');
    expect(r.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(seen).toHaveLength(1);
  });

  it('answers 400 invalid_request to several Authorization headers, never picking one', async () => {
    const headers = new Headers();
    headers.append('authorization', `Bearer ${b.api.key}`);
    headers.append('authorization', `Bearer ${b.api.key}`);
    const res = await app().request('/get_workspace', { headers });
    const r = { status: res.status, headers: res.headers, body: await res.json() };
    expectError(r, 400, 'invalid_request', 'one Authorization header');
    expect(r.headers.get('www-authenticate')).toContain('error="invalid_request"');
    expect(seen).toEqual([]);
  });
});

describe('authorization', () => {
  it('answers 403 naming the scope the key lacks, before the handler runs', async () => {
    const { key } = await newKey(b, { scopes: ['campaigns:read'] });
    ok(await send(app(), 'GET', '/get_workspace', { key }));
    const r = await send(app(), 'POST', '/create_brand', { key, body: { name: 'No' } });
    expectError(r, 403, 'forbidden', 'brands:write');
    expect(seen).toHaveLength(1);
  });

  it('answers 403 to a key with limits on an operation that acts on the whole workspace', async () => {
    const { key } = await newKey(b, { customerIds: ['123-456-7890'] });
    const r = await send(app(), 'POST', '/set_clock', { key, body: {} });
    expectError(r, 403, 'forbidden', '123-456-7890', 'set_clock', 'whole workspace');
    expect(seen).toEqual([]);
  });
});

describe('the actor', () => {
  it('is set for the next stage: the key, its workspace, scopes and limits', async () => {
    const { key, keyId, workspaceId } = await newKey(b, {
      workspace: 'globex',
      scopes: ['campaigns:read', 'brands:write'],
      campaignIds: ['0123456789abcdef01234567'],
    });
    ok(await send(app(), 'GET', '/get_workspace', { key }));
    const { actor } = seen[0]!;
    expect(actor).toMatchObject({
      keyId,
      workspaceId,
      workspaceSlug: 'globex',
      customerIds: null,
      campaignIds: ['0123456789abcdef01234567'],
      appUrl: 'http://localhost/app', // in-process: the request URL's origin
    });
    expect([...actor.scopes].sort()).toEqual(['brands:write', 'campaigns:read']);
  });

  it('takes its link base from appUrl when one is given', async () => {
    ok(
      await send(app({ appUrl: 'https://ads.example/app' }), 'GET', '/get_workspace', {
        key: b.api.key,
      }),
    );
    expect(seen[0]!.actor.appUrl).toBe('https://ads.example/app');
  });

  it("is what the real operation route acts as: the key's own workspace", async () => {
    const a = middlewareApp(b.logger);
    const route = { records: new IdempotencyRecords(b.store), maxBodyBytes: 1024 };
    const opts = { keys: b.services.keys, clocks: b.services.deps.clock, limiter: null };
    a.get(
      '/workspace',
      authenticate(getWorkspace, { ...opts, journaled: false }),
      operationRoute(b.ctx, getWorkspace, route),
    );
    const acme = ok(await send(a, 'GET', '/workspace', { key: b.api.key })) as any;
    const globex = ok(
      await send(a, 'GET', '/workspace', { key: (await newKey(b, { workspace: 'globex' })).key }),
    ) as any;
    expect([acme.slug, globex.slug]).toEqual(['acme', 'globex']);
  });
});

describe('the journal note', () => {
  it("notes the key, the workspace's time and a write's Idempotency-Key", async () => {
    const { key, keyId, workspaceId } = await newKey(b);
    const a = app();
    ok(await send(a, 'GET', '/get_workspace', { key, headers: { 'idempotency-key': 'read' } }));
    ok(
      await send(a, 'POST', '/create_brand', {
        key,
        body: { name: 'B' },
        headers: { 'idempotency-key': 'write-1' },
      }),
    );
    const note = {
      workspaceId,
      keyId,
      at: b.clock.now().toISOString(),
      replayed: false,
      fault: null,
      dropped: false,
    };
    expect(seen.map((s) => s.journal)).toEqual([
      { ...note, idempotencyKey: null }, // a read's key is no idempotency key
      { ...note, idempotencyKey: 'write-1' },
    ]);
  });

  it("reads the workspace's own clock, as moved on the very next request", async () => {
    const a = app();
    const ctl = clientFor(b.app, b.api.key, '/_adcli/v1');
    ok(await ctl.post('/clock/set', { time: '2027-01-01T00:00:00Z' }));
    ok(await send(a, 'GET', '/get_workspace', { key: b.api.key }));
    expect(seen[0]!.journal.at).toBe('2027-01-01T00:00:00.000Z');
    // another workspace keeps real time
    ok(await send(a, 'GET', '/get_workspace', { key: (await newKey(b, { workspace: 'o' })).key }));
    expect(seen[1]!.journal.at).toBe(b.clock.now().toISOString());
  });

  it('is not made when the route is not journaled (the controls)', async () => {
    ok(await send(app({ journaled: false }), 'GET', '/get_workspace', { key: b.api.key }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.journal).toBeUndefined();
    expect(seen[0]!.actor.keyId).toEqual(expect.any(String));
  });
});

describe('the rate limit', () => {
  it('counts each request of a key and answers 429 with Retry-After past the limit', async () => {
    const a = app({ limiter: new RateLimiter(3) });
    const { key } = await newKey(b);
    for (const remaining of ['2', '1', '0']) {
      const r = await send(a, 'GET', '/get_workspace', { key });
      ok(r);
      expect(r.headers.get('ratelimit-limit')).toBe('3');
      expect(r.headers.get('ratelimit-remaining')).toBe(remaining);
      expect(r.headers.get('ratelimit-reset')).toBe('60');
    }
    b.clock.advance(20_000);
    const over = await send(a, 'GET', '/get_workspace', { key });
    expectError(over, 429, 'rate_limited', 'more than 3 requests in a minute', 'retry in 40 s');
    expect(over.headers.get('retry-after')).toBe('40');
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    expect(seen).toHaveLength(3);

    // another key has its own window
    ok(await send(a, 'GET', '/get_workspace', { key: b.api.key }));
    // the window is a minute of real time from the key's first request
    b.clock.advance(40_000);
    const again = await send(a, 'GET', '/get_workspace', { key });
    ok(again);
    expect(again.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('counts a request refused for its scope (the key was valid), not one with an unknown key', async () => {
    const a = app({ limiter: new RateLimiter(2) });
    const { key } = await newKey(b, { scopes: ['campaigns:read'] });
    expectError(await send(a, 'POST', '/create_brand', { key, body: {} }), 403, 'forbidden');
    for (let i = 0; i < 3; i++)
      expectError(
        await send(a, 'GET', '/get_workspace', { key: `adcli_${'x'.repeat(40)}` }),
        401,
        'unauthorized',
      );
    ok(await send(a, 'GET', '/get_workspace', { key }));
    expectError(await send(a, 'GET', '/get_workspace', { key }), 429, 'rate_limited');
  });

  it('sets no RateLimit headers without a limiter', async () => {
    const a = app({ limiter: null });
    for (let i = 0; i < 5; i++) {
      const r = await send(a, 'GET', '/get_workspace', { key: b.api.key });
      ok(r);
      expect(r.headers.get('ratelimit-limit')).toBeNull();
    }
  });
});
