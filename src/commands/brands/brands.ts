import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli brands list|get|create|update|delete`. */
export async function registerBrands(program: Command, f: Factory, deep: boolean): Promise<void> {
  const b = examples(
    program.command('brands').description('List, inspect, create, change and delete brands'),
    'adcli brands list',
    'adcli brands create --name "Northwind Outfitters" --website https://northwind.example',
  );
  if (deep) (await import('./brands-tree.ts')).registerBrandsTree(b, f);
}
