import type { MiddlewareHandler } from 'hono';
import type { Actor } from '../domain/actor.ts';
import type { AuthenticatedKey, Keys } from '../domain/keys.ts';
import { authorize, type Operation } from '../operations/operation.ts';
import type { WorkspaceClocks } from '../time/workspace-clocks.ts';
import { authorizationOf } from './auth.ts';
import { countRequests, type RequestLimiter } from './rate-limit.ts';
import { header, appUrlOf } from './request.ts';
import type { RequestEnv } from './request-log.ts';

export interface AuthenticateOptions {
  keys: Keys;
  clocks: WorkspaceClocks;
  /** null: no rate limit */
  limiter: RequestLimiter | null;
  /** base of campaign links (`--public-url`); default the address the request reached */
  appUrl?: string;
  /** an API request (under /api/v1): the journal notes it; the controls' requests are not journaled */
  journaled: boolean;
}

/**
 * The key of the request (a 400/401 for a missing, malformed, unknown or revoked one), counted
 * against its rate limit (429 over it, RateLimit-* headers either way), allowed the operation (403:
 * scope, key limits) before anything else is done for it, and noted for the journal. Sets `actor`.
 * Synchronous where it can be: the key and clock caches answer without a turn when current.
 */
export function authenticate(
  op: Operation,
  opts: AuthenticateOptions,
): MiddlewareHandler<RequestEnv> {
  const { keys, clocks, limiter } = opts;
  return async (c, next) => {
    const found = keys.fromHeader(authorizationOf(c));
    const key: AuthenticatedKey = found instanceof Promise ? await found : found;
    // The journal's time reads the workspace's clock (no turn when current).
    const refreshing = clocks.refresh();
    if (refreshing) await refreshing;
    if (opts.journaled) {
      c.set('journal', {
        workspaceId: key.workspaceId,
        keyId: key.keyId,
        at: clocks.of(key.workspaceId).toISOString(),
        idempotencyKey: op.method !== 'GET' ? (header(c, 'idempotency-key') ?? null) : null,
        replayed: false,
        fault: null,
        dropped: false,
      });
    }
    if (limiter) {
      // Windows run on real time: they measure the client's pace, never a frozen workspace clock.
      const counted = countRequests(limiter, key.keyId, clocks.base.now().getTime());
      const headers = counted instanceof Promise ? await counted : counted;
      for (const k in headers) c.header(k, headers[k]);
    }
    const actor: Actor = { ...key, appUrl: opts.appUrl ?? appUrlOf(c) };
    authorize(op, actor);
    c.set('actor', actor);
    return next();
  };
}
