/**
 * The create and update flags of a resource, from its declaration (src/generated/flags.ts, made from
 * server/schemas/resources.ts): a field declared there is a flag here, with its bounds in the help.
 */
import { Option, type Command } from 'commander';
import type { ResourceFlag } from '../generated/flags.ts';
import { atMost, chars, range } from './args.ts';
import { repeat } from './flags.ts';
import { bold, type Text } from './text.ts';
import { num } from './validate.ts';

/**
 * Adds each flag to a create or an update: `--name <name>  brand name, 1-160 characters`; a list's
 * flag is repeated (an update's replaces the list, and `--no-<flag>` clears it); an enumeration's
 * takes only its choices; a number's states its range; a nullable field's `--no-<flag>` follows it
 * on update; a create's default is said on create; an input of create alone is a flag of create only.
 */
export function withResourceFlags(
  cmd: Command,
  flags: readonly ResourceFlag[],
  verb: 'create' | 'update',
): Command {
  for (const f of flags) {
    if (f.createOnly && verb === 'update') continue;
    if (f.updateOnly && verb === 'create') continue;
    const option = `--${f.flag} <${f.value}>`;
    const filled = verb === 'create' && f.filled ? `; default ${f.filled}` : '';
    const byDefault = verb === 'create' && f.default ? ` (default ${f.default})` : filled;
    if (f.list) {
      const replaces = verb === 'update' ? ' (replaces the list)' : '';
      cmd.option(
        option,
        `${f.help}; repeat for several, ${atMost({ min: 0, max: f.list.max })}${replaces}${byDefault}`,
        repeat,
      );
    } else if (f.choices) {
      cmd.addOption(new Option(option, `${f.help}${byDefault}`).choices(f.choices));
    } else if (f.number) cmd.option(option, `${f.help}, ${range(f.number)}${byDefault}`, num);
    else cmd.option(option, `${f.text ? `${f.help}, ${chars(f.text)}` : f.help}${byDefault}`);
    if (verb === 'update' && f.unset) cmd.option(`--no-${f.flag}`, f.unset);
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
  return flags.flatMap((f): [string, Text][] => {
    if (f.label === undefined) return [];
    const v = record[f.field];
    if (f.field === 'name') return [[f.label, bold(String(v))]];
    if (Array.isArray(v)) return [[f.label, v.join(f.value === 'id' ? ' ' : ', ')]];
    return [[f.label, v === null || v === undefined ? null : String(v)]];
  });
}
