/**
 * What the server tells whoever counts (adcli serve's metrics) as it answers: refusals by a key's
 * rate limit and failures of the store. Plain calls, synchronous and cheap; nothing by default.
 */
export interface Observer {
  /** requests a key's rate limit refused (a /mcp batch counts its messages) */
  rateLimited(n: number): void;
  /** a request failed on the store: busy, its disk full, or the database unavailable */
  storeError(kind: StoreErrorKind): void;
  /**
   * A background job ran, in a worker thread or in this thread (the jobs' JobRunner `ran`): its
   * kind, `ok` (its handler returned) or `error` (it threw), and the real seconds it took.
   */
  jobRan?(kind: string, outcome: 'ok' | 'error', seconds: number): void;
}

export type StoreErrorKind = 'busy' | 'full' | 'unavailable';

export const NO_OBSERVER: Observer = { rateLimited: () => {}, storeError: () => {} };
