import type { Command } from 'commander';
import { EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { proseWidth, wrapText } from '../../lib/output.ts';

/** `adcli help WORDS…`: a help topic, or the help of the command the words name. */
export async function help(
  f: Factory,
  program: Command,
  words: string[],
  json: boolean,
): Promise<void> {
  if (words.length === 1 && (words[0] === 'exit-codes' || words[0] === 'environment'))
    return topic(f, words[0], json);
  let target = program;
  for (const word of words) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      program.error(
        `unknown command '${words.join(' ')}' (see adcli --help; topics: adcli help exit-codes, adcli help environment)`,
        {
          exitCode: EXIT.usage,
          code: 'commander.unknownCommand',
        },
      );
    }
    target = next;
  }
  target.help();
}

async function topic(f: Factory, name: 'exit-codes' | 'environment', json: boolean): Promise<void> {
  const { ENVIRONMENT, EXIT_CODES, environmentHelp } = await import('./help-topics.ts');
  if (name === 'exit-codes') {
    if (json) return void f.io.stdout.write(JSON.stringify(EXIT_CODES) + '\n');
    const lines = EXIT_CODES.map((e) =>
      wrapText(`  ${String(e.code).padEnd(4)} ${e.meaning}`, proseWidth(f.io), { indent: 7 }),
    );
    return void f.io.stdout.write(`Exit codes of adcli:\n${lines.join('\n')}\n`);
  }
  if (json) return void f.io.stdout.write(JSON.stringify(ENVIRONMENT) + '\n');
  f.io.stdout.write(environmentHelp(f.io.terminalWidth()));
}
