// @store both
/**
 * MCP tools a model can recover with (issue 15, parts 1, 3 and 6): tools/list by the key's scopes
 * for several key shapes; slotIds and savedAudienceIds, and an error that names the right id when one
 * is passed for the other; unknown arguments with the nearest one; errors naming the tool to call
 * next, in tool names rather than HTTP paths; waits that join a running generation and wait for a
 * data store's collection. Through the SDK client on the in-process app.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTools } from '../server/mcp/tools.ts';
import type { ApiRequest, CallApi } from '../server/mcp/types.ts';
import { operations } from '../server/operations/index.ts';
import { SCOPES, type Scope } from '../server/schemas/common.ts';
import {
  runJobsInBackground,
  type Client as ApiClient,
  type TestBackend,
} from './helpers/backend.ts';
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
let demo: ApiClient;
let client: Client;

beforeAll(async () => {
  ({ b, demo, client } = await demoMcp());
});
afterAll(async () => {
  await client?.close();
});

const namesOf = (scopes: readonly string[]) =>
  operations
    .filter((o) => scopes.includes(o.scope))
    .map((o) => o.name)
    .sort();

/** A CallApi on the in-process app with a key, as /mcp's own: `after` runs after each answer. */
function appCall(
  key: string,
  after: (req: ApiRequest, status: number) => Promise<void> = async () => {},
): CallApi {
  return async (r) => {
    const qs = new URLSearchParams(r.query).toString();
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    if (r.idempotencyKey) headers['idempotency-key'] = r.idempotencyKey;
    const res = await b.app.request(`/api/v1${r.path}${qs ? `?${qs}` : ''}`, {
      method: r.method,
      headers,
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    const text = await res.text();
    await after(r, res.status);
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

describe('tools by scope', () => {
  const shapes: {
    what: string;
    workspace: string;
    scopes: readonly Scope[];
    listed: string[];
    says: RegExp;
  }[] = [
    {
      what: 'every scope, invited workspace',
      workspace: 'demo',
      scopes: SCOPES,
      listed: operations.map((o) => o.name).sort(),
      says: /This key has every scope/,
    },
    {
      what: 'campaigns:read only',
      workspace: 'demo',
      scopes: ['campaigns:read'],
      listed: namesOf(['campaigns:read']),
      says: /This key's scopes: campaigns:read\. Only the tools they allow are listed; \d+ other tools exist for keys with campaigns:write/,
    },
    {
      what: 'data stores and exploration, invited',
      workspace: 'demo',
      scopes: ['datasets:read', 'datasets:write', 'exploration:read'],
      listed: namesOf(['datasets:read', 'datasets:write', 'exploration:read']),
      says: /This key's scopes: datasets:read, datasets:write, exploration:read\./,
    },
    {
      what: 'ads and exploration, not invited',
      workspace: 'acme',
      scopes: ['ads:read', 'ads:write', 'exploration:read'],
      listed: namesOf(['ads:read', 'ads:write']),
      says: /exploration is invite-only and this workspace has not been invited/,
    },
  ];
  for (const shape of shapes) {
    it(`lists only what the key may call: ${shape.what}`, async () => {
      const key = (await b.client({ workspace: shape.workspace, scopes: shape.scopes })).key;
      const c = await mcpClient({ app: b.app }, key);
      expect((await c.listTools()).tools.map((t) => t.name).sort()).toEqual(shape.listed);
      expect(c.getInstructions()).toMatch(shape.says);
      await c.close();
    });
  }

  it('a hidden tool called anyway answers the 403 naming the scope it needs', async () => {
    const c = await mcpClient(
      { app: b.app },
      (await b.client({ workspace: 'demo', scopes: ['campaigns:read'] })).key,
    );
    expect((await c.listTools()).tools.map((t) => t.name)).not.toContain('create_campaign');
    const text = await toolError(c, 'create_campaign', { name: 'x' }, 'forbidden');
    expect(text).toMatch(
      /this API key lacks the campaigns:write scope — tools\/list shows the tools this key's scopes allow/,
    );
    await c.close();
  });
});

describe('names that cannot be confused', () => {
  /** A campaign with a slot holding a saved audience (attached here when the demo has none). */
  async function heldAudience(): Promise<{ campaignId: string; slot: Json }> {
    const campaigns = (await demo.get('/campaigns?limit=100')).body.data as Json[];
    for (const c of campaigns) {
      const slot = (c.audiences as Json[]).find((s) => s.audienceId);
      if (slot) return { campaignId: c.id, slot };
    }
    const audience = (await demo.post('/audiences', { name: 'Held' })).body;
    const c = (
      await demo.post(`/campaigns/${campaigns[0]!.id}/audiences`, { audienceId: audience.id })
    ).body;
    return {
      campaignId: c.id,
      slot: (c.audiences as Json[]).find((s) => s.audienceId === audience.id)!,
    };
  }

  it('a saved audience passed as a slot: the error names the slot that holds it', async () => {
    const { campaignId, slot } = await heldAudience();
    const saved = slot.audienceId as string;
    const gen = await toolError(
      client,
      'generate_targeting',
      { campaignId, slotIds: [saved] },
      'invalid_request',
    );
    expect(gen).toMatch(/^invalid_request: slotIds(\[0\])?: /);
    expect(gen).toContain(
      `${saved} is a saved audience; slot ${slot.id} of campaign ${campaignId} holds it: pass slotIds: ["${slot.id}"]`,
    );
    const edit = await toolError(
      client,
      'edit_targeting',
      { campaignId, slotId: saved, items: [] },
      'not_found',
    );
    expect(edit).toContain(`pass slotId: "${slot.id}"`);
    const filter = await toolError(
      client,
      'get_targeting',
      { campaignId, slotIds: [saved] },
      'invalid_request',
    );
    expect(filter).toContain(
      `slot ${slot.id} of campaign ${campaignId} holds it: pass slotIds: ["${slot.id}"]`,
    );
  });

  it('a slot passed as a saved audience: the error names the saved audience it holds', async () => {
    const { campaignId, slot } = await heldAudience();
    const other = ((await demo.get('/campaigns?limit=100')).body.data as Json[]).find(
      (c) => c.id !== campaignId,
    )!;
    const r = await callTool(client, 'add_campaign_audience', {
      campaignId: other.id,
      savedAudienceId: slot.id,
    });
    expect(r.isError).toBe(true);
    const text = resultText(r);
    expect(text).toMatch(/^(not_found|invalid_request): /);
    expect(text).toContain(
      `${slot.id} is audience slot "${slot.name}" of campaign ${campaignId}, not a saved audience; it holds saved audience ${slot.audienceId}: pass savedAudienceId: "${slot.audienceId}"`,
    );
    const got = resultText(await callTool(client, 'get_audience', { savedAudienceId: slot.id }));
    expect(got).toContain(`pass savedAudienceId: "${slot.audienceId}"`);
  });

  it("the contract's ambiguous names are refused with the tool's own; an unknown argument gets the nearest", async () => {
    const [c] = (await demo.get('/campaigns?limit=1')).body.data as Json[];
    expect(
      await toolError(
        client,
        'generate_targeting',
        { campaignId: c!.id, audienceIds: [c!.audiences[0].id] },
        'invalid_request',
      ),
    ).toMatch(/"audienceIds" is called slotIds in generate_targeting \(audience slot ids/);
    expect(
      await toolError(
        client,
        'create_campaign',
        { name: 'x', slotIds: [c!.audiences[0].id] },
        'invalid_request',
      ),
    ).toMatch(/create_campaign takes saved audiences, not slots: savedAudienceIds/);
    expect(
      await toolError(client, 'create_campaign', { name: 'x', dailyBudget: 40 }, 'invalid_request'),
    ).toMatch(/unknown field "dailyBudget"; did you mean budget\?/);
    expect(await toolError(client, 'list_campaigns', { limt: 5 }, 'invalid_request')).toMatch(
      /unknown field "limt"; did you mean limit\?/,
    );
  });
});

describe('recoverable: waits and the next tool', () => {
  it('generate_targeting on a slot already generating: 409 names the way to wait; with wait it waits for that generation', async () => {
    const campaigns = (await demo.get('/campaigns?limit=100')).body.data as Json[];
    const c = campaigns.find((x) => (x.audiences as Json[]).some((s) => s.dataStoreIds.length))!;
    const slot = (c.audiences as Json[]).find((s) => s.dataStoreIds.length)!;
    const first = await ok(client, 'generate_targeting', { campaignId: c.id, slotIds: [slot.id] });
    expect(first.started).toEqual([slot.id]);
    const busy = await toolError(
      client,
      'generate_targeting',
      { campaignId: c.id, slotIds: [slot.id] },
      'conflict',
    );
    expect(busy).toMatch(
      /already generating.* — call generate_targeting with wait: true to wait for that generation, or poll get_targeting/,
    );

    // The same call with wait (a retry after a host's timeout): the job runs once the tool is polling.
    let polls = 0;
    const call = appCall(demo.key, async (req) => {
      if (req.method === 'GET' && req.path.endsWith('/targeting') && ++polls === 2)
        await b.runner.runDue();
    });
    const gen = buildTools(operations, { pollIntervalMs: 10, waitTimeoutMs: 30_000 }).find(
      (t) => t.name === 'generate_targeting',
    )!;
    const r = await gen.run({ campaignId: c.id, slotIds: [slot.id], wait: true }, call);
    expect(r.isError, r.content[0]!.text).toBeFalsy();
    const out = structured(r) as Json;
    expect(out.started).toEqual([]);
    expect(out.skipped).toEqual([
      { id: slot.id, reason: 'already generating: waited for that generation' },
    ]);
    const done = (out.slots as Json[]).find((s) => s.slotId === slot.id)!;
    expect(done.status).toBe('ready');
    expect(done.keywords.length).toBeGreaterThan(0);
  });

  it('create_data_store with wait answers the collected store; errors and results speak in tool names', async () => {
    const [store] = (await demo.get('/data-stores?limit=1')).body.data as Json[];
    const channels = (
      (await demo.get(`/data-stores/${store!.id}/channels?limit=2`)).body.data as Json[]
    ).map((ch) => ch.channelId);
    const jobs = runJobsInBackground(b);
    try {
      const made = await ok(client, 'create_data_store', {
        name: 'Collected',
        channelIds: channels,
        wait: true,
      });
      expect(made).toMatchObject({
        name: 'Collected',
        status: 'ready',
        channelCount: channels.length,
      });
      expect(made.videoCount).toBeGreaterThan(0);

      // a source the catalog does not hold: the store's error names import_data_store, not its HTTP path
      const missing = await ok(client, 'create_data_store', {
        name: 'Unknown source',
        channelIds: ['UC' + 'x'.repeat(22)],
        wait: true,
      });
      expect(missing.status).toBe('error');
      expect(missing.error).toMatch(/with import_data_store\.$/);
      expect(missing.error).not.toMatch(/POST \//);
    } finally {
      await jobs.stop();
    }
  });

  it('errors name the tool to call next', async () => {
    const [c] = (await demo.get('/campaigns?limit=1')).body.data as Json[];
    expect(
      await toolError(client, 'get_campaign', { campaignId: 'f'.repeat(24) }, 'not_found'),
    ).toMatch(/ — list_campaigns gives campaign ids/);
    const bare = await ok(client, 'create_campaign', { name: 'No budget yet' });
    // every missing prerequisite at once, each with the tool that sets it
    const missing = await toolError(
      client,
      'create_ads_campaign',
      { campaignId: bare.id },
      'conflict',
    );
    expect(missing).toMatch(/campaignType.*update_campaign.*budget.*update_campaign/);
    const key = `retry-${c!.id}`;
    await ok(client, 'update_campaign', { campaignId: bare.id, name: 'Once', idempotencyKey: key });
    expect(
      await toolError(
        client,
        'update_campaign',
        { campaignId: bare.id, name: 'Twice', idempotencyKey: key },
        'idempotency_conflict',
      ),
    ).toMatch(/ — this idempotencyKey was used with other arguments/);
  });
});
