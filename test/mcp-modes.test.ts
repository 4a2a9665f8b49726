// @store both
/**
 * The MCP modes (server/mcp/modes.ts), as github-mcp-server has them: read-only and toolsets, on /mcp
 * (the X-MCP-Readonly and X-MCP-Toolsets headers, or the paths /mcp/readonly and /mcp/x/{toolsets})
 * and on `adcli mcp` (--read-only, --toolsets, or ADCLI_MCP_READ_ONLY and ADCLI_MCP_TOOLSETS).
 *
 * The toolsets are the operation table's tags; a mode narrows both the listing and the calls: a
 * tool outside it is refused naming the mode before any request is made. An unknown toolset is a
 * 400 on /mcp and a usage error (exit 2) on the command line, each listing the valid names.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseToolsets, toolsetNames, toolsetOf, UnknownToolset } from '../server/mcp/modes.ts';
import { operations } from '../server/operations/index.ts';
import { runSeed } from '../server/seed/index.ts';
import { testBackend, type Client as ApiClient, type TestBackend } from './helpers/backend.ts';
import { callTool, resultText, structured, type Json } from './helpers/mcp.ts';
import { BIN, cleanupAll, killAll, runAdcli, sandbox } from './helpers/process.ts';

const URL_ = 'http://127.0.0.1:4010/mcp';
const READS = operations.filter((o) => o.hints.readOnly).map((o) => o.name);
const inSets = (...sets: string[]) =>
  operations.filter((o) => sets.includes(toolsetOf(o))).map((o) => o.name);

let b: TestBackend;
let demo: ApiClient;
beforeAll(async () => {
  b = await testBackend();
  await b.store.write(() => runSeed(b.services, 'demo'));
  demo = await b.client({ workspace: 'demo' });
});
afterEach(killAll);
afterAll(cleanupAll);

/** An MCP client of the in-process /mcp at `path`, with these headers beside the key. */
async function connect(path = '', headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(URL_ + path), {
    requestInit: { headers: { authorization: `Bearer ${demo.key}`, ...headers } },
    fetch: (u, init) => Promise.resolve(b.app.request(String(u), init)),
  });
  const client = new Client({ name: 'adcli-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();

/** A raw tools/list POST to /mcp at `path`: the HTTP answer. */
function rawList(path: string, headers: Record<string, string> = {}) {
  return b.app.request(URL_ + path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${demo.key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

describe('toolsets from the operation table', () => {
  it('are its tags, each operation in exactly one, and named in the docs', () => {
    const sets = toolsetNames(operations);
    expect(sets).toEqual(
      [...new Set(operations.map((o) => o.tag))].map((t) => toolsetOf({ tag: t })),
    );
    expect(sets).toContain('campaigns');
    expect(sets).toContain('data-stores');
    for (const s of sets) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const s of sets) expect(readme, `README names the toolset ${s}`).toContain(`\`${s}\``);
  });

  it('parse case and spaces away; all or nothing is every toolset; an unknown name lists them', () => {
    expect([...parseToolsets(' Campaigns , targeting', operations, 'x')!]).toEqual([
      'campaigns',
      'targeting',
    ]);
    expect(parseToolsets('', operations, 'x')).toBeNull();
    expect(parseToolsets('campaigns,all', operations, 'x')).toBeNull();
    const e = (() => {
      try {
        parseToolsets('campaigns,campaign,nope', operations, '--toolsets');
      } catch (err) {
        return err;
      }
    })() as UnknownToolset;
    expect(e).toBeInstanceOf(UnknownToolset);
    expect(e.message).toBe(
      `--toolsets: no toolset "campaign", "nope"; the toolsets are ${toolsetNames(operations).join(', ')}, all`,
    );
  });
});

describe('/mcp modes', () => {
  it('X-MCP-Readonly lists only the tools that read and refuses a write on the call path', async () => {
    const client = await connect('', { 'X-MCP-Readonly': 'true' });
    try {
      expect(await names(client)).toEqual([...READS].sort());
      expect(client.getInstructions()).toMatch(/Read-only mode: only tools that read are listed/);
      const c = (
        structured(await callTool(client, 'list_campaigns', { limit: 1 })).data as Json[]
      )[0]!;
      // not listed, called anyway: refused naming the mode, and nothing changed
      const r = await callTool(client, 'update_campaign', { campaignId: c.id, name: 'Renamed' });
      expect(r.isError).toBe(true);
      expect(resultText(r)).toMatch(
        /^forbidden: update_campaign changes data, and this MCP server runs in read-only mode \(set by the X-MCP-Readonly header\): only tools that read may be called — /,
      );
      expect((await demo.get(`/campaigns/${c.id}`)).body.name).toBe(c.name);
    } finally {
      await client.close();
    }
    // a header that says no serves every tool
    const all = await connect('', { 'X-MCP-Readonly': 'off' });
    expect(await names(all)).toHaveLength(operations.length);
    await all.close();
  });

  it('X-MCP-Toolsets serves only those toolsets; a tool of another is refused naming them', async () => {
    const client = await connect('', { 'X-MCP-Toolsets': 'campaigns, targeting' });
    try {
      expect(await names(client)).toEqual(inSets('campaigns', 'targeting').sort());
      expect(client.getInstructions()).toMatch(/Only the toolsets campaigns, targeting are served/);
      const ok = await callTool(client, 'list_campaigns', { limit: 1 });
      expect(ok.isError, resultText(ok)).toBeFalsy();
      const r = await callTool(client, 'list_brands', {});
      expect(resultText(r)).toBe(
        'forbidden: list_brands is in the brands toolset, and this MCP server serves only the toolsets campaigns, targeting (set by the X-MCP-Toolsets header) — call the tools listed; a person can add brands to the toolsets',
      );
    } finally {
      await client.close();
    }
  });

  it('the paths /mcp/x/{toolsets} and /readonly say the same, for clients without headers', async () => {
    const client = await connect('/x/campaigns,targeting/readonly');
    try {
      expect(await names(client)).toEqual(
        inSets('campaigns', 'targeting')
          .filter((n) => READS.includes(n))
          .sort(),
      );
      const r = await callTool(client, 'generate_targeting', { campaignId: 'a'.repeat(24) });
      expect(resultText(r)).toMatch(/read-only mode \(set by the path \/mcp\/…\/readonly\)/);
    } finally {
      await client.close();
    }
    const readOnly = await connect('/readonly');
    expect(await names(readOnly)).toEqual([...READS].sort());
    await readOnly.close();
  });

  it('an unknown toolset, a switch neither yes nor no, or toolsets given twice is a 400 naming the valid values', async () => {
    const valid = `${toolsetNames(operations).join(', ')}, all`;
    const unknown = await rawList('', { 'X-MCP-Toolsets': 'campaigns,brand' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Json).error).toMatchObject({
      code: 'invalid_request',
      message: `the X-MCP-Toolsets header: no toolset "brand"; the toolsets are ${valid}`,
    });
    const inPath = await rawList('/x/nope');
    expect(inPath.status).toBe(400);
    expect(((await inPath.json()) as Json).error.message).toBe(
      `the path /mcp/x/nope: no toolset "nope"; the toolsets are ${valid}`,
    );
    const maybe = await rawList('', { 'X-MCP-Readonly': 'maybe' });
    expect(maybe.status).toBe(400);
    expect(((await maybe.json()) as Json).error.message).toMatch(
      /^X-MCP-Readonly must be one of 1, true, yes or on; 0, false, no or off, not "maybe"/,
    );
    const twice = await rawList('/x/campaigns', { 'X-MCP-Toolsets': 'brands' });
    expect(twice.status).toBe(400);
    // a bad key is still a 401 first
    const noKey = await rawList('', { authorization: 'Bearer adcli_nope', 'X-MCP-Toolsets': 'x' });
    expect(noKey.status).toBe(401);
  });

  it('the scopes still apply within a mode', async () => {
    const reader = await b.client({ workspace: 'demo', scopes: ['campaigns:read'] });
    const transport = new StreamableHTTPClientTransport(new URL(URL_ + '/x/campaigns,brands'), {
      requestInit: { headers: { authorization: `Bearer ${reader.key}` } },
      fetch: (u, init) => Promise.resolve(b.app.request(String(u), init)),
    });
    const client = new Client({ name: 'adcli-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      expect(await names(client)).toEqual(
        operations
          .filter((o) => toolsetOf(o) === 'campaigns' && o.scope === 'campaigns:read')
          .map((o) => o.name)
          .sort(),
      );
      // the brands tools it lacks the scope for are counted among the served ones only
      expect(client.getInstructions()).toMatch(
        /Only the tools they allow are listed; 11 other tools/,
      );
    } finally {
      await client.close();
    }
  });
});

describe('adcli mcp --read-only --toolsets (stdio)', () => {
  async function stdio(args: string[], env: NodeJS.ProcessEnv) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', ...args],
      env: env as Record<string, string>,
      stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    const client = new Client({ name: 'adcli-test', version: '1.0.0' });
    await client.connect(transport);
    return Object.assign(client, { stderr: () => err });
  }

  it('serves the chosen toolsets read-only, says so, and refuses a write', async () => {
    const sb = sandbox();
    const client = await stdio(['--read-only', '--toolsets', 'campaigns,targeting'], sb.env);
    try {
      expect(await names(client)).toEqual(
        inSets('campaigns', 'targeting')
          .filter((n) => READS.includes(n))
          .sort(),
      );
      expect(client.stderr()).toContain('(read-only; toolsets campaigns, targeting)');
      expect(client.getInstructions()).toMatch(/Read-only mode/);
      const r = await callTool(client, 'delete_campaign', { campaignId: 'a'.repeat(24) });
      expect(resultText(r)).toMatch(
        /^forbidden: delete_campaign changes data, and this MCP server runs in read-only mode \(set by --read-only\)/,
      );
      const ws = await callTool(client, 'get_workspace', {});
      expect(resultText(ws)).toMatch(/^forbidden: get_workspace is in the workspace toolset/);
    } finally {
      await client.close();
    }
  });

  it('takes ADCLI_MCP_TOOLSETS and ADCLI_MCP_READ_ONLY; the flag wins', async () => {
    const sb = sandbox();
    const env = { ...sb.env, ADCLI_MCP_TOOLSETS: 'brands', ADCLI_MCP_READ_ONLY: 'yes' };
    const client = await stdio(['--toolsets', 'audiences'], env);
    try {
      expect(await names(client)).toEqual(
        inSets('audiences')
          .filter((n) => READS.includes(n))
          .sort(),
      );
      const r = await callTool(client, 'create_audience', { name: 'x' });
      expect(resultText(r)).toMatch(/read-only mode \(set by ADCLI_MCP_READ_ONLY\)/);
    } finally {
      await client.close();
    }
  });

  it('an unknown toolset or a bad ADCLI_MCP_READ_ONLY is a usage error (exit 2) naming the valid values', async () => {
    const sb = sandbox();
    const r = await runAdcli(['mcp', '--toolsets', 'campaigns,nope'], { env: sb.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `--toolsets: no toolset "nope"; the toolsets are ${toolsetNames(operations).join(', ')}, all`,
    );
    expect(r.stdout).toBe('');
    const env = await runAdcli(['mcp'], { env: { ...sb.env, ADCLI_MCP_TOOLSETS: 'Brandz' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('ADCLI_MCP_TOOLSETS: no toolset "brandz"');
    const bad = await runAdcli(['mcp'], { env: { ...sb.env, ADCLI_MCP_READ_ONLY: 'maybe' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('ADCLI_MCP_READ_ONLY must be one of');
  });
});
