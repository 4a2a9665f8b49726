import type { Command } from 'commander';
import { completionScript, type Shell } from '../lib/completion-gen.ts';

/** `adcli completion SHELL`: the script for the live command tree, on stdout. */
export function completion(shell: Shell, cmd: Command): void {
  let root = cmd;
  while (root.parent) root = root.parent;
  process.stdout.write(completionScript(shell, root));
}
