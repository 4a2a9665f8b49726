import type { Command } from 'commander';
import { completionScript } from '../../lib/completion/script.ts';
import type { Shell } from '../../lib/completion/shells.ts';
import type { Factory } from '../../lib/factory.ts';

/** `adcli completion SHELL`: the script for the live command tree, on stdout. */
export function completion(f: Factory, shell: Shell, cmd: Command): void {
  let root = cmd;
  while (root.parent) root = root.parent;
  f.io.stdout.write(completionScript(shell, root));
}
