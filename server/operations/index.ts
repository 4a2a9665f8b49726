import { audienceOperations } from './audiences.ts';
import { brandOperations } from './brands.ts';
import { campaignOperations } from './campaigns.ts';
import { dataStoreOperations } from './data-stores.ts';
import type { Operation } from './operation.ts';
import { workspaceOperations } from './workspace.ts';

/** The operation table: every operation of the API, declared once. */
export const operations: readonly Operation[] = [
  ...workspaceOperations,
  ...campaignOperations,
  ...audienceOperations,
  ...dataStoreOperations,
  ...brandOperations,
];
