import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

const workspaceCommand = () => import('./workspace-command.ts');

/** `adcli workspace`. */
export function registerWorkspace(program: Command, f: Factory): void {
  examples(
    program
      .command('workspace')
      .description("Show the key's workspace: slug, counts and the newest campaigns")
      .action(async (_o, cmd) => (await workspaceCommand()).show(f, cmd)),
    'adcli workspace',
    'adcli workspace --json',
  );
}
