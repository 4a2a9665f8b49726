// @store both
import { beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_SIZE, RequestJournal } from '../server/control/journal.ts';
import { SCOPES } from '../server/schemas/common.ts';
import { DEMO_CAMPAIGNS } from '../server/seed/demo.ts';
import { expectError, ok } from './helpers/assert.ts';
import { clientFor, testBackend, type Client, type TestBackend } from './helpers/backend.ts';

/**
 * adcli serve's controls through the in-process app: each workspace's clock,
 * reset, snapshots, fault rules and the request journal, under /_adcli/v1 with the backend scope.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let b: TestBackend;
let api: Client;
let ctl: Client;

beforeEach(async () => {
  b = await testBackend();
  api = b.api;
  ctl = await b.client({ prefix: '/_adcli/v1' });
});

const time = async (c: Client = ctl) => Date.parse(ok(await c.get('/clock')).now);

describe('the clock of a workspace', () => {
  it('runs on real time until it is frozen, moved or resumed', async () => {
    const real = b.clock.now().getTime();
    expect(ok(await ctl.get('/clock'))).toEqual({
      now: new Date(real).toISOString(),
      frozen: false,
      offsetMs: 0,
      advancing: null,
    });
    b.clock.advance(1000);
    expect(await time()).toBe(real + 1000);

    expect(ok(await ctl.post('/clock/freeze'))).toMatchObject({ frozen: true });
    b.clock.advance(5000);
    expect(await time()).toBe(real + 1000); // frozen: real time moved, the workspace did not

    const moved = ok(await ctl.post('/clock/advance', { by: '25h' }));
    expect(moved.clock).toMatchObject({
      now: new Date(real + 1000 + 25 * HOUR).toISOString(),
      frozen: true,
    });

    expect(ok(await ctl.post('/clock/resume'))).toMatchObject({ frozen: false });
    b.clock.advance(2000);
    expect(await time()).toBe(real + 3000 + 25 * HOUR);
  });

  it('stamps records with the workspace time', async () => {
    await ctl.post('/clock/set', { time: '2027-01-01T00:00:00Z' });
    const brand = ok(await api.post('/brands', { name: 'Later' }), 201);
    expect(brand.createdAt).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses to move backwards, malformed times and durations, naming the field', async () => {
    expectError(
      await ctl.post('/clock/set', { time: '2020-01-01T00:00:00Z' }),
      400,
      'invalid_request',
      /^time: .*only moves forward/,
    );
    expectError(await ctl.post('/clock/set', { time: 'tomorrow' }), 400, 'invalid_request', 'time');
    expectError(
      await ctl.post('/clock/advance', { by: 'a while' }),
      400,
      'invalid_request',
      /by must be a duration/,
    );
    expectError(
      await ctl.post('/clock/advance', { by: '0s' }),
      400,
      'invalid_request',
      /by must be from 1 ms/,
    );
    expectError(
      await ctl.post('/clock/advance', { by: '1001d' }),
      400,
      'invalid_request',
      /1000 days/,
    );
    expectError(await ctl.post('/clock/advance', {}), 400, 'invalid_request', 'by');
    // ISO 8601 durations are read too
    const before = await time();
    ok(await ctl.post('/clock/advance', { by: 'P1DT2H' }));
    expect((await time()) - before).toBeGreaterThanOrEqual(DAY + 2 * HOUR);
  });

  it('never shows a time past year 9999: set, advance and a fixtures clock are refused, naming the field', async () => {
    const past = /past 9999-12-31T23:59:59\.999Z, the latest time a workspace clock may show$/;
    // a zone's offset carries the last hour of 9999 into year 10000 (+010000-… in ISO 8601)
    const beyond = expectError(
      await ctl.post('/clock/set', { time: '9999-12-31T23:30:00-01:00' }),
      400,
      'invalid_request',
      past,
    );
    expect(beyond.message).toMatch(/^time: the clock would show \+010000-01-01T00:30:00\.000Z, /);
    const fixture = expectError(
      await ctl.post('/fixtures', { clock: { time: '9999-12-31T23:30:00-01:00' } }),
      400,
      'invalid_request',
      past,
    );
    expect(fixture.message).toMatch(/^clock\.time: /);

    ok(await ctl.post('/clock/freeze'));
    ok(await ctl.post('/clock/set', { time: '9999-12-01T00:00:00Z' }));
    const refused = expectError(
      await ctl.post('/clock/advance', { by: '31d' }),
      400,
      'invalid_request',
      past,
    );
    expect(refused.message).toMatch(/^by: the clock would show \+010000-01-01T00:00:00\.000Z, /);
    // nothing moved, and no advance was left under way
    expect(ok(await ctl.get('/clock'))).toMatchObject({
      now: '9999-12-01T00:00:00.000Z',
      advancing: null,
    });
    // up to the last millisecond of 9999, and not one past it
    ok(await ctl.post('/clock/advance', { by: '30d' }));
    ok(await ctl.post('/clock/set', { time: '9999-12-31T23:59:59.999Z' }));
    expectError(await ctl.post('/clock/advance', { by: '1ms' }), 400, 'invalid_request', past);
    expect(ok(await ctl.get('/clock')).now).toBe('9999-12-31T23:59:59.999Z');
  });

  it('needs the backend scope', async () => {
    const noBackend = await b.client({
      scopes: SCOPES.filter((s) => s !== 'backend'),
      prefix: '/_adcli/v1',
    });
    expectError(await noBackend.get('/clock'), 403, 'forbidden', 'backend');
    expectError(await noBackend.post('/clock/advance', { by: '1h' }), 403, 'forbidden', 'backend');
  });

  it('keeps two workspaces at different times', async () => {
    const other = await b.client({ workspace: 'other', prefix: '/_adcli/v1' });
    await ctl.post('/clock/freeze');
    await ctl.post('/clock/advance', { by: '30d' });
    const real = b.clock.now().getTime();
    expect(await time()).toBe(real + 30 * DAY);
    expect(await time(other)).toBe(real);
    const otherApi = await b.client({ workspace: 'other' });
    expect(ok(await otherApi.post('/brands', { name: 'Now' }), 201).createdAt).toBe(
      new Date(real).toISOString(),
    );
    expect(ok(await api.post('/brands', { name: 'Then' }), 201).createdAt).toBe(
      new Date(real + 30 * DAY).toISOString(),
    );
  });

  it('forgets an Idempotency-Key after 24 hours of the workspace time', async () => {
    const key = { 'idempotency-key': 'brand-once' };
    ok(await api.post('/brands', { name: 'First' }, key), 201);
    expectError(await api.post('/brands', { name: 'Second' }, key), 409, 'idempotency_conflict');
    await ctl.post('/clock/advance', { by: '25h' });
    const again = ok(await api.post('/brands', { name: 'Second' }, key), 201);
    expect(again.name).toBe('Second');
  });

  it('keeps rate-limit windows on real time: a frozen clock never holds one open, moving it opens none', async () => {
    b = await testBackend({ rateLimit: 3 });
    api = b.api;
    ctl = clientFor(b.app, api.key, '/_adcli/v1'); // one key: one count
    ok(await ctl.post('/clock/freeze'));
    for (let i = 0; i < 2; i++) ok(await api.get('/workspace'));
    const limited = await api.get('/workspace');
    expectError(limited, 429, 'rate_limited');
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // the controls count too, and moving the workspace's time frees nobody
    expectError(await ctl.post('/clock/advance', { by: '2m' }), 429, 'rate_limited');
    // waiting out Retry-After does, though the workspace's clock stands still
    b.clock.advance(wait * 1000);
    ok(await api.get('/workspace'));
    expect(ok(await ctl.get('/clock')).frozen).toBe(true);
  });
});

describe('advancing runs the work that falls due', () => {
  beforeEach(async () => {
    ok(await ctl.post('/reset', { seed: 'demo' }));
    await ctl.post('/clock/freeze');
  });

  it('gives an ENABLED campaign 7 more days of performance after 7 days', async () => {
    // On the demo's second account, where no other campaign spends.
    const europe = ok(await api.get('/ads-platform/accounts')).data[1].customerId;
    const camp = (await api.get('/campaigns?limit=100')).body.data.find(
      (c: any) => c.name === DEMO_CAMPAIGNS.launch,
    );
    ok(
      await api.patch(`/campaigns/${camp.id}`, {
        campaignType: 'VIDEO',
        budget: 40,
        budgetType: 'daily',
        endDate: null,
      }),
    );
    const published = ok(
      await api.post(`/campaigns/${camp.id}/ads-platform`, { customerId: europe }),
    );
    await b.services.ads.setStatus(published.adsPlatform.campaignId, 'ENABLED');
    const servedDays = async () => {
      const report = ok(
        await api.get(`/ads-platform/performance?customerId=${europe}&dateRange=LAST_30_DAYS`),
      );
      return report.daily.filter((d: any) => d.impressions > 0).length;
    };
    expect(await servedDays()).toBe(0);
    const moved = ok(await ctl.post('/clock/advance', { by: '7d' }));
    expect(await servedDays()).toBe(7);
    expect(moved.ran.sync_ads).toBeGreaterThan(0);
    // Syncs ran at the workspace's time: the last one within an interval of now.
    const synced = (await b.services.ads.listCreated()).find(
      (c) => c.campaignId === camp.id,
    )!.lastSyncAt!;
    expect(Date.parse(moved.clock.now) - Date.parse(synced)).toBeLessThanOrEqual(
      b.services.ads.syncIntervalMs,
    );
    expect(Date.parse(moved.clock.now) - Date.parse(synced)).toBeGreaterThanOrEqual(0);
  });

  it('finishes a collection and a generation, in time order', async () => {
    const ds = ok(
      await api.post('/data-stores', { name: 'Fresh', channelIds: [await demoChannel()] }),
      201,
    );
    expect(ds.status).toBe('collecting');
    const camp = ok(await api.post('/campaigns', { name: 'Timed', dataStoreIds: [ds.id] }), 201);
    ok(await api.post(`/campaigns/${camp.id}/targeting/generate`, {}));
    const moved = ok(await ctl.post('/clock/advance', { by: '1s' }));
    expect(moved.ran).toMatchObject({ collect_data_store: 1, generate_targeting: 1 });
    expect(ok(await api.get(`/data-stores/${ds.id}`)).status).toBe('ready');
    expect(ok(await api.get(`/campaigns/${camp.id}`)).status).toBe('ready');
  });

  it('keeps finished jobs 7 days of the workspace time', async () => {
    ok(await api.post('/data-stores', { name: 'Kept', channelIds: [await demoChannel()] }), 201);
    await ctl.post('/clock/advance', { by: '1s' });
    const finished = async () =>
      (await b.store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM jobs WHERE kind = 'collect_data_store' AND state = 'done'",
      ))!.n;
    expect(await finished()).toBe(1);
    await ctl.post('/clock/advance', { by: '6d' });
    expect(await finished()).toBe(1);
    await ctl.post('/clock/advance', { by: '2d' });
    expect(await finished()).toBe(0);
    // the periodic sync keeps only its latest run
    expect(
      (await b.store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM jobs WHERE kind = 'sync_ads' AND state = 'done'",
      ))!.n,
    ).toBeLessThanOrEqual(1);
  });
});

async function demoChannel(): Promise<string> {
  return (await b.store.get<{ id: string }>(
    "SELECT id FROM yt_channels WHERE owner = '' ORDER BY id LIMIT 1",
  ))!.id;
}

describe('reset', () => {
  it('empties the workspace, keeps its keys, and can load the demo', async () => {
    ok(await api.post('/brands', { name: 'Gone soon' }), 201);
    ok(await ctl.post('/faults', { path: '/brands', status: 503 }), 201);
    expect(ok(await ctl.post('/reset', {}))).toEqual({ workspace: 'acme', seed: null });
    expect(ok(await api.get('/brands')).data).toEqual([]);
    expect(ok(await ctl.get('/faults')).data).toEqual([]);
    expect(ok(await api.get('/ads-platform/accounts')).data).toHaveLength(1);

    expect(ok(await ctl.post('/reset', { seed: 'demo' }))).toEqual({
      workspace: 'acme',
      seed: 'demo',
    });
    const names = ok(await api.get('/campaigns?limit=100')).data.map((c: any) => c.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(DEMO_CAMPAIGNS)));
    expectError(await ctl.post('/reset', { seed: 'nope' }), 400, 'invalid_request', 'seed');
  });

  it('leaves other workspaces alone', async () => {
    const other = await b.client({ workspace: 'other' });
    ok(await other.post('/brands', { name: 'Stays' }), 201);
    ok(await ctl.post('/reset', {}));
    expect(ok(await other.get('/brands')).data.map((x: any) => x.name)).toEqual(['Stays']);
  });
});

describe('faults', () => {
  it('answers two 503s and then lets requests through, in the error shape', async () => {
    const rule = ok(
      await ctl.post('/faults', { method: 'GET', path: '/workspace', status: 503, count: 2 }),
      201,
    );
    expect(rule).toMatchObject({
      method: 'GET',
      path: '/workspace',
      status: 503,
      remaining: 2,
      matched: 0,
    });
    expectError(await api.get('/workspace'), 503, 'unavailable', `fault rule ${rule.id}`);
    expectError(await api.get('/workspace'), 503, 'unavailable');
    ok(await api.get('/workspace'));
    expect(ok(await ctl.get('/faults')).data[0]).toMatchObject({ remaining: 0, matched: 2 });
  });

  it('matches paths with wildcards and methods, and gives a 429 its Retry-After', async () => {
    ok(
      await ctl.post('/faults', { method: 'POST', path: '/campaigns/*/targeting/**', status: 429 }),
      201,
    );
    ok(await ctl.post('/faults', { path: '/campaigns/{campaignId}', status: 404, count: 1 }), 201);
    const campaign = ok(await api.post('/campaigns', { name: 'C' }), 201); // /campaigns itself is not /campaigns/{id}
    expectError(await api.get(`/campaigns/${campaign.id}`), 404, 'not_found', 'injected fault');
    ok(await api.get(`/campaigns/${campaign.id}`));
    const limited = await api.post(`/campaigns/${campaign.id}/targeting/generate`, {});
    expectError(limited, 429, 'rate_limited', 'injected fault');
    expect(limited.headers.get('retry-after')).toBe('1');
    ok(await api.get(`/campaigns/${campaign.id}/targeting`)); // GET is not POST
    // a pattern may not reach past the API's operations
    expectError(
      await ctl.post('/faults', { method: 'POST', path: '/brands/**', status: 429 }),
      400,
      'invalid_request',
      'matches no operation',
    );
  });

  it('delays, and drops the connection (in-process: a marked answer)', async () => {
    ok(await ctl.post('/faults', { path: '/workspace', drop: true, count: 1 }), 201);
    const dropped = await api.get('/workspace');
    expect(dropped.headers.get('x-adcli-dropped')).toBe('1');
    ok(await ctl.post('/faults', { path: '/workspace', delayMs: 30, count: 1 }), 201);
    ok(await api.get('/workspace'));
    const journal = ok(await ctl.get('/requests')).data.filter(
      (e: any) => e.path === '/api/v1/workspace',
    );
    expect(journal.map((e: any) => e.status)).toEqual([0, 200]);
    expect(journal.every((e: any) => e.fault !== null)).toBe(true);
  });

  it('refuses rules that match nothing known or say nothing', async () => {
    expectError(
      await ctl.post('/faults', { path: '/nothing/here', status: 500 }),
      400,
      'invalid_request',
      /^path: .*matches no operation/,
    );
    expectError(
      await ctl.post('/faults', { method: 'PUT', path: '/brands', status: 500 }),
      400,
      'invalid_request',
      'matches no operation',
    );
    expectError(
      await ctl.post('/faults', { path: '/brands' }),
      400,
      'invalid_request',
      'status, delayMs or drop',
    );
    expectError(
      await ctl.post('/faults', { path: '/brands', status: 200 }),
      400,
      'invalid_request',
      'status',
    );
    expectError(
      await ctl.post('/faults', { path: '/brands', status: 500, drop: true }),
      400,
      'invalid_request',
      'exclude',
    );
    expectError(
      await ctl.post('/faults', { path: '/brands', delayMs: 60_001 }),
      400,
      'invalid_request',
      'delayMs',
    );
  });

  it('are per workspace, and can be deleted or cleared', async () => {
    const rule = ok(await ctl.post('/faults', { path: '/workspace', status: 500 }), 201);
    const other = await b.client({ workspace: 'other' });
    ok(await other.get('/workspace'));
    expectError(await api.get('/workspace'), 500, 'internal');
    ok(await ctl.delete(`/faults/${rule.id}`));
    ok(await api.get('/workspace'));
    ok(await ctl.post('/faults', { path: '/**', status: 500 }), 201);
    expect(ok(await ctl.delete('/faults'))).toEqual({ deleted: 1 });
    ok(await api.get('/workspace'));
  });

  it('honours the one-off Prefer header', async () => {
    expectError(await api.get('/workspace', { prefer: 'code=503' }), 503, 'unavailable', 'Prefer');
    const r = await api.get('/workspace', { prefer: 'code=429' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('1');
    ok(await api.get('/workspace', { prefer: 'delay=20' }));
    ok(await api.get('/workspace', { prefer: 'return=minimal' })); // not ours: ignored
    expectError(
      await api.get('/workspace', { prefer: 'code=200' }),
      400,
      'invalid_request',
      'Prefer: code',
    );
    expectError(
      await api.get('/workspace', { prefer: 'delay=99999' }),
      400,
      'invalid_request',
      'Prefer: delay',
    );
  });
});

describe('the request journal', () => {
  it('keeps what a client sent, never the key', async () => {
    ok(await api.post('/brands', { name: 'One' }, { 'idempotency-key': 'k-1' }), 201);
    ok(await api.post('/brands', { name: 'One' }, { 'idempotency-key': 'k-1' }), 201);
    await api.get('/workspace', { prefer: 'code=500' });
    await api.get('/brands?name=On');
    const entries = ok(await ctl.get('/requests')).data;
    expect(entries.map((e: any) => [e.method, e.path, e.status, e.replayed])).toEqual([
      ['POST', '/api/v1/brands', 201, false],
      ['POST', '/api/v1/brands', 201, true],
      ['GET', '/api/v1/workspace', 500, false],
      ['GET', '/api/v1/brands?name=On', 200, false],
    ]);
    expect(entries[0]).toMatchObject({
      idempotencyKey: 'k-1',
      fault: null,
      requestId: expect.stringMatching(/.+/),
    });
    expect(entries[2].fault).toBe('prefer');
    expect(JSON.stringify(entries)).not.toContain(api.key);
    // only newer entries after a seq
    const after = ok(await ctl.get(`/requests?after=${entries[2].seq}`)).data;
    expect(after.map((e: any) => e.path)).toEqual(['/api/v1/brands?name=On']);
    expectError(await ctl.get('/requests?limit=0'), 400, 'invalid_request', 'limit');
  });

  it('is bounded: a busy workspace keeps its newest entries, another keeps its own', async () => {
    const journal = new RequestJournal(b.store);
    const entry = (workspaceId: string, n: number) => ({
      workspaceId,
      at: new Date(n).toISOString(),
      method: 'GET',
      keyId: 'k',
      path: `/api/v1/workspace?n=${n}`,
      status: 200,
      durationMs: 1,
      requestId: `req_${n}`,
      idempotencyKey: null,
      replayed: false,
      fault: null,
    });
    journal.record(entry('quiet', 0));
    for (let n = 1; n <= 3 * JOURNAL_SIZE; n++) journal.record(entry('busy', n));
    await journal.flush();
    const busy = await journal.list('busy', { limit: JOURNAL_SIZE });
    expect(busy).toHaveLength(JOURNAL_SIZE);
    expect(busy.at(-1)!.path).toBe(`/api/v1/workspace?n=${3 * JOURNAL_SIZE}`);
    expect(busy[0]!.path).toBe(`/api/v1/workspace?n=${2 * JOURNAL_SIZE + 1}`);
    // what is kept beyond the newest JOURNAL_SIZE is trimmed in batches, never more than one batch
    expect(await journal.count('busy')).toBeLessThan(2 * JOURNAL_SIZE);
    expect((await journal.list('quiet', { limit: 10 })).map((e) => e.requestId)).toEqual(['req_0']);
    await journal.close();
  });

  it('is per workspace', async () => {
    const other = await b.client({ workspace: 'other' });
    ok(await other.get('/workspace'));
    expect(ok(await ctl.get('/requests')).data).toEqual([]);
  });
});

describe('the controls document', () => {
  it('is served without a key and lists every control', async () => {
    const res = await b.app.request('/_adcli/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.servers).toEqual([{ url: '/_adcli/v1' }]);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/ads/campaigns',
      '/ads/campaigns/{campaignId}/status',
      '/clock',
      '/clock/advance',
      '/clock/freeze',
      '/clock/resume',
      '/clock/set',
      '/faults',
      '/faults/{faultId}',
      '/fixtures',
      '/key',
      '/login-links',
      '/requests',
      '/reset',
      '/snapshot',
    ]);
    expect(doc.paths['/snapshot'].get.responses['200'].content).toHaveProperty([
      'application/vnd.sqlite3',
    ]);
  });
});
