import { Argument, type Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';
import { SHELLS } from '../../lib/completion/shells.ts';

/** `adcli completion bash|zsh|fish`. */
export function registerCompletion(program: Command, f: Factory): void {
  examples(
    program
      .command('completion')
      .description(
        'Print a shell completion script (bash, zsh or fish) for adcli\n\n' +
          'The same scripts ship in the completions/ folder of the package. In zsh, restart the shell after installing.',
      )
      .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
      .action(async (shell, _o, cmd) =>
        (await import('./completion-command.ts')).completion(f, shell, cmd),
      ),
    'adcli completion bash > ~/.local/share/bash-completion/completions/adcli',
    'adcli completion zsh > "${fpath[1]}/_adcli"',
    'adcli completion fish > ~/.config/fish/completions/adcli.fish',
  );
}
