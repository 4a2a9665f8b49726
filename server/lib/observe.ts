/**
 * What the server tells whoever counts (adcli serve's metrics) as it answers: refusals by a key's
 * rate limit and failures of the store. Plain calls, synchronous and cheap; nothing by default.
 */
export interface Observer {
  /** requests a key's rate limit refused (a /mcp batch counts its messages) */
  rateLimited(n: number): void;
  /** a request failed on the store: busy, its disk full, or the database unavailable */
  storeError(kind: StoreErrorKind): void;
}

export type StoreErrorKind = 'busy' | 'full' | 'unavailable';

export const NO_OBSERVER: Observer = { rateLimited: () => {}, storeError: () => {} };
