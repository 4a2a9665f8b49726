import type { Store } from '../store/port.ts';

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
