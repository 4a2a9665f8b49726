/**
 * The create and update flags of a resource, from its declaration (src/generated/flags.ts, made from
 * server/schemas/resources.ts): a field declared there is a flag here, with its bounds in the help.
 */
import { Option, type Command } from 'commander';
import type { ResourceFlag } from '../generated/flags.ts';
import { atMost, chars } from './args.ts';
import { repeat } from './flags.ts';
import { bold, type Text } from './output.ts';

/**
 * Adds each flag to a create or an update: `--name <name>  brand name, 1-160 characters`; a list's
 * flag is repeated (an update's replaces the list, and `--no-<flag>` clears it); an enumeration's
 * takes only its choices.
 */
export function withResourceFlags(
  cmd: Command,
  flags: readonly ResourceFlag[],
  verb: 'create' | 'update',
): Command {
  for (const f of flags) {
    const option = `--${f.flag} <${f.value}>`;
    if (f.list) {
      const replaces = verb === 'update' ? ' (replaces the list)' : '';
      cmd.option(
        option,
        `${f.help}; repeat for several, ${atMost({ min: 0, max: f.list.max })}${replaces}`,
        repeat,
      );
    } else if (f.choices) {
      const byDefault = verb === 'create' && f.default ? ` (default ${f.default})` : '';
      cmd.addOption(new Option(option, `${f.help}${byDefault}`).choices(f.choices));
    } else cmd.option(option, f.text ? `${f.help}, ${chars(f.text)}` : f.help);
  }
  if (verb === 'update')
    for (const f of flags)
      if (f.list && f.clears) cmd.option(`--no-${f.flag}`, `clear ${f.clears}`);
  return cmd;
}

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The option → body field map the CRUD commands read (commander names `--data-store` `dataStore`). */
export const bodyFieldsOf = (flags: readonly ResourceFlag[]): Record<string, string> =>
  Object.fromEntries(flags.map((f) => [camel(f.flag), f.field]));

/**
 * A record's declared fields as `adcli <noun> get` shows them, in declaration order: the name in
 * bold, a list of ids space-separated (each can be pasted), any other list comma-separated.
 */
export function declaredFields(
  flags: readonly ResourceFlag[],
  record: Record<string, unknown>,
): [string, Text][] {
  return flags.map((f) => {
    const v = record[f.field];
    if (f.field === 'name') return [f.label, bold(String(v))];
    if (Array.isArray(v)) return [f.label, v.join(f.value === 'id' ? ' ' : ', ')];
    return [f.label, v === null || v === undefined ? null : String(v)];
  });
}
