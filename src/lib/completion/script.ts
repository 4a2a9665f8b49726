/**
 * `adcli completion <shell>`: one model of the command tree, one renderer per shell. The output is
 * deterministic, so the files kept in completions/ can be compared with a fresh rendering
 * (test/completions.test.ts).
 */
import type { Command } from 'commander';
import { bashScript } from './bash.ts';
import { fishScript } from './fish.ts';
import { completionModel } from './model.ts';
import type { Shell } from './shells.ts';
import { zshScript } from './zsh.ts';

export function completionScript(shell: Shell, root: Command): string {
  const nodes = completionModel(root);
  const name = root.name();
  if (shell === 'bash') return bashScript(name, nodes);
  if (shell === 'zsh') return zshScript(name, nodes);
  return fishScript(name, nodes);
}
