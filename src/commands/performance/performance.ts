import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli performance show`. */
export async function registerPerformance(
  program: Command,
  f: Factory,
  deep: boolean,
): Promise<void> {
  const performance = examples(
    program
      .command('performance')
      .description('Performance of the campaigns in an ad-platform account, or of one campaign'),
    'adcli performance show --date-range LAST_7_DAYS',
  );
  if (deep) (await import('./performance-tree.ts')).registerPerformanceTree(performance, f);
}
