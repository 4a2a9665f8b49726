import type { Context, MiddlewareHandler } from 'hono';
import type { Operation } from '../operations/operation.ts';
import type { Store } from '../store/port.ts';
import { stage, type Answer } from './pipeline.ts';
import type { RequestEnv } from './request-log.ts';

const MAX_ENTRIES = 2000;

/** What `get` found: the body, or the stamp a body computed from now on is to be stored under. */
export type CacheLookup = { body: string; stamp: string } | { body: undefined; stamp: string };

/**
 * Response bodies of reads, valid while the store's change stamp stays the same: any write through
 * this process or a commit by another process (a replica, a worker) clears it, so a read never returns
 * data older than the last write. Keyed by API key (its workspace and limits decide what it may see)
 * and full URL.
 */
export class ReadCache {
  readonly #store: Store;
  #stamp = '';
  #entries = new Map<string, string>();

  constructor(store: Store) {
    this.#store = store;
  }

  /** Answers at once (no promise) when the store's stamp is known without waiting. */
  get(key: string): CacheLookup | Promise<CacheLookup> {
    const known = this.#store.knownStamp();
    return known !== undefined
      ? this.#lookup(key, known)
      : this.#store.changeStamp().then((stamp) => this.#lookup(key, stamp));
  }

  #lookup(key: string, stamp: string): CacheLookup {
    if (stamp !== this.#stamp) {
      this.#entries.clear();
      this.#stamp = stamp;
      return { body: undefined, stamp };
    }
    return { body: this.#entries.get(key), stamp };
  }

  /**
   * Stores a body computed after `get` answered `stamp`. Dropped when the cache has moved to another
   * stamp since: a concurrent request saw a newer commit, which this body may predate.
   */
  set(key: string, body: string, stamp: string): void {
    if (stamp !== this.#stamp) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, body);
  }
}

/**
 * A read of unchanged data answered again from the cache, before validation or queries (the
 * cached GET's whole cost); on a miss, `remember` keeps the answer the route makes, under the stamp
 * read before it. Per key (its workspace and limits decide what it sees), link base and URL. A hit
 * is answered without a promise when the store's stamp is known without waiting.
 */
export function cacheReads(op: Operation, cache: ReadCache): MiddlewareHandler<RequestEnv> {
  const status = (op.successStatus ?? 200) as 200;
  const served = (
    c: Context<RequestEnv>,
    key: string,
    found: CacheLookup,
    next: () => Answer,
  ): Answer => {
    if (found.body !== undefined) {
      // The headers the request still owes (its id) and the type, in one plain object: no Headers
      // object is built, and node-server writes the cached string as it is.
      const pending = c.get('pendingHeaders');
      if (pending === undefined) return c.body(found.body, status, JSON_TYPE);
      c.set('pendingHeaders', undefined);
      pending['content-type'] = 'application/json';
      return new Response(found.body, { status, headers: pending });
    }
    const stamp = found.stamp;
    c.set('remember', (text: string) => cache.set(key, text, stamp));
    return next();
  };
  return stage<RequestEnv>((c, next) => {
    const actor = c.get('actor')!;
    const key = `${actor.keyId}\n${actor.appUrl}\n${c.req.url}`;
    const lookup = cache.get(key);
    if (lookup instanceof Promise) return lookup.then((found) => served(c, key, found, next));
    return served(c, key, lookup, next);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' } as const;
