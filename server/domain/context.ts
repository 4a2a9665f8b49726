import type { Clock } from '../lib/clock.ts';
import type { Store } from '../store/db.ts';

/** What every domain service needs: the store and the clock. Nothing about HTTP. */
export interface DomainDeps {
  store: Store;
  clock: Clock;
}
