import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli ads accounts`. */
export async function registerAds(program: Command, f: Factory, deep: boolean): Promise<void> {
  const ads = examples(
    program.command('ads').description('The ad platform as the workspace sees it'),
    'adcli ads accounts',
  );
  if (deep) (await import('./ads-tree.ts')).registerAdsTree(ads, f);
}
