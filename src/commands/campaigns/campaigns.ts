import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli campaigns …`, its audience slots (`campaigns audiences …`) included. */
export async function registerCampaigns(
  program: Command,
  f: Factory,
  deep: boolean,
): Promise<void> {
  const campaigns = examples(
    program
      .command('campaigns')
      .description('List, inspect, create, change, delete and publish campaigns'),
    'adcli campaigns list',
    'adcli campaigns create --name "Spring launch" --type SEARCH --budget 50 --budget-type daily',
    'adcli campaigns get 65f0c1d2e3a4b5c6d7e8f901 --json',
  );
  if (deep) (await import('./campaigns-tree.ts')).registerCampaignsTree(campaigns, f);
}
