import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import type { McpMode } from '../../../server/app/mcp-proxy.ts';
import type { ApiClient } from '../../lib/client.ts';
import { optionsOf } from '../../lib/context.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { isLocal, type Target } from '../../lib/target.ts';
import { VERSION } from '../../version.ts';

/**
 * `adcli mcp`: an MCP server on stdio for desktop clients that launch a command. Its tools are the
 * same ones /mcp offers (built from the operation table); each call goes to the API of the chosen
 * profile (remote, or the local backend in this process) with the profile's key. stdout carries
 * the protocol, so everything else goes to stderr: one line at start names the backend served.
 *
 * tools/list shows what the key may call, as /mcp does: the key's scopes are learned from the
 * backend's own /mcp (its tools/list answers the tools the key's scopes allow). A backend without
 * /mcp gets every tool listed, and the instructions say the scopes are unknown.
 *
 * `--read-only` and `--toolsets` (or ADCLI_MCP_READ_ONLY and ADCLI_MCP_TOOLSETS; a flag wins over its
 * variable) narrow what is served, in this process (server/mcp/modes.ts), whatever the backend.
 */
export async function mcpCommand(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<{ readOnly?: boolean; toolsets?: string }>(cmd);
  const mode = await modeOf(o, f.env);
  const [{ createMcpProxy }, { StdioServerTransport }] = await Promise.all([
    import('../../../server/app/mcp-proxy.ts'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const client = await f.apiClient(o);
  const backend = backendOf(client.target, f.dataDir());
  f.io.stderr.write(`adcli mcp: serving ${backend}${modeWords(mode)}\n`);
  const server = createMcpProxy({
    call: async (req, ctx) => {
      const res = await client.raw(req.method, req.path, {
        query: req.query,
        body: req.body,
        idempotencyKey: req.idempotencyKey,
        signal: ctx.signal,
      });
      let body: unknown;
      try {
        body = res.text ? JSON.parse(res.text) : undefined;
      } catch {
        body = { error: { code: `http_${res.status}`, message: res.text.slice(0, 500) } };
      }
      const retryAfter = Number(res.headers['retry-after']);
      return {
        status: res.status,
        body,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      };
    },
    version: VERSION,
    allowed: await allowedTools(client),
    backend,
    mode,
  });
  const transport = new StdioServerTransport(f.io.stdin as Readable, f.io.stdout as Writable);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    f.io.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
}

/**
 * The mode of the flags, else of their variables: an unknown toolset, or a variable that is neither
 * yes nor no, is a usage error (exit 2) naming the valid values.
 */
async function modeOf(
  o: { readOnly?: boolean; toolsets?: string },
  env: NodeJS.ProcessEnv,
): Promise<McpMode> {
  const [{ parseSwitch, parseToolsets, SWITCH_VALUES, UnknownToolset }, { operations }] =
    await Promise.all([
      import('../../../server/app/mcp-proxy.ts'),
      import('../../../server/operations/index.ts'),
    ]);
  const envReadOnly = env.ADCLI_MCP_READ_ONLY;
  const readOnly = o.readOnly ? true : envReadOnly === undefined ? false : parseSwitch(envReadOnly);
  if (readOnly === undefined)
    throw usageError(`ADCLI_MCP_READ_ONLY must be one of ${SWITCH_VALUES}, not "${envReadOnly}"`);
  const toolsetsFrom = o.toolsets !== undefined ? '--toolsets' : 'ADCLI_MCP_TOOLSETS';
  try {
    return {
      readOnly,
      toolsets: parseToolsets(o.toolsets ?? env.ADCLI_MCP_TOOLSETS ?? '', operations, toolsetsFrom),
      readOnlyFrom: o.readOnly ? '--read-only' : 'ADCLI_MCP_READ_ONLY',
      toolsetsFrom,
    };
  } catch (e) {
    if (e instanceof UnknownToolset) throw usageError(e.message);
    throw e;
  }
}

/** The mode, in the start line's words: nothing for every tool. */
function modeWords(mode: McpMode): string {
  const parts = [
    ...(mode.readOnly ? ['read-only'] : []),
    ...(mode.toolsets ? [`toolsets ${[...mode.toolsets].join(', ')}`] : []),
  ];
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** Which backend the server serves, for a person and a model: never a key, nor a URL's credentials or query. */
export function backendOf(target: Target, dataDir: string): string {
  if (isLocal(target))
    return `the built-in local backend with demo data (profile local, data in ${dataDir})`;
  let shown = target.baseUrl;
  try {
    const u = new URL(target.baseUrl);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    shown = u.href.replace(/\/$/, '');
  } catch {
    // normalizeBaseUrl accepted it, so it parses; kept as is otherwise
  }
  return `the deployment at ${shown} (base URL from ${target.baseUrlSource})`;
}

/** The names of the tools the backend's /mcp lists for this key, or null when it cannot say. */
async function allowedTools(client: ApiClient): Promise<Set<string> | null> {
  try {
    const res = await client.raw('POST', '/mcp', {
      prefix: '',
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    if (res.status !== 200) return null;
    const tools = (JSON.parse(res.text) as { result?: { tools?: { name?: unknown }[] } }).result
      ?.tools;
    return Array.isArray(tools) ? new Set(tools.map((t) => String(t.name))) : null;
  } catch {
    return null;
  }
}
