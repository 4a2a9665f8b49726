import type { Context, MiddlewareHandler } from 'hono';
import type { Actor } from '../domain/actor.ts';
import type { AuthenticatedKey, Keys } from '../domain/keys.ts';
import { authorize, type Operation } from '../operations/operation.ts';
import type { WorkspaceClocks } from '../time/workspace-clocks.ts';
import { authorizationOf } from './auth.ts';
import { countRequests, type RequestLimiter } from './rate-limit.ts';
import { stage, type Answer } from './pipeline.ts';
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
 * Synchronous where it can be: the key and clock caches answer without a turn when current, and
 * then so does this stage (a promise only where something is awaited).
 */
export function authenticate(
  op: Operation,
  opts: AuthenticateOptions,
): MiddlewareHandler<RequestEnv> {
  const { keys, clocks, limiter } = opts;
  const actors = new Actors(opts.appUrl);
  /** the key is known: the clock read current, the journal noted, the rate counted, the actor set */
  const admit = (c: Context<RequestEnv>, key: AuthenticatedKey, next: () => Answer): Answer => {
    // The journal's time reads the workspace's clock (no turn when current).
    const refreshing = clocks.refresh();
    if (refreshing) return refreshing.then(() => noted(c, key, next));
    return noted(c, key, next);
  };
  const noted = (c: Context<RequestEnv>, key: AuthenticatedKey, next: () => Answer): Answer => {
    if (opts.journaled) {
      c.set('journal', {
        workspaceId: key.workspaceId,
        keyId: key.keyId,
        at: isoTime(clocks.of(key.workspaceId)),
        idempotencyKey: op.method !== 'GET' ? (header(c, 'idempotency-key') ?? null) : null,
        replayed: false,
        fault: null,
        dropped: false,
      });
    }
    if (limiter) {
      // Windows run on real time: they measure the client's pace, never a frozen workspace clock.
      const counted = countRequests(limiter, key.keyId, clocks.base.now().getTime());
      if (counted instanceof Promise)
        return counted.then((headers) => allowed(c, key, headers, next));
      return allowed(c, key, counted, next);
    }
    return allowed(c, key, null, next);
  };
  const allowed = (
    c: Context<RequestEnv>,
    key: AuthenticatedKey,
    headers: Record<string, string> | null,
    next: () => Answer,
  ): Answer => {
    if (headers) {
      const pending = c.get('pendingHeaders');
      // named as a Headers object names them (lower case), should the cache answer with them
      if (pending) for (const k in headers) pending[k.toLowerCase()] = headers[k]!;
      else for (const k in headers) c.header(k, headers[k]);
    }
    const actor = actors.of(key, c);
    authorize(op, actor);
    c.set('actor', actor);
    return next();
  };
  return stage<RequestEnv>((c, next) => {
    const found = keys.fromHeader(authorizationOf(c));
    if (found instanceof Promise) return found.then((key) => admit(c, key, next));
    return admit(c, found, next);
  });
}

/** An instant in ISO form; the one of the millisecond before is told again without formatting. */
function isoTime(at: Date): string {
  const ms = at.getTime();
  if (ms !== lastIso.ms) {
    lastIso.ms = ms;
    lastIso.text = at.toISOString();
  }
  return lastIso.text;
}
const lastIso = { ms: NaN, text: '' };

/**
 * The actor of a key, as it acts through this server: the key and the base of its links. The same
 * object again while the key's cached entry and the link base stay the same (an actor is never
 * changed once made), so a request of a known key builds none.
 */
class Actors {
  readonly #appUrl: string | undefined;
  #made = new WeakMap<AuthenticatedKey, Actor>();
  /** the link base of each connection: its local address does not change */
  #linkBases = new WeakMap<object, string>();

  constructor(appUrl: string | undefined) {
    this.#appUrl = appUrl;
  }

  of(key: AuthenticatedKey, c: Context): Actor {
    const appUrl = this.#appUrl ?? this.#linkBase(c);
    const made = this.#made.get(key);
    if (made !== undefined && made.appUrl === appUrl) return made;
    const actor: Actor = { ...key, appUrl };
    this.#made.set(key, actor);
    return actor;
  }

  #linkBase(c: Context): string {
    const socket = (c.env as { incoming?: { socket?: object } } | undefined)?.incoming?.socket;
    if (!socket) return appUrlOf(c);
    let base = this.#linkBases.get(socket);
    if (base === undefined) this.#linkBases.set(socket, (base = appUrlOf(c)));
    return base;
  }
}
