import type { Context, MiddlewareHandler } from 'hono';
import { preferFault, type FaultRules } from '../control/faults.ts';
import { ApiError, bearerChallenge, errorBody, type ErrorCode } from '../lib/errors.ts';
import type { Operation } from '../operations/operation.ts';
import { header } from './request.ts';
import type { RequestEnv } from './request-log.ts';

/**
 * The faults of adcli serve (WireMock's, Prism's Prefer) on the API's requests, after the key was
 * checked: the request's `Prefer: code=…, delay=…`, else the first fault rule of the workspace that
 * matches its method and path under `prefix`. A delay, then an error in the contract's shape or a
 * dropped connection (or nothing more). Noted in the journal. Faults belong to the HTTP API: /mcp
 * tool calls and the pages go straight to the operations.
 */
export function injectFaults(
  op: Operation,
  faults: FaultRules,
  prefix: string,
): MiddlewareHandler<RequestEnv> {
  return async (c, next) => {
    const actor = c.get('actor')!;
    const found =
      preferFault(header(c, 'prefer')) ??
      faults.match(actor.workspaceId, actor.keyId, op.method, c.req.path.slice(prefix.length));
    const fault = found instanceof Promise ? await found : found;
    if (!fault) return next();
    const note = c.get('journal');
    if (note) note.fault = fault.source;
    if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault.drop) {
      if (note) note.dropped = true;
      return dropConnection(c);
    }
    if (fault.status !== null) throw injectedError(fault.status, fault.source);
    return next();
  };
}

/** An injected status, in the contract's error shape (a 429 with Retry-After, as the real one). */
function injectedError(status: number, source: string): ApiError {
  const codes: Record<number, ErrorCode> = {
    400: 'invalid_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'payload_too_large',
    429: 'rate_limited',
    503: 'unavailable',
  };
  const code = codes[status] ?? (status >= 500 ? 'internal' : 'invalid_request');
  const why = source === 'prefer' ? 'the Prefer header asked for it' : `fault rule ${source}`;
  const headers: Record<string, string> =
    status === 429
      ? { 'Retry-After': '1' }
      : status === 401
        ? { 'WWW-Authenticate': bearerChallenge('invalid_token') }
        : {};
  return new ApiError(
    status,
    code,
    `injected fault: this backend answers ${status} because ${why}`,
    headers,
  );
}

/**
 * An injected dropped connection: over a socket, the socket is destroyed with no answer; in-process
 * (the local profile) the answer is marked so the transport fails as a dropped socket would.
 */
function dropConnection(c: Context<RequestEnv>): Response {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  incoming?.socket?.destroy();
  return c.json(
    errorBody('internal', 'injected fault: the connection was dropped', c.get('requestId')),
    502,
    { 'x-adcli-dropped': '1' },
  );
}
