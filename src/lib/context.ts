import type { Command } from 'commander';
import type { GlobalOptions } from './target.ts';

/** The options of a command merged with the global ones (commander gives globals to the root). */
export function optionsOf<T = Record<string, any>>(cmd: Command): GlobalOptions & T {
  return cmd.optsWithGlobals() as GlobalOptions & T;
}
