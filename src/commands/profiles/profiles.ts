import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

const profilesCommands = () => import('./profiles-commands.ts');

/** `adcli profiles list|use`. */
export function registerProfiles(program: Command, f: Factory, deep: boolean): void {
  const profilesCmd = examples(
    program.command('profiles').description('List the saved profiles, and choose the current one'),
    'adcli profiles list',
    'adcli profiles use local',
  );
  if (!deep) return;
  examples(
    profilesCmd
      .command('list')
      .description('List profiles (the current one marked; local is built in)')
      .action(async (_o, cmd) => (await profilesCommands()).list(f, cmd)),
    'adcli profiles list',
  );
  examples(
    profilesCmd
      .command('use')
      .description('Make a profile current (a saved one, or local)')
      .argument('<name>', 'profile name')
      .action(async (name, _o, cmd) => (await profilesCommands()).use(f, name, cmd)),
    'adcli profiles use local',
  );
}
