import type { Services } from '../domain/services.ts';
import { seedDemo } from './demo.ts';
import { seedDemoAdsHistory } from './demo-ads.ts';

export const SEEDS = ['demo'] as const;
export type SeedName = (typeof SEEDS)[number];

/** Loads a named seed; safe to run again (an existing workspace is left as it is). */
export async function runSeed(
  services: Services,
  name: SeedName,
): Promise<{ workspaceId: string }> {
  const { workspaceId } = await seedDemo(services, name);
  await seedDemoAdsHistory(services, workspaceId);
  return { workspaceId };
}
