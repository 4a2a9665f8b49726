import type { Command } from 'commander';
import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import type { Factory } from '../../lib/factory.ts';
import { deleteFlags, idempotencyFlag, listFlags } from '../../lib/flags.ts';
import { examples } from '../../lib/help.ts';
import { withResourceFlags } from '../../lib/resource-flags.ts';

const brandsCommands = () => import('./brands-commands.ts');

const ID = '65f0c1d2e3a4b5c6d7e8f901';

const brandFlags = (cmd: Command, verb: 'create' | 'update'): Command =>
  withResourceFlags(cmd, RESOURCE_FLAGS.brand, verb);

/** `adcli brands list|get|create|update|delete`, under the group brands.ts declares. */
export function registerBrandsTree(b: Command, f: Factory): void {
  examples(
    listFlags(b.command('list').description('List brands, newest first')).action(async (_o, cmd) =>
      (await brandsCommands()).list(f, cmd),
    ),
    'adcli brands list',
    'adcli brands list --name north --json',
  );
  examples(
    b
      .command('get')
      .description('Show one brand')
      .argument('<id>', 'brand id')
      .action(async (id, _o, cmd) => (await brandsCommands()).get(f, id, cmd)),
    `adcli brands get ${ID}`,
  );
  examples(
    idempotencyFlag(
      brandFlags(
        b
          .command('create')
          .description('Create a brand (prompts for a missing name on a terminal)'),
        'create',
      ),
      'create',
    ).action(async (_o, cmd) => (await brandsCommands()).create(f, cmd)),
    'adcli brands create --name "Northwind Outfitters" --website https://northwind.example',
  );
  examples(
    idempotencyFlag(
      brandFlags(
        b
          .command('update')
          .description('Change the given fields of a brand')
          .argument('<id>', 'brand id'),
        'update',
      ),
    ).action(async (id, _o, cmd) => (await brandsCommands()).update(f, id, cmd)),
    `adcli brands update ${ID} --description "Outdoor gear since 1984"`,
    `adcli brands update ${ID} --website ""`,
  );
  examples(
    idempotencyFlag(
      deleteFlags(
        b
          .command('delete')
          .description('Delete a brand (campaigns that used it go on without one)')
          .argument('<id>', 'brand id'),
      ),
      'delete',
    ).action(async (id, _o, cmd) => (await brandsCommands()).remove(f, id, cmd)),
    `adcli brands delete ${ID} --yes`,
  );
}
