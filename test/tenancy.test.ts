// @store both
/**
 * Every tenant alone, tried as an attacker with two workspaces and a limited key would: the controls
 * of adcli serve respect a key's limits (journal, fault rules, clock, reset), a clock advance in one
 * workspace lets the other be served meanwhile and resumes rather than repeats, and page sessions
 * live in the store, per workspace, hashed, shared by every backend on it. On both stores.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../server/lib/json.ts';
import { createBackend } from '../server/app/backend.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { MAX_PER_WORKSPACE } from '../server/domain/page-sessions.ts';
import { runSeed } from '../server/seed/index.ts';
import { expectError, ok } from './helpers/assert.ts';
import {
  clientFor,
  onPostgres,
  testBackend,
  type Client,
  type TestBackend,
} from './helpers/backend.ts';

let b: TestBackend;
let api: Client;
let ctl: Client;

beforeEach(async () => {
  b = await testBackend();
  api = b.api;
  ctl = await b.client({ prefix: '/_adcli/v1' });
});

/** Two campaigns of acme, and a key with the backend scope limited to the first. */
async function limitedToOne() {
  const mine = ok(await api.post('/campaigns', { name: 'Mine' }), 201);
  const theirs = ok(await api.post('/campaigns', { name: 'Theirs' }), 201);
  const opts = { campaignIds: [mine.id] };
  const limitedApi = await b.client(opts);
  const key = limitedApi.key;
  return { mine, theirs, limitedApi, limitedCtl: clientFor(b.app, key, '/_adcli/v1') };
}

describe('a key limited to campaigns, with the backend scope', () => {
  it('lists only its own requests in the journal', async () => {
    const { mine, theirs, limitedApi, limitedCtl } = await limitedToOne();
    ok(await api.get(`/campaigns/${theirs.id}`));
    ok(await limitedApi.get(`/campaigns/${mine.id}`));
    const seen = ok(await limitedCtl.get('/requests')).data.map((e: { path: string }) => e.path);
    expect(seen).toEqual([`/api/v1/campaigns/${mine.id}`]);
    // a key without limits sees every request of the workspace
    const all = ok(await ctl.get('/requests')).data.map((e: { path: string }) => e.path);
    expect(all).toEqual(
      expect.arrayContaining([`/api/v1/campaigns/${theirs.id}`, `/api/v1/campaigns/${mine.id}`]),
    );
  });

  it('adds fault rules that apply to its own requests only, and sees and removes only those', async () => {
    const { mine, theirs, limitedApi, limitedCtl } = await limitedToOne();
    const rule = ok(
      await limitedCtl.post('/faults', { method: 'GET', path: '/campaigns/*', status: 503 }),
      201,
    );
    ok(await api.get(`/campaigns/${theirs.id}`)); // another key's request is not touched
    expect((await limitedApi.get(`/campaigns/${mine.id}`)).status).toBe(503);

    const workspaceRule = ok(
      await ctl.post('/faults', { method: 'GET', path: '/brands', status: 500 }),
      201,
    );
    expect(ok(await limitedCtl.get('/faults')).data.map((r: { id: string }) => r.id)).toEqual([
      rule.id,
    ]);
    expectError(
      await limitedCtl.delete(`/faults/${workspaceRule.id}`),
      404,
      'not_found',
      'added by this API key',
    );
    expect(ok(await limitedCtl.delete('/faults'))).toEqual({ deleted: 1 });
    expect(ok(await ctl.get('/faults')).data.map((r: { id: string }) => r.id)).toEqual([
      workspaceRule.id,
    ]);
  });

  it('may read the clock but not move it, and may not reset the workspace (403 naming the limit)', async () => {
    const { limitedCtl } = await limitedToOne();
    ok(await limitedCtl.get('/clock'));
    for (const [path, body] of [
      ['/clock/advance', { by: '1d' }],
      ['/clock/set', { time: '2030-01-01T00:00:00Z' }],
      ['/clock/freeze', undefined],
      ['/clock/resume', undefined],
      ['/reset', {}],
    ] as const) {
      expectError(
        await limitedCtl.post(path, body),
        403,
        'forbidden',
        'limited to campaigns',
        'whole workspace',
        'use a key without limits',
      );
    }
    expect(ok(await ctl.get('/clock')).frozen).toBe(false);
    expect(ok(await api.get('/campaigns')).data).toHaveLength(2);
  });
});

describe('a clock advance', () => {
  it("lets other workspaces be served between its steps (a probe of demo answers before acme's advance does)", async () => {
    // many generations fall due in acme
    const store = (
      await b.store.get<{ id: string }>(
        "SELECT id FROM data_stores WHERE scope = 'library' LIMIT 1",
      )
    )?.id;
    await runSeed(b.services, 'demo');
    const demo = await b.client({ workspace: 'demo' });
    const library =
      store ??
      (await b.store.get<{ id: string }>(
        "SELECT id FROM data_stores WHERE scope = 'library' LIMIT 1",
      ))!.id;
    for (let i = 0; i < 6; i++) {
      const c = ok(
        await api.post('/campaigns', { name: `Busy ${i}`, dataStoreIds: [library] }),
        201,
      );
      ok(await api.post(`/campaigns/${c.id}/targeting/generate`, {}));
    }
    const order: string[] = [];
    const advancing = ctl.post('/clock/advance', { by: '1h' }).then((r) => {
      order.push('advance');
      return r;
    });
    // the advance has started its first step; the probe arrives now
    await new Promise((resolve) => setImmediate(resolve));
    const probe = demo.get('/workspace').then((r) => {
      order.push('probe');
      return r;
    });
    ok(await probe);
    const moved = ok(await advancing);
    expect(moved.ran.generate_targeting).toBe(6);
    expect(order).toEqual(['probe', 'advance']);
  });

  it('holds its workspace: a second advance is a 409 that says where the first one goes; GET /clock shows it', async () => {
    const wsId = await b.workspaceId('acme');
    const until = new Date(b.clock.now().getTime() + 60_000).toISOString();
    await b.store.write(() =>
      b.store.run(
        "INSERT INTO clock_advances (workspace_id, target, owner, lease_until, ran, started_at) VALUES (?, '2030-01-01T00:00:00.000Z', 'elsewhere:1:x:0', ?, '{\"sync_ads\":2}', ?)",
        wsId,
        until,
        b.clock.now().toISOString(),
      ),
    );
    expect(ok(await ctl.get('/clock')).advancing).toEqual({
      to: '2030-01-01T00:00:00.000Z',
      ran: { sync_ads: 2 },
    });
    expectError(
      await ctl.post('/clock/advance', { by: '1h' }),
      409,
      'conflict',
      'being moved to 2030-01-01T00:00:00.000Z',
    );
    expectError(await ctl.post('/reset', {}), 409, 'conflict', 'being moved');
    // job workers keep off its jobs while its lease runs
    ok(
      await api.post('/data-stores', {
        name: 'Waits',
        channelIds: [
          (await b.store.get<{ id: string }>("SELECT id FROM yt_channels WHERE owner = '' LIMIT 1"))
            ?.id ?? 'UC' + 'a'.repeat(22),
        ],
      }),
      201,
    );
    b.clock.advance(10_000);
    expect(await b.services.jobs.claim()).toBeNull();
  });

  it('interrupted, is resumed by a retry with its Idempotency-Key, towards the same instant: never moved twice', async () => {
    ok(await ctl.post('/clock/freeze'));
    const start = Date.parse(ok(await ctl.get('/clock')).now);
    const iso = (ms: number) => new Date(ms).toISOString();
    const wsId = await b.workspaceId('acme');
    const keyId = (await b.services.keys.authenticate(ctl.key))!.keyId;
    // the request's fingerprint, as the pipeline takes it: method, path, query and body
    const fingerprint = createHash('sha256')
      .update(`POST /_adcli/v1/clock/advance?${canonicalJson({})}\n${canonicalJson({ by: '1h' })}`)
      .digest('hex');
    // what a process that died mid-advance leaves: a step taken (10 minutes on), its row, its lease run out
    await b.store.write(async () => {
      await b.store.run(
        'UPDATE workspace_clocks SET frozen_at = ? WHERE workspace_id = ?',
        iso(start + 600_000),
        wsId,
      );
      await b.store.run(
        "INSERT INTO clock_advances (workspace_id, target, owner, lease_until, api_key_id, idempotency_key, fingerprint, ran, started_at) VALUES (?, ?, 'gone:1:x:0', ?, ?, 'advance-once', ?, '{}', ?)",
        wsId,
        iso(start + 3_600_000),
        iso(b.clock.now().getTime() - 1),
        keyId,
        fingerprint,
        iso(b.clock.now().getTime()),
      );
    });
    const key = { 'idempotency-key': 'advance-once' };
    const resumed = ok(await ctl.post('/clock/advance', { by: '1h' }, key));
    expect(resumed.clock.now).toBe(iso(start + 3_600_000)); // the recorded instant, not 10 min + 1 h on
    const replayed = await ctl.post('/clock/advance', { by: '1h' }, key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(resumed);
    expect(ok(await ctl.get('/clock')).now).toBe(resumed.clock.now);
    expectError(await ctl.post('/clock/advance', { by: '2h' }, key), 409, 'idempotency_conflict');
  });
});

describe('page sessions', () => {
  const signIn = async (app: TestBackend['app'], url: string) => {
    const res = await app.request(new URL(url).pathname + new URL(url).search, {
      headers: { 'sec-fetch-site': 'none' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };
  const page = (app: TestBackend['app'], cookie: string) =>
    app.request('/app/', { headers: { cookie }, redirect: 'manual' });

  it("are per workspace: a thousand links minted in acme neither sign demo out nor void demo's pending link", async () => {
    await runSeed(b.services, 'demo');
    const demoCtl = await b.client({ workspace: 'demo', prefix: '/_adcli/v1' });
    const cookie = await signIn(b.app, ok(await demoCtl.post('/login-links', {}), 201).url);
    const pending = ok(await demoCtl.post('/login-links', {}), 201).url;
    for (let i = 0; i < 1000; i++) ok(await ctl.post('/login-links', {}), 201);
    expect((await page(b.app, cookie)).status).toBe(200);
    await signIn(b.app, pending);
    const kept = await b.store.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM web_sessions WHERE kind = 'link' AND workspace_id = ?",
      await b.workspaceId('acme'),
    );
    expect(kept!.n).toBe(MAX_PER_WORKSPACE);
  });

  it('live in the store, hashed: a session opened through one backend works through another on the same store', async () => {
    const link = ok(await ctl.post('/login-links', {}), 201).url;
    const token = new URL(link).searchParams.get('token')!;
    const cookie = await signIn(b.app, link);
    const other = createBackend({ store: b.store, clock: b.clock, rateLimit: 0 });
    expect((await page(other.app, cookie)).status).toBe(200);
    const rows = JSON.stringify(await b.store.all('SELECT * FROM web_sessions'));
    expect(rows).not.toContain(token);
    expect(rows).not.toContain(cookie.split('=')[1]);
  });

  it('are never kept for an Idempotency-Key: a retry gets a new link, and no token rests in the store', async () => {
    const first = ok(await ctl.post('/login-links', {}, { 'idempotency-key': 'link-1' }), 201).url;
    const again = ok(await ctl.post('/login-links', {}, { 'idempotency-key': 'link-1' }), 201).url;
    expect(again).not.toBe(first);
    expect(await b.store.get("SELECT 1 FROM idempotency WHERE key = 'link-1'")).toBeUndefined();
  });

  it('open from a link with no sign of where it came from only after a click on our own page; from another site never', async () => {
    const url = new URL(ok(await ctl.post('/login-links', {}), 201).url);
    const path = url.pathname + url.search;
    const foreign = await b.app.request(path, {
      headers: { referer: 'https://evil.example/page' },
      redirect: 'manual',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();

    const unknown = await b.app.request(path, { redirect: 'manual' });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('set-cookie')).toBeNull();
    const html = await unknown.text();
    expect(html).toContain('Sign in to workspace acme?');
    const token = /name="token" value="([^"]+)"/.exec(html)![1]!;

    const forged = await b.app.request('/app/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: new URLSearchParams({ token }).toString(),
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    const clicked = await b.app.request('/app/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ token }).toString(),
      redirect: 'manual',
    });
    expect(clicked.status).toBe(303);
    expect(clicked.headers.get('set-cookie')).toMatch(/^adcli_session_80=/);
  });
});

describe.runIf(onPostgres)('the rate limit across replicas', () => {
  it("lets exactly the limit through when the replicas' clocks differ by a few milliseconds", async () => {
    // two replicas on one database whose hosts' clocks are 5 ms apart, one key, requests alternating
    const ahead = await testBackend({
      rateLimit: 20,
      clock: new ManualClock('2026-03-02T10:00:00.005Z'),
    });
    const behind = createBackend({
      store: ahead.store,
      clock: new ManualClock('2026-03-02T10:00:00.000Z'),
      rateLimit: 20,
    });
    const viaBehind = clientFor(behind.app, ahead.api.key);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await (i % 2 ? viaBehind : ahead.api).get('/workspace')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
