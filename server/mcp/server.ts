/**
 * The MCP server of the tools (the SDK's low-level `Server`): tools/list from the generated tools,
 * tools/call through a `call` function. Loaded lazily (the SDK costs ~100 ms to import).
 *
 * The low-level Server, not McpServer, on purpose: McpServer validates arguments itself with its
 * own messages and hands the handler zod's *output* (defaults filled, transforms applied), while a
 * tool here must forward the caller's raw arguments so that the API validates them and answers its
 * own messages (the same as over HTTP), and list the JSON Schemas generated from the table.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { SHARED_RULES } from './instructions.ts';
import { EVERY_TOOL, inMode, modeLine, refusalOf, type McpMode } from './modes.ts';
import { errorResult } from './results.ts';
import type { CallApi, Tool } from './types.ts';

export interface ServerInfo {
  name?: string;
  version: string;
}

export interface ToolServerOptions {
  /**
   * Called with a failure of a tool that is no API answer (a bug, an unreachable API); answers the
   * request id to quote, and the tool answers `internal` with it instead of the failure's own text.
   * Without it (adcli mcp over stdio, whose user is the operator) the failure's message is shown.
   */
  onUnexpected?: (err: unknown) => string;
  /**
   * Which tools tools/list shows (those the key's scopes allow); default all. A hidden tool can
   * still be called: the API answers its 403 naming the scope it needs.
   */
  visible?: (tool: Tool) => boolean;
  /** the server's instructions; default the shared rules alone. The mode's line is added to them. */
  instructions?: string;
  /**
   * What the server serves beside the key's scopes (./modes.ts): read-only, some toolsets. A tool
   * outside the mode is not listed, and a call of it is refused naming the mode, before any request.
   */
  mode?: McpMode;
}

/**
 * The tools/list entry of a tool: no output schema, since results are compact views (and the full
 * records' schemas would fill a model's context many times over); `instructions` say what they hold.
 */
export function listing(tool: Tool): McpTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputJsonSchema as McpTool['inputSchema'],
    annotations: tool.annotations,
  };
}

/**
 * Serves `tools` on `server`: tools/list and tools/call. `call` sends one API request (the HTTP
 * endpoint: through the app's pipeline with the caller's key; `adcli mcp`: to a remote API).
 * The server must declare the `tools` capability (createMcpServer does).
 */
export function registerTools(
  server: Server,
  tools: readonly Tool[],
  call: CallApi,
  opts: ToolServerOptions = {},
): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const mode = opts.mode ?? EVERY_TOOL;
  const served = inMode(mode);
  const visible = opts.visible ?? (() => true);
  const listed = tools.filter((t) => served(t) && visible(t)).map(listing);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      const tool = byName.get(request.params.name);
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`);
      const refused = refusalOf(mode, tool);
      if (refused)
        return errorResult('forbidden', refused.message, undefined, refused.next) as CallToolResult;
      const token = request.params._meta?.progressToken;
      try {
        return await tool.run(request.params.arguments, call, {
          signal: extra.signal,
          progress:
            token === undefined
              ? undefined
              : (progress, total, message) =>
                  extra.sendNotification({
                    method: 'notifications/progress',
                    params: { progressToken: token, progress, total, message },
                  }),
        });
      } catch (e) {
        if (extra.signal.aborted) throw e;
        // Never a crash: an unexpected failure (the API unreachable, a bug) is a tool error too.
        if (opts.onUnexpected) {
          const requestId = opts.onUnexpected(e);
          return errorResult(
            'internal',
            `something went wrong on our side; quote request id ${requestId} when asking for help`,
            requestId,
          ) as CallToolResult;
        }
        return errorResult(
          'internal',
          e instanceof Error ? e.message : String(e),
        ) as CallToolResult;
      }
    },
  );
}

/** A Server with the tools capability and the tools registered. */
export function createMcpServer(
  tools: readonly Tool[],
  call: CallApi,
  info: ServerInfo,
  opts: ToolServerOptions = {},
): Server {
  const server = new Server(
    { name: info.name ?? 'adcli', version: info.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: [opts.instructions ?? SHARED_RULES, opts.mode && modeLine(opts.mode)]
        .filter(Boolean)
        .join('\n'),
    },
  );
  registerTools(server, tools, call, opts);
  return server;
}
