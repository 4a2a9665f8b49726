// @store sqlite
/**
 * What a model reads next (issue 32, "The MCP tools"): get_performance defaults its account as the
 * CLI does and, with detail full, keeps the API's report but says its currency and that a 0 ratio
 * beside a 0 denominator means none. Through the SDK client on the in-process app, demo workspace.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from './helpers/backend.ts';
import {
  callTool,
  demoMcp,
  mcpClient,
  ok,
  resultText,
  structured,
  toolError,
  type Json,
} from './helpers/mcp.ts';

let b: TestBackend;
let client: Client;
let accounts: Json[];

beforeAll(async () => {
  ({ b, client } = await demoMcp());
  accounts = (await ok(client, 'list_ads_accounts')).data as Json[];
});
afterAll(async () => {
  await client?.close();
});

/** A campaign published now (PAUSED), in the workspace's default account: it never ran. */
async function idleCampaign(name: string): Promise<Json> {
  const c = await ok(client, 'create_campaign', {
    name,
    campaignType: 'VIDEO',
    budget: 25,
    budgetType: 'daily',
    customerId: accounts[0]!.customerId,
  });
  await ok(client, 'create_ads_campaign', { campaignId: c.id });
  return c;
}

describe('get_performance', () => {
  it("lists customerId as optional, and defaults it to the workspace's default account", async () => {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'get_performance')!;
    expect(tool.inputSchema.required ?? []).not.toContain('customerId');
    const r = await callTool(client, 'get_performance', { dateRange: 'LAST_7_DAYS' });
    expect(r.isError, resultText(r)).toBeFalsy();
    expect((structured(r) as Json).customerId).toBe(accounts[0]!.customerId);
    expect(resultText(r)).toContain(`account ${accounts[0]!.customerId}`);
    expect(resultText(r)).toMatch(/the workspace's default; customerId picks another/);
  });

  it("with campaignId, defaults to that campaign's own account", async () => {
    const other = accounts.find((a) => a.customerId !== accounts[0]!.customerId)!;
    expect(other, 'the demo has a second account').toBeDefined();
    const c = await ok(client, 'create_campaign', {
      name: 'Second account',
      campaignType: 'VIDEO',
      budget: 10,
      budgetType: 'daily',
      customerId: other.customerId,
    });
    await ok(client, 'create_ads_campaign', { campaignId: c.id });
    const report = await ok(client, 'get_performance', { campaignId: c.id });
    expect(report.customerId).toBe(other.customerId);
    expect((report.campaigns as Json[]).map((r) => r.campaignId)).toContain(c.id);
  });

  it('detail full keeps the API report, and says its currency and that 0 ratios mean none', async () => {
    const c = await idleCampaign('Never ran');
    const r = await callTool(client, 'get_performance', { detail: 'full' });
    expect(r.isError, resultText(r)).toBeFalsy();
    const full = structured(r) as Json;
    const row = (full.campaigns as Json[]).find((x) => x.campaignId === c.id)!;
    // the API's record, as the contract says it
    expect(row).toMatchObject({ impressions: 0, conversions: 0, costPerConversion: 0 });
    expect(row.googleAdsCampaignId).toEqual(expect.any(String));
    const text = resultText(r);
    expect(text).toContain(`in ${accounts[0]!.currencyCode}`);
    expect(text).toMatch(/a ratio is 0 where its denominator .* is 0: none/);
    expect(text).toMatch(/did not run in this range: [^;]*Never ran/);
    // the compact view says it in its fields
    const compact = await ok(client, 'get_performance', {});
    expect(compact.currencyCode).toBe(accounts[0]!.currencyCode);
    const idle = (compact.campaigns as Json[]).find((x) => x.campaignId === c.id)!;
    expect(idle.delivery).toBe('did not run');
    expect(idle).not.toHaveProperty('costPerConversion');
  });

  it('a customerId that is no account of the key names where the ids are', async () => {
    for (const customerId of ['12345', '000-000-0000']) {
      const text = await toolError(
        client,
        'get_performance',
        { customerId },
        customerId === '12345' ? 'invalid_request' : 'not_found',
      );
      expect(text).toMatch(/— list_ads_accounts gives the customerIds/);
    }
  });
});

describe('turning a campaign on, and deleting one that runs', () => {
  const PERSON =
    /no tool turns a campaign on or off: a person does it in the ad platform \(create_ads_campaign publishes it PAUSED\)/;

  it('update_campaign with adsStatus (or enabled) says who turns it on', async () => {
    const c = await idleCampaign('Turn me on');
    for (const arg of ['adsStatus', 'enabled', 'status']) {
      const text = await toolError(
        client,
        'update_campaign',
        { campaignId: c.id, [arg]: arg === 'enabled' ? true : 'ENABLED' },
        'invalid_request',
      );
      expect(text).toContain(`unknown field "${arg}"`);
      expect(text).toMatch(PERSON);
    }
    // an unknown field of no delivery meaning still gets the nearest argument
    expect(
      await toolError(
        client,
        'update_campaign',
        { campaignId: c.id, budgett: 5 },
        'invalid_request',
      ),
    ).toMatch(/did you mean budget\?/);
  });

  it('publishing twice says it is published and who turns it on', async () => {
    const c = await idleCampaign('Published once');
    const text = await toolError(client, 'create_ads_campaign', { campaignId: c.id }, 'conflict');
    expect(text).toMatch(/it is published already: /);
    expect(text).toMatch(PERSON);
  });

  it('delete_campaign says before the call that an ENABLED campaign keeps spending', async () => {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'delete_campaign')!;
    expect(tool.description).toMatch(/ENABLED there keeps spending until a person removes it/);
    const running = (
      (await ok(client, 'list_campaigns', { adsStatus: 'ENABLED' })).data as Json[]
    )[0]!;
    const r = await ok(client, 'delete_campaign', { campaignId: running.id });
    expect(r.adPlatform.note).toMatch(/stays ENABLED and keeps spending/);
  });
});

describe('what a result and a listing hold', () => {
  it('generate_targeting for one slot answers that slot only; without slotIds, every slot', async () => {
    const campaigns = (await ok(client, 'list_campaigns', { limit: 100 })).data as Json[];
    let target: Json | undefined;
    for (const s of campaigns.filter((x) => x.slots > 1)) {
      const c = await ok(client, 'get_campaign', { campaignId: s.id });
      if ((c.slots as Json[]).filter((x) => x.dataStoreIds.length).length > 1) target = c;
      if (target) break;
    }
    expect(target, 'a demo campaign with two slots that have data stores').toBeDefined();
    const slots = (target!.slots as Json[]).filter((x) => x.dataStoreIds.length);
    const one = await ok(client, 'generate_targeting', {
      campaignId: target!.id,
      slotIds: [slots[0]!.slotId],
    });
    expect(one.started).toEqual([slots[0]!.slotId]);
    expect((one.slots as Json[]).map((s) => s.slotId)).toEqual([slots[0]!.slotId]);
    const all = await ok(client, 'get_targeting', { campaignId: target!.id });
    expect((all.slots as Json[]).length).toBe((target!.slots as Json[]).length);
  });

  it('a key limited to campaigns is not offered create_campaign, which it can never use', async () => {
    const campaigns = (await ok(client, 'list_campaigns', { limit: 1 })).data as Json[];
    const limited = await b.client({ workspace: 'demo', campaignIds: [campaigns[0]!.id] });
    const lc = await mcpClient({ app: b.app }, limited.key);
    try {
      const names = (await lc.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('create_campaign');
      expect(names).toContain('update_campaign');
      const instructions = lc.getInstructions() ?? '';
      expect(instructions).toMatch(/cannot create campaigns \(create_campaign is not listed\)/);
      expect(instructions).toMatch(/This key has every scope/);
      // called anyway, the API's own refusal
      expect(await toolError(lc, 'create_campaign', { name: 'x' }, 'forbidden')).toMatch(
        /cannot create campaigns/,
      );
    } finally {
      await lc.close();
    }
    // a key limited to accounts may still create campaigns there
    const byAccount = await b.client({
      workspace: 'demo',
      customerIds: [accounts[0]!.customerId.replace(/-/g, '')],
    });
    const ac = await mcpClient({ app: b.app }, byAccount.key);
    try {
      expect((await ac.listTools()).tools.map((t) => t.name)).toContain('create_campaign');
    } finally {
      await ac.close();
    }
  });
});

describe('errors of a wrong format name the format and the tool that gives a right value', () => {
  it('an id that is a name, a @handle for a channel id, a date in prose, url for website', async () => {
    expect(
      await toolError(client, 'get_campaign', { campaignId: 'Summer sale' }, 'invalid_request'),
    ).toMatch(
      /— ids are 24 lowercase hex characters, not names: list_campaigns gives campaign ids/,
    );
    expect(
      await toolError(
        client,
        'create_campaign',
        { name: 'x', brandId: 'Ember' },
        'invalid_request',
      ),
    ).toMatch(/— ids are 24 lowercase hex characters, not names: list_brands gives brand ids/);
    expect(
      await toolError(
        client,
        'list_similar_channels',
        { channelId: '@emberandgrind' },
        'invalid_request',
      ),
    ).toMatch(
      /— a channel id is UC and 22 more characters, not a @handle .*search_exploration_channels/,
    );
    expect(
      await toolError(
        client,
        'create_campaign',
        { name: 'x', endDate: 'end of next month' },
        'invalid_request',
      ),
    ).toMatch(/endDate must match .* — dates are YYYY-MM-DD \(2026-12-31\), not prose/);
    expect(
      await toolError(
        client,
        'create_brand',
        { name: 'x', url: 'https://a.example' },
        'invalid_request',
      ),
    ).toMatch(/unknown field "url"; did you mean website\?/);
  });
});
