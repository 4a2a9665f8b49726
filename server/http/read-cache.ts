import type { Store } from '../store/port.ts';

const MAX_ENTRIES = 2000;

/**
 * Response bodies of reads, valid while the store's change stamp stays the same: any write through
 * this process or a commit by another process clears it, so a read never returns data older than
 * the last write. Keyed by API key (its workspace and limits decide what it may see) and full URL.
 */
export class ReadCache {
  readonly #store: Store;
  #stamp = '';
  #entries = new Map<string, string>();

  constructor(store: Store) {
    this.#store = store;
  }

  async get(key: string): Promise<string | undefined> {
    const stamp = await this.#store.changeStamp();
    if (stamp !== this.#stamp) {
      this.#entries.clear();
      this.#stamp = stamp;
      return undefined;
    }
    return this.#entries.get(key);
  }

  /** Stores a body computed under the stamp `get` saw; a write since then makes the next `get` miss. */
  set(key: string, body: string): void {
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, body);
  }
}
