/**
 * The MCP SDK's own client against /mcp: in-process (its fetch is the app's app.request) or over a
 * real port. `script` is the model's view: it calls only tools tools/list holds, with arguments the
 * listed inputSchema accepts (checked with the SDK's own JSON Schema validator).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { runSeed } from '../../server/seed/index.ts';
import { testBackend, type Client as ApiClient, type TestBackend } from './backend.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** A client of /mcp with this key: in-process on `app`, or at `url`. */
export async function mcpClient(
  target: { app: Hono<any> } | { url: string },
  key: string,
): Promise<Client> {
  const url = 'url' in target ? target.url : 'http://127.0.0.1:4010/mcp';
  const fetchImpl =
    'app' in target
      ? (u: string | URL, init?: RequestInit) =>
          Promise.resolve(target.app.request(String(u), init))
      : undefined;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const client = new Client({ name: 'adcli-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

export const resultText = (r: CallToolResult) =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

/** Calls a tool; the result as the SDK client gives it. */
export async function callTool(
  client: Client,
  name: string,
  args: Json = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/**
 * The answer of a tool result: the JSON of its first text block (results carry no
 * structuredContent: see okResult in server/mcp/tools.ts).
 */
export function structured(result: object): Json {
  const r = result as { content?: unknown; structuredContent?: unknown };
  expect(r.structuredContent, 'results carry their JSON once, as text').toBeUndefined();
  const first = (r.content as { type: string; text: string }[])[0]!;
  expect(first.type).toBe('text');
  return JSON.parse(first.text) as Json;
}

/** A tool result that is no error: its answer. */
export async function ok(client: Client, name: string, args: Json = {}): Promise<Json> {
  const r = await callTool(client, name, args);
  expect(r.isError, `${name}: ${resultText(r)}`).toBeFalsy();
  return structured(r);
}

/** A tool error: its text, `code: message — next step (request id …)`. */
export async function toolError(
  client: Client,
  name: string,
  args: Json,
  code: string,
): Promise<string> {
  const r = await callTool(client, name, args);
  expect(r.isError, `${name} should fail: ${resultText(r)}`).toBe(true);
  expect(resultText(r)).toMatch(new RegExp(`^${code}: `));
  return resultText(r);
}

/**
 * A model's session: it knows only what tools/list says. Every call names a listed tool, with
 * arguments its inputSchema accepts; `used` collects the tools called.
 */
export async function modelSession(client: Client) {
  const tools = new Map<string, McpTool>((await client.listTools()).tools.map((t) => [t.name, t]));
  const validator = new AjvJsonSchemaValidator();
  const used = new Set<string>();
  const check = (name: string, args: Json) => {
    const tool = tools.get(name);
    expect(tool, `${name} is not in tools/list`).toBeDefined();
    const v = validator.getValidator(tool!.inputSchema as never)(args);
    expect(v.valid, `${name} ${JSON.stringify(args)}: ${v.errorMessage}`).toBe(true);
    used.add(name);
  };
  return {
    tools,
    used,
    instructions: client.getInstructions() ?? '',
    /** a listed tool's successful answer */
    async ok(name: string, args: Json = {}): Promise<Json> {
      check(name, args);
      return ok(client, name, args);
    },
    /** a listed tool's error text */
    async error(name: string, args: Json, code: string): Promise<string> {
      check(name, args);
      return toolError(client, name, args, code);
    },
    /** the whole result (text and notes) of a listed tool */
    async call(name: string, args: Json = {}): Promise<CallToolResult> {
      check(name, args);
      return callTool(client, name, args);
    },
  };
}

/** A backend seeded with the demo workspace, its API client and an MCP client on its /mcp. */
export async function demoMcp(): Promise<{ b: TestBackend; demo: ApiClient; client: Client }> {
  const b = await testBackend();
  await b.store.write(() => runSeed(b.services, 'demo'));
  const demo = await b.client({ workspace: 'demo' });
  return { b, demo, client: await mcpClient({ app: b.app }, demo.key) };
}
