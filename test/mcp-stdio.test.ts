import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { operations } from '../server/operations/index.ts';
import { structured } from './helpers/mcp.ts';
import {
  BIN,
  cleanupAll,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  type Sandbox,
} from './helpers/process.ts';

/** `adcli mcp`: the SDK's own stdio client launches it as a desktop MCP client would. `stderr()` is what it said there. */
async function connect(env: NodeJS.ProcessEnv): Promise<Client & { stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env: env as Record<string, string>,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'adcli-test', version: '1.0.0' });
  await client.connect(transport);
  return Object.assign(client, { stderr: () => err });
}

const EXPLORATION = operations.filter((o) => o.scope === 'exploration:read').map((o) => o.name);

const text = (r: any) => (r.content as { text: string }[]).map((c) => c.text).join('\n');

afterEach(killAll);
afterAll(cleanupAll);

describe('adcli mcp (stdio)', () => {
  it('forwards every tool to a remote API with the profile key, under its scopes', async () => {
    const sb: Sandbox = sandbox();
    const server = await startServer(['--data', sb.dataDir, '--quiet', '--rate-limit', '0'], {
      env: sb.env,
    });
    const env = {
      ...sb.env,
      ADCLI_BASE_URL: server.info.baseUrl,
      ADCLI_API_KEY: server.info.apiKey,
    };
    const client = await connect(env);
    try {
      // every tool the key may call: the workspace `default` was not invited to exploration
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        operations
          .map((o) => o.name)
          .filter((n) => !EXPLORATION.includes(n))
          .sort(),
      );
      // it names the deployment it serves, in the instructions and on stderr, never the key
      const instructions = client.getInstructions()!;
      expect(instructions).toContain(
        `Served by adcli mcp for the deployment at ${server.info.baseUrl} (base URL from the ADCLI_BASE_URL environment variable).`,
      );
      expect(instructions).toMatch(
        /Only the tools the deployment lets this key call are listed; 4 other tools need what it lacks: exploration:read \(for exploration, the scope or an invitation of the workspace\)\./,
      );
      expect(client.stderr()).toContain(
        `adcli mcp: serving the deployment at ${server.info.baseUrl}`,
      );
      expect(
        client
          .stderr()
          .split('\n')
          .filter((l) => l.startsWith('adcli mcp:')),
      ).toHaveLength(1);
      for (const said of [instructions, client.stderr()])
        expect(said).not.toContain(server.info.apiKey);

      const created = await client.callTool({
        name: 'create_campaign',
        arguments: { name: 'From stdio', idempotencyKey: 'stdio-1' },
      });
      expect(created.isError).toBeFalsy();
      const id = (structured(created) as { id: string }).id;
      const again = await client.callTool({
        name: 'create_campaign',
        arguments: { name: 'From stdio', idempotencyKey: 'stdio-1' },
      });
      expect((structured(again) as { id: string }).id).toBe(id);
      const listed = await server.api('GET', '/campaigns');
      expect(
        listed.body.data.filter((c: { name: string }) => c.name === 'From stdio'),
      ).toHaveLength(1);

      const bad = await client.callTool({
        name: 'update_campaign',
        arguments: { campaignId: id, name: 'x'.repeat(161) },
      });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(/name must be at most 160 characters/);
    } finally {
      await client.close();
    }

    // A key without campaigns:write: the write tool answers the API's 403 as a tool error.
    const made = await runAdcli(
      [
        'serve',
        'keys',
        'create',
        '--workspace',
        'default',
        '--scopes',
        'campaigns:read',
        '--json',
        '--data',
        sb.dataDir,
      ],
      { env: sb.env },
    );
    expect(made.code).toBe(0);
    const readOnly = await connect({ ...env, ADCLI_API_KEY: JSON.parse(made.stdout).key });
    try {
      // tools/list holds what campaigns:read allows, as the deployment's /mcp says; the rest is named in the instructions
      const listed = (await readOnly.listTools()).tools.map((t) => t.name).sort();
      expect(listed).toEqual(
        operations
          .filter((o) => o.scope === 'campaigns:read')
          .map((o) => o.name)
          .sort(),
      );
      expect(readOnly.getInstructions()).toMatch(
        /Only the tools the deployment lets this key call are listed; \d+ other tools need what it lacks: campaigns:write, audiences:read, /,
      );
      const denied = await readOnly.callTool({
        name: 'create_campaign',
        arguments: { name: 'nope' },
      });
      expect(denied.isError).toBe(true);
      expect(text(denied)).toMatch(/^forbidden: this API key lacks the campaigns:write scope/);
    } finally {
      await readOnly.close();
    }
  });

  it('works on the built-in local profile with no server and no account', async () => {
    const sb = sandbox();
    const client = await connect(sb.env);
    try {
      const ws = await client.callTool({ name: 'get_workspace', arguments: {} });
      expect(ws.isError).toBeFalsy();
      expect((structured(ws) as { slug: string }).slug).toBe('demo');
      // the demo workspace of the local backend, said as such; its all-scopes key sees every tool
      expect(client.getInstructions()).toContain(
        `Served by adcli mcp for the built-in local backend with demo data (profile local, data in ${sb.dataDir})`,
      );
      expect(client.stderr()).toContain(
        'adcli mcp: serving the built-in local backend with demo data',
      );
      expect((await client.listTools()).tools).toHaveLength(operations.length);
    } finally {
      await client.close();
    }
  });
});
