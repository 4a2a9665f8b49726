import { adsOperations } from './ads.ts';
import { audienceOperations } from './audiences.ts';
import { brandOperations } from './brands.ts';
import { campaignOperations } from './campaigns.ts';
import { dataStoreOperations } from './data-stores.ts';
import { explorationOperations } from './exploration.ts';
import type { Operation } from './operation.ts';
import { targetingOperations } from './targeting.ts';
import { workspaceOperations } from './workspace.ts';

/** The operation table: every operation of the API, declared once. */
export const operations: readonly Operation[] = [
  ...workspaceOperations,
  ...campaignOperations,
  ...targetingOperations,
  ...audienceOperations,
  ...dataStoreOperations,
  ...brandOperations,
  ...adsOperations,
  ...explorationOperations,
];

/** Each operation's method and path (with {param} segments): what a fault rule must match one of. */
export const apiRoutes: readonly { method: string; path: string }[] = operations.map((op) => ({
  method: op.method,
  path: op.path,
}));
