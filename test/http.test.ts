// @store both
/**
 * The HTTP adapter: authentication, scopes (generated from the operation table), idempotency, the
 * rate limit, error shapes and the OpenAPI document. Everything runs in-process through app.request
 * with a ManualClock, so nothing sleeps.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_PREFIX, MAX_BODY_BYTES } from '../server/http/app.ts';
import { createBackend } from '../server/app/backend.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { operations } from '../server/operations/index.ts';
import { defineOperation, readOnly, type Operation } from '../server/operations/operation.ts';
import { expectError } from './helpers/assert.ts';
import {
  ALL_SCOPES,
  MISSING_ID,
  clientFor,
  testBackend,
  testStore,
  type Client,
  type TestBackend,
} from './helpers/backend.ts';

const HOUR = 60 * 60 * 1000;

type Json = Record<string, any>;

/** Raw request to the app (no default headers), answering status, headers and parsed body. */
async function raw(
  t: TestBackend,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const res = await t.app.request(
    path.startsWith('/') && !path.startsWith(API_PREFIX) ? API_PREFIX + path : path,
    {
      method,
      headers: init.headers ?? {},
      body: init.body,
    },
  );
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body, text };
}

// ---------------------------------------------------------------------------------------------
// Building plausible requests for any operation of the table

const HEX = '0123456789abcdef01234567';
const CHANNEL = 'UC' + 'abcdefghijKLMNOPQRST_-'.slice(0, 22);
const PARAM_CANDIDATES = [HEX, MISSING_ID, CHANNEL, 'dQw4w9WgXcQ', '123-456-7890', 'x'];

function paramNames(op: Operation): string[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** A path with each {param} filled with the first candidate the operation's own schema accepts. */
function fillPath(op: Operation): string {
  const names = paramNames(op);
  const shape = ((op.params as unknown as { shape?: Record<string, z.ZodType> } | undefined)
    ?.shape ?? {}) as Record<string, z.ZodType>;
  let path = op.path;
  for (const name of names) {
    const field = shape[name];
    const value = PARAM_CANDIDATES.find((c) => !field || field.safeParse(c).success) ?? HEX;
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  return path;
}

/** A plausible value for a JSON Schema: enough for the required fields of a body. */
function sample(schema: Json | undefined): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf[0]);
  if (schema.oneOf) return sample(schema.oneOf[0]);
  switch (schema.type) {
    case 'string': {
      if (schema.pattern) {
        const p = String(schema.pattern);
        const hit = PARAM_CANDIDATES.find((c) => new RegExp(p).test(c));
        if (hit) return hit;
      }
      return 'Probe';
    }
    case 'integer':
    case 'number':
      return typeof schema.maximum === 'number' ? Math.min(1, schema.maximum) : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const out: Json = {};
      for (const name of (schema.required ?? []) as string[])
        out[name] = sample(schema.properties?.[name]);
      return out;
    }
    default:
      return null;
  }
}

function plausibleBody(op: Operation): unknown {
  if (!op.body) return undefined;
  return sample(z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) as Json);
}

/** Workspace with exploration on, so an invite-only operation is not refused for the invitation. */
async function scopedClient(
  t: TestBackend,
  scopes: readonly (typeof ALL_SCOPES)[number][],
): Promise<Client> {
  await t.store.write(async () => t.services.workspaces.ensure('scopes', { exploration: true }));
  return t.client({ scopes, workspace: 'scopes' });
}

async function countCampaigns(client: Client): Promise<number> {
  const r = await client.get('/campaigns?limit=100');
  expect(r.status).toBe(200);
  return r.body.data.length;
}

// ---------------------------------------------------------------------------------------------

describe('authentication', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await testBackend();
  });

  it('refuses a request without an Authorization header', async () => {
    const r = await raw(t, 'GET', '/workspace');
    const e = expectError(r, 401, 'unauthorized');
    expect(e.message).toMatch(/Bearer/);
  });

  it.each([
    ['Basic credentials', 'Basic x'],
    ['Bearer without a key', 'Bearer'],
    ['Bearer with an empty key', 'Bearer '],
    ['a malformed key', 'Bearer not-a-key'],
    ['a key with the prefix but too short', 'Bearer adcli_abc'],
    ['a key with a wrong prefix', `Bearer other_${'a'.repeat(40)}`],
    ['a key with a bad character', `Bearer adcli_${'a'.repeat(39)}!`],
    ['a well-formed but unknown key', `Bearer adcli_${'Ab3'.repeat(13)}Z`],
  ])('refuses %s with 401 and never echoes the key', async (_what, header) => {
    const r = await raw(t, 'GET', '/workspace', { headers: { authorization: header } });
    const e = expectError(r, 401, 'unauthorized');
    const secret = header.replace(/^\S+\s*/, '');
    if (secret.length > 3) expect(r.text).not.toContain(secret);
    expect(e.message).not.toMatch(/adcli_[A-Za-z0-9]/);
  });

  it('accepts a valid key, case-insensitive scheme', async () => {
    expect(
      (await raw(t, 'GET', '/workspace', { headers: { authorization: `Bearer ${t.api.key}` } }))
        .status,
    ).toBe(200);
    expect(
      (await raw(t, 'GET', '/workspace', { headers: { authorization: `bearer ${t.api.key}` } }))
        .status,
    ).toBe(200);
  });

  it('refuses a revoked key on the very next request', async () => {
    const { key, record } = await t.store.write(async () =>
      t.services.keys.create(await t.workspaceId(), { scopes: ALL_SCOPES }),
    );
    const c = clientFor(t.app, key);
    expect((await c.get('/workspace')).status).toBe(200);
    await t.store.write(async () => t.services.keys.revoke(record.id));
    const r = await c.get('/workspace');
    const e = expectError(r, 401, 'unauthorized');
    expect(JSON.stringify(r.body)).not.toContain(key);
    expect(JSON.stringify(r.body)).not.toContain(key.slice(6));
    expect(e.message).not.toContain(key.slice(-8));
    // writes too
    expectError(await c.post('/campaigns', { name: 'After revoke' }), 401, 'unauthorized');
  });

  it("scopes every resource to the key's workspace", async () => {
    const created = await t.api.post('/campaigns', { name: 'Acme only' });
    expect(created.status).toBe(201);
    const other = await t.client({ workspace: 'globex' });
    expectError(await other.get(`/campaigns/${created.body.id}`), 404, 'not_found');
    expectError(
      await other.patch(`/campaigns/${created.body.id}`, { name: 'Taken' }),
      404,
      'not_found',
    );
    expectError(await other.delete(`/campaigns/${created.body.id}`), 404, 'not_found');
    expect((await t.api.get(`/campaigns/${created.body.id}`)).body.name).toBe('Acme only');
  });
});

describe('scopes, for every operation of the table', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await testBackend();
  });

  it('the table is not empty and every scope is a known one', () => {
    expect(operations.length).toBeGreaterThan(10);
    for (const op of operations) expect(ALL_SCOPES).toContain(op.scope);
  });

  describe.each(operations.map((op) => [op.name, op] as const))('%s', (_name, op) => {
    const path = fillPath(op);
    const body = plausibleBody(op);

    it(`answers 403 forbidden to a key holding every scope but ${op.scope}`, async () => {
      const c = await scopedClient(
        t,
        ALL_SCOPES.filter((s) => s !== op.scope),
      );
      const r = await c.request(op.method, path, body);
      const e = expectError(r, 403, 'forbidden');
      expect(e.message).toContain(op.scope);
    });

    it(`is not refused for the scope to a key holding only ${op.scope}`, async () => {
      const c = await scopedClient(t, [op.scope]);
      const r = await c.request(op.method, path, body);
      expect(r.status, JSON.stringify(r.body)).not.toBe(403);
      expect(r.status).not.toBe(401);
      expect(r.status).toBeLessThan(500);
    });
  });
});

describe('idempotency', () => {
  it('replays a create: same status and body, one campaign', async () => {
    const t = await testBackend();
    const h = { 'Idempotency-Key': 'create-1' };
    const first = await t.api.post(
      '/campaigns',
      { name: 'Spring sale', budget: 50, budgetType: 'daily' },
      h,
    );
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    t.clock.advance(5_000);
    // key order does not matter: the same JSON object is the same request
    const second = await t.api.post(
      '/campaigns',
      { budgetType: 'daily', budget: 50, name: 'Spring sale' },
      h,
    );
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await countCampaigns(t.api)).toBe(1);
  });

  it('refuses the same key with a different body: 409 idempotency_conflict', async () => {
    const t = await testBackend();
    const h = { 'Idempotency-Key': 'create-2' };
    expect((await t.api.post('/campaigns', { name: 'One' }, h)).status).toBe(201);
    expectError(await t.api.post('/campaigns', { name: 'Two' }, h), 409, 'idempotency_conflict');
    // and with another operation or path
    expectError(await t.api.post('/brands', { name: 'One' }, h), 409, 'idempotency_conflict');
    expect(await countCampaigns(t.api)).toBe(1);
  });

  it('accepts a key of 200 characters and refuses one of 201', async () => {
    const t = await testBackend();
    const ok = await t.api.post(
      '/campaigns',
      { name: 'Long key' },
      { 'Idempotency-Key': 'k'.repeat(200) },
    );
    expect(ok.status).toBe(201);
    const again = await t.api.post(
      '/campaigns',
      { name: 'Long key' },
      { 'Idempotency-Key': 'k'.repeat(200) },
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const e = expectError(
      await t.api.post('/campaigns', { name: 'Too long' }, { 'Idempotency-Key': 'k'.repeat(201) }),
      400,
      'invalid_request',
    );
    expect(e.message).toMatch(/Idempotency-Key/);
    expect(e.message).toMatch(/200/);
    expect(await countCampaigns(t.api)).toBe(1);
  });

  it('replays a PATCH without repeating the change', async () => {
    const t = await testBackend();
    const id = (await t.api.post('/campaigns', { name: 'A' })).body.id;
    const h = { 'Idempotency-Key': 'patch-1' };
    const first = await t.api.patch(`/campaigns/${id}`, { name: 'B' }, h);
    expect(first.status).toBe(200);
    expect(first.body.name).toBe('B');
    // someone else changes it meanwhile
    expect((await t.api.patch(`/campaigns/${id}`, { name: 'C' })).status).toBe(200);
    const replay = await t.api.patch(`/campaigns/${id}`, { name: 'B' }, h);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await t.api.get(`/campaigns/${id}`)).body.name).toBe('C');
  });

  it('replays a DELETE: the first 200 body, not 404', async () => {
    const t = await testBackend();
    const id = (await t.api.post('/campaigns', { name: 'Doomed' })).body.id;
    const h = { 'Idempotency-Key': 'delete-1' };
    const first = await t.api.delete(`/campaigns/${id}`, h);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id, deleted: true });
    const replay = await t.api.delete(`/campaigns/${id}`, h);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectError(await t.api.delete(`/campaigns/${id}`), 404, 'not_found');
    expectError(
      await t.api.delete(`/campaigns/${id}`, { 'Idempotency-Key': 'delete-2' }),
      404,
      'not_found',
    );
  });

  it('keeps keys per API key: another key may use the same string', async () => {
    const t = await testBackend();
    const other = await t.client();
    const h = { 'Idempotency-Key': 'shared-string' };
    const a = await t.api.post('/campaigns', { name: 'From A' }, h);
    const b = await other.post('/campaigns', { name: 'From B' }, h);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
    // and the same body under another key is a new request too
    const c = await other.post(
      '/campaigns',
      { name: 'From A' },
      { 'Idempotency-Key': 'other-string' },
    );
    expect(c.body.id).not.toBe(a.body.id);
    expect(await countCampaigns(t.api)).toBe(3);
  });

  it('remembers a key for 24 hours, then forgets it', async () => {
    const t = await testBackend();
    const h = { 'Idempotency-Key': 'daily' };
    const first = await t.api.post('/campaigns', { name: 'Daily' }, h);
    t.clock.advance(24 * HOUR - 1000);
    const within = await t.api.post('/campaigns', { name: 'Daily' }, h);
    expect(within.headers.get('idempotent-replayed')).toBe('true');
    expect(within.body.id).toBe(first.body.id);
    t.clock.advance(2000); // 24 h + 1 s after the first
    const after = await t.api.post('/campaigns', { name: 'Daily' }, h);
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect(after.body.id).not.toBe(first.body.id);
    expect(await countCampaigns(t.api)).toBe(2);
    // the new result is what the key now replays
    const replay = await t.api.post('/campaigns', { name: 'Daily' }, h);
    expect(replay.body.id).toBe(after.body.id);
    expect(await countCampaigns(t.api)).toBe(2);
  });

  it('does not remember a failed request: a retry after fixing the cause runs', async () => {
    const t = await testBackend();
    const h = { 'Idempotency-Key': 'fails-first' };
    const id = (await t.api.post('/campaigns', { name: 'X' })).body.id;
    expectError(await t.api.patch(`/campaigns/${MISSING_ID}`, { name: 'Y' }, h), 404, 'not_found');
    // a different request may now use the key, since nothing was stored for it
    expect((await t.api.patch(`/campaigns/${id}`, { name: 'Y' }, h)).status).toBe(200);
  });

  it('runs 8 concurrent identical creates with one key exactly once', async () => {
    const t = await testBackend();
    const h = { 'Idempotency-Key': 'race' };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => t.api.post('/campaigns', { name: 'Race' }, h)),
    );
    for (const r of replies) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(replies[0]!.body);
    }
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await countCampaigns(t.api)).toBe(1);
  });

  it('lets one of 8 concurrent different bodies with one key win; the others get 409', async () => {
    const t = await testBackend();
    const h = { 'Idempotency-Key': 'race-different' };
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.api.post('/campaigns', { name: `Race ${i}` }, h)),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 201))
      expectError(r, 409, 'idempotency_conflict');
    expect(await countCampaigns(t.api)).toBe(1);
  });

  it('ignores Idempotency-Key on reads', async () => {
    const t = await testBackend();
    const h = { 'Idempotency-Key': 'read' };
    expect((await t.api.get('/campaigns', h)).body.data).toHaveLength(0);
    await t.api.post('/campaigns', { name: 'New' });
    const r = await t.api.get('/campaigns', h);
    expect(r.body.data).toHaveLength(1);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('rate limit', () => {
  it('lets 120 requests a minute through, answers 429 with Retry-After to the 121st', async () => {
    const t = await testBackend({ rateLimit: 120 });
    for (let i = 0; i < 120; i++) {
      const r = await t.api.get('/workspace');
      expect(r.status, `request ${i + 1}`).toBe(200);
    }
    const over = await t.api.get('/workspace');
    expectError(over, 429, 'rate_limited');
    const retry = over.headers.get('retry-after');
    expect(retry).toMatch(/^\d+$/);
    expect(Number(retry)).toBeGreaterThanOrEqual(1);
    expect(Number(retry)).toBeLessThanOrEqual(60);
    // writes count and are refused too
    expectError(await t.api.post('/campaigns', { name: 'Too many' }), 429, 'rate_limited');

    // another key is unaffected
    expect((await (await t.client()).get('/workspace')).status).toBe(200);

    // time passes: a new minute
    t.clock.advance(30_000);
    expectError(await t.api.get('/workspace'), 429, 'rate_limited');
    t.clock.advance(30_000);
    expect((await t.api.get('/workspace')).status).toBe(200);
    // nothing was created while limited
    expect(await countCampaigns(t.api)).toBe(0);
  });

  it('Retry-After shrinks as the window runs out, never below 1', async () => {
    const t = await testBackend({ rateLimit: 2 });
    await t.api.get('/workspace');
    await t.api.get('/workspace');
    t.clock.advance(59_500);
    const r = await t.api.get('/workspace');
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('1');
  });

  it('never limits with rateLimit 0', async () => {
    const t = await testBackend({ rateLimit: 0 });
    for (let i = 0; i < 300; i++) {
      const r = await t.api.get('/workspace');
      expect(r.status).toBe(200);
    }
  });
});

describe('errors', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await testBackend();
  });

  it('answers an unknown route with 404 and the error shape', async () => {
    expectError(await t.api.get('/no-such-thing'), 404, 'not_found');
    expectError(
      await raw(t, 'GET', '/elsewhere', { headers: { authorization: `Bearer ${t.api.key}` } }),
      404,
      'not_found',
    );
    expectError(await t.api.get(`/campaigns/${HEX}/nope`), 404, 'not_found');
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const a = await t.api.request('PUT', '/campaigns', { name: 'x' });
    expectError(a, 405, 'method_not_allowed');
    expect(
      a.headers
        .get('allow')
        ?.split(',')
        .map((s) => s.trim())
        .sort(),
    ).toEqual(['GET', 'POST']);
    const b = await t.api.request('POST', `/campaigns/${HEX}`, { name: 'x' });
    expectError(b, 405, 'method_not_allowed');
    expect(
      b.headers
        .get('allow')
        ?.split(',')
        .map((s) => s.trim())
        .sort(),
    ).toEqual(['DELETE', 'GET', 'PATCH']);
    // the Allow header is generated from the table for every path
    for (const op of operations) {
      const path = fillPath(op);
      const allowed = operations.filter((o) => fillPath(o) === path).map((o) => o.method);
      const other = (['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const).find(
        (m) => !allowed.includes(m),
      )!;
      const r = await t.api.request(
        other,
        path,
        other === 'GET' || other === 'DELETE' ? undefined : {},
      );
      expectError(r, 405, 'method_not_allowed');
      expect(
        r.headers
          .get('allow')
          ?.split(',')
          .map((s) => s.trim())
          .sort(),
      ).toEqual([...new Set(allowed)].sort());
    }
  });

  it('treats a trailing slash as no route (404), not as a wrong method', async () => {
    expectError(await t.api.get('/campaigns/'), 404, 'not_found');
    expectError(await t.api.post('/campaigns/', { name: 'x' }), 404, 'not_found');
    expectError(await t.api.get(`/campaigns/${HEX}/`), 404, 'not_found');
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const e = expectError(await t.api.post('/campaigns', '{"name": "x",'), 400, 'invalid_request');
    expect(e.message).toMatch(/JSON/);
    expectError(await t.api.post('/campaigns', 'name=x'), 400, 'invalid_request');
    expectError(await t.api.post('/campaigns', '[1, 2'), 400, 'invalid_request');
  });

  it('names the field and the bound in a validation error', async () => {
    const e = expectError(
      await t.api.post('/campaigns', { name: 'n'.repeat(161) }),
      400,
      'invalid_request',
    );
    expect(e.message).toMatch(/name/);
    expect(e.message).toMatch(/160/);
    const b = expectError(
      await t.api.post('/campaigns', { name: 'ok', budget: 0 }),
      400,
      'invalid_request',
    );
    expect(b.message).toMatch(/budget/);
    const u = expectError(
      await t.api.post('/campaigns', { name: 'ok', color: 'red' }),
      400,
      'invalid_request',
    );
    expect(u.message).toMatch(/color/);
    const l = expectError(await t.api.get('/campaigns?limit=101'), 400, 'invalid_request');
    expect(l.message).toMatch(/limit/);
    const q = expectError(await t.api.get('/workspace?foo=1'), 400, 'invalid_request');
    expect(q.message).toMatch(/foo/);
  });

  it('answers a body just over 1 MB with 413 payload_too_large', async () => {
    const over = JSON.stringify({ name: 'x', objective: 'o'.repeat(MAX_BODY_BYTES) });
    expect(over.length).toBeGreaterThan(MAX_BODY_BYTES);
    expect(over.length).toBeLessThan(MAX_BODY_BYTES + 100);
    expectError(await t.api.post('/campaigns', over), 413, 'payload_too_large');

    // exactly at the limit: not refused for its size (here: objective past its own bound)
    const filler = MAX_BODY_BYTES - JSON.stringify({ name: 'x', objective: '' }).length;
    const at = JSON.stringify({ name: 'x', objective: 'o'.repeat(filler) });
    expect(at.length).toBe(MAX_BODY_BYTES);
    expectError(await t.api.post('/campaigns', at), 400, 'invalid_request');

    // with a Content-Length (as over the network), before the key is even looked at
    const r = await raw(t, 'POST', '/campaigns', {
      headers: { 'content-type': 'application/json', 'content-length': String(over.length) },
      body: over,
    });
    expectError(r, 413, 'payload_too_large');
  });

  it('answers an unexpected failure with 500 internal and no stack or detail', async () => {
    const boom = defineOperation({
      name: 'boom',
      method: 'GET',
      path: '/boom',
      scope: 'campaigns:read',
      tag: 'test',
      summary: 'Fails',
      description: 'Throws an unexpected error.',
      response: z.strictObject({}),
      errors: [],
      hints: readOnly,
      handler: () => {
        throw new TypeError('secret detail: cannot read /srv/adcli/data.sqlite');
      },
    });
    const b = createBackend({
      store: await testStore(),
      clock: new ManualClock(),
      rateLimit: 0,
      operations: [boom],
    });
    const key = await b.store.write(
      async () =>
        (
          await b.services.keys.create((await b.services.workspaces.ensure('acme')).id, {
            scopes: ALL_SCOPES,
          })
        ).key,
    );
    const log = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const res = await b.app.request(`${API_PREFIX}/boom`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const text = await res.text();
      const reply = { status: res.status, headers: res.headers, body: JSON.parse(text) };
      const e = expectError(reply, 500, 'internal');
      expect(text).not.toMatch(/secret|sqlite|TypeError|at .*\.ts|\n\s+at /);
      expect(e.message).toContain(e.requestId);
      // the details go to the server's own log, with the request id to find them
      const logged = log.mock.calls.map((c) => String(c[0])).join('');
      expect(logged).toContain('secret detail');
      expect(logged).toContain(e.requestId);
    } finally {
      log.mockRestore();
    }
  });

  it('puts x-request-id on every response and repeats it in error bodies', async () => {
    const replies = [
      await t.api.get('/workspace'),
      await t.api.post('/campaigns', { name: 'Rid' }),
      await raw(t, 'GET', '/openapi.json'),
      await raw(t, 'GET', '/workspace'),
      await t.api.get('/nowhere'),
      await t.api.request('PUT', '/campaigns', {}),
      await t.api.post('/campaigns', {}),
    ];
    const ids = new Set<string>();
    for (const r of replies) {
      const rid = r.headers.get('x-request-id');
      expect(rid).toMatch(/^\S{8,}$/);
      ids.add(rid!);
      if (r.status >= 400) expect((r.body as any).error.requestId).toBe(rid);
    }
    expect(ids.size).toBe(replies.length);
  });
});

describe('OpenAPI document', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await testBackend();
  });
  let doc: Json;

  it('is served without auth as OpenAPI 3.1.0', async () => {
    const r = await raw(t, 'GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    doc = r.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.components.schemas.Error).toBeTruthy();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  const resolve = (s: Json): Json => {
    if (s && typeof s.$ref === 'string') {
      const parts = s.$ref.replace(/^#\//, '').split('/');
      return resolve(parts.reduce((o: Json, p: string) => o[p], doc));
    }
    return s;
  };
  /** The non-null branch of a nullable schema. */
  const nonNull = (s: Json): Json => (s.anyOf ? s.anyOf.find((b: Json) => b.type !== 'null') : s);

  it.each(operations.map((op) => [op.name, op] as const))('describes %s', (_name, op) => {
    const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
    expect(entry, `${op.method} ${op.path}`).toBeTruthy();
    expect(entry.operationId).toBe(op.name);

    const params = (entry.parameters as Json[]).map(resolve);
    const pathParams = params
      .filter((p) => p.in === 'path')
      .map((p) => p.name)
      .sort();
    expect(pathParams).toEqual(paramNames(op).sort());
    for (const p of params.filter((p) => p.in === 'path')) expect(p.required).toBe(true);

    const queryNames = params
      .filter((p) => p.in === 'query')
      .map((p) => p.name)
      .sort();
    const expectedQuery = op.query
      ? Object.keys((op.query as unknown as { shape: object }).shape).sort()
      : [];
    expect(queryNames).toEqual(expectedQuery);

    if (op.method !== 'GET') {
      const idem = params.find((p) => p.in === 'header' && /^idempotency-key$/i.test(p.name));
      expect(idem?.schema?.maxLength).toBe(200);
    }

    if (op.body) {
      expect(entry.requestBody?.content?.['application/json']?.schema).toBeTruthy();
      expect(entry.requestBody.required).toBe(op.bodyRequired ?? false);
    } else {
      expect(entry.requestBody).toBeUndefined();
    }

    const success = String(op.successStatus ?? 200);
    const ok = entry.responses[success]?.content?.['application/json']?.schema;
    expect(ok, `response ${success}`).toBeTruthy();
    expect(Object.keys(resolve(ok)).length).toBeGreaterThan(0);

    // 400 (unknown query parameter, bad Idempotency-Key) and 403 (scope) can happen to every operation
    for (const status of ['400', '401', '403', '429', ...op.errors.map(String)]) {
      const res = entry.responses[status];
      expect(res, `response ${status}`).toBeTruthy();
      expect(res.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
    expect(resolve(entry.responses['429'].headers['Retry-After']).schema.type).toBe('integer');
  });

  it('carries the bounds of the contract', () => {
    const list = doc.paths['/campaigns'].get;
    const limit = list.parameters.find((p: Json) => p.name === 'limit');
    expect(limit.in).toBe('query');
    expect(limit.required).toBe(false);
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    expect(['integer', 'number']).toContain(limit.schema.type);

    const update = doc.paths['/campaigns/{campaignId}'].patch;
    const id = update.parameters.find((p: Json) => p.name === 'campaignId');
    expect(id).toMatchObject({ in: 'path', required: true });
    expect(id.schema.pattern).toBe('^[a-f0-9]{24}$');

    const body = resolve(update.requestBody.content['application/json'].schema);
    expect(update.requestBody.required).toBe(true);
    expect(body.type).toBe('object');
    expect(body.additionalProperties).toBe(false);
    expect(body.required ?? []).toEqual([]);
    const p = body.properties;
    expect(p.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 160 });
    expect(p.objective.maxLength).toBe(4000);
    expect(p.industry.maxLength).toBe(120);
    expect(p.language.maxLength).toBe(20);
    expect(p.locations).toMatchObject({ type: 'array', maxItems: 20 });
    expect(resolve(p.locations.items).maxLength).toBe(80);
    expect(p.successMetrics).toMatchObject({ type: 'array', maxItems: 20 });
    expect(p.successMetrics.items.maxLength).toBe(200);
    expect(nonNull(p.budget)).toMatchObject({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 10_000_000,
    });
    expect(p.budget.anyOf?.some((b: Json) => b.type === 'null')).toBe(true);
    expect(nonNull(p.targetCpa)).toMatchObject({ exclusiveMinimum: 0, maximum: 1_000_000 });
    expect(nonNull(p.targetRoas)).toMatchObject({ exclusiveMinimum: 0, maximum: 1000 });
    expect(nonNull(p.endDate).pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
    expect(nonNull(p.brandId).pattern).toBe('^[a-f0-9]{24}$');
    expect(p.campaignType.enum).toEqual(['SEARCH', 'DEMAND_GEN', 'VIDEO', 'DISPLAY']);
    expect(p.budgetType.enum).toEqual(['daily', 'total']);
    expect(nonNull(p.biddingStrategy).enum).toHaveLength(7);

    const create = resolve(
      doc.paths['/campaigns'].post.requestBody.content['application/json'].schema,
    );
    expect(create.required).toEqual(['name']);
    expect(doc.paths['/campaigns'].post.responses['201']).toBeTruthy();

    const campaign = resolve(update.responses['200'].content['application/json'].schema);
    expect(campaign.additionalProperties).toBe(false);
    expect(Object.keys(campaign.properties).sort()).toEqual(
      [
        'id',
        'name',
        'status',
        'objective',
        'brandId',
        'brand',
        'industry',
        'language',
        'locations',
        'successMetrics',
        'campaignType',
        'budget',
        'budgetType',
        'endDate',
        'biddingStrategy',
        'targetCpa',
        'targetRoas',
        'audiences',
        'adsPlatform',
        'url',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    expect([...campaign.required].sort()).toEqual(Object.keys(campaign.properties).sort());
    for (const s of ['400', '401', '403', '404', '409', '429'])
      expect(update.responses[s]).toBeTruthy();

    const error = resolve({ $ref: '#/components/schemas/Error' });
    expect(error.properties.error.required).toEqual(expect.arrayContaining(['code', 'message']));
  });

  it.each([
    ['GET', '/workspace', 'campaigns:read'],
    ['PATCH', '/campaigns/{campaignId}', 'campaigns:write'],
    ['DELETE', '/campaigns/{campaignId}', 'campaigns:write'],
    ['POST', '/campaigns/{campaignId}/ads-platform', 'ads:write'],
    ['GET', '/campaigns/{campaignId}/targeting', 'campaigns:read'],
    ['POST', '/campaigns/{campaignId}/targeting/generate', 'campaigns:write'],
    ['GET', '/data-stores', 'datasets:read'],
    ['DELETE', '/data-stores/{dataStoreId}', 'datasets:write'],
    ['GET', '/audiences', 'audiences:read'],
    ['DELETE', '/audiences/{audienceId}', 'audiences:write'],
    ['GET', '/ads-platform/performance', 'ads:read'],
    ['GET', '/exploration/channels/{channelId}', 'exploration:read'],
  ])("documents the contract's %s %s with scope %s", (method, path, scope) => {
    const entry = doc.paths[path]?.[method.toLowerCase()];
    expect(entry, `${method} ${path}`).toBeTruthy();
    expect(entry['x-scope']).toBe(scope);
    const param = (name: string) =>
      (entry.parameters as Json[]).map(resolve).find((p) => p.name === name);
    for (const name of paramNames({ path } as Operation)) {
      expect(param(name)?.schema?.pattern).toBe(
        name === 'channelId' ? '^UC[A-Za-z0-9_-]{22}$' : '^[a-f0-9]{24}$',
      );
    }
    if (method === 'GET' && (path === '/data-stores' || path === '/audiences')) {
      expect(param('limit')?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
      expect(param('name')?.in).toBe('query');
      expect(param('cursor')?.in).toBe('query');
    }
    if (path === '/data-stores' && method === 'GET')
      expect(String(param('includeLibrary')?.schema?.default)).toBe('false');
    if (path === '/ads-platform/performance') {
      expect(param('customerId')).toMatchObject({
        in: 'query',
        required: true,
        schema: { pattern: '^\\d{3}-?\\d{3}-?\\d{4}$' },
      });
      expect(param('dateRange')?.schema).toMatchObject({ default: 'LAST_30_DAYS' });
      expect(param('dateRange')?.schema.enum).toContain('LAST_30_DAYS');
    }
    if (path.endsWith('/ads-platform')) {
      const body = resolve(entry.requestBody.content['application/json'].schema);
      expect(body.properties.customerId.pattern).toBe('^\\d{3}-?\\d{3}-?\\d{4}$');
      expect(body.required ?? []).toEqual([]);
    }
    if (path.endsWith('/targeting/generate')) {
      const body = resolve(entry.requestBody.content['application/json'].schema);
      expect(body.properties.audienceIds).toMatchObject({ type: 'array', maxItems: 25 });
      expect(body.properties.audienceIds.items).toMatchObject({
        type: 'string',
        minLength: 1,
        maxLength: 200,
      });
    }
    if (method === 'DELETE') {
      const ok = resolve(entry.responses['200'].content['application/json'].schema);
      expect(Object.keys(ok.properties).sort()).toEqual(['deleted', 'id']);
    }
  });

  it('lists every operation of the table and nothing else', () => {
    const documented = Object.entries(doc.paths as Record<string, Json>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(
          ([m, e]) => `${m.toUpperCase()} ${path} ${(e as Json).operationId}`,
        ),
    );
    expect(documented.sort()).toEqual(
      operations.map((o) => `${o.method} ${o.path} ${o.name}`).sort(),
    );
    expect(new Set(operations.map((o) => o.name)).size).toBe(operations.length);
  });
});
