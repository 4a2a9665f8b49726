/**
 * The MCP endpoint at `/mcp` (on the host, not under /api/v1): Streamable HTTP, stateless.
 *
 * - Every POST carries `Authorization: Bearer <key>`; without it, or with a bad or revoked key, the
 *   answer is the API's own 401 (with its `WWW-Authenticate: Bearer` challenge).
 * - Every JSON-RPC message counts against the key's rate limit, a batch as many as it holds: a
 *   tools/list costs the same as any request. The API request a tools/call stands for is that
 *   message's, not counted again; the polls of a waiting tool are counted. A browser page from any origin but this server's own loopback
 *   origin gets 403 (DNS-rebinding guard; MCP clients that are not browsers send no Origin).
 * - Stateless: each POST gets a fresh SDK server and transport (no session, nothing to expire, the
 *   key is checked on every request). GET (a standalone SSE stream) and DELETE (ending a session)
 *   are 405, which the protocol allows.
 * - The answer is plain JSON, or an SSE stream when the client accepts one and asked for progress
 *   (a progressToken), since progress notifications can only travel on a stream.
 * - tools/list shows the tools the key's scopes allow (and exploration only to invited workspaces),
 *   and the instructions say so; a hidden tool still answers the API's own 403 when called.
 * - A client may narrow the tools (./modes.ts): `X-MCP-Toolsets: campaigns,targeting` or the path
 *   `/mcp/x/campaigns,targeting`, and `X-MCP-Readonly: true` or a path ending in `/readonly`. Tools
 *   outside the mode are not listed and a call of one is refused naming the mode; an unknown toolset
 *   is a 400 listing the valid ones.
 * - A tool call goes into its operation through invoke, the one way the HTTP routes and the pages
 *   use too: scope, workspace and key limits, validation messages and idempotency are the same.
 *   Faults and the request journal belong to the HTTP API (/api/v1) and do not apply here; the
 *   polls of a waiting tool count against the rate limit as requests.
 *
 * This module is imported by the app at start; the SDK and the tool schemas load on the first /mcp
 * request, so the in-process `local` profile does not pay for them.
 */
import { Hono, type Context } from 'hono';
import type { Actor } from '../domain/actor.ts';
import type { AuthenticatedKey } from '../domain/keys.ts';
import type { Services } from '../domain/services.ts';
import { authorizationOf } from '../http/auth.ts';
import { parseJsonText } from '../http/json-body.ts';
import { unavailableOf } from '../http/on-error.ts';
import { NO_OBSERVER, type Observer } from '../lib/observe.ts';
import { originAllowed } from '../http/origin.ts';
import { appUrlOf } from '../http/request.ts';
import { countRequests, type RequestLimiter } from '../http/rate-limit.ts';
import { ApiError, errorBody } from '../lib/errors.ts';
import type { Logger } from '../lib/log.ts';
import { fingerprintOf } from '../operations/fingerprint.ts';
import { invoke, textOf } from '../operations/invoke.ts';
import { API_PREFIX, type Operation, type OperationContext } from '../operations/operation.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import type { KeyLimits } from './instructions.ts';
import {
  inMode,
  parseSwitch,
  parseToolsets,
  SWITCH_VALUES,
  UnknownToolset,
  type McpMode,
} from './modes.ts';
import type { ApiReply, CallApi, Tool } from './types.ts';

export const MCP_PATH = '/mcp';

export interface McpOptions {
  ctx: OperationContext;
  operations: readonly Operation[];
  /** the server version told to clients */
  version: string;
  /** the rate limit per key, or null for none */
  limiter: RequestLimiter | null;
  /** base of campaign `url` links; default the address the request reached */
  appUrl?: string;
  /** browser origins allowed beside this server's own loopback origin */
  allowedOrigins?: readonly string[];
  /** passed to buildTools (tests shorten the wait) */
  waitTimeoutMs?: number;
  /** where an unexpected failure of a tool is logged */
  logger: Logger;
  /** told of the store's failures (adcli serve's metrics) */
  observe?: Observer;
}

type Env = { Variables: { requestId: string } };

type Lazy = {
  tools: Tool[];
  createMcpServer: typeof import('./server.ts').createMcpServer;
  instructionsFor: typeof import('./instructions.ts').instructionsFor;
  visibleTo: typeof import('./instructions.ts').visibleTo;
  Transport: typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js').WebStandardStreamableHTTPServerTransport;
};

/** /mcp as a sub-app; mounted after the body limit middleware, so /mcp shares the 1 MB limit. */
export function createMcpApp(opts: McpOptions): Hono<Env> {
  const app = new Hono<Env>();
  const { ctx } = opts;
  const records = new IdempotencyRecords(ctx.deps.store);
  const count = (
    key: { keyId: string },
    n: number,
  ): Record<string, string> | Promise<Record<string, string>> | null =>
    opts.limiter && countRequests(opts.limiter, key.keyId, ctx.deps.clock.base.now().getTime(), n);
  const load = loader(opts);

  /** An ApiError as the API answers it: the error shape, with its headers (WWW-Authenticate, Retry-After). */
  const apiError = (c: Context<Env>, e: ApiError) =>
    c.json(errorBody(e.code, e.message, c.get('requestId')), e.status as 400, e.headers);

  const handle = async (c: Context<Env>) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const origin = c.req.header('origin');
    if (!originAllowed(origin, host, opts.allowedOrigins)) {
      return apiError(
        c,
        new ApiError(
          403,
          'forbidden',
          `requests from web pages at ${origin} are not allowed: /mcp accepts browser requests only from this server's own origin`,
        ),
      );
    }

    // The API's own key check (401 at the HTTP level); each tool call then goes through invoke.
    let key: AuthenticatedKey;
    let mode: McpMode;
    try {
      key = await ctx.keys.fromHeader(authorizationOf(c));
      mode = modeOfRequest(c, opts.operations);
    } catch (e) {
      if (e instanceof ApiError) return apiError(c, e);
      throw e;
    }
    const actor: Actor = { ...key, appUrl: opts.appUrl ?? appUrlOf(c) };

    if (c.req.method !== 'POST') {
      return c.json(
        {
          jsonrpc: '2.0',
          error: {
            code: -32000,
            message: `${c.req.method} is not supported: this MCP endpoint is stateless, POST each message`,
          },
          id: null,
        },
        405,
        {
          Allow: 'POST',
        },
      );
    }

    // The body limit middleware has already refused bodies over 1 MB.
    const text = await c.req.text();
    let message: unknown;
    try {
      message = parseJsonText(text);
    } catch (e) {
      const why =
        e instanceof ApiError && !e.message.includes('not valid JSON')
          ? `: ${e.message}`
          : ': Invalid JSON';
      return c.json(
        { jsonrpc: '2.0', error: { code: -32700, message: `Parse error${why}` }, id: null },
        400,
      );
    }

    const messages = Array.isArray(message) ? message : [message];
    let limitHeaders: Record<string, string> | null;
    try {
      limitHeaders = await count(key, Math.max(1, messages.length));
    } catch (e) {
      if (e instanceof ApiError) return apiError(c, e);
      throw e;
    }
    // The first API request of each tools/call was paid for by its message.
    const prepaid = {
      calls: messages.filter((m) => (m as { method?: unknown } | null)?.method === 'tools/call')
        .length,
    };

    const call = invokingCall(
      ctx,
      opts.operations,
      actor,
      records,
      prepaid,
      count,
      c.get('requestId'),
      opts.logger,
      opts.observe ?? NO_OBSERVER,
    );
    return answer(c, opts, await load(), { key, mode, message, call, limitHeaders });
  };
  // The mode in the path, for clients that cannot send headers (./modes.ts)
  for (const path of ['/', READONLY_PATH, '/x/:toolsets', `/x/:toolsets${READONLY_PATH}`])
    app.all(path, handle);
  return app;
}

/**
 * The SDK and the tools, loaded on the first /mcp request (so the in-process `local` profile does
 * not pay for them); a failed load (say, dist/ rebuilt underneath) is tried again by the next one.
 */
function loader(opts: McpOptions): () => Promise<Lazy> {
  let lazy: Promise<Lazy> | undefined;
  return () =>
    (lazy ??= (async () => {
      const [
        { buildTools },
        { createMcpServer },
        { instructionsFor, visibleTo },
        { WebStandardStreamableHTTPServerTransport },
      ] = await Promise.all([
        import('./tools.ts'),
        import('./server.ts'),
        import('./instructions.ts'),
        import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
      ]);
      return {
        tools: buildTools(opts.operations, { waitTimeoutMs: opts.waitTimeoutMs }),
        createMcpServer,
        instructionsFor,
        visibleTo,
        Transport: WebStandardStreamableHTTPServerTransport,
      };
    })().catch((e: unknown) => {
      lazy = undefined;
      throw e;
    }));
}

/**
 * One POST's messages, answered by a fresh SDK server and transport (stateless): tools/list and the
 * instructions follow the request's key (its scopes, its workspace's invitation, its limits) and mode.
 */
async function answer(
  c: Context<Env>,
  opts: McpOptions,
  { tools, createMcpServer, instructionsFor, visibleTo, Transport }: Lazy,
  r: {
    key: AuthenticatedKey;
    mode: McpMode;
    message: unknown;
    call: CallApi;
    limitHeaders: Record<string, string> | null;
  },
): Promise<Response> {
  const requestId = c.get('requestId');
  const viewer = {
    scopes: r.key.scopes,
    exploration: r.key.exploration,
    limits: await limitsOf(opts.ctx, r.key),
  };
  const server = createMcpServer(
    tools,
    r.call,
    { version: opts.version },
    {
      visible: visibleTo(viewer),
      // what the key lacks is told of the tools the mode serves
      instructions: instructionsFor(tools.filter(inMode(r.mode)), viewer),
      mode: r.mode,
      onUnexpected: (e) => {
        opts.logger.event(
          'error',
          `MCP tool failed: ${e instanceof Error ? e.message : String(e)}`,
          {
            requestId,
            stack: e instanceof Error ? (e.stack ?? null) : null,
          },
        );
        return requestId;
      },
    },
  );
  const { req, sse } = transportRequest(c, r.message);
  const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: !sse });
  await server.connect(transport);
  const close = () => void server.close().catch(() => {});
  let res: Response;
  try {
    res = await transport.handleRequest(req, { parsedBody: r.message });
  } catch (e) {
    close();
    throw e;
  }
  // A Response returned whole does not get the headers set on the context: add the request id.
  const out = new Headers(res.headers);
  out.set('x-request-id', requestId);
  if (r.limitHeaders) for (const [k, v] of Object.entries(r.limitHeaders)) out.set(k, v);
  if (!res.body || !res.headers.get('content-type')?.includes('text/event-stream')) {
    close();
    return new Response(res.body, { status: res.status, headers: out });
  }
  // The stream ends when the last answer is written; a client that goes away cancels it, which
  // closes the server and aborts its running tool (a wait stops polling).
  return new Response(whenDone(res.body, close), { status: res.status, headers: out });
}

/**
 * The request for the SDK transport, and whether it answers on an SSE stream: when the client
 * accepts one and asked for progress (progress notifications can only travel on a stream).
 */
function transportRequest(c: Context<Env>, message: unknown): { req: Request; sse: boolean } {
  const accept = (c.req.header('accept') ?? '').toLowerCase();
  const anything = accept.includes('*/*');
  const acceptsSse = anything || accept.includes('text/event-stream');
  const acceptsJson = anything || accept.includes('application/json');
  const sse = acceptsSse && (!acceptsJson || wantsProgress(message));
  // The SDK transport insists on both types; having chosen one the client takes, say so to it.
  const headers = new Headers(c.req.raw.headers);
  if (acceptsSse || acceptsJson) headers.set('accept', 'application/json, text/event-stream');
  return {
    req: new Request(c.req.raw.url, { method: 'POST', headers, signal: c.req.raw.signal }),
    sse,
  };
}

const READONLY_PATH = '/readonly';
export const TOOLSETS_HEADER = 'X-MCP-Toolsets';
export const READONLY_HEADER = 'X-MCP-Readonly';

/**
 * The mode a request asks for (./modes.ts): the toolsets of the `X-MCP-Toolsets` header or of the
 * path `/mcp/x/{toolsets}` (not both), read-only by the `X-MCP-Readonly` header or a path ending in
 * `/readonly`. An unknown toolset or a switch that is neither yes nor no is a 400 naming the valid values.
 */
function modeOfRequest(c: Context<Env>, ops: readonly Operation[]): McpMode {
  const bad = (message: string) => new ApiError(400, 'invalid_request', message);
  const inPath = c.req.param('toolsets');
  const inHeader = c.req.header(TOOLSETS_HEADER);
  if (inPath !== undefined && inHeader !== undefined)
    throw bad(
      `toolsets are given both in the path (/mcp/x/${inPath}) and in the ${TOOLSETS_HEADER} header; give them once`,
    );
  const toolsetsFrom =
    inPath !== undefined ? `the path /mcp/x/${inPath}` : `the ${TOOLSETS_HEADER} header`;
  let toolsets: ReadonlySet<string> | null;
  try {
    toolsets = parseToolsets(inPath ?? inHeader ?? '', ops, toolsetsFrom);
  } catch (e) {
    if (e instanceof UnknownToolset) throw bad(e.message);
    throw e;
  }
  const header = c.req.header(READONLY_HEADER);
  const byHeader = header === undefined ? false : parseSwitch(header);
  if (byHeader === undefined)
    throw bad(`${READONLY_HEADER} must be one of ${SWITCH_VALUES}, not "${header}"`);
  const byPath = new URL(c.req.url).pathname.endsWith(READONLY_PATH);
  return {
    readOnly: byHeader || byPath,
    toolsets,
    readOnlyFrom: byPath ? 'the path /mcp/…/readonly' : `the ${READONLY_HEADER} header`,
    toolsetsFrom,
  };
}

/** Whether a JSON-RPC message (or batch) has a request asking for progress notifications. */
function wantsProgress(message: unknown): boolean {
  const list = Array.isArray(message) ? message : [message];
  return list.some((m) => {
    const meta = (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined && meta.progressToken !== null;
  });
}

function whenDone(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          controller.close();
          done();
        } else controller.enqueue(value);
      } catch (e) {
        controller.error(e);
        done();
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason).catch(() => {});
    },
  });
}

/** An operation by method and path under the API prefix, with its path parameters; null for none. */
type Router = (
  method: string,
  path: string,
) => { op: Operation; params: Record<string, string> } | null;

function routerOf(ops: readonly Operation[]): Router {
  const routes = ops.map((op) => ({
    op,
    names: [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    re: new RegExp('^' + op.path.replace(/\{\w+\}/g, '([^/]+)') + '$'),
  }));
  return (method, path) => {
    for (const r of routes) {
      if (r.op.method !== method) continue;
      const m = r.re.exec(path);
      if (m)
        return {
          op: r.op,
          params: Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])),
        };
    }
    return null;
  };
}

/**
 * The CallApi of the tools inside this server: each request goes into its operation through
 * invoke, as the caller, remembered by its idempotencyKey as over HTTP (the same fingerprint, so a
 * retry through either replays the other). The first request of each tools/call was paid for by its
 * message (`prepaid`); a view's lookup belongs to its call; the polls of a waiting tool count.
 */
function invokingCall(
  ctx: OperationContext,
  ops: readonly Operation[],
  actor: Actor,
  records: IdempotencyRecords,
  prepaid: { calls: number },
  count: (
    key: { keyId: string },
    n: number,
  ) => Record<string, string> | Promise<Record<string, string>> | null,
  rid: string,
  logger: Logger,
  observe: Observer,
): CallApi {
  const route = routerOf(ops);
  return async (r, cc) => {
    try {
      if (!cc.lookup) {
        if (prepaid.calls > 0) prepaid.calls--;
        else await count(actor, 1);
      }
      const found = route(r.method, r.path);
      if (!found)
        return {
          status: 404,
          body: errorBody('not_found', `no such route: ${r.method} ${r.path}`, rid),
        };
      const idempotency =
        r.idempotencyKey === undefined
          ? undefined
          : {
              key: r.idempotencyKey,
              fingerprint: fingerprintOf(r.method, API_PREFIX + r.path, r.query, r.body),
              records,
            };
      const result = await invoke(
        ctx,
        found.op,
        actor,
        { params: found.params, query: r.query, body: r.body },
        idempotency,
      );
      return { status: result.status, body: JSON.parse(textOf(result)) as unknown };
    } catch (e) {
      if (!(e instanceof ApiError)) return failureReply(e, logger, rid, r, observe);
      const reply: ApiReply = { status: e.status, body: errorBody(e.code, e.message, rid) };
      const retryAfter = Number(e.headers['Retry-After']);
      if (retryAfter > 0) reply.retryAfter = retryAfter;
      return reply;
    }
  };
}

/**
 * A failure that is not the caller's, answered as the API answers it: the store's as a 503 to retry
 * (on-error.ts), anything else a 500 whose details go to the server's log only.
 */
function failureReply(
  e: unknown,
  logger: Logger,
  rid: string,
  r: { method: string; path: string },
  observe: Observer,
): ApiReply {
  const where = { requestId: rid, method: r.method, path: API_PREFIX + r.path };
  const unavailable = unavailableOf(e);
  if (unavailable) {
    observe.storeError(unavailable.kind);
    if (unavailable.log) logger.event('error', unavailable.log, where);
    return {
      status: 503,
      body: errorBody('unavailable', unavailable.message, rid),
      retryAfter: unavailable.retryAfterS,
    };
  }
  logger.event('error', `internal error: ${e instanceof Error ? e.message : String(e)}`, {
    ...where,
    stack: e instanceof Error ? (e.stack ?? null) : null,
  });
  return {
    status: 500,
    body: errorBody(
      'internal',
      `something went wrong on our side; quote request id ${rid} when asking for help`,
      rid,
    ),
  };
}

/** What the instructions say of a key's limits: none for a key without, else its accounts (and currencies) and campaigns. */
async function limitsOf(services: Services, key: AuthenticatedKey): Promise<KeyLimits | null> {
  if (!key.customerIds && !key.campaignIds) return null;
  const accounts = await services.deps.store.read(() =>
    services.ads.accounts({ ...key, appUrl: '' }),
  );
  return {
    customerIds: key.customerIds,
    campaignIds: key.campaignIds,
    accounts: accounts.map((a) => ({ customerId: a.customerId, currencyCode: a.currencyCode })),
  };
}
