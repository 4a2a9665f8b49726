// @store both
/**
 * The MCP endpoint (/mcp), driven by the SDK's own Client: the tools come from the operation table
 * (a missing tool or a drifted schema fails here), and a tool call follows the API's rules: the key,
 * scopes, workspace isolation, validation messages, idempotency, the rate limit; plus the Origin
 * guard and generate_targeting's wait with progress notifications.
 *
 * The first part runs in-process (the Client's fetch is app.request); the second against a real
 * `adcli serve` (build first: `npm run build`).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LATEST_PROTOCOL_VERSION,
  type CallToolResult,
  type Progress,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Hono } from 'hono';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originAllowed } from '../server/http/origin.ts';
import { jsonSchemaOf } from '../server/mcp/listing-schema.ts';
import { buildTools } from '../server/mcp/tools.ts';
import { defineOperation, readOnly } from '../server/operations/operation.ts';
import { operations } from '../server/operations/index.ts';
import { testBackend, MISSING_ID } from './helpers/backend.ts';
import { runCli } from './helpers/cli.ts';
import { structured } from './helpers/mcp.ts';
import {
  cleanupAll,
  http,
  killAll,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';

type Json = Record<string, any>;

async function connect(
  url: string,
  key: string | null,
  fetchImpl?: (url: string | URL, init?: RequestInit) => Promise<Response>,
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const client = new Client({ name: 'adcli-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

const inProcess = (app: Hono<any>) => (url: string | URL, init?: RequestInit) =>
  Promise.resolve(app.request(String(url), init));

const text = (r: CallToolResult) =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

async function call(client: Client, name: string, args: Json = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function expectToolError(r: CallToolResult, code: string, ...fragments: (string | RegExp)[]) {
  expect(r.isError, text(r)).toBe(true);
  expect(r.structuredContent).toBeUndefined();
  expect(text(r)).toMatch(new RegExp(`^${code}: `));
  for (const f of fragments) expect(text(r)).toMatch(f);
}

/** The contract fields of an operation (path, query, body) and which of them are required. */
function contractFields(op: (typeof operations)[number]): { properties: Json; required: string[] } {
  const properties: Json = {};
  const required: string[] = [];
  for (const part of [op.params, op.query, op.body]) {
    if (!part) continue;
    const json = jsonSchemaOf(part, 'input');
    for (const [k, v] of Object.entries((json.properties ?? {}) as Json)) {
      expect(properties, `${op.name}: ${k} comes from two sources`).not.toHaveProperty(k);
      properties[k] = v;
    }
    required.push(...((json.required ?? []) as string[]));
  }
  return { properties, required };
}

/** Arguments that stand for a contract field under a name that cannot be confused (slots vs saved audiences). */
const RENAMED: Record<string, Record<string, string>> = {
  create_campaign: { audienceIds: 'savedAudienceIds' },
  add_campaign_audience: { audienceId: 'savedAudienceId' },
  generate_targeting: { audienceIds: 'slotIds' },
  get_audience: { audienceId: 'savedAudienceId' },
  update_audience: { audienceId: 'savedAudienceId' },
  delete_audience: { audienceId: 'savedAudienceId' },
};
/** MCP-only arguments beside idempotencyKey: filters, detail and waits. */
const DETAIL = [
  'get_workspace',
  'list_campaigns',
  'get_campaign',
  'get_targeting',
  'list_audiences',
  'list_data_stores',
  'list_data_store_channels',
  'list_data_store_videos',
  'list_brands',
  'get_performance',
  'get_exploration_channel',
  'search_exploration_channels',
  'list_exploration_channel_videos',
  'list_similar_channels',
];
/** Contract-required fields the tool fills in when left out (the workspace's default account). */
const FILLED: Record<string, string[]> = { get_performance: ['customerId'] };
const WAITS = ['generate_targeting', 'create_data_store', 'update_data_store', 'import_data_store'];
const FILTERS: Record<string, string[]> = {
  get_targeting: ['slotIds', 'sections'],
  list_data_store_videos: ['fields'],
  list_exploration_channel_videos: ['fields'],
};
const EXPLORATION = operations.filter((o) => o.scope === 'exploration:read').map((o) => o.name);

/**
 * The listed tools against the table: one per operation the key may call, its title and hints, its
 * arguments the operation's fields (renamed where the table's name is ambiguous) plus the MCP-only
 * ones, required as the operation requires them, no output schema (results are compact views).
 */
function expectToolsMatchTable(tools: McpTool[], expectedNames = operations.map((o) => o.name)) {
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const op of operations.filter((o) => expectedNames.includes(o.name))) {
    const tool = byName.get(op.name);
    expect(tool, `operation ${op.name} has no MCP tool`).toBeDefined();
    // the operation's own first sentence, in the tool's argument names
    const renames = RENAMED[op.name] ?? {};
    const first = op.description
      .split('. ')[0]!
      .replace(/\b(audienceIds?)\b/g, (m) => renames[m] ?? m);
    expect(tool!.description!.startsWith(first), `${op.name}: ${tool!.description}`).toBe(true);
    for (const ambiguous of Object.keys(renames))
      expect(tool!.description).not.toMatch(new RegExp(`\\b${ambiguous}\\b`));
    expect(tool!.description).not.toMatch(/A campaign's status is its data readiness/);
    expect(tool!.title).toBe(op.summary);
    const write = op.method !== 'GET';
    expect(tool!.annotations as Json).toEqual({
      readOnlyHint: op.hints.readOnly,
      ...(write
        ? { destructiveHint: op.hints.destructive, idempotentHint: op.hints.idempotent }
        : {}),
      openWorldHint: op.hints.openWorld ?? false,
    });
    const { properties, required } = contractFields(op);
    for (const k of FILLED[op.name] ?? []) expect(required, `${op.name}.${k}`).toContain(k);
    const listed = { ...(tool!.inputSchema.properties as Json) };
    const mcpOnly: string[] = [...(FILTERS[op.name] ?? [])];
    if (DETAIL.includes(op.name)) mcpOnly.push('detail');
    if (write) mcpOnly.push('idempotencyKey');
    if (WAITS.includes(op.name)) mcpOnly.push('wait');
    if (write) expect(listed.idempotencyKey).toEqual({ type: 'string' });
    if (WAITS.includes(op.name)) expect(listed.wait).toMatchObject({ type: 'boolean' });
    if (DETAIL.includes(op.name))
      expect(listed.detail).toMatchObject({ enum: ['compact', 'full'] });
    const expected = [...Object.keys(properties).map((k) => renames[k] ?? k), ...mcpOnly].sort();
    expect(Object.keys(listed).sort(), `arguments of ${op.name}`).toEqual(expected);
    // a field listed under its own name keeps its type (import_data_store lists its resources as plain objects)
    for (const [k, v] of Object.entries(properties)) {
      const mine = listed[renames[k] ?? k];
      if (v.type) expect(mine.type, `${op.name}.${k}`).toEqual(v.type);
    }
    // a field the tool fills in as the CLI does (get_performance's account) is listed optional
    const filled = FILLED[op.name] ?? [];
    expect(
      [...((tool!.inputSchema.required as string[] | undefined) ?? [])].sort(),
      `required of ${op.name}`,
    ).toEqual(
      required
        .filter((k) => !filled.includes(k))
        .map((k) => renames[k] ?? k)
        .sort(),
    );
    expect(tool!.inputSchema.type).toBe('object');
    expect((tool!.inputSchema as Json).additionalProperties).toBe(false);
    expect(tool!.outputSchema).toBeUndefined();
  }
  expect(tools.map((t) => t.name).sort()).toEqual([...expectedNames].sort());
}

describe('MCP tools from the operation table', () => {
  it('builds one tool per operation; a field named by two sources is a build error', () => {
    expect(buildTools(operations).map((t) => t.name)).toEqual(operations.map((o) => o.name));
    const clash = defineOperation({
      name: 'get_thing',
      method: 'GET',
      path: '/things/{id}',
      scope: 'campaigns:read',
      tag: 't',
      summary: 's',
      description: 'd',
      params: z.strictObject({ id: z.string() }),
      query: z.strictObject({ id: z.string().optional() }),
      response: z.strictObject({}),
      errors: [],
      hints: readOnly,
      handler: () => ({}),
    });
    expect(() => buildTools([clash])).toThrow(
      /get_thing: the field id is both in the path and in the query/,
    );
  });

  it('turns arguments into the request the operation stands for', () => {
    const tools = new Map(buildTools(operations).map((t) => [t.name, t]));
    const id = 'a'.repeat(24);
    expect(
      tools
        .get('update_campaign_audience')!
        .toRequest({ campaignId: id, slotId: 'b'.repeat(24), name: 'x', idempotencyKey: 'k1' }),
    ).toEqual({
      method: 'PATCH',
      path: `/campaigns/${id}/audiences/${'b'.repeat(24)}`,
      query: {},
      body: { name: 'x' },
      idempotencyKey: 'k1',
    });
    expect(
      tools.get('list_data_stores')!.toRequest({ limit: 5, includeLibrary: 'true', cursor: null }),
    ).toEqual({
      method: 'GET',
      path: '/data-stores',
      query: { limit: '5', includeLibrary: 'true' },
    });
    expect(tools.get('delete_campaign')!.toRequest({ campaignId: id })).toEqual({
      method: 'DELETE',
      path: `/campaigns/${id}`,
      query: {},
    });
    expect(() => tools.get('get_campaign')!.toRequest({ campaignId: '../workspace' })).toThrow(
      'campaignId must match ^[a-f0-9]{24}$',
    );
    expect(() => tools.get('get_campaign')!.toRequest({})).toThrow('campaignId is required');
    expect(() =>
      tools.get('get_campaign')!.toRequest({ campaignId: id, idempotencyKey: 'x' }),
    ).toThrow('unknown field "idempotencyKey"');
    expect(() =>
      tools.get('create_campaign')!.toRequest({ name: 'x', idempotencyKey: 'k'.repeat(201) }),
    ).toThrow('idempotencyKey must be at most 200 characters');
  });

  it('runs with any call function (as adcli mcp will): a wait waits out 429s and stops at its timeout', async () => {
    const id = 'c'.repeat(24);
    const slot = (status: string) => ({
      id: 's1',
      name: 'Primary',
      audienceId: null,
      status,
      error: '',
      updatedAt: '',
      items: [],
    });
    const seen: string[] = [];
    let polls = 0;
    const fake = async (r: { method: string; path: string; idempotencyKey?: string }) => {
      seen.push(`${r.method} ${r.path}${r.idempotencyKey ? ` key=${r.idempotencyKey}` : ''}`);
      if (r.method === 'POST')
        return {
          status: 200,
          body: {
            campaignId: id,
            campaignType: 'VIDEO',
            audiences: [slot('generating')],
            started: ['s1'],
            skipped: [],
          },
        };
      polls++;
      if (polls === 1)
        return {
          status: 429,
          retryAfter: 0.01,
          body: { error: { code: 'rate_limited', message: 'slow down', requestId: 'r' } },
        };
      return {
        status: 200,
        body: { campaignId: id, campaignType: 'VIDEO', audiences: [slot('generating')] },
      };
    };
    const [gen] = buildTools(operations, { waitTimeoutMs: 300, pollIntervalMs: 20 }).filter(
      (t) => t.name === 'generate_targeting',
    );
    const progress: number[] = [];
    const r = await gen!.run({ campaignId: id, wait: true, idempotencyKey: 'k' }, fake, {
      progress: async (p) => void progress.push(p),
    });
    expect(r.isError).toBeFalsy();
    expect(structured(r)).toMatchObject({
      started: ['s1'],
      slots: [{ slotId: 's1', status: 'generating' }],
    });
    expect(r.content.at(-1)!.text).toMatch(/Still generating .*poll get_targeting/);
    expect(seen[0]).toBe(`POST /campaigns/${id}/targeting/generate key=k`);
    expect(seen.slice(1).every((s) => s === `GET /campaigns/${id}/targeting`)).toBe(true);
    expect(polls).toBeGreaterThan(2);
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1]!)).toBe(true);
    expect(Math.max(...progress)).toBeLessThan(1);
  });

  it('only lets browser pages of its own loopback origin in', () => {
    expect(originAllowed(undefined, '127.0.0.1:4010')).toBe(true);
    expect(originAllowed('http://127.0.0.1:4010', '127.0.0.1:4010')).toBe(true);
    expect(originAllowed('http://localhost:4010', 'localhost:4010')).toBe(true);
    expect(originAllowed('http://localhost:4011', 'localhost:4010')).toBe(false);
    expect(originAllowed('http://localhost:4010', '127.0.0.1:4010')).toBe(false);
    // DNS rebinding: Host and Origin agree, but on a name that is not loopback
    expect(originAllowed('http://evil.example:4010', 'evil.example:4010')).toBe(false);
    expect(originAllowed('http://evil.example', '127.0.0.1:4010')).toBe(false);
    expect(originAllowed('null', '127.0.0.1:4010')).toBe(false);
    expect(originAllowed('https://tool.example', 'x', ['https://tool.example'])).toBe(true);
  });
});

describe('MCP in-process (app.request)', () => {
  const URL_ = 'http://127.0.0.1:4010/mcp';

  it('answers 403 to a foreign Origin and 401 (the API’s own body) without a good key', async () => {
    const b = await testBackend();
    const init = (headers: Record<string, string>) => ({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const evil = await b.app.request(
      URL_,
      init({ authorization: `Bearer ${b.api.key}`, origin: 'http://evil.example' }),
    );
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as Json).error).toMatchObject({
      code: 'forbidden',
      requestId: evil.headers.get('x-request-id'),
    });
    const own = await b.app.request(
      URL_,
      init({
        authorization: `Bearer ${b.api.key}`,
        origin: 'http://127.0.0.1:4010',
        'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
      }),
    );
    expect(own.status).toBe(200);

    for (const auth of [undefined, 'Basic abc', 'Bearer adcli_nope', `Bearer ${b.api.key}x`]) {
      const headers: Record<string, string> = auth ? { authorization: auth } : {};
      const viaMcp = await b.app.request(URL_, init(headers));
      const viaApi = await b.app.request('/api/v1/workspace', { headers });
      expect(viaMcp.status).toBe(401);
      expect(viaApi.status).toBe(401);
      const [m, a] = [((await viaMcp.json()) as Json).error, ((await viaApi.json()) as Json).error];
      expect(m).toMatchObject({ code: 'unauthorized', message: a.message });
      expect(m.requestId).toBe(viaMcp.headers.get('x-request-id'));
    }
  });

  it('lists the table as tools; GET is 405; plain JSON unless progress is asked for', async () => {
    const b = await testBackend();
    const client = await connect(URL_, b.api.key, inProcess(b.app));
    expect(client.getServerVersion()?.name).toBe('adcli');
    // acme was not invited to exploration: its tools are not listed, and the instructions say so
    expectToolsMatchTable(
      (await client.listTools()).tools,
      operations.map((o) => o.name).filter((n) => !EXPLORATION.includes(n)),
    );
    expect(client.getInstructions()).toMatch(
      /exploration is invite-only and this workspace has not been invited/,
    );
    await client.close();

    const get = await b.app.request(URL_, {
      headers: { authorization: `Bearer ${b.api.key}`, accept: 'text/event-stream' },
    });
    expect(get.status).toBe(405);

    const post = (body: Json) =>
      b.app.request(URL_, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${b.api.key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
        },
        body: JSON.stringify(body),
      });
    const plain = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_workspace', arguments: {} },
    });
    expect(plain.headers.get('content-type')).toMatch(/application\/json/);
    expect(plain.headers.get('x-request-id')).toMatch(/^req_/);
    expect(structured(((await plain.json()) as Json).result).slug).toBe('acme');
    const streamed = await post({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_workspace', arguments: {}, _meta: { progressToken: 7 } },
    });
    expect(streamed.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(streamed.headers.get('x-request-id')).toMatch(/^req_/);
    // the answer once, as the serialized JSON of a text block
    expect(await streamed.text()).toMatch(/\\"slug\\":\\"acme\\"/);

    // the API's body limit covers /mcp too
    const big = await b.app.request(URL_, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${b.api.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: {
          name: 'create_campaign',
          arguments: { name: 'x', objective: 'o'.repeat(1_100_000) },
        },
      }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as Json).error.code).toBe('payload_too_large');
  });

  it('applies the rate limit and key limits of the API', async () => {
    // initialize and notifications/initialized are messages too: 2 of the 4
    const b = await testBackend({ rateLimit: 4 });
    const client = await connect(URL_, b.api.key, inProcess(b.app));
    expect((await call(client, 'get_workspace')).isError).toBeFalsy();
    expect((await call(client, 'list_campaigns')).isError).toBeFalsy();
    await expect(call(client, 'get_workspace')).rejects.toThrow(
      /429|more than 4 requests in a minute/,
    );
    await client.close();

    const c2 = await testBackend();
    const mine = (await c2.api.post('/campaigns', { name: 'Mine' })).body.id;
    const other = (await c2.api.post('/campaigns', { name: 'Other' })).body.id;
    const limited = await c2.client({ campaignIds: [mine] });
    const lc = await connect(URL_, limited.key, inProcess(c2.app));
    expect(structured(await call(lc, 'get_campaign', { campaignId: mine }))).toMatchObject({
      id: mine,
    });
    expectToolError(await call(lc, 'get_campaign', { campaignId: other }), 'forbidden');
    // as over HTTP, a key limited to campaigns gets 403 for any other id, existing or not
    expectToolError(await call(lc, 'get_campaign', { campaignId: MISSING_ID }), 'forbidden');
    await lc.close();
  });
});

describe('MCP against adcli serve', () => {
  let sb: ReturnType<typeof sandbox>;
  let dir: string;
  let s: Server;
  let mcpUrl: string;
  let client: Client;

  beforeAll(async () => {
    sb = sandbox();
    dir = tempDir(sb, 'mcp');
    s = await startServer(['--data', dir, '--seed', 'demo', '--job-delay', '300', '--quiet'], {
      env: sb.env,
    });
    mcpUrl = new URL('/mcp', s.info.baseUrl).href;
    client = await connect(mcpUrl, s.info.apiKey).catch((e) => {
      throw new Error(`${e.message}\n--- server stderr ---\n${s.stderr()}`);
    });
  });
  afterAll(async () => {
    await client?.close().catch(() => {});
    await killAll();
    await cleanupAll();
  });

  const newKey = async (workspace: string, scopes: string) => {
    const r = await runCli(
      [
        'serve',
        'keys',
        'create',
        '--workspace',
        workspace,
        '--scopes',
        scopes,
        '--json',
        '--data',
        dir,
      ],
      { env: sb.env },
    );
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout).key as string;
  };

  it('negotiates the current protocol and lists a tool for every operation, schemas from the table', async () => {
    const transport = (client as unknown as { transport: StreamableHTTPClientTransport }).transport;
    expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expectToolsMatchTable((await client.listTools()).tools);
  });

  it('calls read and write tools; results carry the API JSON once, as text', async () => {
    const ws = await call(client, 'get_workspace');
    expect(ws.isError).toBeFalsy();
    expect(structured(ws)).toMatchObject({ slug: 'demo' });
    expect(JSON.parse(text(ws))).toEqual(structured(ws));

    const list = await call(client, 'list_campaigns', { limit: 2 });
    expect((structured(list) as Json).data).toHaveLength(2);
    const viaHttp = await s.api('GET', '/campaigns?limit=2');
    expect((structured(list) as Json).data.map((c: Json) => c.id)).toEqual(
      viaHttp.body.data.map((c: Json) => c.id),
    );

    const created = await call(client, 'create_campaign', {
      name: 'From MCP',
      locations: ['DE'],
      budget: 50,
    });
    expect(created.isError, text(created)).toBeFalsy();
    // a write answers the compact record; get_campaign with detail full the API's own
    const rec = structured(created) as Json;
    expect(rec).toMatchObject({
      name: 'From MCP',
      status: 'draft',
      adsStatus: 'unpublished',
      locations: ['DE'],
      budget: 50,
      slots: [{ name: expect.any(String) }],
    });
    expect(rec.id).toMatch(/^[a-f0-9]{24}$/);
    expect(rec).not.toHaveProperty('url');
    const full = await call(client, 'get_campaign', { campaignId: rec.id, detail: 'full' });
    expect(structured(full)).toEqual((await s.api('GET', `/campaigns/${rec.id}`)).body);
    expect((structured(full) as Json).url.startsWith(new URL(s.info.baseUrl).origin)).toBe(true);
    expect(structured(await call(client, 'get_campaign', { campaignId: rec.id }))).toEqual(rec);

    const del = await call(client, 'delete_campaign', { campaignId: rec.id });
    expect(structured(del)).toEqual({ id: rec.id, deleted: true });
  });

  it('refuses a tool the key has no scope for, and ids of another workspace', async () => {
    const readOnlyKey = await newKey('demo', 'campaigns:read');
    const ro = await connect(mcpUrl, readOnlyKey);
    expect((await call(ro, 'list_campaigns')).isError).toBeFalsy();
    expectToolError(
      await call(ro, 'create_campaign', { name: 'Nope' }),
      'forbidden',
      /campaigns:write/,
      /\(request id \S+\)$/,
    );
    expectToolError(await call(ro, 'list_brands'), 'forbidden', /brands:read/);
    await ro.close();

    const otherKey = await newKey('other', 'campaigns:read,campaigns:write');
    const theirs = await http(s.info.baseUrl, otherKey, 'POST', '/campaigns', { name: 'Theirs' });
    expect(theirs.status).toBe(201);
    expectToolError(
      await call(client, 'get_campaign', { campaignId: theirs.body.id }),
      'not_found',
    );
    expectToolError(
      await call(client, 'update_campaign', { campaignId: theirs.body.id, name: 'Mine now' }),
      'not_found',
    );
  });

  it('answers bad arguments with the API’s messages, never a crash', async () => {
    expectToolError(
      await call(client, 'create_campaign', { name: 'x'.repeat(161) }),
      'invalid_request',
      /name must be at most 160 characters/,
    );
    expectToolError(
      await call(client, 'create_campaign', {}),
      'invalid_request',
      /name is required/,
    );
    expectToolError(
      await call(client, 'list_campaigns', { limit: 0 }),
      'invalid_request',
      /limit must be at least 1/,
    );
    expectToolError(
      await call(client, 'list_campaigns', { status: 'gone' }),
      'invalid_request',
      /status must be one of draft, loading, ready, error/,
    );
    expectToolError(
      await call(client, 'get_campaign', { campaignId: 'nope' }),
      'invalid_request',
      /campaignId must match/,
    );
    expectToolError(
      await call(client, 'create_campaign', { name: 'x', colour: 'red' }),
      'invalid_request',
      /unknown field "colour"/,
    );
    expectToolError(
      await call(client, 'create_campaign', { name: 'x', idempotencyKey: '' }),
      'invalid_request',
      /idempotencyKey must not be empty/,
    );
    // the same messages as the HTTP API
    const viaHttp = await s.api('POST', '/campaigns', { name: 'x'.repeat(161) });
    expect(text(await call(client, 'create_campaign', { name: 'x'.repeat(161) }))).toContain(
      viaHttp.body.error.message,
    );
    // an unknown tool is a protocol error, and the connection goes on
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      /unknown tool no_such_tool/,
    );
    expect((await call(client, 'get_workspace')).isError).toBeFalsy();
  });

  it('replays a write with the same idempotencyKey', async () => {
    const args = { name: `Idempotent ${Date.now()}`, idempotencyKey: `mcp-${Date.now()}` };
    const first = await call(client, 'create_campaign', args);
    const second = await call(client, 'create_campaign', args);
    expect(first.isError, text(first)).toBeFalsy();
    expect((structured(second) as Json).id).toBe((structured(first) as Json).id);
    const found = await s.api('GET', `/campaigns?name=${encodeURIComponent(args.name)}`);
    expect(found.body.data).toHaveLength(1);
    expectToolError(
      await call(client, 'create_campaign', { ...args, budget: 10 }),
      'idempotency_conflict',
    );
  });

  it('generate_targeting with wait sends progress and answers the finished targeting', async () => {
    const campaigns = (await s.api('GET', '/campaigns?limit=100')).body.data as Json[];
    let target: { id: string; slots: string[] } | undefined;
    for (const c of campaigns) {
      const t = (await s.api('GET', `/campaigns/${c.id}/targeting`)).body;
      const slots = c.audiences
        .filter((a: Json) => a.dataStoreIds.length > 0)
        .map((a: Json) => a.id);
      const fresh = t.audiences.filter(
        (a: Json) => slots.includes(a.id) && a.status === 'not_generated',
      );
      if (fresh.length) {
        target = { id: c.id, slots: fresh.map((a: Json) => a.id) };
        break;
      }
    }
    expect(
      target,
      'the demo seed has a campaign with data stores and no targeting yet',
    ).toBeDefined();

    const progress: Progress[] = [];
    const r = (await client.callTool(
      { name: 'generate_targeting', arguments: { campaignId: target!.id, wait: true } },
      undefined,
      {
        onprogress: (p) => progress.push(p),
        resetTimeoutOnProgress: true,
        timeout: 60_000,
      },
    )) as CallToolResult;
    expect(r.isError, text(r)).toBeFalsy();
    const out = structured(r) as Json;
    expect([...out.started].sort()).toEqual([...target!.slots].sort());
    for (const slot of out.slots.filter((a: Json) => target!.slots.includes(a.slotId))) {
      expect(slot.status).toBe('ready');
      expect(slot.keywords.length + (slot.topics?.length ?? 0)).toBeGreaterThan(0);
    }
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]!.progress).toBeGreaterThan(progress[i - 1]!.progress);
    expect(progress.at(-1)).toMatchObject({
      progress: target!.slots.length,
      total: target!.slots.length,
    });
    expect(progress[0]!.message).toMatch(/audience slot/);

    // Without wait it answers at once; a slot is now ready, so nothing starts and the reason says why.
    const again = await call(client, 'generate_targeting', { campaignId: target!.id });
    expect((structured(again) as Json).started).toEqual([]);
    expect((structured(again) as Json).skipped.length).toBeGreaterThan(0);
  });

  it('is 401 without a key and 403 to a foreign Origin, at the HTTP level', async () => {
    await expect(connect(mcpUrl, null)).rejects.toMatchObject({
      code: 401,
      message: expect.stringMatching(/missing API key/),
    });
    const raw = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(((await raw.json()) as Json).error.code).toBe('unauthorized');

    const evil = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.info.apiKey}`,
        origin: 'http://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as Json).error.code).toBe('forbidden');

    const own = new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: {
        headers: { authorization: `Bearer ${s.info.apiKey}`, origin: `http://127.0.0.1:${s.port}` },
      },
    });
    const ownClient = new Client({ name: 'same-origin', version: '0' });
    await ownClient.connect(own);
    expect((await ownClient.listTools()).tools.length).toBe(operations.length);
    await ownClient.close();
  });
});
