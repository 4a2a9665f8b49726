/**
 * Flags that several commands declare alike (--wait, --idempotency-key, --yes, list paging): one
 * wording and one default each, wherever they appear.
 */
import { Option, type Command } from 'commander';
import { BOUNDS } from '../generated/contract.ts';
import { chars, durationArg, limitOption } from './args.ts';

/**
 * --wait and --wait-timeout, for every command that follows a background job (targeting, data
 * stores, campaigns). `during` says what is waited out ("the data store collects"), `prints` what
 * is printed at the end.
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
        'give up waiting after this long, a duration (90s, 10m, 1h30m, PT1H); exit 8',
      )
        .argParser(durationArg)
        .default(600_000, '10m'),
    );
}

/** --idempotency-key on a write; `what` names the write in the help ("create", "delete"). */
export const idempotencyFlag = (cmd: Command, what = 'change') =>
  cmd.option(
    '--idempotency-key <key>',
    `make a retry of this exact ${what} safe, ${chars(BOUNDS.idempotencyKey)} (default: generated)`,
  );

/** -y/--yes on a delete of a saved resource. */
export const deleteFlags = (cmd: Command) =>
  cmd.option('-y, --yes', 'do not ask for confirmation (needed without a terminal)');

/** --limit, --all and (unless `name` is false) --name on a list of saved resources. */
export function listFlags(cmd: Command, opts: { name?: boolean } = {}): Command {
  cmd.addOption(limitOption(BOUNDS.listLimit)).option('--all', 'follow every page');
  if (opts.name !== false) cmd.option('--name <text>', 'only names containing this text');
  return cmd;
}

/** A repeatable flag; after `--no-X` (false) the list starts again. */
export function repeat(value: string, previous: unknown): string[] {
  return [...(Array.isArray(previous) ? previous : []), value];
}
