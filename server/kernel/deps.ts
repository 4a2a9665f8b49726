import type { Store } from '../store/port.ts';
import type { WorkspaceClocks } from '../time/workspace-clocks.ts';

/**
 * What every domain service and the job queue need: the store and the clock. Nothing about HTTP. The
 * clock tells the time of the workspace being worked on (each workspace has its own time).
 */
export interface DomainDeps {
  store: Store;
  clock: WorkspaceClocks;
}
