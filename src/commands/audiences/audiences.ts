import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli audiences list|get|create|update|delete`. */
export async function registerAudiences(
  program: Command,
  f: Factory,
  deep: boolean,
): Promise<void> {
  const a = examples(
    program
      .command('audiences')
      .description('List, inspect, create, change and delete saved audiences'),
    'adcli audiences list',
    'adcli audiences create --name "Home baristas" --keyword espresso --keyword "pour over"',
  );
  if (deep) (await import('./audiences-tree.ts')).registerAudiencesTree(a, f);
}
