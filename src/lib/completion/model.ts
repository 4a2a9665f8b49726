/**
 * The commander tree as completion data: commands, subcommands, flags (a command's own and the ones
 * of its ancestors, which commander accepts anywhere after them), enum values from
 * `Option.choices` / `Argument.choices`, and file or folder names for `<file>` / `<dir>` values.
 * Every shell's script is rendered from this one model.
 */
import { Help, type Argument, type Command, type Option } from 'commander';

/** What a flag's value completes to: enum values, file names, folder names, or nothing. */
export type ValueKind = { choices: string[] } | 'file' | 'dir' | 'none';

export interface FlagSpec {
  /** e.g. ['-y', '--yes'] */
  names: string[];
  short?: string;
  long?: string;
  description: string;
  /** null: a switch, takes no value */
  value: ValueKind | null;
}

export interface NodeSpec {
  /** 'adcli', 'adcli campaigns', 'adcli campaigns list', … */
  path: string;
  description: string;
  /** visible subcommands */
  subcommands: { name: string; aliases: string[]; description: string }[];
  /** the command's own flags (plus -h/--help and, on the root, --version) */
  flags: FlagSpec[];
  /** flags of its ancestors, accepted here too (minus their --help and --version) */
  inherited: FlagSpec[];
  /** enum values per positional argument (empty array: free text) */
  args: string[][];
}

const firstLine = (s: string | undefined) => (s ?? '').split('\n')[0]!.trim();

function valueKind(o: Option): ValueKind | null {
  // An optional value (--json [fields]) may be left out: the word after it is completed as any other.
  if (!o.required) return null;
  if (o.argChoices?.length) return { choices: [...o.argChoices] };
  const placeholder = /<([^>]+)>|\[([^\]]+)\]/.exec(o.flags);
  const name = (placeholder?.[1] ?? placeholder?.[2] ?? '').toLowerCase();
  if (/^(dir|directory|folder)$/.test(name)) return 'dir';
  if (/^(file|path)$/.test(name)) return 'file';
  return 'none';
}

function flagOf(o: Option): FlagSpec {
  const names = [o.short, o.long].filter((n): n is string => Boolean(n));
  return {
    names,
    short: o.short,
    long: o.long,
    description: firstLine(o.description),
    value: valueKind(o),
  };
}

export const isHelpOrVersion = (f: { long?: string | undefined }) =>
  f.long === '--help' || f.long === '--version';

/** The tree as a flat list, parents first, in the order commander shows it. */
export function completionModel(root: Command): NodeSpec[] {
  const help = new Help();
  const nodes: NodeSpec[] = [];
  const walk = (cmd: Command, path: string, inherited: FlagSpec[], parent: Command | null) => {
    const subs = help.visibleCommands(cmd);
    const own = help.visibleOptions(cmd).map(flagOf);
    const args = cmd.registeredArguments.map((a: Argument) => [...(a.argChoices ?? [])]);
    // A help command completes to its siblings (and `exit-codes` at the root, from its choices).
    // (commander's help commands have no .parent: it is passed down instead)
    if (cmd.name() === 'help' && parent) {
      const siblings = help
        .visibleCommands(parent)
        .map((c) => c.name())
        .filter((n) => n !== 'help');
      args[0] = [...siblings, ...(args[0] ?? [])];
    }
    // a flag declared again here (serve's subcommands repeat --data and --json) is listed once
    const shadowed = new Set(own.flatMap((f) => f.names));
    const from = inherited.filter((f) => !f.names.some((n) => shadowed.has(n)));
    nodes.push({
      path,
      description: firstLine(cmd.description()),
      subcommands: subs.map((c) => ({
        name: c.name(),
        aliases: c.aliases(),
        description: firstLine(c.description()),
      })),
      flags: own,
      inherited: from,
      args,
    });
    const passDown = [...from, ...own.filter((f) => !isHelpOrVersion(f))];
    for (const sub of subs) walk(sub, `${path} ${sub.name()}`, passDown, cmd);
  };
  walk(root, root.name(), [], null);
  return nodes;
}

/** Every flag accepted at a node: its own, then its ancestors'. */
export const allFlags = (n: NodeSpec) => [...n.flags, ...n.inherited];
/** The flags at a node that take a value (the next word is that value, not a command). */
export const valueFlags = (n: NodeSpec) => allFlags(n).filter((f) => f.value !== null);
/** The words that name a subcommand at a node: names and aliases. */
export const subNames = (n: NodeSpec) => n.subcommands.flatMap((s) => [s.name, ...s.aliases]);
