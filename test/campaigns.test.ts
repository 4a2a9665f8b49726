// @store both
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from '../server/schemas/common.ts';
import { campaign, workspace, type Campaign } from '../server/schemas/records.ts';
import { expectError, ok } from './helpers/assert.ts';
import {
  MISSING_ID,
  testBackend,
  type Client,
  type Reply,
  type TestBackend,
} from './helpers/backend.ts';

/**
 * Campaign operations of the in-process app, against the contract (Campaign, Update a campaign,
 * Limits, Errors) and the rules docs/ writes down (implied operations, states, error codes).
 */

let b: TestBackend;
let api: Client;

beforeEach(async () => {
  b = await testBackend();
  api = b.api;
});

const HOUR = 3_600_000;

/** Asserts a campaign reply with the given status and returns the strictly parsed record. */
function expectCampaign(r: Reply, status = 200): Campaign {
  return campaign.parse(ok(r, status));
}

async function create(body: Record<string, unknown> = {}, client: Client = api): Promise<Campaign> {
  return expectCampaign(await client.post('/campaigns', { name: 'Spring launch', ...body }), 201);
}

async function createAudience(
  body: Record<string, unknown> = {},
  client: Client = api,
): Promise<{ id: string; name: string; dataStoreIds: string[] }> {
  const r = await client.post('/audiences', { name: 'Home bakers', ...body });
  expect(r.status).toBe(201);
  return r.body;
}

async function createDataStore(name = 'Baking channels', client: Client = api): Promise<string> {
  const r = await client.post('/data-stores', { name });
  expect(r.status).toBe(201);
  return r.body.id;
}

async function createBrand(
  client: Client = api,
): Promise<{ id: string; name: string; website: string; description: string }> {
  const r = await client.post('/brands', {
    name: 'Crumb & Co',
    website: 'https://crumb.example',
    description: 'Flour for home bakers',
  });
  expect(r.status).toBe(201);
  return r.body;
}

async function defaultCustomerId(slug = 'acme'): Promise<string> {
  return (await b.services.deps.store.get<{ customer_id: string }>(
    'SELECT customer_id FROM ad_accounts WHERE workspace_id = ?',
    await b.workspaceId(slug),
  ))!.customer_id;
}

const s = (n: number, c = 'x') => c.repeat(n);
/** 21 valid country codes, for the 20-item bound of locations. */
const COUNTRIES = [
  'US',
  'CA',
  'MX',
  'BR',
  'AR',
  'GB',
  'IE',
  'FR',
  'DE',
  'AT',
  'CH',
  'NL',
  'BE',
  'LU',
  'IT',
  'ES',
  'PT',
  'DK',
  'SE',
  'NO',
  'FI',
];
const items = (n: number, len = 2) =>
  Array.from({ length: n }, (_, i) => `${i}`.padStart(len, 'a'));

// ---------------------------------------------------------------------------------------------
describe('create a campaign', () => {
  it('answers 201 with the full record and the defaults', async () => {
    const r = await api.post('/campaigns', { name: 'Spring launch' });
    expect(r.status).toBe(201);
    const c = campaign.parse(r.body);
    expect(c.id).toMatch(/^[a-f0-9]{24}$/);
    expect(c).toMatchObject({
      name: 'Spring launch',
      status: 'draft',
      objective: '',
      brandId: null,
      brand: { name: '', website: '', description: '' },
      industry: '',
      language: 'en',
      locations: ['US'],
      successMetrics: [],
      campaignType: null,
      budget: null,
      budgetType: null,
      endDate: null,
      biddingStrategy: null,
      targetCpa: null,
      targetRoas: null,
      adsPlatform: {
        customerId: await defaultCustomerId(),
        accountName: 'acme (main)',
        campaignId: null,
        status: null,
      },
      createdAt: b.clock.now().toISOString(),
      updatedAt: b.clock.now().toISOString(),
    });
    expect(c.audiences).toHaveLength(1);
    expect(c.audiences[0]).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name: expect.any(String),
      audienceId: null,
      dataStoreIds: [],
    });
    expect(c.url).toMatch(new RegExp(`/campaigns/${c.id}$`));
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.headers.get('x-request-id')).toBeTruthy();

    // the same record comes back from GET, strictly shaped
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(c);
  });

  it('stores every setting given', async () => {
    const brand = await createBrand();
    const body = {
      name: 'Holiday push',
      objective: 'Sell more stand mixers to home bakers in December',
      brandId: brand.id,
      industry: 'Kitchen appliances',
      language: 'de',
      locations: ['DE', 'AT', 'CH'],
      successMetrics: ['purchases', 'ROAS above 4'],
      campaignType: 'DEMAND_GEN',
      budget: 2500.5,
      budgetType: 'total',
      endDate: '2026-12-24',
      biddingStrategy: 'TARGET_ROAS',
      targetCpa: 12.5,
      targetRoas: 4.25,
    };
    const c = await create(body);
    const { brandId: _ignored, ...rest } = body;
    expect(c).toMatchObject({ ...rest, brandId: brand.id, status: 'draft' });
    expect(c.brand).toEqual({
      name: brand.name,
      website: brand.website,
      description: brand.description,
    });
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(c);
  });

  it('feeds dataStoreIds to the primary audience (without repeats)', async () => {
    const d1 = await createDataStore('One');
    const d2 = await createDataStore('Two');
    const c = await create({ dataStoreIds: [d1, d2, d1] });
    expect(c.audiences).toHaveLength(1);
    expect(c.audiences[0]).toMatchObject({ audienceId: null, dataStoreIds: [d1, d2] });
  });

  it('attaches copies of saved audiences given in audienceIds', async () => {
    const ds = await createDataStore();
    const a1 = await createAudience({ name: 'Home bakers', dataStoreIds: [ds] });
    const a2 = await createAudience({ name: 'Pastry chefs' });
    const c = await create({ audienceIds: [a1.id, a2.id] });
    expect(c.audiences).toHaveLength(3);
    expect(c.audiences[0]!.audienceId).toBeNull();
    expect(
      c.audiences
        .slice(1)
        .map(({ name, audienceId, dataStoreIds }) => ({ name, audienceId, dataStoreIds })),
    ).toEqual([
      { name: 'Home bakers', audienceId: a1.id, dataStoreIds: [ds] },
      { name: 'Pastry chefs', audienceId: a2.id, dataStoreIds: [] },
    ]);
    expect(new Set(c.audiences.map((a) => a.id)).size).toBe(3);
  });

  it('rejects unknown brandId, dataStoreIds and audienceIds with 400 naming the field, and creates nothing', async () => {
    expectError(
      await api.post('/campaigns', { name: 'x', brandId: MISSING_ID }),
      400,
      'invalid_request',
      'brandId',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', dataStoreIds: [MISSING_ID] }),
      400,
      'invalid_request',
      'dataStoreIds',
    );
    const a = await createAudience();
    expectError(
      await api.post('/campaigns', { name: 'x', audienceIds: [a.id, MISSING_ID] }),
      400,
      'invalid_request',
      'audienceIds[1]',
    );
    const list = await api.get('/campaigns');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect(
      (await b.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaign_audiences'))!.n,
    ).toBe(0);
  });

  it('rejects malformed ids in brandId, dataStoreIds and audienceIds', async () => {
    expectError(
      await api.post('/campaigns', { name: 'x', brandId: 'ABC' }),
      400,
      'invalid_request',
      'brandId',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', dataStoreIds: ['nope'] }),
      400,
      'invalid_request',
      'dataStoreIds[0]',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', audienceIds: [MISSING_ID.toUpperCase()] }),
      400,
      'invalid_request',
      'audienceIds[0]',
    );
  });

  it('takes at most 9 saved audiences (10 slots with the primary)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createAudience({ name: `A${i}` })).id);
    expectError(
      await api.post('/campaigns', { name: 'x', audienceIds: ids }),
      400,
      'invalid_request',
      'audienceIds',
      '9',
    );
    const c = await create({ audienceIds: ids.slice(0, 9) });
    expect(c.audiences).toHaveLength(10);
  });

  it('requires name, and a JSON object body', async () => {
    expectError(await api.post('/campaigns', {}), 400, 'invalid_request', 'name', 'required');
    expectError(await api.post('/campaigns'), 400, 'invalid_request', 'body');
    expectError(await api.post('/campaigns', 'null'), 400, 'invalid_request', 'body');
    expectError(await api.post('/campaigns', '[]'), 400, 'invalid_request', 'body');
    expectError(await api.post('/campaigns', '{"name":'), 400, 'invalid_request', 'JSON');
  });

  it('says which field has the wrong type, and that a missing one is required', async () => {
    expectError(
      await api.post('/campaigns', { name: 'x', budget: '100' }),
      400,
      'invalid_request',
      'budget must be a number, not a string',
    );
    expectError(
      await api.post('/campaigns', { name: 42 }),
      400,
      'invalid_request',
      'name must be a string, not a number',
    );
    expectError(
      await api.post('/campaigns', { name: null }),
      400,
      'invalid_request',
      'name must be a string, not null',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', locations: 'US' }),
      400,
      'invalid_request',
      'locations must be an array, not a string',
    );
    expectError(
      await api.post('/campaigns', { objective: 'x' }),
      400,
      'invalid_request',
      'name is required',
    );
    // JSON numbers that overflow to Infinity are not valid numbers
    expectError(
      await api.post('/campaigns', '{"name":"x","budget":1e400}'),
      400,
      'invalid_request',
      'budget',
    );
  });

  it('rejects unknown and read-only fields', async () => {
    expectError(
      await api.post('/campaigns', { name: 'x', colour: 'red' }),
      400,
      'invalid_request',
      'colour',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', status: 'ready' }),
      400,
      'invalid_request',
      'status',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', id: MISSING_ID }),
      400,
      'invalid_request',
      '"id"',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', audiences: [] }),
      400,
      'invalid_request',
      'audiences',
    );
  });

  it('a total budget requires endDate', async () => {
    expectError(
      await api.post('/campaigns', { name: 'x', budgetType: 'total', budget: 100 }),
      400,
      'invalid_request',
      'endDate',
      'total',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', budgetType: 'total', endDate: null }),
      400,
      'invalid_request',
      'endDate',
    );
    const c = await create({ budgetType: 'total', budget: 100, endDate: '2026-06-30' });
    expect(c).toMatchObject({ budgetType: 'total', budget: 100, endDate: '2026-06-30' });
    expect((await create({ budgetType: 'daily' })).budgetType).toBe('daily');
  });

  it('needs the campaigns:write scope', async () => {
    const reader = await b.client({ scopes: ['campaigns:read'] });
    expectError(
      await reader.post('/campaigns', { name: 'x' }),
      403,
      'forbidden',
      'campaigns:write',
    );
  });

  it('with an Idempotency-Key, a repeat returns the first 201 and creates nothing more', async () => {
    const headers = { 'idempotency-key': 'create-spring-1' };
    const first = await api.post('/campaigns', { name: 'Once' }, headers);
    const c = expectCampaign(first, 201);
    b.clock.advance(HOUR);
    const again = await api.post('/campaigns', { name: 'Once' }, headers);
    expect(expectCampaign(again, 201)).toEqual(c);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(
      await api.post('/campaigns', { name: 'Twice' }, headers),
      409,
      'idempotency_conflict',
    );
    expect((await api.get('/campaigns')).body.data.map((x: Campaign) => x.id)).toEqual([c.id]);
  });
});

// ---------------------------------------------------------------------------------------------
interface BoundCase {
  field: string;
  ok: unknown[];
  bad: [unknown, ...(string | RegExp)[]][];
}

/** Every bound of the Campaign table and Limits: one below, at, one above; enums; wrong types. */
const BOUNDS: BoundCase[] = [
  {
    field: 'name',
    ok: ['a', s(159), s(160)],
    bad: [
      ['', 'name', /empty|at least 1/],
      [s(161), 'name', '160 characters'],
      [42, 'name', 'string'],
      [null, 'name'],
      [['x'], 'name'],
    ],
  },
  {
    field: 'objective',
    ok: ['', s(3999), s(4000)],
    bad: [
      [s(4001), 'objective', '4000 characters'],
      [7, 'objective', 'string'],
      [null, 'objective'],
    ],
  },
  {
    field: 'industry',
    ok: ['', s(119), s(120)],
    bad: [
      [s(121), 'industry', '120 characters'],
      [true, 'industry', 'string'],
      [null, 'industry'],
    ],
  },
  {
    field: 'language',
    // valid tags up to the 20-character bound (codes themselves: test/codes.test.ts)
    ok: ['fr', 'pt-BR', 'ca-Latn-ES-valencia', 'sr-Latn-419-ijekavsk'],
    bad: [
      [s(21), 'language', '20 characters'],
      [1, 'language', 'string'],
      [null, 'language'],
    ],
  },
  {
    field: 'locations',
    ok: [[], ['CA'], COUNTRIES.slice(0, 19), COUNTRIES.slice(0, 20), ['US-CA', 'DE-BY', 'FR-75C']],
    bad: [
      [COUNTRIES.slice(0, 21), 'locations', '20 items'],
      [[s(81)], 'locations[0]', '80 characters'],
      [['US', s(81)], 'locations[1]', '80 characters'],
      ['US', 'locations', 'array'],
      [[1], 'locations[0]', 'string'],
      [null, 'locations'],
    ],
  },
  {
    field: 'successMetrics',
    ok: [[], ['sales'], items(19), items(20), [s(199)], [s(200)]],
    bad: [
      [items(21), 'successMetrics', '20 items'],
      [[s(201)], 'successMetrics[0]', '200 characters'],
      ['sales', 'successMetrics', 'array'],
      [[{}], 'successMetrics[0]'],
      [null, 'successMetrics'],
    ],
  },
  {
    field: 'budget',
    ok: [0.01, 1, 9_999_999.99, 10_000_000],
    bad: [
      [0, 'budget', 'greater than 0'],
      [-5, 'budget', 'greater than 0'],
      [10_000_000.01, 'budget', '10000000'],
      [10_000_001, 'budget', '10000000'],
      ['100', 'budget', 'number'],
    ],
  },
  {
    field: 'targetCpa',
    ok: [0.01, 999_999.99, 1_000_000],
    bad: [
      [0, 'targetCpa', 'greater than 0'],
      [-1, 'targetCpa', 'greater than 0'],
      [1_000_000.01, 'targetCpa', '1000000'],
      ['5', 'targetCpa', 'number'],
    ],
  },
  {
    field: 'targetRoas',
    ok: [0.01, 999.99, 1000],
    bad: [
      [0, 'targetRoas', 'greater than 0'],
      [-0.5, 'targetRoas', 'greater than 0'],
      [1000.01, 'targetRoas', '1000'],
      [false, 'targetRoas', 'number'],
    ],
  },
  {
    field: 'endDate',
    ok: ['2026-12-31', '2028-02-29', '2027-01-01'],
    bad: [
      ['2026-1-1', 'endDate'],
      ['20261231', 'endDate'],
      ['2026-12-31T00:00:00Z', 'endDate'],
      [' 2026-12-31', 'endDate'],
      ['2026-13-01', 'endDate', 'date'],
      ['2026-02-30', 'endDate', 'date'],
      ['2027-02-29', 'endDate', 'date'],
      ['2026-00-10', 'endDate', 'date'],
      [20261231, 'endDate', 'string'],
    ],
  },
  {
    field: 'campaignType',
    ok: ['SEARCH', 'DEMAND_GEN', 'VIDEO', 'DISPLAY'],
    bad: [
      ['search', 'campaignType', 'SEARCH'],
      ['SHOPPING', 'campaignType', 'DISPLAY'],
      [1, 'campaignType'],
      [null, 'campaignType'],
    ],
  },
  {
    field: 'budgetType',
    ok: ['daily'],
    bad: [
      ['weekly', 'budgetType', 'daily'],
      ['DAILY', 'budgetType'],
      [null, 'budgetType'],
    ],
  },
  {
    field: 'biddingStrategy',
    ok: [
      'MAXIMIZE_CONVERSIONS',
      'MAXIMIZE_CONVERSION_VALUE',
      'TARGET_CPA',
      'TARGET_ROAS',
      'TARGET_CPC',
      'TARGET_SPEND',
      'MANUAL_CPC',
    ],
    bad: [
      ['CHEAPEST', 'biddingStrategy', 'MANUAL_CPC'],
      ['target_cpa', 'biddingStrategy'],
      [0, 'biddingStrategy'],
    ],
  },
  {
    field: 'brandId',
    ok: [],
    bad: [
      ['abc', 'brandId'],
      [MISSING_ID.toUpperCase(), 'brandId'],
      [MISSING_ID + 'f', 'brandId'],
      [123, 'brandId'],
    ],
  },
];

const short = (v: unknown) => {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 40 ? `${t.slice(0, 20)}…(${t.length} chars)` : t;
};

describe('bounds and enumerations of the Campaign table', () => {
  for (const { field, ok, bad } of BOUNDS) {
    describe(field, () => {
      for (const value of ok) {
        it(`accepts ${short(value)} on create and on update`, async () => {
          const created = await create(field === 'name' ? { name: value } : { [field]: value });
          expect(created[field as keyof Campaign]).toEqual(value);
          const base = await create();
          const updated = expectCampaign(
            await api.patch(`/campaigns/${base.id}`, { [field]: value }),
          );
          expect(updated[field as keyof Campaign]).toEqual(value);
          expect(
            expectCampaign(await api.get(`/campaigns/${base.id}`))[field as keyof Campaign],
          ).toEqual(value);
        });
      }
      for (const [value, ...fragments] of bad) {
        it(`rejects ${short(value)} with 400 on create and on update`, async () => {
          expectError(
            await api.post(
              '/campaigns',
              field === 'name' ? { name: value } : { name: 'x', [field]: value },
            ),
            400,
            'invalid_request',
            ...fragments,
          );
          expect((await api.get('/campaigns')).body.data).toEqual([]);
          const base = await create();
          expectError(
            await api.patch(`/campaigns/${base.id}`, { [field]: value }),
            400,
            'invalid_request',
            ...fragments,
          );
          // a refused update changes nothing
          expect(expectCampaign(await api.get(`/campaigns/${base.id}`))).toEqual(base);
        });
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
describe('update a campaign', () => {
  const full = {
    name: 'Holiday push',
    objective: 'Sell stand mixers',
    industry: 'Kitchen appliances',
    language: 'en-GB',
    locations: ['GB', 'IE'],
    successMetrics: ['purchases'],
    campaignType: 'SEARCH',
    budget: 900,
    budgetType: 'daily',
    endDate: '2026-12-24',
    biddingStrategy: 'TARGET_CPA',
    targetCpa: 15,
    targetRoas: 3.5,
  } as const;

  it('changes only the fields sent; updatedAt moves and createdAt does not', async () => {
    const brand = await createBrand();
    const c = await create({ ...full, brandId: brand.id });
    b.clock.advance(HOUR);
    const r = await api.patch(`/campaigns/${c.id}`, {
      objective: 'Sell more stand mixers',
      budget: 1200,
    });
    const u = expectCampaign(r);
    expect(u).toEqual({
      ...c,
      objective: 'Sell more stand mixers',
      budget: 1200,
      updatedAt: b.clock.now().toISOString(),
    });
    expect(u.createdAt).toBe(c.createdAt);
    expect(u.updatedAt).not.toBe(c.updatedAt);
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(u);
  });

  it('answers every change with the campaign a GET then reads: each setting, another brand, its slots', async () => {
    const brand = await createBrand();
    const other = ok(
      await api.post('/brands', { name: 'Dough Bros', website: 'https://dough.example' }),
      201,
    );
    const store = await createDataStore();
    const audience = await createAudience({ dataStoreIds: [store] });
    const c = await create({ ...full, brandId: brand.id, audienceIds: [audience.id] });
    expect(c.audiences).toHaveLength(2);
    const patches: Record<string, unknown>[] = [
      { name: 'Summer launch', objective: 'Sell more sourdough starters' },
      { brandId: other.id },
      { industry: 'Food', language: 'fr', locations: ['FR', 'BE'] },
      { successMetrics: ['sales'], campaignType: 'DISPLAY', budget: 12.5 },
      { budgetType: 'total', endDate: '2027-01-31', biddingStrategy: 'TARGET_ROAS' },
      { targetCpa: null, targetRoas: 4.25, brandId: null },
      { brandId: brand.id, endDate: null, budgetType: 'daily' },
      {},
    ];
    for (const patch of patches) {
      b.clock.advance(HOUR);
      const answer = expectCampaign(await api.patch(`/campaigns/${c.id}`, patch));
      expect(answer).toMatchObject(patch);
      expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(answer);
    }
  });

  it('null clears each nullable field', async () => {
    const brand = await createBrand();
    const c = await create({ ...full, brandId: brand.id });
    expect(c.brand.name).toBe(brand.name);
    const cleared = {
      brandId: null,
      budget: null,
      endDate: null,
      biddingStrategy: null,
      targetCpa: null,
      targetRoas: null,
    };
    for (const [field, value] of Object.entries(cleared)) {
      const u = expectCampaign(await api.patch(`/campaigns/${c.id}`, { [field]: value }));
      expect(u[field as keyof Campaign]).toBeNull();
    }
    const after = expectCampaign(await api.get(`/campaigns/${c.id}`));
    expect(after).toMatchObject({
      ...full,
      ...cleared,
      brand: { name: '', website: '', description: '' },
    });
  });

  it('clears several nullable fields in one request', async () => {
    const c = await create(full);
    const u = expectCampaign(
      await api.patch(`/campaigns/${c.id}`, { budget: null, targetCpa: null, targetRoas: null }),
    );
    expect(u).toMatchObject({
      budget: null,
      targetCpa: null,
      targetRoas: null,
      biddingStrategy: 'TARGET_CPA',
      endDate: '2026-12-24',
    });
  });

  it('null for a field that is not nullable is 400 and changes nothing', async () => {
    const c = await create(full);
    for (const field of [
      'name',
      'campaignType',
      'budgetType',
      'locations',
      'objective',
      'industry',
      'language',
      'successMetrics',
    ]) {
      expectError(
        await api.patch(`/campaigns/${c.id}`, { [field]: null }),
        400,
        'invalid_request',
        field,
      );
    }
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(c);
  });

  it('sets, replaces and removes the brand', async () => {
    const brand = await createBrand();
    const c = await create();
    const withBrand = expectCampaign(await api.patch(`/campaigns/${c.id}`, { brandId: brand.id }));
    expect(withBrand.brandId).toBe(brand.id);
    expect(withBrand.brand).toEqual({
      name: 'Crumb & Co',
      website: 'https://crumb.example',
      description: 'Flour for home bakers',
    });
    expectError(
      await api.patch(`/campaigns/${c.id}`, { brandId: MISSING_ID }),
      400,
      'invalid_request',
      'brandId',
    );
    const removed = expectCampaign(await api.patch(`/campaigns/${c.id}`, { brandId: null }));
    expect(removed.brandId).toBeNull();
    expect(removed.brand).toEqual({ name: '', website: '', description: '' });
  });

  it('deleting the brand removes it from the campaign (brandId null, brand empty strings)', async () => {
    const brand = await createBrand();
    const c = await create({ brandId: brand.id });
    expect((await api.delete(`/brands/${brand.id}`)).status).toBe(200);
    const after = expectCampaign(await api.get(`/campaigns/${c.id}`));
    expect(after.brandId).toBeNull();
    expect(after.brand).toEqual({ name: '', website: '', description: '' });
  });

  it('a total budget requires endDate', async () => {
    const c = await create({ budget: 500 });
    expectError(
      await api.patch(`/campaigns/${c.id}`, { budgetType: 'total' }),
      400,
      'invalid_request',
      'endDate',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}`, { budgetType: 'total', endDate: null }),
      400,
      'invalid_request',
      'endDate',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`)).budgetType).toBeNull();

    const total = expectCampaign(
      await api.patch(`/campaigns/${c.id}`, { budgetType: 'total', endDate: '2026-05-31' }),
    );
    expect(total).toMatchObject({ budgetType: 'total', endDate: '2026-05-31' });

    // clearing the end date of a total-budget campaign is refused
    expectError(
      await api.patch(`/campaigns/${c.id}`, { endDate: null }),
      400,
      'invalid_request',
      'endDate',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`)).endDate).toBe('2026-05-31');
    // moving the end date is fine
    expect(
      expectCampaign(await api.patch(`/campaigns/${c.id}`, { endDate: '2026-06-30' })).endDate,
    ).toBe('2026-06-30');
    // switching to daily and clearing the date together is fine
    const daily = expectCampaign(
      await api.patch(`/campaigns/${c.id}`, { budgetType: 'daily', endDate: null }),
    );
    expect(daily).toMatchObject({ budgetType: 'daily', endDate: null });
  });

  it('a missing or non-object body is 400', async () => {
    const c = await create();
    expectError(await api.patch(`/campaigns/${c.id}`), 400, 'invalid_request', 'body');
    expectError(await api.patch(`/campaigns/${c.id}`, '   '), 400, 'invalid_request', 'body');
    expectError(await api.patch(`/campaigns/${c.id}`, 'null'), 400, 'invalid_request', 'body');
    expectError(await api.patch(`/campaigns/${c.id}`, '["name"]'), 400, 'invalid_request', 'body');
    expectError(
      await api.patch(`/campaigns/${c.id}`, '{"name": "x",}'),
      400,
      'invalid_request',
      'JSON',
    );
  });

  it('an empty object changes nothing', async () => {
    const c = await create();
    b.clock.advance(HOUR);
    expect(expectCampaign(await api.patch(`/campaigns/${c.id}`, {}))).toEqual(c);
  });

  it('rejects unknown and read-only fields', async () => {
    const c = await create();
    expectError(
      await api.patch(`/campaigns/${c.id}`, { nmae: 'typo' }),
      400,
      'invalid_request',
      'nmae',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}`, { status: 'ready' }),
      400,
      'invalid_request',
      'status',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}`, { dataStoreIds: [] }),
      400,
      'invalid_request',
      'dataStoreIds',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}`, { createdAt: '2020-01-01' }),
      400,
      'invalid_request',
      'createdAt',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(c);
  });

  it('a malformed id is 400 and an absent one 404 not_found', async () => {
    expectError(
      await api.patch('/campaigns/xyz', { name: 'x' }),
      400,
      'invalid_request',
      'campaignId',
    );
    expectError(
      await api.patch(`/campaigns/${MISSING_ID.toUpperCase()}`, { name: 'x' }),
      400,
      'invalid_request',
      'campaignId',
    );
    expectError(
      await api.patch(`/campaigns/${MISSING_ID}`, { name: 'x' }),
      404,
      'not_found',
      MISSING_ID,
    );
    expectError(await api.get('/campaigns/xyz'), 400, 'invalid_request', 'campaignId');
    expectError(await api.get(`/campaigns/${MISSING_ID}`), 404, 'not_found');
    expectError(await api.delete('/campaigns/xyz'), 400, 'invalid_request', 'campaignId');
    expectError(await api.delete(`/campaigns/${MISSING_ID}`), 404, 'not_found');
  });

  it('campaignType cannot change once the campaign is in the ad platform (409)', async () => {
    const c = await create({ campaignType: 'SEARCH' });
    await b.store.run(
      "UPDATE campaigns SET ads_campaign_id='123', ads_status='PAUSED' WHERE id=?",
      c.id,
    );
    const linked = expectCampaign(await api.get(`/campaigns/${c.id}`));
    expect(linked.adsPlatform).toMatchObject({ campaignId: '123', status: 'PAUSED' });

    expectError(
      await api.patch(`/campaigns/${c.id}`, { campaignType: 'VIDEO' }),
      409,
      'conflict',
      'campaignType',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}`, { campaignType: 'DISPLAY', budget: 10 }),
      409,
      'conflict',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(linked);
    // the same type, and other settings, are still fine
    expect(
      expectCampaign(await api.patch(`/campaigns/${c.id}`, { campaignType: 'SEARCH' }))
        .campaignType,
    ).toBe('SEARCH');
    expect(expectCampaign(await api.patch(`/campaigns/${c.id}`, { budget: 42 })).budget).toBe(42);
  });

  it('campaignType can change freely before the campaign is in the ad platform', async () => {
    const c = await create({ campaignType: 'SEARCH' });
    expect(
      expectCampaign(await api.patch(`/campaigns/${c.id}`, { campaignType: 'VIDEO' })).campaignType,
    ).toBe('VIDEO');
  });

  it('needs the campaigns:write scope', async () => {
    const c = await create();
    const reader = await b.client({ scopes: ['campaigns:read'] });
    expectError(
      await reader.patch(`/campaigns/${c.id}`, { name: 'y' }),
      403,
      'forbidden',
      'campaigns:write',
    );
    expectError(await reader.delete(`/campaigns/${c.id}`), 403, 'forbidden', 'campaigns:write');
    expectCampaign(await reader.get(`/campaigns/${c.id}`));
  });
});

// ---------------------------------------------------------------------------------------------
describe('delete a campaign', () => {
  it('answers {id, deleted:true}; afterwards GET, PATCH and DELETE are 404', async () => {
    const a = await createAudience();
    const c = await create({ audienceIds: [a.id] });
    const other = await create({ name: 'Keep me' });
    const r = await api.delete(`/campaigns/${c.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: c.id, deleted: true });
    expectError(await api.get(`/campaigns/${c.id}`), 404, 'not_found');
    expectError(await api.patch(`/campaigns/${c.id}`, { name: 'x' }), 404, 'not_found');
    expectError(await api.delete(`/campaigns/${c.id}`), 404, 'not_found');
    // its audience slots go with it; the saved audience and other campaigns stay
    expect(
      (await b.store.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM campaign_audiences WHERE campaign_id = ?',
        c.id,
      ))!.n,
    ).toBe(0);
    expect((await api.get(`/audiences/${a.id}`)).status).toBe(200);
    expect((await api.get('/campaigns')).body.data.map((x: Campaign) => x.id)).toEqual([other.id]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('list campaigns', () => {
  const listPage = page(campaign);

  async function list(query = '', client: Client = api) {
    const r = await client.get(`/campaigns${query}`);
    expect(r.status).toBe(200);
    return listPage.parse(r.body);
  }

  it('is empty at first', async () => {
    expect(await list()).toEqual({ data: [], nextCursor: null });
  });

  it('lists newest first, full records', async () => {
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      ids.push((await create({ name })).id);
      b.clock.advance(1000);
    }
    const p = await list();
    expect(p.data.map((c) => c.id)).toEqual([...ids].reverse());
    expect(p.nextCursor).toBeNull();
    expect(p.data[0]).toEqual(expectCampaign(await api.get(`/campaigns/${ids[2]}`)));
  });

  it('filters by name: contains, case-insensitive, % and _ literal', async () => {
    const names = [
      'Spring Sale',
      'spring launch',
      'Autumn SPRING',
      'Winter',
      '100% off',
      '1000 off',
      'a_b',
      'axb',
    ];
    const ids = new Map<string, string>();
    for (const name of names) ids.set(name, (await create({ name })).id);
    const names_ = async (q: string) =>
      (await list(`?name=${encodeURIComponent(q)}`)).data.map((c) => c.name).sort();
    expect(await names_('spring')).toEqual(
      ['Autumn SPRING', 'Spring Sale', 'spring launch'].sort(),
    );
    expect(await names_('SPRING S')).toEqual(['Spring Sale']);
    expect(await names_('%')).toEqual(['100% off']);
    expect(await names_('0%')).toEqual(['100% off']);
    expect(await names_('_')).toEqual(['a_b']);
    expect(await names_('a_b')).toEqual(['a_b']);
    expect(await names_('\\')).toEqual([]);
    expect(await names_('nothing like it')).toEqual([]);
  });

  it('filters by status', async () => {
    const a = await create({ name: 'A' });
    const c = await create({ name: 'C' });
    const r = await create({ name: 'R' });
    await b.store.run("UPDATE campaigns SET status = 'ready' WHERE id = ?", r.id);
    await b.store.run("UPDATE campaigns SET status = 'error' WHERE id = ?", a.id);
    expect((await list('?status=draft')).data.map((x) => x.id)).toEqual([c.id]);
    expect((await list('?status=ready')).data.map((x) => x.id)).toEqual([r.id]);
    expect((await list('?status=error')).data.map((x) => x.id)).toEqual([a.id]);
    expect((await list('?status=loading')).data).toEqual([]);
    expect((await list('?status=ready&name=r')).data.map((x) => x.id)).toEqual([r.id]);
    expectError(await api.get('/campaigns?status=done'), 400, 'invalid_request', 'status');
    expectError(await api.get('/campaigns?status=READY'), 400, 'invalid_request', 'status');
  });

  it('limit is 1-100, default 25', async () => {
    for (let i = 0; i < 30; i++) await create({ name: `C${i}` });
    const first = await list();
    expect(first.data).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await list('?limit=1')).data).toHaveLength(1);
    expect((await list('?limit=2')).data).toHaveLength(2);
    expect((await list('?limit=99')).data).toHaveLength(30);
    const all = await list('?limit=100');
    expect(all.data).toHaveLength(30);
    expect(all.nextCursor).toBeNull();
    expectError(await api.get('/campaigns?limit=0'), 400, 'invalid_request', 'limit', '1');
    expectError(await api.get('/campaigns?limit=101'), 400, 'invalid_request', 'limit', '100');
    expectError(await api.get('/campaigns?limit=-1'), 400, 'invalid_request', 'limit');
    expectError(await api.get('/campaigns?limit=2.5'), 400, 'invalid_request', 'limit');
    const ten = await api.get('/campaigns?limit=ten');
    expectError(
      ten,
      400,
      'invalid_request',
      'limit must be a whole number in decimal digits, not "ten"',
    );
    expect(ten.body.error.message).not.toContain('not not');
  });

  it('pages through every campaign with cursor/nextCursor, each exactly once, newest first', async () => {
    const created: string[] = [];
    for (let i = 0; i < 53; i++) {
      created.push((await create({ name: `Campaign ${i}` })).id);
      if (i % 7 === 0) b.clock.advance(1000);
    }
    const expected = [...created].reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: { data: Campaign[]; nextCursor: string | null } = await list(
        `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      pages++;
      expect(p.data.length).toBe(pages < 6 ? 10 : 3);
      seen.push(...p.data.map((c) => c.id));
      cursor = p.nextCursor;
      expect(pages).toBeLessThanOrEqual(6);
    } while (cursor !== null);
    expect(pages).toBe(6);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(53);
  });

  it('the last page that is exactly full has nextCursor null only when nothing follows', async () => {
    for (let i = 0; i < 20; i++) await create({ name: `C${i}` });
    const p1 = await list('?limit=10');
    expect(p1.nextCursor).not.toBeNull();
    const p2 = await list(`?limit=10&cursor=${encodeURIComponent(p1.nextCursor!)}`);
    expect(p2.data).toHaveLength(10);
    expect(p2.nextCursor).toBeNull();
  });

  it('pages through a filtered list', async () => {
    const wanted: string[] = [];
    for (let i = 0; i < 25; i++) {
      const c = await create({ name: i % 2 ? `Odd ${i}` : `Even ${i}` });
      if (i % 2) wanted.push(c.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: { data: Campaign[]; nextCursor: string | null } = await list(
        `?name=odd&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...p.data.map((c) => c.id));
      cursor = p.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(wanted.reverse());
  });

  it('a garbage cursor is 400', async () => {
    await create();
    expectError(await api.get('/campaigns?cursor=garbage'), 400, 'invalid_request', 'cursor');
    expectError(
      await api.get(`/campaigns?cursor=${Buffer.from('s:abc').toString('base64url')}`),
      400,
      'invalid_request',
      'cursor',
    );
    expectError(await api.get('/campaigns?cursor=%00%01'), 400, 'invalid_request', 'cursor');
  });

  it('an unknown query parameter is 400 naming it', async () => {
    expectError(await api.get('/campaigns?page=2'), 400, 'invalid_request', 'page');
    expectError(await api.get('/campaigns?limit=5&sort=name'), 400, 'invalid_request', 'sort');
  });

  it('a name filter longer than 160 characters is 400', async () => {
    expectError(await api.get(`/campaigns?name=${s(161)}`), 400, 'invalid_request', 'name', '160');
    expect((await list(`?name=${s(160)}`)).data).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('campaign audience slots', () => {
  it('attaches a copy of a saved audience as a new slot (201)', async () => {
    const ds = await createDataStore();
    const a = await createAudience({ name: 'Sourdough fans', dataStoreIds: [ds] });
    const c = await create();
    b.clock.advance(HOUR);
    const r = await api.post(`/campaigns/${c.id}/audiences`, { audienceId: a.id });
    const u = expectCampaign(r, 201);
    expect(u.audiences).toHaveLength(2);
    expect(u.audiences[0]).toEqual(c.audiences[0]);
    expect(u.audiences[1]).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name: 'Sourdough fans',
      audienceId: a.id,
      dataStoreIds: [ds],
    });
    expect(u.audiences[1]!.id).not.toBe(u.audiences[0]!.id);
    expect(u.updatedAt).toBe(b.clock.now().toISOString());
    expect(u.createdAt).toBe(c.createdAt);
  });

  it('takes an optional slot name', async () => {
    const a = await createAudience({ name: 'Sourdough fans' });
    const c = await create();
    const u = expectCampaign(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: a.id, name: 'Bread people' }),
      201,
    );
    expect(u.audiences[1]).toMatchObject({ name: 'Bread people', audienceId: a.id });
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: a.id, name: '' }),
      400,
      'invalid_request',
      'name',
    );
  });

  it('attaching the same saved audience twice is 409', async () => {
    const a = await createAudience();
    const c = await create({ audienceIds: [a.id] });
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: a.id }),
      409,
      'conflict',
      a.id,
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`)).audiences).toHaveLength(2);
  });

  it('a campaign holds at most 10 audiences (409 beyond)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createAudience({ name: `A${i}` })).id);
    const c = await create({ audienceIds: ids.slice(0, 9) });
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: ids[9] }),
      409,
      'conflict',
      '10',
    );
  });

  it('rejects a bad or unknown audienceId and unknown fields', async () => {
    const c = await create();
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, {}),
      400,
      'invalid_request',
      'audienceId',
    );
    expectError(await api.post(`/campaigns/${c.id}/audiences`), 400, 'invalid_request', 'body');
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: 'abc' }),
      400,
      'invalid_request',
      'audienceId',
    );
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: MISSING_ID }),
      400,
      'invalid_request',
      'audienceId',
    );
    const a = await createAudience();
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: a.id, extra: 1 }),
      400,
      'invalid_request',
      'extra',
    );
    expectError(
      await api.post(`/campaigns/${MISSING_ID}/audiences`, { audienceId: a.id }),
      404,
      'not_found',
    );
  });

  it('PATCH renames a slot and replaces its data stores, the primary slot too', async () => {
    const d1 = await createDataStore('One');
    const d2 = await createDataStore('Two');
    const a = await createAudience({ name: 'Sourdough fans', dataStoreIds: [d1] });
    const c = await create({ audienceIds: [a.id], dataStoreIds: [d1] });
    const [primary, slot] = c.audiences;
    b.clock.advance(HOUR);

    const renamed = expectCampaign(
      await api.patch(`/campaigns/${c.id}/audiences/${slot!.id}`, { name: 'Renamed' }),
    );
    expect(renamed.audiences[1]).toEqual({ ...slot, name: 'Renamed' });
    expect(renamed.updatedAt).toBe(b.clock.now().toISOString());

    const restocked = expectCampaign(
      await api.patch(`/campaigns/${c.id}/audiences/${slot!.id}`, { dataStoreIds: [d2, d1] }),
    );
    expect(restocked.audiences[1]).toEqual({ ...slot, name: 'Renamed', dataStoreIds: [d2, d1] });

    const p = expectCampaign(
      await api.patch(`/campaigns/${c.id}/audiences/${primary!.id}`, {
        name: 'Main',
        dataStoreIds: [],
      }),
    );
    expect(p.audiences[0]).toEqual({
      id: primary!.id,
      name: 'Main',
      audienceId: null,
      dataStoreIds: [],
    });

    // the saved audience itself is untouched
    const saved = await api.get(`/audiences/${a.id}`);
    expect(saved.body).toMatchObject({ name: 'Sourdough fans', dataStoreIds: [d1] });
  });

  it('PATCH of a slot checks its body', async () => {
    const c = await create();
    const slot = c.audiences[0]!.id;
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${slot}`),
      400,
      'invalid_request',
      'body',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${slot}`, { name: '' }),
      400,
      'invalid_request',
      'name',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${slot}`, { name: s(161) }),
      400,
      'invalid_request',
      'name',
      '160',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${slot}`, { dataStoreIds: [MISSING_ID] }),
      400,
      'invalid_request',
      'dataStoreIds',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${slot}`, {
        dataStoreIds: Array(21).fill(MISSING_ID),
      }),
      400,
      'invalid_request',
      'dataStoreIds',
      '20',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${slot}`, { audienceId: MISSING_ID }),
      400,
      'invalid_request',
      'audienceId',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/xyz`, { name: 'x' }),
      400,
      'invalid_request',
      'slotId',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${MISSING_ID}`, { name: 'x' }),
      404,
      'not_found',
    );
  });

  it('DELETE removes an attached slot; the primary slot cannot be removed (409)', async () => {
    const a = await createAudience();
    const c = await create({ audienceIds: [a.id] });
    const [primary, slot] = c.audiences;
    b.clock.advance(HOUR);
    const r = await api.delete(`/campaigns/${c.id}/audiences/${slot!.id}`);
    const u = expectCampaign(r);
    expect(u.audiences).toEqual([primary]);
    expect(u.updatedAt).toBe(b.clock.now().toISOString());
    expectError(await api.delete(`/campaigns/${c.id}/audiences/${slot!.id}`), 404, 'not_found');
    expectError(
      await api.delete(`/campaigns/${c.id}/audiences/${primary!.id}`),
      409,
      'conflict',
      'primary',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`)).audiences).toEqual([primary]);
    // the audience can be attached again once removed
    expect(
      expectCampaign(await api.post(`/campaigns/${c.id}/audiences`, { audienceId: a.id }), 201)
        .audiences,
    ).toHaveLength(2);
  });

  it('a slot id of another campaign is 404', async () => {
    const a = await createAudience();
    const c1 = await create({ name: 'One', audienceIds: [a.id] });
    const c2 = await create({ name: 'Two' });
    const foreign = c1.audiences[1]!.id;
    expectError(
      await api.patch(`/campaigns/${c2.id}/audiences/${foreign}`, { name: 'x' }),
      404,
      'not_found',
    );
    expectError(await api.delete(`/campaigns/${c2.id}/audiences/${foreign}`), 404, 'not_found');
    expectError(
      await api.delete(`/campaigns/${c2.id}/audiences/${c1.audiences[0]!.id}`),
      404,
      'not_found',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c1.id}`))).toEqual(c1);
  });

  it('a slot whose targeting is generating cannot be edited or removed (409)', async () => {
    const a = await createAudience();
    const c = await create({ audienceIds: [a.id] });
    const slot = c.audiences[1]!.id;
    await b.store.run(
      "UPDATE campaign_audiences SET targeting_status = 'generating' WHERE id = ?",
      slot,
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${slot}`, { name: 'x' }),
      409,
      'conflict',
      'generating',
    );
    expectError(
      await api.delete(`/campaigns/${c.id}/audiences/${slot}`),
      409,
      'conflict',
      'generating',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`)).audiences).toHaveLength(2);
  });

  it('deleting or changing the saved audience leaves the campaign its copy', async () => {
    const ds = await createDataStore();
    const a = await createAudience({ name: 'Sourdough fans', dataStoreIds: [ds] });
    const c = expectCampaign(
      await api.post(`/campaigns/${(await create()).id}/audiences`, { audienceId: a.id }),
      201,
    );
    const copy = c.audiences[1]!;

    expect(
      (await api.patch(`/audiences/${a.id}`, { name: 'Changed', dataStoreIds: [] })).status,
    ).toBe(200);
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`)).audiences[1]).toEqual(copy);

    const del = await api.delete(`/audiences/${a.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: a.id, deleted: true });
    expect((await api.get(`/audiences/${a.id}`)).status).toBe(404);

    const after = expectCampaign(await api.get(`/campaigns/${c.id}`));
    expect(after.audiences[1]).toEqual({
      id: copy.id,
      name: 'Sourdough fans',
      audienceId: a.id,
      dataStoreIds: [ds],
    });
    // the copy can still be edited and removed
    expect(
      expectCampaign(await api.patch(`/campaigns/${c.id}/audiences/${copy.id}`, { name: 'Kept' }))
        .audiences[1]!.name,
    ).toBe('Kept');
    expect(
      expectCampaign(await api.delete(`/campaigns/${c.id}/audiences/${copy.id}`)).audiences,
    ).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
describe('workspace isolation', () => {
  it("another workspace's key sees none of acme's campaigns", async () => {
    const c = await create();
    const other = await b.client({ workspace: 'other' });
    expectError(await other.get(`/campaigns/${c.id}`), 404, 'not_found');
    expectError(await other.patch(`/campaigns/${c.id}`, { name: 'Hijacked' }), 404, 'not_found');
    expectError(await other.delete(`/campaigns/${c.id}`), 404, 'not_found');
    expectError(
      await other.post(`/campaigns/${c.id}/audiences`, { audienceId: MISSING_ID }),
      404,
      'not_found',
    );
    expectError(
      await other.patch(`/campaigns/${c.id}/audiences/${c.audiences[0]!.id}`, { name: 'x' }),
      404,
      'not_found',
    );
    const list = await other.get('/campaigns');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [], nextCursor: null });
    const ws = await other.get('/workspace');
    expect(ws.body).toMatchObject({ slug: 'other', counts: { campaigns: 0 }, recentCampaigns: [] });
    // acme's campaign is untouched
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(c);

    // and the other workspace's own campaigns stay out of acme's list
    const mine = await create({ name: 'Other campaign' }, other);
    expect(mine.adsPlatform.customerId).toBe(await defaultCustomerId('other'));
    expect(mine.adsPlatform.customerId).not.toBe(await defaultCustomerId('acme'));
    expect((await api.get('/campaigns')).body.data.map((x: Campaign) => x.id)).toEqual([c.id]);
  });

  it('brands, data stores and audiences of another workspace cannot be used (400)', async () => {
    const other = await b.client({ workspace: 'other' });
    const brand = await createBrand(other);
    const ds = await createDataStore('Theirs', other);
    const aud = await createAudience({ name: 'Theirs' }, other);
    expectError(
      await api.post('/campaigns', { name: 'x', brandId: brand.id }),
      400,
      'invalid_request',
      'brandId',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', dataStoreIds: [ds] }),
      400,
      'invalid_request',
      'dataStoreIds',
    );
    expectError(
      await api.post('/campaigns', { name: 'x', audienceIds: [aud.id] }),
      400,
      'invalid_request',
      'audienceIds',
    );
    const c = await create();
    expectError(
      await api.patch(`/campaigns/${c.id}`, { brandId: brand.id }),
      400,
      'invalid_request',
      'brandId',
    );
    expectError(
      await api.post(`/campaigns/${c.id}/audiences`, { audienceId: aud.id }),
      400,
      'invalid_request',
      'audienceId',
    );
    expectError(
      await api.patch(`/campaigns/${c.id}/audiences/${c.audiences[0]!.id}`, { dataStoreIds: [ds] }),
      400,
      'invalid_request',
      'dataStoreIds',
    );
    expect(expectCampaign(await api.get(`/campaigns/${c.id}`))).toEqual(c);
  });
});

// ---------------------------------------------------------------------------------------------
describe('keys limited to campaigns or ad-platform accounts', () => {
  it('a key limited to campaign A may use A only, and cannot create campaigns', async () => {
    const a = await create({ name: 'A' });
    const bb = await create({ name: 'B' });
    const limited = await b.client({ campaignIds: [a.id] });

    expect(expectCampaign(await limited.get(`/campaigns/${a.id}`))).toEqual(a);
    expect(
      expectCampaign(await limited.patch(`/campaigns/${a.id}`, { objective: 'ok' })).objective,
    ).toBe('ok');

    expectError(await limited.get(`/campaigns/${bb.id}`), 403, 'forbidden', bb.id);
    expectError(await limited.patch(`/campaigns/${bb.id}`, { name: 'x' }), 403, 'forbidden');
    expectError(await limited.delete(`/campaigns/${bb.id}`), 403, 'forbidden');
    expectError(
      await limited.post(`/campaigns/${bb.id}/audiences`, { audienceId: MISSING_ID }),
      403,
      'forbidden',
    );
    // an id that does not exist is still outside the limit: 403, not 404
    expectError(await limited.get(`/campaigns/${MISSING_ID}`), 403, 'forbidden');
    expectError(await limited.delete(`/campaigns/${MISSING_ID}`), 403, 'forbidden');

    const list = await limited.get('/campaigns');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: Campaign) => c.id)).toEqual([a.id]);
    expect(list.body.nextCursor).toBeNull();

    expectError(await limited.post('/campaigns', { name: 'New' }), 403, 'forbidden', 'campaigns');
    expect((await api.get('/campaigns')).body.data).toHaveLength(2);

    const ws = await limited.get('/workspace');
    expect(ws.status).toBe(200);
    expect(ws.body.counts.campaigns).toBe(1);
    expect(ws.body.recentCampaigns.map((c: Campaign) => c.id)).toEqual([a.id]);

    expect((await limited.delete(`/campaigns/${a.id}`)).body).toEqual({ id: a.id, deleted: true });
  });

  it('a key limited to an account the workspace does not have gets 403', async () => {
    const c = await create();
    const foreign = await b.client({ customerIds: ['999-999-9999'] });
    expectError(await foreign.get(`/campaigns/${c.id}`), 403, 'forbidden', 'account');
    expectError(await foreign.patch(`/campaigns/${c.id}`, { name: 'x' }), 403, 'forbidden');
    expectError(await foreign.delete(`/campaigns/${c.id}`), 403, 'forbidden');
    expectError(await foreign.post('/campaigns', { name: 'x' }), 403, 'forbidden');
    expect((await foreign.get('/campaigns')).body).toEqual({ data: [], nextCursor: null });
  });

  it("a key limited to the workspace's account, with or without dashes, may use its campaigns", async () => {
    const c = await create();
    const account = await defaultCustomerId();
    expect(account).toMatch(/^\d{3}-\d{3}-\d{4}$/);
    for (const id of [account, account.replace(/-/g, '')]) {
      const k = await b.client({ customerIds: [id] });
      expect(expectCampaign(await k.get(`/campaigns/${c.id}`))).toEqual(c);
      expect((await k.get('/campaigns')).body.data.map((x: Campaign) => x.id)).toContain(c.id);
      const made = await create({ name: `Made with ${id}` }, k);
      expect(made.adsPlatform.customerId).toBe(account);
    }
  });

  it('a campaign in an account outside the key limit is 403 while others are fine', async () => {
    const inside = await create({ name: 'Inside' });
    const outside = await create({ name: 'Outside' });
    await b.services.workspaces.addAccount(
      await b.workspaceId(),
      { customerId: '5554443333', name: 'Second', currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
      false,
    );
    await b.store.run("UPDATE campaigns SET customer_id = '555-444-3333' WHERE id = ?", outside.id);
    const k = await b.client({ customerIds: [await defaultCustomerId()] });
    expectCampaign(await k.get(`/campaigns/${inside.id}`));
    expectError(await k.get(`/campaigns/${outside.id}`), 403, 'forbidden', '555-444-3333');
    expect((await k.get('/campaigns')).body.data.map((x: Campaign) => x.id)).toEqual([inside.id]);
    expect(expectCampaign(await api.get(`/campaigns/${outside.id}`)).adsPlatform).toMatchObject({
      customerId: '555-444-3333',
      accountName: 'Second',
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('GET /workspace', () => {
  it('counts everything and shows at most 5 newest campaigns as full records', async () => {
    const empty = await api.get('/workspace');
    expect(empty.status).toBe(200);
    expect(workspace.parse(empty.body)).toEqual({
      slug: 'acme',
      counts: { campaigns: 0, audiences: 0, dataStores: 0, brands: 0 },
      recentCampaigns: [],
    });

    await createBrand();
    await createDataStore('One');
    await createDataStore('Two');
    await createAudience();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await create({ name: `C${i}` })).id);
      b.clock.advance(1000);
    }
    const r = await api.get('/workspace');
    expect(r.status).toBe(200);
    const ws = workspace.parse(r.body);
    expect(ws.counts).toEqual({ campaigns: 7, audiences: 1, dataStores: 2, brands: 1 });
    expect(ws.recentCampaigns.map((c) => c.id)).toEqual(ids.slice(2).reverse());
    for (const c of ws.recentCampaigns)
      expect(c).toEqual(expectCampaign(await api.get(`/campaigns/${c.id}`)));

    await api.delete(`/campaigns/${ids[6]}`);
    const after = workspace.parse((await api.get('/workspace')).body);
    expect(after.counts.campaigns).toBe(6);
    expect(after.recentCampaigns.map((c) => c.id)).toEqual(ids.slice(1, 6).reverse());
  });

  it('shows fewer than 5 when there are fewer', async () => {
    const c = await create();
    const ws = workspace.parse((await api.get('/workspace')).body);
    expect(ws.recentCampaigns).toEqual([c]);
  });

  it('rejects query parameters and needs campaigns:read', async () => {
    expectError(await api.get('/workspace?x=1'), 400, 'invalid_request', 'x');
    const k = await b.client({ scopes: ['audiences:read'] });
    expectError(await k.get('/workspace'), 403, 'forbidden', 'campaigns:read');
  });
});
