/**
 * The help of every command, laid out once, as gh lays it out: what the command does, USAGE, its
 * commands, ARGUMENTS, FLAGS (with their allowed values, bounds and defaults), INHERITED FLAGS (the
 * global ones), sections of its own (the operations of `api`), EXAMPLES and LEARN MORE. Each
 * command declares its examples beside it (src/commands/<noun>/<noun>.ts); this module only lays
 * them out, to the width commander is given (the terminal's; 80 piped, or COLUMNS): every line
 * within it, broken between words only (src/lib/wrap.ts), never inside a flag or a command; the
 * descriptions of flags, arguments and commands wrap in a column of their own beside the terms, or
 * where that column would be narrower than MIN_DESCRIPTION, on lines of their own under each term.
 * It loads at start-up: commander's types and the wrapping, nothing else.
 */
import type { Argument, Command, Help, Option } from 'commander';
import { displayWidth } from './text.ts';
import { wrapText } from './wrap.ts';

/** Items are indented this much; their descriptions are this far from the widest term. */
const ITEM_INDENT = 2;
const TERM_GAP = 2;
/** The narrowest column descriptions get beside their terms; narrower, they go under them. */
export const MIN_DESCRIPTION = 30;
/** A description under its term starts this much deeper than the deepest term of its list. */
const UNDER_INDENT = 4;

const EXAMPLES = new WeakMap<Command, readonly string[]>();
const SECTIONS = new WeakMap<Command, { title: string; body: (width: number) => string }[]>();

/**
 * The examples of a command, in its help under EXAMPLES: command lines that work when pasted
 * (test/help.test.ts runs every one through the real parser), and `# …` comment lines.
 */
export function examples<C extends Command>(cmd: C, ...lines: string[]): C {
  EXAMPLES.set(cmd, lines);
  return cmd;
}

export function examplesOf(cmd: Command): readonly string[] {
  return EXAMPLES.get(cmd) ?? [];
}

/** A section of a command's own in its help, after the flags (the operations `api` can call), laid out for a width. */
export function helpSection<C extends Command>(
  cmd: C,
  title: string,
  body: string | ((width: number) => string),
): C {
  const list = SECTIONS.get(cmd) ?? [];
  list.push({ title, body: typeof body === 'string' ? () => body : body });
  SECTIONS.set(cmd, list);
  return cmd;
}

/** The help topics of `adcli help TOPIC`, listed on the root's help. */
export const HELP_TOPICS: readonly { name: string; summary: string }[] = [
  { name: 'environment', summary: 'Environment variables adcli reads' },
  { name: 'exit-codes', summary: 'Exit codes of adcli' },
];

const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;

/** The root of the tree a command is in. */
function rootOf(cmd: Command): Command {
  let c = cmd;
  while (c.parent) c = c.parent;
  return c;
}

function pathOf(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** `adcli campaigns get <id> [flags]`, `adcli campaigns <command> [flags]`. */
export function usageLine(cmd: Command): string {
  const parts = [pathOf(cmd)];
  const subs = cmd.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden);
  if (subs.length) parts.push(cmd.parent ? '<command>' : '<command> <subcommand>');
  for (const a of cmd.registeredArguments) parts.push(argName(a));
  parts.push('[flags]');
  return parts.join(' ');
}

function argName(a: Argument): string {
  const name = a.name() + (a.variadic ? '...' : '');
  return a.required ? `<${name}>` : `[${name}]`;
}

/** `{SEARCH, DEMAND_GEN, VIDEO}`: allowed values in braces, as gh shows them, that wrap at a comma. */
const choices = (values: readonly string[]) => `{${values.join(', ')}}`;

/** The one line a command is listed with: its summary, else the first line of its description. */
const summaryOf = (cmd: Command) => cmd.summary() || cmd.description().split('\n')[0]!;

/** The root's flags, which every command takes (not --version): shown under INHERITED FLAGS. */
export function inheritedOptions(cmd: Command): Option[] {
  if (!cmd.parent) return [];
  const root = rootOf(cmd);
  const own = new Set(cmd.options.map((o) => o.long));
  const version = (root as unknown as { _versionOptionName?: string })._versionOptionName;
  return root.options.filter((o) => !o.hidden && o.attributeName() !== version && !own.has(o.long));
}

/** The flags of a command as commander shows them, plus its --help. */
function ownOptions(cmd: Command, helper: Help): Option[] {
  return helper.visibleOptions(cmd);
}

/** `-y, --yes` and, under it, `    --name <name>`: long flags line up whether or not they have a short one. */
function optionTerm(o: Option, shortColumn: boolean): string {
  if (o.short || !shortColumn) return o.flags;
  return `    ${o.flags}`;
}

function optionDescription(o: Option): string {
  let d = o.description;
  if (o.argChoices) d += `${d ? ': ' : ''}${choices(o.argChoices)}`;
  const showDefault = o.defaultValue !== undefined && (o.required || o.optional);
  if (showDefault) d += ` (default ${o.defaultValueDescription ?? String(o.defaultValue)})`;
  return o.mandatory ? `${d} (required)` : d;
}

function argumentDescription(a: Argument): string {
  let d = a.description;
  if (a.argChoices) d += `${d ? ': ' : ''}${choices(a.argChoices)}`;
  if (a.defaultValue !== undefined)
    d += ` (default ${a.defaultValueDescription ?? String(a.defaultValue)})`;
  return d;
}

/**
 * A command line that fits `width`: broken between words (never inside quotes) into lines that end
 * with ` \\` and go on indented, so it still works when pasted into a shell.
 */
export function continued(line: string, width: number): string {
  if (line.length <= width) return line;
  const words = line.match(/(?:[^\s'"]+|'[^']*'|"(?:\\.|[^"\\])*")+/g) ?? [line];
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const indent = lines.length ? '  ' : '';
    if (current && indent.length + current.length + 1 + word.length + 2 > width) {
      lines.push(indent + current + ' \\');
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  lines.push((lines.length ? '  ' : '') + current);
  return lines.join('\n');
}

/**
 * Items aligned on their terms, each description wrapped in its column beside them; where that
 * column would be narrower than MIN_DESCRIPTION, every description on lines of its own under its term.
 */
function items(rows: [string, string][], width: number): string {
  const termWidth = Math.max(...rows.map(([t]) => displayWidth(t)));
  const column = ITEM_INDENT + termWidth + TERM_GAP;
  const beside = width - column >= MIN_DESCRIPTION;
  const indent = ' '.repeat(ITEM_INDENT);
  const under =
    ITEM_INDENT + Math.max(...rows.map(([t]) => /^ */.exec(t)![0].length)) + UNDER_INDENT;
  return rows
    .map(([term, desc]) => {
      if (!desc) return indent + term;
      if (!beside)
        return `${indent}${term}\n${' '.repeat(under)}${wrapText(desc, width, { start: under, indent: under })}`;
      const pad = ' '.repeat(termWidth - displayWidth(term) + TERM_GAP);
      return indent + term + pad + wrapText(desc, width, { start: column, indent: column });
    })
    .join('\n');
}

/**
 * A section's own lines (laid out by its command for the width) made sure to fit: a line still too
 * wide is broken between words: prose goes on as indented as it is; a line of columns goes on under
 * its last column (the text after its last run of two or more spaces) where that leaves
 * MIN_DESCRIPTION columns, else indented 4 more than the line.
 */
function fitLines(body: string, width: number): string {
  return body
    .split('\n')
    .map((l) => {
      if (displayWidth(l) <= width) return l;
      const lead = /^ */.exec(l)![0].length;
      const gaps = [...l.slice(lead).matchAll(/ {2,}/g)];
      const last = gaps.at(-1);
      const column = last ? lead + last.index + last[0].length : -1;
      const indent = !last ? lead : width - column >= MIN_DESCRIPTION ? column : lead + 4;
      return wrapText(l, width, { indent });
    })
    .join('\n');
}

/** The whole help of a command. */
export function formatHelp(cmd: Command, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const out: string[] = [];
  const section = (title: string, body: string) => {
    if (body.trim() === '') return;
    out.push(bold(title), body, '');
  };
  const indented = (text: string) =>
    text
      .split('\n')
      .map((l) => (l ? `  ${l}` : l))
      .join('\n');

  const description = cmd.description();
  if (description) out.push(wrapText(description, width), '');
  section('USAGE', wrapText(`  ${usageLine(cmd)}`, width, { indent: 4 }));

  const subs = helper.visibleCommands(cmd).filter((c) => c.name() !== 'help');
  if (subs.length) {
    section(
      cmd.parent ? 'AVAILABLE COMMANDS' : 'COMMANDS',
      items(
        subs.map((c) => [`${c.name()}:`, summaryOf(c)]),
        width,
      ),
    );
  }
  if (!cmd.parent)
    section(
      'HELP TOPICS',
      items(
        HELP_TOPICS.map((t) => [`${t.name}:`, t.summary]),
        width,
      ),
    );

  const args = cmd.registeredArguments.filter((a) => a.description);
  if (args.length)
    section(
      'ARGUMENTS',
      items(
        args.map((a) => [argName(a), argumentDescription(a)]),
        width,
      ),
    );

  const own = ownOptions(cmd, helper);
  const shortColumn = own.some((o) => o.short);
  if (own.length)
    section(
      'FLAGS',
      items(
        own.map((o) => [optionTerm(o, shortColumn), optionDescription(o)]),
        width,
      ),
    );
  const inherited = inheritedOptions(cmd);
  const inheritedShort = inherited.some((o) => o.short);
  if (inherited.length)
    section(
      'INHERITED FLAGS',
      items(
        inherited.map((o) => [optionTerm(o, inheritedShort), optionDescription(o)]),
        width,
      ),
    );

  for (const s of SECTIONS.get(cmd) ?? [])
    section(s.title, indented(fitLines(s.body(width - 2), width - 2)));
  const ex = examplesOf(cmd);
  const comment = (l: string) =>
    wrapText(l.replace(/^# ?/, ''), width - 4, { indent: 0 }).replace(/^|\n/g, (m) => `${m}# `);
  if (ex.length)
    section(
      'EXAMPLES',
      indented(
        ex.map((l) => (l.startsWith('#') ? comment(l) : continued(l, width - 2))).join('\n'),
      ),
    );

  const root = rootOf(cmd).name();
  section(
    'LEARN MORE',
    indented(
      [
        `Use \`${root} <command> <subcommand> --help\` for more about a command.`,
        `Exit codes: \`${root} help exit-codes\`; environment variables: \`${root} help environment\``,
      ]
        .map((l) => wrapText(l, width - 2))
        .join('\n'),
    ),
  );
  return out.join('\n');
}

/** For `program.configureHelp()`: subcommands inherit it. */
export function helpConfiguration(): Partial<Help> {
  return { formatHelp };
}
