import { Option, type Command } from 'commander';
import { durationArg } from '../lib/args.ts';

/**
 * --wait and --wait-timeout, for every command that follows a background job (targeting, data
 * stores, campaigns): one wording, one default. `during` says what is waited out ("the data store
 * collects"), `prints` what is printed at the end.
 */
export function waitFlags(cmd: Command, during: string, prints: string): Command {
  return cmd
    .option(
      '--wait',
      `wait while ${during} instead of returning at once, then print ${prints}; exit 10 if it ends in error (Ctrl-C stops waiting, not the job)`,
    )
    .addOption(
      new Option(
        '--wait-timeout <duration>',
        'give up waiting after this long (e.g. 90s, 10m); exit 8',
      )
        .argParser(durationArg)
        .default(600_000, '10m'),
    );
}
