import type { Command } from 'commander';

/**
 * Enumerated values in any case, as people type them: `--type search` is SEARCH, `enabled` is
 * ENABLED. Every option and argument of the tree that has choices reads its value as the choice it
 * equals ignoring case (commander's own check then holds, and says the choices for anything else).
 */
export function choicesInAnyCase(cmd: Command): void {
  const anyCase = (x: { argChoices?: string[]; parseArg?: (v: string, p: unknown) => unknown }) => {
    const choices = x.argChoices;
    const parse = x.parseArg;
    if (!choices || !parse) return;
    x.parseArg = (value: string, previous: unknown) =>
      parse(choices.find((c) => c.toLowerCase() === value.toLowerCase()) ?? value, previous);
  };
  cmd.options.forEach(anyCase);
  cmd.registeredArguments.forEach(anyCase);
  cmd.commands.forEach(choicesInAnyCase);
}
