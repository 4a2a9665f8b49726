// @store both
/**
 * /mcp under load and failure (issue 10): every JSON-RPC message counts against the key's rate
 * limit; a tool that fails unexpectedly answers `internal` with the request id, and the failure is
 * logged; the tools' hints say what they do; serverInfo.version is the package's version.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../server/app/backend.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { operations } from '../server/operations/index.ts';
import { defineOperation, readOnly } from '../server/operations/operation.ts';
import { SCOPES } from '../server/schemas/common.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { testBackend } from './helpers/backend.ts';

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

type Json = Record<string, any>;

/** One POST to /mcp of the in-process app: a message or a batch; the answer as JSON. */
async function post(
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  key: string,
  message: unknown,
) {
  const res = await app.request('/mcp', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(message),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as any) : undefined,
  };
}

const rpc = (id: number, method: string, params: Json = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const INIT = rpc(0, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 't', version: '0' },
});

describe('the rate limit counts every JSON-RPC message', () => {
  it('tools/list is counted like any request: over the limit, a 429 in the error shape with Retry-After', async () => {
    const b = await testBackend({ rateLimit: 3 });
    for (let i = 1; i <= 3; i++) {
      const r = await post(b.app, b.api.key, rpc(i, 'tools/list'));
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-remaining')).toBe(String(3 - i));
    }
    const over = await post(b.app, b.api.key, rpc(4, 'tools/list'));
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('more than 3 requests in a minute'),
    });
    expect(over.body.error.requestId).toBe(over.headers.get('x-request-id'));
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // the same key over /api/v1 is over its limit too: one budget
    expect((await b.api.get('/workspace')).status).toBe(429);
  });

  it('a batch counts as many messages as it holds', async () => {
    const b = await testBackend({ rateLimit: 5 });
    const batch = [1, 2, 3, 4].map((i) => rpc(i, 'tools/list'));
    const first = await post(b.app, b.api.key, batch);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect((await post(b.app, b.api.key, batch)).status).toBe(429);
  });

  it("a tools/call counts once: the API request it stands for is its message's", async () => {
    const b = await testBackend({ rateLimit: 10 });
    const r = await post(
      b.app,
      b.api.key,
      rpc(1, 'tools/call', { name: 'get_workspace', arguments: {} }),
    );
    expect(r.status).toBe(200);
    expect(r.body.result.isError).toBeFalsy();
    expect(r.headers.get('ratelimit-remaining')).toBe('9');
    const next = await b.api.get('/workspace');
    expect(next.headers.get('ratelimit-remaining')).toBe('8');
  });

  it('does not starve another key: each key has its own budget', async () => {
    const b = await testBackend({ rateLimit: 2 });
    const other = await b.client({ workspace: 'other' });
    await post(b.app, b.api.key, [
      rpc(1, 'tools/list'),
      rpc(2, 'tools/list'),
      rpc(3, 'tools/list'),
    ]);
    expect((await post(b.app, b.api.key, rpc(4, 'tools/list'))).status).toBe(429);
    expect((await post(b.app, other.key, rpc(1, 'tools/list'))).status).toBe(200);
  });
});

describe('a tool that fails unexpectedly', () => {
  // A table whose path parameter takes any string: a lone surrogate cannot be put in a URL, so
  // building the tool's API request throws (a bug of such a table, not an answer of the API).
  const echo = defineOperation({
    name: 'echo_text',
    method: 'GET',
    path: '/echo/{text}',
    scope: 'campaigns:read',
    tag: 'test',
    summary: 'Echo',
    description: 'Echoes its path parameter.',
    params: z.strictObject({ text: z.string() }),
    response: z.strictObject({ text: z.string() }),
    errors: [],
    hints: readOnly,
    handler: (_a, { params }) => ({ text: params.text }),
  });

  it('answers internal with the request id, not the exception text, and logs it once', async () => {
    const warnings: string[] = [];
    const store = SqliteStore.memory();
    const backend = createBackend({
      store,
      clock: new ManualClock(),
      rateLimit: 0,
      operations: [...operations, echo],
      warn: (l) => warnings.push(l),
    });
    const key = await store.write(
      async () =>
        (
          await backend.services.keys.create(
            (await backend.services.workspaces.ensure('acme')).id,
            { scopes: SCOPES },
          )
        ).key,
    );
    const r = await post(
      backend.app,
      key,
      rpc(1, 'tools/call', { name: 'echo_text', arguments: { text: '\ud800' } }),
    );
    expect(r.status).toBe(200);
    const rid = r.headers.get('x-request-id')!;
    expect(r.body.result.isError).toBe(true);
    expect(r.body.result.content[0].text).toBe(
      `internal: something went wrong on our side; quote request id ${rid} when asking for help (request id ${rid})`,
    );
    expect(r.body.result.content[0].text).not.toMatch(/URI|malformed/i);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^error: MCP tool failed: URI malformed/);
    expect(warnings[0]).toContain(`requestId=${rid}`);
    // the same tool works with a value a URL can carry
    const ok = await post(
      backend.app,
      key,
      rpc(2, 'tools/call', { name: 'echo_text', arguments: { text: 'hi' } }),
    );
    expect(ok.body.result.structuredContent).toBeUndefined();
    expect(JSON.parse(ok.body.result.content[0].text)).toEqual({ text: 'hi' });
  });
});

describe('hints and server info', () => {
  it('hints by what a tool does: destructive for overwrites, open world for the ad platform', async () => {
    const b = await testBackend();
    const list = await post(b.app, b.api.key, rpc(1, 'tools/list'));
    const hints = new Map<string, Json>(
      list.body.result.tools.map((t: Json) => [t.name, t.annotations]),
    );
    for (const name of [
      'edit_targeting',
      'generate_targeting',
      'update_campaign',
      'update_brand',
      'update_audience',
      'update_data_store',
      'update_campaign_audience',
      'import_data_store',
    ]) {
      expect(hints.get(name)!.destructiveHint, name).toBe(true);
    }
    for (const name of ['create_campaign', 'create_brand', 'add_campaign_audience']) {
      expect(hints.get(name)!.destructiveHint, name).toBe(false);
    }
    // destructive and idempotent mean something only for writes (the protocol's rule): a read says readOnly alone
    for (const name of ['get_campaign', 'list_campaigns']) {
      expect(hints.get(name), name).toEqual({ readOnlyHint: true, openWorldHint: false });
    }
    for (const name of ['create_ads_campaign', 'list_ads_accounts', 'get_performance'])
      expect(hints.get(name)!.openWorldHint, name).toBe(true);
    for (const name of ['get_campaign', 'update_campaign', 'generate_targeting'])
      expect(hints.get(name)!.openWorldHint, name).toBe(false);
    for (const [name, h] of hints)
      if (h.readOnlyHint) expect(h.destructiveHint, name).toBeUndefined();
  });

  it("serverInfo.version is the package's version", async () => {
    const b = await testBackend();
    const r = await post(b.app, b.api.key, INIT);
    expect(r.body.result.serverInfo).toEqual({ name: 'adcli', version: PACKAGE_VERSION });
  });
});
