// @store both
/**
 * Workspace snapshots as an attacker with two workspaces tries them: a key of `acme` with the backend
 * scope saves and loads only `acme`; a crafted file (made with SQLite, as the sqlite3 CLI would) can
 * neither add a key nor reach `demo`, nor revive a revoked key, and a file with odd values is refused
 * with a 400 naming the table and row while nothing changes. On both stores.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashKey } from '../server/domain/keys.ts';
import { runSeed } from '../server/seed/index.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { expectError, ok } from './helpers/assert.ts';
import { onPostgres, testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { snapshotTools, type SnapshotTools } from './helpers/snapshots.ts';

let b: TestBackend;
let api: Client;
let ctl: Client;
let demo: Client;
let dir: string;
let tools: SnapshotTools;

beforeEach(async () => {
  b = await testBackend();
  await runSeed(b.services, 'demo');
  api = b.api;
  ctl = await b.client({ prefix: '/_adcli/v1' });
  demo = await b.client({ workspace: 'demo' });
  dir = mkdtempSync(join(tmpdir(), 'adcli-test-snapshots-'));
  tools = snapshotTools(b, dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const save = (key = ctl.key) => tools.save(key);
const load = (bytes: Uint8Array, key = ctl.key) => tools.load(bytes, key);
const edited = (bytes: Uint8Array, sql: string, ...params: string[]) =>
  tools.edited(bytes, sql, ...params);
const rowsOf = (bytes: Uint8Array, sql: string) => tools.rowsOf(bytes, sql);

const names = async (c: Client, path: string) =>
  ok(await c.get(path))
    .data.map((x: { name: string }) => x.name)
    .sort();

describe('a workspace snapshot', () => {
  it("holds the caller's workspace alone, and never a key, a login link, a session or an idempotency record", async () => {
    ok(await api.post('/brands', { name: 'Acme brand' }, { 'idempotency-key': 'brand-1' }), 201);
    ok(await ctl.post('/login-links', {}), 201);
    const bytes = await save();
    expect(Buffer.from(bytes.subarray(0, 15)).toString()).toBe('SQLite format 3');
    const acmeId = await b.workspaceId('acme');
    expect(rowsOf(bytes, 'SELECT name, value FROM snapshot_meta ORDER BY name')).toEqual(
      expect.arrayContaining([
        { name: 'kind', value: 'workspace' },
        { name: 'workspace', value: 'acme' },
        { name: 'workspace_id', value: acmeId },
      ]),
    );
    expect(rowsOf(bytes, 'SELECT name FROM brands')).toEqual([{ name: 'Acme brand' }]);
    expect(rowsOf(bytes, 'SELECT COUNT(*) AS n FROM campaigns')).toEqual([{ n: 0 }]);
    for (const table of [
      'workspaces',
      'api_keys',
      'idempotency',
      'web_sessions',
      'clock_advances',
    ]) {
      expect(rowsOf(bytes, `SELECT COUNT(*) AS n FROM ${table}`), table).toEqual([{ n: 0 }]);
    }
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).not.toContain(api.key);
    expect(text).not.toContain(hashKey(api.key));
  });

  it("loads back into the caller's workspace only: the other workspace and the caller's key are untouched", async () => {
    ok(await api.post('/brands', { name: 'Before' }), 201);
    const bytes = await save();
    ok(await api.post('/brands', { name: 'After' }), 201);
    const demoBefore = await names(demo, '/campaigns?limit=100');

    const r = ok(await load(bytes));
    expect(r).toMatchObject({ workspace: 'acme', rows: { brands: 1, campaigns: 0 } });
    expect(await names(api, '/brands')).toEqual(['Before']);
    expect(await names(demo, '/campaigns?limit=100')).toEqual(demoBefore);
    ok(await ctl.get('/clock'));
  });

  it('is refused to a key limited to campaigns or accounts, in both directions', async () => {
    const bytes = await save();
    const limited = await b.client({ prefix: '/_adcli/v1', customerIds: ['1234567890'] });
    const saveRes = await b.app.request('/_adcli/v1/snapshot', {
      headers: { authorization: `Bearer ${limited.key}` },
    });
    expect(saveRes.status).toBe(403);
    expect(((await saveRes.json()) as any).error.message).toMatch(
      /limited to ad-platform accounts 123-456-7890.*whole workspace/,
    );
    expectError(await load(bytes, limited.key), 403, 'forbidden', 'whole workspace');
  });
});

describe('a crafted snapshot', () => {
  it('cannot add a key: an api_keys row for another workspace is ignored, and that workspace is untouched', async () => {
    const bytes = await save();
    const demoId = await b.workspaceId('demo');
    const forged = 'adcli_' + 'F'.repeat(40);
    const crafted = edited(
      bytes,
      "INSERT INTO workspaces (id, slug, exploration, created_at) VALUES (?1, 'demo', 1, '2026-01-01T00:00:00.000Z'); INSERT INTO api_keys (id, workspace_id, name, hash, hint, scopes, created_at) VALUES ('bbbbbbbbbbbbbbbbbbbbbbbb', ?1, 'x', ?2, 'x', '[\"campaigns:read\",\"backend\"]', '2026-01-01T00:00:00.000Z')"
        .replace(/\?1/g, `'${demoId}'`)
        .replace('?2', `'${hashKey(forged)}'`),
    );
    const demoBefore = await names(demo, '/campaigns?limit=100');
    ok(await load(crafted));
    const withForged = await b.app.request('/api/v1/campaigns', {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(withForged.status).toBe(401);
    expect(await names(demo, '/campaigns?limit=100')).toEqual(demoBefore);
  });

  it("cannot write into another workspace: a campaign of demo's id, or a slot on demo's campaign, is a 400 and nothing changes", async () => {
    ok(await api.post('/campaigns', { name: 'Acme launch' }), 201);
    const bytes = await save();
    const demoCampaign = ok(await demo.get('/campaigns?limit=1')).data[0];
    const before = await names(api, '/campaigns');

    const stolenId = await load(
      edited(
        bytes,
        'UPDATE campaign_audiences SET campaign_id = ?; UPDATE campaigns SET id = ?',
        demoCampaign.id,
        demoCampaign.id,
      ),
    );
    expectError(
      stolenId,
      400,
      'invalid_request',
      /campaigns row 1 .*another workspace of this server holds.*nothing was loaded/,
    );
    const foreignSlot = await load(
      edited(bytes, 'UPDATE campaign_audiences SET campaign_id = ?', demoCampaign.id),
    );
    // the slot left its campaign: a row of another workspace's campaign is no row of this snapshot
    expectError(
      foreignSlot,
      400,
      'invalid_request',
      /campaigns row 1 .*has no primary audience slot/,
    );

    expect(await names(api, '/campaigns')).toEqual(before);
    expect(ok(await demo.get(`/campaigns/${demoCampaign.id}`)).name).toBe(demoCampaign.name);
  });

  it('never revives a revoked key', async () => {
    const other = await b.client();
    const auth = await b.services.keys.authenticate(other.key);
    const bytes = await save();
    await b.services.keys.revoke(auth!.keyId);
    expect((await other.get('/workspace')).status).toBe(401);
    ok(await load(bytes));
    expect((await other.get('/workspace')).status).toBe(401);
  });

  it.each([
    [
      'a clock row whose time is not a time',
      "INSERT INTO workspace_clocks (workspace_id, frozen_at, offset_ms, updated_at) VALUES ('x', 'not a time', 0, '2026-01-01T00:00:00.000Z'); UPDATE workspace_clocks SET workspace_id = (SELECT value FROM snapshot_meta WHERE name = 'workspace_id')",
      /workspace_clocks row 1 frozen_at must be an ISO 8601 time/,
    ],
    [
      'campaign locations that are not JSON',
      "UPDATE campaigns SET locations = '{{{'",
      /campaigns row 1 .*locations must be an array of strings/,
    ],
    [
      'a campaign location that is no code',
      `UPDATE campaigns SET locations = '["Germany"]'`,
      /campaigns row 1 .*locations: .*DE/,
    ],
    [
      'a campaign status no campaign has',
      "UPDATE campaigns SET status = 'running'",
      /campaigns row 1 .*status must be one of draft/,
    ],
    [
      'a brand whose website is no URL',
      "UPDATE brands SET website = 'javascript:alert(1)'",
      /brands row 1 .*website/,
    ],
    [
      'targeting items of no known section',
      `UPDATE campaign_audiences SET targeting_items = '[{"section":"adverts","label":"x","text":"x","matchType":"","source":"manual"}]'`,
      /campaign_audiences row 1 .*targeting_items/,
    ],
    ['a dropped table', 'DROP TABLE brands', /no table brands/],
  ])(
    'with %s is refused with a 400 naming the table and row, and nothing changes',
    async (_what, sql, message) => {
      ok(await api.post('/brands', { name: 'Kept', website: 'https://kept.example' }), 201);
      ok(await api.post('/campaigns', { name: 'Kept launch' }), 201);
      const bytes = await save();
      ok(await api.post('/brands', { name: 'Newer' }), 201);

      expectError(await load(edited(bytes, sql)), 400, 'invalid_request', message);
      expect(await names(api, '/brands')).toEqual(['Kept', 'Newer']);
      expect(await names(api, '/campaigns')).toEqual(['Kept launch']);
      // the server goes on serving, and a good file still loads
      ok(await load(bytes));
      expect(await names(api, '/brands')).toEqual(['Kept']);
    },
  );

  it('from a newer adcli, or not an adcli store, is refused and nothing changes', async () => {
    ok(await api.post('/brands', { name: 'Kept' }), 201);
    const bytes = await save();
    expectError(
      await load(
        edited(
          bytes,
          "INSERT INTO schema_migrations (version, applied_at) VALUES (999, '2030-01-01')",
        ),
      ),
      400,
      'invalid_request',
      /newer adcli \(schema 999/,
    );
    expectError(
      await load(edited(bytes, 'DROP TABLE schema_migrations')),
      400,
      'invalid_request',
      /not an adcli store/,
    );
    expectError(
      await load(new TextEncoder().encode('x'.repeat(500))),
      400,
      'invalid_request',
      /not an SQLite database/,
    );
    expect(await names(api, '/brands')).toEqual(['Kept']);
  });

  it('larger than the bound is refused before it is read', async () => {
    const res = await b.app.request('/_adcli/v1/snapshot', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${ctl.key}`,
        'content-type': 'application/vnd.sqlite3',
        'content-length': String(600 * 1024 * 1024),
      },
      body: new Uint8Array(10),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });
});

describe('the demo workspace', () => {
  it('goes through a snapshot and back unchanged: campaigns, targeting, reports and the clock', async () => {
    const demoCtl = await b.client({ workspace: 'demo', prefix: '/_adcli/v1' });
    ok(await demoCtl.post('/clock/freeze'));
    const campaigns = ok(await demo.get('/campaigns?limit=100')).data;
    const accounts = ok(await demo.get('/ads-platform/accounts')).data;
    const report = ok(
      await demo.get(
        `/ads-platform/performance?customerId=${accounts[0].customerId}&dateRange=LAST_30_DAYS`,
      ),
    );
    const clock = ok(await demoCtl.get('/clock'));
    const bytes = await save(demoCtl.key);

    ok(await demoCtl.post('/reset', {}));
    expect(ok(await demo.get('/campaigns')).data).toEqual([]);
    const loaded = await load(bytes, demoCtl.key);
    expect(loaded.body).toMatchObject({ workspace: 'demo' });

    expect(ok(await demo.get('/campaigns?limit=100')).data).toEqual(campaigns);
    expect(
      ok(
        await demo.get(
          `/ads-platform/performance?customerId=${accounts[0].customerId}&dateRange=LAST_30_DAYS`,
        ),
      ),
    ).toEqual(report);
    expect(ok(await demoCtl.get('/clock'))).toEqual(clock);
  });
});

describe.skipIf(onPostgres)('a whole-store snapshot of an earlier adcli', () => {
  it("loads the caller's workspace out of it, and nothing of the others or of any key", async () => {
    ok(await api.post('/brands', { name: 'From the old file' }), 201);
    const file = join(dir, 'old.db');
    (b.store as SqliteStore).db.prepare('VACUUM INTO ?').run(file);
    const old = new Uint8Array(readFileSync(file));
    ok(await api.post('/brands', { name: 'Later' }), 201);
    const demoBefore = await names(demo, '/campaigns?limit=100');

    expect(ok(await load(old))).toMatchObject({ workspace: 'acme', rows: { brands: 1 } });
    expect(await names(api, '/brands')).toEqual(['From the old file']);
    expect(await names(demo, '/campaigns?limit=100')).toEqual(demoBefore);
  });
});
