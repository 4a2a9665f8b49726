import type { Command } from 'commander';
import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import type { Factory } from '../../lib/factory.ts';
import { deleteFlags, idempotencyFlag, listFlags } from '../../lib/flags.ts';
import { examples } from '../../lib/help.ts';
import { withResourceFlags } from '../../lib/resource-flags.ts';

const audiencesCommands = () => import('./audiences-commands.ts');

const ID = '65f0c1d2e3a4b5c6d7e8f901';

const audienceFlags = (cmd: Command, update: boolean): Command =>
  withResourceFlags(cmd, RESOURCE_FLAGS.audience, update ? 'update' : 'create');

/** `adcli audiences list|get|create|update|delete`, under the group audiences.ts declares. */
export function registerAudiencesTree(a: Command, f: Factory): void {
  examples(
    listFlags(a.command('list').description('List saved audiences, newest first')).action(
      async (_o, cmd) => (await audiencesCommands()).list(f, cmd),
    ),
    'adcli audiences list',
    'adcli audiences list --name coffee --json',
  );
  examples(
    a
      .command('get')
      .description('Show one saved audience')
      .argument('<id>', 'audience id')
      .action(async (id, _o, cmd) => (await audiencesCommands()).get(f, id, cmd)),
    `adcli audiences get ${ID}`,
  );
  examples(
    idempotencyFlag(
      audienceFlags(
        a
          .command('create')
          .description('Create a saved audience (prompts for a missing name on a terminal)'),
        false,
      ),
      'create',
    ).action(async (_o, cmd) => (await audiencesCommands()).create(f, cmd)),
    'adcli audiences create --name "Home baristas" --kind affinity --keyword espresso --keyword "pour over"',
    `adcli audiences create --name "Trail runners" --data-store ${ID}`,
  );
  examples(
    idempotencyFlag(
      audienceFlags(
        a
          .command('update')
          .description('Change the given fields of a saved audience')
          .argument('<id>', 'audience id'),
        true,
      ),
    ).action(async (id, _o, cmd) => (await audiencesCommands()).update(f, id, cmd)),
    `adcli audiences update ${ID} --keyword espresso --keyword latte`,
    `adcli audiences update ${ID} --no-tag`,
  );
  examples(
    idempotencyFlag(
      deleteFlags(
        a
          .command('delete')
          .description('Delete a saved audience (campaigns that use it keep their copy)')
          .argument('<id>', 'audience id'),
      ),
      'delete',
    ).action(async (id, _o, cmd) => (await audiencesCommands()).remove(f, id, cmd)),
    `adcli audiences delete ${ID} --yes`,
  );
}
