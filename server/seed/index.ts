import type { Services } from '../domain/services.ts';
import { seedDemo } from './demo.ts';
import { seedDemoAdsHistory } from './demo-ads.ts';

export const SEEDS = ['demo'] as const;
export type SeedName = (typeof SEEDS)[number];

/** Loads a named seed; safe to run again (an existing workspace is left as it is). */
export function runSeed(services: Services, name: SeedName): { workspaceId: string } {
  const { workspaceId } = seedDemo(services, name);
  seedDemoAdsHistory(services, workspaceId);
  return { workspaceId };
}
