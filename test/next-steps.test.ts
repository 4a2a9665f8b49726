// @store both
import { beforeEach, describe, expect, it } from 'vitest';
import { campaign, type Campaign } from '../server/schemas/records.ts';
import { nearestName } from '../server/schemas/nearest.ts';
import { DEMO_CAMPAIGNS } from '../server/seed/demo.ts';
import { runSeed } from '../server/seed/index.ts';
import { expectError } from './helpers/assert.ts';
import { clientFor, testBackend, type Client, type TestBackend } from './helpers/backend.ts';

/**
 * Every error with a next step where there is one (issue 15, part 6, the API's side): an unknown
 * field names the nearest known one; creating a campaign in the ad platform lists everything it
 * still needs at once; a slot already generating says where the result comes and how a lost answer
 * is fetched again; a saved audience's id where a slot's is meant names the slot.
 */

describe('nearestName', () => {
  const fields = [
    'name',
    'objective',
    'brandId',
    'language',
    'locations',
    'campaignType',
    'budget',
    'budgetType',
    'endDate',
    'targetCpa',
  ];
  it.each([
    ['dailyBudget', 'budget'],
    ['daily_budget', 'budget'],
    ['budgt', 'budget'],
    ['Budget', 'budget'],
    ['location', 'locations'],
    ['campaign_type', 'campaignType'],
    ['type', 'campaignType'],
    ['campaignName', 'name'],
    ['end_date', 'endDate'],
    ['brand', 'brandId'],
  ])('%s → %s', (unknown, known) => {
    expect(nearestName(unknown, fields)).toBe(known);
  });

  it('suggests nothing when nothing is near', () => {
    for (const unknown of ['foo', 'xyzzy', 'status', 'id'])
      expect(nearestName(unknown, fields), unknown).toBeUndefined();
  });
});

describe('an unknown field names the nearest known one', () => {
  let b: TestBackend;
  beforeEach(async () => {
    b = await testBackend();
  });

  it('on create and update of a campaign', async () => {
    expect(
      expectError(
        await b.api.post('/campaigns', { name: 'x', dailyBudget: 40 }),
        400,
        'invalid_request',
      ).message,
    ).toBe('unknown field "dailyBudget"; did you mean "budget"?');
    const c = campaign.parse((await b.api.post('/campaigns', { name: 'x' })).body);
    expect(
      expectError(
        await b.api.patch(`/campaigns/${c.id}`, { location: ['DE'] }),
        400,
        'invalid_request',
      ).message,
    ).toBe('unknown field "location"; did you mean "locations"?');
    expect(
      expectError(
        await b.api.patch(`/campaigns/${c.id}`, { campaign_type: 'SEARCH', budgt: 5 }),
        400,
        'invalid_request',
      ).message,
    ).toBe(
      'unknown fields "campaign_type", "budgt"; did you mean "campaignType" for "campaign_type", "budget" for "budgt"?',
    );
    expect((await b.api.get(`/campaigns/${c.id}`)).body.budget).toBeNull();
  });

  it('inside a list item, with the item named', async () => {
    const c = campaign.parse((await b.api.post('/campaigns', { name: 'x' })).body);
    const slot = c.audiences[0]!.id;
    const r = await b.api.put(`/campaigns/${c.id}/targeting/audiences/${slot}/items`, {
      items: [{ section: 'keywords', text: 'trail shoes', matchtype: 'EXACT' }],
    });
    expect(expectError(r, 400, 'invalid_request').message).toBe(
      'unknown field "items[0].matchtype"; did you mean "items[0].matchType"?',
    );
  });

  it('lists the known fields when none is near', async () => {
    const message = expectError(
      await b.api.post('/brands', { name: 'Acme', colour: 'red' }),
      400,
      'invalid_request',
    ).message;
    expect(message).toMatch(/^unknown field "colour"; the fields here are name, /);
    expect(message).toContain('website');
  });
});

describe('creating a campaign in the ad platform lists every missing prerequisite at once', () => {
  let b: TestBackend;
  beforeEach(async () => {
    b = await testBackend();
  });

  const publish = (c: Campaign) => b.api.post(`/campaigns/${c.id}/ads-platform`, {});
  const create = async (body: Record<string, unknown>) =>
    campaign.parse((await b.api.post('/campaigns', body)).body);

  it('a bare campaign: campaignType and budget in one 409, each with the call that sets it', async () => {
    const c = await create({ name: 'bare' });
    const message = expectError(await publish(c), 409, 'conflict').message;
    expect(message).toBe(
      'the campaign cannot be created in the ad platform yet; it needs: (1) a campaignType (SEARCH, DEMAND_GEN, VIDEO or DISPLAY): set it with update_campaign; ' +
        "(2) a budget, in the account's currency: set budget and budgetType with update_campaign",
    );
    // once both are set it goes through
    expect(
      (
        await b.api.patch(`/campaigns/${c.id}`, {
          campaignType: 'VIDEO',
          budget: 30,
          budgetType: 'daily',
        })
      ).status,
    ).toBe(200);
    expect(campaign.parse((await publish(c)).body).adsPlatform.status).toBe('PAUSED');
  });

  it('free text stored before codes were checked, and a missing account, are listed with the rest', async () => {
    const c = await create({ name: 'old', campaignType: 'SEARCH' });
    // a campaign as an older version stored it (a snapshot from before the codes were checked), without an account
    await b.store.write(async () =>
      b.store.run(
        `UPDATE campaigns SET locations = '["Germany","AT"]', language = 'German', customer_id = NULL WHERE id = ?`,
        c.id,
      ),
    );
    const message = expectError(await publish(c), 409, 'conflict').message;
    expect(message).toContain(
      '(1) an ad-platform account: pass customerId (list_ads_accounts lists them)',
    );
    expect(message).toContain('(2) a budget');
    expect(message).toContain(
      '(3) locations[0] as a code: "Germany" is not an ISO 3166 country or region code; did you mean "DE" (Germany)?',
    );
    expect(message).toContain(
      '(4) language as a code: "German" is not a known BCP 47 language tag; did you mean "de" (German)?',
    );
    expect(message).not.toContain('(5)');
    expect(message).not.toContain('"AT"');
  });

  it('only the account missing is the request to complete (400)', async () => {
    const c = await create({
      name: 'ready',
      campaignType: 'SEARCH',
      budget: 10,
      budgetType: 'daily',
    });
    await b.store.write(async () =>
      b.store.run('UPDATE campaigns SET customer_id = NULL WHERE id = ?', c.id),
    );
    expect(expectError(await publish(c), 400, 'invalid_request').message).toBe(
      'the campaign cannot be created in the ad platform yet; it needs: (1) an ad-platform account: pass customerId (list_ads_accounts lists them)',
    );
  });
});

describe('targeting: a slot already generating, and a saved audience where a slot is meant', () => {
  let b: TestBackend;
  let demo: Client;
  let launch: Campaign;
  let baristas: Campaign;
  beforeEach(async () => {
    b = await testBackend({ generateDelayMs: 5000 });
    const { workspaceId } = await runSeed(b.services, 'demo');
    demo = clientFor(
      b.app,
      await b.store.write(
        async () =>
          (
            await b.services.keys.create(workspaceId, {
              scopes: ['campaigns:read', 'campaigns:write'],
            })
          ).key,
      ),
    );
    const all = (await demo.get('/campaigns?limit=100')).body.data as Campaign[];
    launch = all.find((c) => c.name === DEMO_CAMPAIGNS.launch)!;
    baristas = all.find((c) => c.name === DEMO_CAMPAIGNS.savedAudience)!;
  });

  it('409 names get_targeting and the Idempotency-Key retry; the retry with the same key gets the first answer', async () => {
    const slot = launch.audiences[0]!.id;
    const first = await demo.post(
      `/campaigns/${launch.id}/targeting/generate`,
      { audienceIds: [slot] },
      { 'idempotency-key': 'gen-1' },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.started).toEqual([slot]);
    // the host timed out and the model sends it again without the key: 409 with the way on
    const again = expectError(
      await demo.post(`/campaigns/${launch.id}/targeting/generate`, { audienceIds: [slot] }),
      409,
      'conflict',
    ).message;
    expect(again).toContain(`audience slot ${slot} is already generating`);
    expect(again).toContain('get_targeting');
    expect(again).toContain('same Idempotency-Key');
    // ... and with the key, as the message says: the first answer
    const replay = await demo.post(
      `/campaigns/${launch.id}/targeting/generate`,
      { audienceIds: [slot] },
      { 'idempotency-key': 'gen-1' },
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // editing or removing the slot meanwhile says the same
    const edit = expectError(
      await demo.put(`/campaigns/${launch.id}/targeting/audiences/${slot}/items`, { items: [] }),
      409,
      'conflict',
    ).message;
    expect(edit).toContain('get_targeting');
    expect(
      expectError(
        await demo.patch(`/campaigns/${launch.id}/audiences/${slot}`, { name: 'x' }),
        409,
        'conflict',
      ).message,
    ).toContain('get_targeting');
  });

  it("a saved audience's id in audienceIds names the slot that holds it", async () => {
    const held = baristas.audiences.find((a) => a.audienceId !== null)!;
    const message = expectError(
      await demo.post(`/campaigns/${baristas.id}/targeting/generate`, {
        audienceIds: [held.audienceId],
      }),
      400,
      'invalid_request',
    ).message;
    expect(message).toBe(
      `audienceIds[0]: ${held.audienceId} is a saved audience, not an audience slot; its slot on this campaign is ${held.id} ("${held.name}")`,
    );
    const unknown = 'f'.repeat(24);
    expect(
      expectError(
        await demo.post(`/campaigns/${baristas.id}/targeting/generate`, { audienceIds: [unknown] }),
        400,
        'invalid_request',
      ).message,
    ).toContain('get_targeting lists the slot ids');
  });
});
