// @store sqlite
/**
 * injectFaults on its own: a bare app with authenticate (which it needs: the actor) and the stage in
 * front of a handler that counts the requests reaching it, over a real backend's fault rules.
 */
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FaultRuleInput } from '../control/faults.ts';
import { expectError, ok } from '../../test/helpers/assert.ts';
import { testBackend, type TestBackend } from '../../test/helpers/backend.ts';
import { middlewareApp, newKey, operation, send } from '../../test/helpers/middleware.ts';
import { operations } from '../operations/index.ts';
import { API_PREFIX } from '../operations/operation.ts';
import { authenticate } from './authenticate.ts';
import { injectFaults } from './faults.ts';
import type { JournalNote, RequestEnv } from './request-log.ts';

const ROUTES = [
  [operation('get_workspace'), '/workspace'],
  [operation('create_campaign'), '/campaigns'],
  [operation('get_campaign'), '/campaigns/:campaignId'],
] as const;

let b: TestBackend;
let a: Hono<RequestEnv>;
/** the requests that reached the handler, as `METHOD path` */
let reached: string[];
/** the journal note of each request, once answered */
let notes: JournalNote[];

beforeEach(async () => {
  b = await testBackend();
  reached = [];
  notes = [];
  a = middlewareApp(b.logger);
  a.use('*', async (c, next) => {
    await next();
    notes.push(c.get('journal')!);
  });
  const keyOpts = { keys: b.services.keys, clocks: b.services.deps.clock, limiter: null };
  for (const [op, path] of ROUTES) {
    a.on(
      op.method,
      API_PREFIX + path,
      authenticate(op, { ...keyOpts, journaled: true }),
      injectFaults(op, b.controls.faults, API_PREFIX),
      (c) => {
        reached.push(`${c.req.method} ${c.req.path.slice(API_PREFIX.length)}`);
        return c.json({ reached: true });
      },
    );
  }
});

/** A rule of workspace acme (for the requests of one key only, with `keyId`). */
async function rule(input: FaultRuleInput, keyId: string | null = null) {
  return b.controls.faults.add(
    { workspaceId: await b.workspaceId(), limitedKeyId: keyId },
    input,
    operations,
  );
}

const get = (path: string, key = b.api.key, headers: Record<string, string> = {}) =>
  send(a, 'GET', API_PREFIX + path, { key, headers });

describe('a fault rule', () => {
  it('answers its status `count` times, in the error shape, then stops', async () => {
    const r = await rule({ method: 'GET', path: '/workspace', status: 503, count: 2 });
    expectError(await get('/workspace'), 503, 'unavailable', `fault rule ${r.id}`);
    expectError(await get('/workspace'), 503, 'unavailable', `fault rule ${r.id}`);
    expect(reached).toEqual([]);
    ok(await get('/workspace'));
    ok(await get('/workspace'));
    expect(reached).toEqual(['GET /workspace', 'GET /workspace']);
    const [listed] = await b.controls.faults.list({
      workspaceId: await b.workspaceId(),
      limitedKeyId: null,
    });
    expect(listed).toMatchObject({ remaining: 0, matched: 2 });
    // the journal notes which rule answered
    expect(notes.map((n) => n.fault)).toEqual([r.id, r.id, null, null]);
  });

  it('without a count applies to every matching request', async () => {
    await rule({ path: '/workspace', status: 500 });
    for (let i = 0; i < 4; i++) expectError(await get('/workspace'), 500, 'internal');
    expect(reached).toEqual([]);
  });

  it("matches its method and its path (relative to the API's prefix), nothing else", async () => {
    await rule({ method: 'POST', path: '/campaigns', status: 409 });
    await rule({ path: '/campaigns/*', status: 404, count: 1 });
    ok(await get('/workspace'));
    expectError(
      await send(a, 'POST', `${API_PREFIX}/campaigns`, { key: b.api.key, body: {} }),
      409,
      'conflict',
      'injected fault',
    );
    expectError(await get('/campaigns/0123456789abcdef01234567'), 404, 'not_found');
    ok(await get('/campaigns/0123456789abcdef01234567')); // its one count is used
    expect(reached).toEqual(['GET /workspace', 'GET /campaigns/0123456789abcdef01234567']);
  });

  it('of one key applies to that key only, and a rule to its workspace only', async () => {
    const limited = await newKey(b);
    const other = await newKey(b);
    const elsewhere = await newKey(b, { workspace: 'globex' });
    const r = await rule({ path: '/workspace', status: 503 }, limited.keyId);
    expectError(await get('/workspace', limited.key), 503, 'unavailable', r.id);
    ok(await get('/workspace', other.key));
    ok(await get('/workspace', b.api.key));
    await rule({ path: '/workspace', status: 500 });
    expectError(await get('/workspace', other.key), 500, 'internal');
    ok(await get('/workspace', elsewhere.key));
  });

  it.each([
    [400, 'invalid_request'],
    [401, 'unauthorized'],
    [404, 'not_found'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [502, 'internal'],
    [503, 'unavailable'],
  ])('answers %i as %s, with the headers the real one has', async (status, code) => {
    await rule({ path: '/workspace', status, count: 1 });
    const r = await get('/workspace');
    expectError(r, status, code, 'injected fault', `answers ${status}`);
    expect(r.headers.get('retry-after')).toBe(status === 429 ? '1' : null);
    expect(r.headers.get('www-authenticate')).toBe(
      status === 401 ? 'Bearer realm="adcli", error="invalid_token"' : null,
    );
  });

  it('with only a delay waits, then lets the request through', async () => {
    const r = await rule({ path: '/workspace', delayMs: 60, count: 1 });
    const started = performance.now();
    ok(await get('/workspace'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(reached).toEqual(['GET /workspace']);
    expect(notes[0]).toMatchObject({ fault: r.id, dropped: false });
  });

  it('that drops the connection answers no status in-process: a marked 502', async () => {
    const r = await rule({ path: '/workspace', drop: true, count: 1 });
    const dropped = await get('/workspace');
    expect(dropped.headers.get('x-adcli-dropped')).toBe('1');
    expectError(dropped, 502, 'internal', 'dropped');
    expect(reached).toEqual([]);
    expect(notes[0]).toMatchObject({ fault: r.id, dropped: true });
    ok(await get('/workspace'));
  });

  it('is not applied to a request the key check refused', async () => {
    const r = await rule({ path: '/workspace', status: 503, count: 1 });
    expectError(await get('/workspace', `adcli_${'x'.repeat(40)}`), 401, 'unauthorized');
    expectError(await get('/workspace'), 503, 'unavailable', r.id);
  });
});

describe('the Prefer header', () => {
  it('asks for a one-off status, ahead of the rules, which keep their count', async () => {
    await rule({ path: '/workspace', status: 500, count: 1 });
    const r = await get('/workspace', b.api.key, { prefer: 'code=503' });
    expectError(r, 503, 'unavailable', 'the Prefer header asked for it');
    expect(notes[0]!.fault).toBe('prefer');
    expectError(await get('/workspace'), 500, 'internal', 'fault rule');
    ok(await get('/workspace'));
  });

  it('asks for a delay, and ignores preferences that are not its own', async () => {
    const started = performance.now();
    ok(await get('/workspace', b.api.key, { prefer: 'delay=40' }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    ok(await get('/workspace', b.api.key, { prefer: 'return=minimal' }));
    expect(notes.map((n) => n.fault)).toEqual(['prefer', null]);
    expect(reached).toHaveLength(2);
  });

  it('refuses a code that is no error status, naming it', async () => {
    expectError(
      await get('/workspace', b.api.key, { prefer: 'code=200' }),
      400,
      'invalid_request',
      'Prefer: code',
    );
    expect(reached).toEqual([]);
  });
});
