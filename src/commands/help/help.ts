import { Argument, type Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples, HELP_TOPICS } from '../../lib/help.ts';

/** `adcli help [command… | exit-codes | environment]`. */
export function registerHelp(program: Command, f: Factory): void {
  // Commander's own help command knows commands only; this one also knows the help topics. The real
  // one is hidden (so it is found first when parsing) and a look-alike is what completions offer.
  const topics = HELP_TOPICS.map((t) => t.name);
  examples(
    program
      .command('help', { hidden: true })
      .description('Show help for a command, or a help topic: exit-codes, environment')
      .argument('[command...]', `command path, or a topic: ${topics.join(', ')}`)
      .action(async (words: string[], _o, cmd: Command) =>
        (await import('./help-command.ts')).help(
          f,
          program,
          words,
          Boolean(cmd.optsWithGlobals().json),
        ),
      ),
    'adcli help campaigns create',
    'adcli help exit-codes',
    'adcli help environment',
  );
  program.addHelpCommand(
    program
      .createCommand('help')
      .description('Show help for a command, or a help topic: exit-codes, environment')
      .addArgument(new Argument('[command...]').choices(topics)),
  );
}
