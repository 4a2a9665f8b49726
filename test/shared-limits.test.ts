// @store both
/**
 * Keys limited to ad-platform accounts or to campaigns, and the things campaigns share (brands, saved
 * audiences, data stores) (docs/controls.md, the tenant model). A limited key may read and create them, but may change or
 * delete one only when no campaign outside its limit uses it (403 otherwise).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';

const A = '111-222-3333';
const B = '444-555-6666';
const WS = 'two-accounts';

let b: TestBackend;
let full: Client;
/** the campaigns, one per account; created by keys limited to that account */
let inA: string;
let inB: string;
/** used by both campaigns */
let shared: { brand: string; audience: string; dataStore: string };
/** used by the campaign in A only */
let onlyA: { brand: string; audience: string; dataStore: string };
/** used by no campaign */
let unused: { brand: string; audience: string; dataStore: string };

async function things(c: Client, tag: string) {
  const brand = ok(await c.post('/brands', { name: `Brand ${tag}` }), 201).id as string;
  const dataStore = ok(await c.post('/data-stores', { name: `Store ${tag}` }), 201).id as string;
  const audience = ok(
    await c.post('/audiences', { name: `Audience ${tag}`, dataStoreIds: [dataStore] }),
    201,
  ).id as string;
  return { brand, audience, dataStore };
}

beforeEach(async () => {
  b = await testBackend();
  await b.store.write(async () =>
    b.services.workspaces.ensure(WS, {
      accounts: [
        { customerId: A, name: 'Acme US', currencyCode: 'USD', timeZone: 'America/New_York' },
        { customerId: B, name: 'Acme Europe', currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
      ],
    }),
  );
  full = await b.client({ workspace: WS });
  shared = await things(full, 'shared');
  onlyA = await things(full, 'only A');
  unused = await things(full, 'unused');
  const campaign = (
    c: Client,
    name: string,
    t: typeof shared,
    extra: { audienceIds: string[]; dataStoreIds: string[] },
  ) => c.post('/campaigns', { name, brandId: t.brand, ...extra });
  // A campaign lands in the first account its key may use.
  const keyA = await b.client({ workspace: WS, customerIds: [A] });
  const keyB = await b.client({ workspace: WS, customerIds: [B] });
  inA = ok(
    await campaign(keyA, 'In A', onlyA, {
      audienceIds: [shared.audience, onlyA.audience],
      dataStoreIds: [shared.dataStore, onlyA.dataStore],
    }),
    201,
  ).id;
  inB = ok(
    await campaign(keyB, 'In B', shared, {
      audienceIds: [shared.audience],
      dataStoreIds: [shared.dataStore],
    }),
    201,
  ).id;
  expect(ok(await full.get(`/campaigns/${inA}`)).adsPlatform.customerId).toBe(A);
  expect(ok(await full.get(`/campaigns/${inB}`)).adsPlatform.customerId).toBe(B);
});

const KINDS = [
  { kind: 'brand', path: '/brands', key: 'brand', patch: { name: 'Renamed' } },
  { kind: 'audience', path: '/audiences', key: 'audience', patch: { keywords: ['changed'] } },
  { kind: 'data store', path: '/data-stores', key: 'dataStore', patch: { description: 'changed' } },
] as const;

const LIMITS = [
  { limit: 'one ad-platform account', client: () => b.client({ workspace: WS, customerIds: [A] }) },
  { limit: 'one campaign', client: () => b.client({ workspace: WS, campaignIds: [inA] }) },
  {
    limit: 'one campaign and one account',
    client: () => b.client({ workspace: WS, campaignIds: [inA], customerIds: [A] }),
  },
];

describe.each(LIMITS)('a key limited to $limit', ({ client }) => {
  describe.each(KINDS)('and a $kind', ({ kind, path, key, patch }) => {
    it('may read the shared one and create a new one', async () => {
      const c = await client();
      expect(ok(await c.get(`${path}/${shared[key]}`)).id).toBe(shared[key]);
      expect(ok(await c.get(path)).data.length).toBeGreaterThanOrEqual(3);
      ok(await c.post(path, { name: `New ${kind}` }), 201);
    });

    it('may not change or delete one that a campaign outside its limit uses (403), and nothing changes', async () => {
      const c = await client();
      const before = ok(await full.get(`${path}/${shared[key]}`));
      for (const r of [
        await c.patch(`${path}/${shared[key]}`, patch),
        await c.delete(`${path}/${shared[key]}`),
      ]) {
        expect(r.status, JSON.stringify(r.body)).toBe(403);
        expect(r.body.error.code).toBe('forbidden');
        expect(r.body.error.message).toContain(
          `${kind} ${shared[key]} is also used by campaigns outside that limit`,
        );
        // nothing about the campaigns outside the limit
        expect(r.body.error.message).not.toContain(inB);
      }
      expect(ok(await full.get(`${path}/${shared[key]}`))).toEqual(before);
      const other = ok(await full.get(`/campaigns/${inB}`));
      if (kind === 'brand') expect(other.brandId).toBe(shared.brand);
      if (kind === 'audience')
        expect(other.audiences.map((s: any) => s.audienceId)).toContain(shared.audience);
      if (kind === 'data store')
        expect(other.audiences[0].dataStoreIds).toEqual([shared.dataStore]);
    });

    it('may change and delete one that only campaigns inside its limit use, or none', async () => {
      const c = await client();
      for (const id of [onlyA[key], unused[key]]) {
        ok(await c.patch(`${path}/${id}`, patch));
        expect(ok(await c.delete(`${path}/${id}`))).toEqual({ id, deleted: true });
        expect((await full.get(`${path}/${id}`)).status).toBe(404);
      }
    });
  });

  it('may not import into a data store a campaign outside its limit uses', async () => {
    const body = {
      channels: [{ id: 'UCsharedLimitsChannel001', snippet: { title: 'A channel' } }],
    };
    const r = await (await client()).post(`/data-stores/${shared.dataStore}/import`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(ok(await full.get(`/data-stores/${shared.dataStore}`)).channelCount).toBe(0);
    ok(await (await client()).post(`/data-stores/${onlyA.dataStore}/import`, body));
    expect(ok(await full.get(`/data-stores/${onlyA.dataStore}`)).channelCount).toBe(1);
  });
});

describe('keys without limits', () => {
  it('change and delete shared things whoever uses them', async () => {
    for (const { path, key, patch } of KINDS) {
      ok(await full.patch(`${path}/${shared[key]}`, patch));
      ok(await full.delete(`${path}/${shared[key]}`));
    }
    const other = ok(await full.get(`/campaigns/${inB}`));
    expect(other.brandId).toBeNull();
    expect(other.audiences[0].dataStoreIds).toEqual([]);
  });
});
