import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { optionsOf } from '../lib/context.ts';
import type { Factory } from '../lib/factory.ts';
import { VERSION } from '../version.ts';

/**
 * `adcli mcp`: an MCP server on stdio for desktop clients that launch a command. Its tools are the
 * same ones /mcp offers (built from the operation table); each call goes to the API of the chosen
 * profile (remote, or the local backend in this process) with the profile's key. stdout carries
 * the protocol, so everything else goes to stderr.
 */
export async function mcpCommand(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const [{ operations }, { buildTools }, { createMcpServer }, { StdioServerTransport }] = await Promise.all([
    import('../../server/operations/index.ts'),
    import('../../server/mcp/tools.ts'),
    import('../../server/mcp/server.ts'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const client = await f.apiClient(o);
  const server = createMcpServer(
    buildTools(operations),
    async (req, ctx) => {
      const res = await client.raw(req.method, req.path, { query: req.query, body: req.body, idempotencyKey: req.idempotencyKey, signal: ctx.signal });
      let body: unknown;
      try {
        body = res.text ? JSON.parse(res.text) : undefined;
      } catch {
        body = { error: { code: `http_${res.status}`, message: res.text.slice(0, 500) } };
      }
      const retryAfter = Number(res.headers['retry-after']);
      return { status: res.status, body, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}) };
    },
    { version: VERSION },
  );
  const transport = new StdioServerTransport(f.io.stdin as Readable, f.io.stdout as Writable);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    f.io.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
}
