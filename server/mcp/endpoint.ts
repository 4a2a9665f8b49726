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
 * - A tool call becomes an internal request to the app's own `/api/v1` route with the caller's
 *   Authorization, so it passes the same pipeline as HTTP: auth, scope, workspace and key limits,
 *   validation messages, idempotency and the rate limit.
 *
 * This module is imported by the app at start; the SDK and the tool schemas load on the first /mcp
 * request, so the in-process `local` profile does not pay for them.
 */
import type { Context, Hono } from 'hono';
import type { AuthenticatedKey } from '../domain/keys.ts';
import type { Services } from '../domain/services.ts';
import { ApiError, errorBody } from '../lib/errors.ts';
import type { Logger } from '../lib/log.ts';
import { parseJsonText } from '../http/json-body.ts';
import type { Operation } from '../operations/operation.ts';
import type { KeyLimits } from './instructions.ts';
import type { ApiReply, CallApi, Tool } from './tools.ts';

export const MCP_PATH = '/mcp';

export interface McpOptions {
  services: Services;
  operations: readonly Operation[];
  /** where the operations live on this app, e.g. /api/v1 */
  apiPrefix: string;
  /** the server version told to clients */
  version: string;
  /** browser origins allowed beside this server's own loopback origin */
  allowedOrigins?: readonly string[];
  /** passed to buildTools (tests shorten the wait) */
  waitTimeoutMs?: number;
  /** the request's key, or the ApiError (400, 401) the API would answer */
  authenticate(c: Context): Promise<AuthenticatedKey>;
  /** counts n requests of the key (rejects with the 429 over its limit); the RateLimit-* headers, or null without a limit */
  rateLimit(key: AuthenticatedKey, n: number): Promise<Record<string, string> | null>;
  /** where an unexpected failure of a tool is logged */
  logger: Logger;
}

type Env = { Variables: { requestId: string } };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a request's Origin may use /mcp: none (not a browser), or this server's own loopback origin. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[] = [],
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed pages, file://) and anything unparsable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // A rebound name (evil.example → 127.0.0.1) arrives with Host and Origin both evil.example: so the
  // origin must name a loopback host, and the very host:port the request was sent to.
  return LOOPBACK.has(url.hostname) && host !== undefined && url.host === host.toLowerCase();
}

type Lazy = {
  tools: Tool[];
  createMcpServer: typeof import('./server.ts').createMcpServer;
  instructionsFor: typeof import('./instructions.ts').instructionsFor;
  visibleTo: typeof import('./instructions.ts').visibleTo;
  Transport: typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js').WebStandardStreamableHTTPServerTransport;
};

/** Mounts /mcp on the app. Put it after the body limit middleware, so /mcp shares the 1 MB limit. */
export function mountMcp(app: Hono<Env>, opts: McpOptions): void {
  let lazy: Promise<Lazy> | undefined;
  const load = () =>
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
      lazy = undefined; // a failed load (say, dist/ rebuilt underneath) is tried again by the next request
      throw e;
    }));

  /** An ApiError as the API answers it: the error shape, with its headers (WWW-Authenticate, Retry-After). */
  const apiError = (c: Context<Env>, e: ApiError) =>
    c.json(errorBody(e.code, e.message, c.get('requestId')), e.status as 400, e.headers);

  app.all(MCP_PATH, async (c) => {
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

    // The API's own key check (401 at the HTTP level); each tool call then runs the whole pipeline.
    let key: AuthenticatedKey;
    try {
      key = await opts.authenticate(c);
    } catch (e) {
      if (e instanceof ApiError) return apiError(c, e);
      throw e;
    }
    const authorization = c.req.header('authorization')!;

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
      limitHeaders = await opts.rateLimit(key, Math.max(1, messages.length));
    } catch (e) {
      if (e instanceof ApiError) return apiError(c, e);
      throw e;
    }
    // The first API request of each tools/call was paid for by its message.
    const prepaid = {
      calls: messages.filter((m) => (m as { method?: unknown } | null)?.method === 'tools/call')
        .length,
    };

    const accept = (c.req.header('accept') ?? '').toLowerCase();
    const anything = accept.includes('*/*');
    const acceptsSse = anything || accept.includes('text/event-stream');
    const acceptsJson = anything || accept.includes('application/json');
    const sse = acceptsSse && (!acceptsJson || wantsProgress(message));
    // The SDK transport insists on both types; having chosen one the client takes, say so to it.
    const headers = new Headers(c.req.raw.headers);
    if (acceptsSse || acceptsJson) headers.set('accept', 'application/json, text/event-stream');
    const req = new Request(c.req.raw.url, { method: 'POST', headers, signal: c.req.raw.signal });

    const { tools, createMcpServer, instructionsFor, visibleTo, Transport } = await load();
    const call = internalCall(
      app,
      opts.apiPrefix,
      new URL(c.req.url).origin,
      authorization,
      prepaid,
    );
    const requestId = c.get('requestId');
    // tools/list and the instructions follow the key of this request: its scopes, its workspace's invitation.
    const viewer = {
      scopes: key.scopes,
      exploration: key.exploration,
      limits: await limitsOf(opts.services, key),
    };
    const server = createMcpServer(
      tools,
      call,
      { version: opts.version },
      {
        visible: visibleTo(viewer),
        instructions: instructionsFor(tools, viewer),
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
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: !sse });
    await server.connect(transport);
    const close = () => void server.close().catch(() => {});
    let res: Response;
    try {
      res = await transport.handleRequest(req, { parsedBody: message });
    } catch (e) {
      close();
      throw e;
    }
    // A Response returned whole does not get the headers set on the context: add the request id.
    const out = new Headers(res.headers);
    out.set('x-request-id', c.get('requestId'));
    if (limitHeaders) for (const [k, v] of Object.entries(limitHeaders)) out.set(k, v);
    if (!res.body || !res.headers.get('content-type')?.includes('text/event-stream')) {
      close();
      return new Response(res.body, { status: res.status, headers: out });
    }
    // The stream ends when the last answer is written; a client that goes away cancels it, which
    // closes the server and aborts its running tool (a wait stops polling).
    return new Response(whenDone(res.body, close), { status: res.status, headers: out });
  });
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

/**
 * A CallApi that sends the request through this app's own /api/v1 route, as the caller. While
 * `prepaid.calls` lasts, a request is marked as already counted against the rate limit.
 */
function internalCall(
  app: Hono<Env>,
  prefix: string,
  origin: string,
  authorization: string,
  prepaid: { calls: number },
): CallApi {
  return async (r, ctx) => {
    const url = new URL(prefix + r.path, origin);
    for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
    // A view's lookup belongs to its tool call, which was counted already.
    const counted = ctx.lookup === true || prepaid.calls > 0;
    if (counted && !ctx.lookup) prepaid.calls--;
    const res = await app.request(
      url.href,
      {
        method: r.method,
        headers,
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
        signal: ctx.signal,
      },
      counted ? { mcpCounted: true } : undefined,
    );
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const reply: ApiReply = { status: res.status, body };
    const retryAfter = Number(res.headers.get('retry-after'));
    if (retryAfter > 0) reply.retryAfter = retryAfter;
    return reply;
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
