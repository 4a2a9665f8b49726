/**
 * The create and update flags of a resource, from its declaration (src/generated/flags.ts, made from
 * server/schemas/resources.ts): a field declared there is a flag here, with its bounds in the help.
 */
import type { Command } from 'commander';
import type { ResourceFlag } from '../generated/flags.ts';
import { chars } from './args.ts';

/** Adds each flag to the command: `--website <url>  http(s) URL of the brand, up to 2,000 characters`. */
export function withResourceFlags(cmd: Command, flags: readonly ResourceFlag[]): Command {
  for (const f of flags)
    cmd.option(`--${f.flag} <${f.value}>`, f.text ? `${f.help}, ${chars(f.text)}` : f.help);
  return cmd;
}

/** The option → body field map the CRUD commands read (commander names `--x-y` option `xY`, as the field). */
export const bodyFieldsOf = (flags: readonly ResourceFlag[]): Record<string, string> =>
  Object.fromEntries(flags.map((f) => [f.field, f.field]));
