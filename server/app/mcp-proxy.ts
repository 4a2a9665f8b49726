/**
 * `adcli mcp`'s door: an MCP server with the tools /mcp offers (built from the operation table),
 * each call sent by `call` to the API of the chosen profile. The command line gives the transport.
 */
import { instructionsFor, viewerOfListing } from '../mcp/instructions.ts';
import { EVERY_TOOL, inMode, type McpMode } from '../mcp/modes.ts';
import { createMcpServer } from '../mcp/server.ts';
import { buildTools } from '../mcp/tools.ts';
import type { CallApi } from '../mcp/types.ts';
import { operations } from '../operations/index.ts';

export type { CallApi };
/** What `adcli mcp` reads its --read-only and --toolsets with (src/ reaches server/mcp/ through here). */
export {
  parseSwitch,
  parseToolsets,
  SWITCH_VALUES,
  UnknownToolset,
  type McpMode,
} from '../mcp/modes.ts';

export interface McpProxyOptions {
  call: CallApi;
  version: string;
  /** the tools the key may call, as the backend's own /mcp lists them; null: unknown, all listed */
  allowed: ReadonlySet<string> | null;
  /** which backend is served, in words for a person and a model (never a key) */
  backend: string;
  /** read-only, some toolsets (adcli mcp --read-only --toolsets); default every tool */
  mode?: McpMode;
}

export function createMcpProxy(opts: McpProxyOptions) {
  const tools = buildTools(operations);
  const { allowed } = opts;
  const mode = opts.mode ?? EVERY_TOOL;
  return createMcpServer(
    tools,
    opts.call,
    { version: opts.version },
    {
      visible: allowed ? (t) => allowed.has(t.name) : undefined,
      // what the key lacks is told of the tools the mode serves
      instructions: instructionsFor(
        tools.filter(inMode(mode)),
        viewerOfListing(tools, allowed),
        opts.backend,
      ),
      mode,
    },
  );
}
