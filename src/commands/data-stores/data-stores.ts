import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli data-stores list|get|create|update|import|channels|videos|delete`. */
export async function registerDataStores(
  program: Command,
  f: Factory,
  deep: boolean,
): Promise<void> {
  const d = examples(
    program
      .command('data-stores')
      .description('List, inspect, create, fill and delete data stores of channels and videos'),
    'adcli data-stores list',
    `adcli data-stores create --name "Trail running channels" --channel UCnhwCGpIe9IdW5plisiGJLT --wait`,
  );
  if (deep) (await import('./data-stores-tree.ts')).registerDataStoresTree(d, f);
}
