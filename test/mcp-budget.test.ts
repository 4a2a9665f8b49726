// @store both
/**
 * The context budget of the MCP tools (issue 15), counted with a real tokenizer: gpt-tokenizer's
 * o200k_base encoding (the GPT-4o family's), not characters. What a model reads is counted:
 * tools/list as the JSON of its tools, instructions, and each result's text content.
 *
 * - tools/list for an all-scopes key of an invited workspace (every tool): at most 7,000 tokens,
 *   and each tool at most 700;
 * - every read tool's default (compact) result on the demo workspace, its targeting generated for
 *   every campaign: at most 3,000 tokens each; detail: "full" still answers the API's own record.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../server/operations/index.ts';
import type { Client as ApiClient, TestBackend } from './helpers/backend.ts';
import { callTool, demoMcp, ok, resultText, structured, type Json } from './helpers/mcp.ts';

const LIST_BUDGET = 7_000;
/** One tool's share: the largest (create_campaign) stays well under it, so no tool grows unseen. */
const TOOL_BUDGET = 700;
const RESULT_BUDGET = 3_000;

let b: TestBackend;
let client: Client;
let demo: ApiClient;
const measured: { call: string; tokens: number }[] = [];

/** A read tool's default result: counted, and within the budget. */
async function read(name: string, args: Json = {}): Promise<Json> {
  const r = await callTool(client, name, args);
  expect(r.isError, `${name}: ${resultText(r)}`).toBeFalsy();
  const tokens = countTokens(resultText(r));
  measured.push({ call: `${name} ${JSON.stringify(args)}`, tokens });
  expect(tokens, `${name} ${JSON.stringify(args)}`).toBeLessThanOrEqual(RESULT_BUDGET);
  return structured(r) as Json;
}

beforeAll(async () => {
  ({ b, demo, client } = await demoMcp());
});
afterAll(async () => {
  await client?.close();
  // the figures, for whoever tunes the views next: MCP_BUDGET_STATS=1 npx vitest run test/mcp-budget.test.ts
  if (process.env.MCP_BUDGET_STATS)
    console.log(measured.map((m) => `${String(m.tokens).padStart(5)}  ${m.call}`).join('\n'));
});

describe('the MCP context budget (o200k_base tokens)', () => {
  it(`tools/list for an all-scopes key: every tool in at most ${LIST_BUDGET} tokens, instructions included`, async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(operations.length);
    const list = countTokens(JSON.stringify({ tools }));
    const instructions = countTokens(client.getInstructions() ?? '');
    measured.push(
      { call: 'tools/list', tokens: list },
      { call: 'instructions', tokens: instructions },
    );
    expect(list).toBeLessThanOrEqual(LIST_BUDGET);
    for (const t of tools)
      expect(countTokens(JSON.stringify(t)), t.name).toBeLessThanOrEqual(TOOL_BUDGET);
    // said once: no tool repeats the idempotency rule or lists an output schema
    for (const t of tools) {
      expect(t.outputSchema, t.name).toBeUndefined();
      expect(JSON.stringify(t), t.name).not.toMatch(/remembered 24 h|Idempotency-Key header/);
    }
    expect(client.getInstructions()).toMatch(/idempotencyKey/);
    expect(instructions).toBeLessThanOrEqual(1_000);
  });

  it(`every read tool's default result on the demo workspace is at most ${RESULT_BUDGET} tokens`, async () => {
    const campaigns = (await read('list_campaigns', { limit: 100 })).data as Json[];
    expect(campaigns.length).toBeGreaterThan(2);
    // targeting generated for every campaign: the largest results the demo can give
    for (const c of campaigns) await ok(client, 'generate_targeting', { campaignId: c.id });
    await b.runner.runDue();
    await read('get_workspace');
    await read('list_campaigns');
    let largestTargeting = 0;
    for (const c of campaigns) {
      await read('get_campaign', { campaignId: c.id });
      const t = await read('get_targeting', { campaignId: c.id });
      const items = (t.slots as Json[]).reduce(
        (n, s) => n + (s.keywords?.length ?? 0) + (s.topics?.length ?? 0),
        0,
      );
      largestTargeting = Math.max(largestTargeting, items);
      const slot = (t.slots as Json[])[0]!;
      await read('get_targeting', {
        campaignId: c.id,
        slotIds: [slot.slotId],
        sections: ['keywords'],
      });
      await read('list_targeting_exclusions', { campaignId: c.id, slotId: slot.slotId });
    }
    expect(largestTargeting, 'the demo targeting was generated').toBeGreaterThan(20);
    await read('list_audiences', { limit: 100 });
    for (const a of ((await read('list_audiences')).data as Json[]).slice(0, 3))
      await read('get_audience', { savedAudienceId: a.id });
    const stores = (await read('list_data_stores', { includeLibrary: true, limit: 100 }))
      .data as Json[];
    for (const s of stores) {
      await read('get_data_store', { dataStoreId: s.id });
      await read('list_data_store_channels', { dataStoreId: s.id, limit: 100 });
      await read('list_data_store_videos', { dataStoreId: s.id });
    }
    for (const brand of ((await read('list_brands', { limit: 100 })).data as Json[]).slice(0, 2))
      await read('get_brand', { brandId: brand.id });
    const accounts = (await read('list_ads_accounts')).data as Json[];
    for (const a of accounts)
      for (const dateRange of ['LAST_7_DAYS', 'LAST_30_DAYS', 'LAST_MONTH'])
        await read('get_performance', { customerId: a.customerId, dateRange });
    const found = (await read('search_exploration_channels', { query: 'coffee', limit: 100 }))
      .data as Json[];
    expect(found.length).toBeGreaterThan(0);
    const channelId = found[0]!.channelId as string;
    await read('get_exploration_channel', { channelId });
    await read('list_exploration_channel_videos', { channelId, limit: 100 });
    await read('list_similar_channels', { channelId, limit: 50 });

    // Removing three keywords and adding one answers what changed, not the targeting.
    const edited = campaigns.find((c) => c.slots > 0)!;
    const full = await ok(client, 'get_targeting', {
      campaignId: edited.id,
      sections: ['keywords'],
    });
    const slot = (full.slots as Json[]).find((s) => (s.keywords?.length ?? 0) >= 3)!;
    const args = {
      campaignId: edited.id,
      slotId: slot.slotId,
      remove: (slot.keywords as Json[])
        .slice(0, 3)
        .map((k) => ({ section: 'keywords', text: k.text })),
      add: [{ section: 'keywords', text: 'budget test keyword', matchType: 'EXACT' }],
    };
    const r = await callTool(client, 'change_targeting_items', args);
    expect(r.isError, resultText(r)).toBeFalsy();
    const tokens = countTokens(resultText(r));
    measured.push({ call: 'change_targeting_items (remove 3, add 1)', tokens });
    expect(tokens).toBeLessThanOrEqual(250);
    await read('list_targeting_exclusions', { campaignId: edited.id, slotId: slot.slotId });

    // every read tool was measured
    const reads = operations.filter((o) => o.method === 'GET').map((o) => o.name);
    for (const name of reads)
      expect(
        measured.some((m) => m.call.startsWith(`${name} `)),
        name,
      ).toBe(true);
  });

  it('detail: "full" answers the API record; filters narrow targeting by slot and section, videos by field', async () => {
    const c = ((await ok(client, 'list_campaigns', { limit: 1 })).data as Json[])[0]!;
    const full = await ok(client, 'get_campaign', { campaignId: c.id, detail: 'full' });
    // the same record as over HTTP, but for the page URL's host (the MCP client's differs from the test client's)
    expect({ ...full, url: null }).toEqual({
      ...(await demo.get(`/campaigns/${c.id}`)).body,
      url: null,
    });
    expect(full.url).toMatch(new RegExp(`/app/campaigns/${c.id}$`));
    expect(countTokens(JSON.stringify(full))).toBeGreaterThan(
      countTokens(JSON.stringify(await ok(client, 'get_campaign', { campaignId: c.id }))),
    );

    const apiTargeting = (await demo.get(`/campaigns/${c.id}/targeting`)).body;
    const slot = apiTargeting.audiences.find((s: Json) => s.items.length > 0);
    const fullTargeting = await ok(client, 'get_targeting', {
      campaignId: c.id,
      detail: 'full',
      slotIds: [slot.id],
      sections: ['keywords'],
    });
    expect(fullTargeting.slots).toHaveLength(1);
    expect(fullTargeting.slots[0].items).toEqual(
      slot.items.filter((i: Json) => i.section === 'keywords'),
    );
    const compact = await ok(client, 'get_targeting', {
      campaignId: c.id,
      slotIds: [slot.id],
      sections: ['topics'],
    });
    expect(Object.keys(compact.slots[0])).not.toContain('keywords');
    expect(compact.slots[0].topics ?? []).toEqual(
      slot.items.filter((i: Json) => i.section === 'topics').map((i: Json) => i.text),
    );

    const store = ((await ok(client, 'list_data_stores', { limit: 1 })).data as Json[])[0]!;
    const videos = await ok(client, 'list_data_store_videos', {
      dataStoreId: store.id,
      limit: 3,
      fields: ['title', 'tags'],
    });
    for (const v of videos.data)
      expect(Object.keys(v).sort()).toEqual(['tags', 'title', 'videoId']);
    const fullVideos = await ok(client, 'list_data_store_videos', {
      dataStoreId: store.id,
      limit: 3,
      detail: 'full',
    });
    expect(fullVideos).toEqual((await demo.get(`/data-stores/${store.id}/videos?limit=3`)).body);
  });
});
