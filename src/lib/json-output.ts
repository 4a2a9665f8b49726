/**
 * Scripting output, as gh's --json/--jq (pkg/cmdutil/json_flags.go): `--json` prints the API's JSON
 * unchanged; `--json id,name,status` keeps those fields (of each item of a list), checked before any
 * request against the fields of the command's answer, generated from the API's response schemas
 * (src/generated/fields.ts); `--jq EXPR` filters the JSON with jq itself (src/lib/jq.ts) and implies
 * --json. jq's string results print as plain text, as `jq -r`: tabs and newlines raw, every other
 * control character escaped like any other text from the API; other results print as JSON.
 */
import type { Command } from 'commander';
import { RESPONSE_FIELDS } from '../generated/fields.ts';
import { CliError, EXIT, usageError } from './errors.ts';
import type { IOStreams } from './iostreams.ts';
import { escapeControl, escapeControlButLayout, safeJson } from './escape.ts';

/**
 * The operation whose answer each command prints with --json, by the command's words. Commands not
 * named here print JSON of their own shape: their fields are checked against what they print.
 */
const COMMAND_OPERATIONS: Readonly<Record<string, string>> = {
  workspace: 'get_workspace',
  'campaigns list': 'list_campaigns',
  'campaigns get': 'get_campaign',
  'campaigns create': 'create_campaign',
  'campaigns update': 'update_campaign',
  'campaigns delete': 'delete_campaign',
  'campaigns publish': 'create_ads_campaign',
  'campaigns audiences add': 'add_campaign_audience',
  'campaigns audiences update': 'update_campaign_audience',
  'campaigns audiences remove': 'remove_campaign_audience',
  'targeting show': 'get_targeting',
  'targeting generate': 'generate_targeting',
  'targeting edit': 'change_targeting_items',
  'audiences list': 'list_audiences',
  'audiences get': 'get_audience',
  'audiences create': 'create_audience',
  'audiences update': 'update_audience',
  'audiences delete': 'delete_audience',
  'data-stores list': 'list_data_stores',
  'data-stores get': 'get_data_store',
  'data-stores create': 'create_data_store',
  'data-stores update': 'update_data_store',
  'data-stores delete': 'delete_data_store',
  'data-stores channels': 'list_data_store_channels',
  'data-stores videos': 'list_data_store_videos',
  'data-stores import': 'import_data_store',
  'brands list': 'list_brands',
  'brands get': 'get_brand',
  'brands create': 'create_brand',
  'brands update': 'update_brand',
  'brands delete': 'delete_brand',
  'performance show': 'get_performance',
  'ads accounts': 'list_ads_accounts',
  'explore channel': 'get_exploration_channel',
  'explore search': 'search_exploration_channels',
  'explore videos': 'list_exploration_channel_videos',
  'explore similar': 'list_similar_channels',
  'backend clock show': 'get_clock',
  'backend clock advance': 'advance_clock',
  'backend clock set': 'set_clock',
  'backend clock freeze': 'freeze_clock',
  'backend clock resume': 'resume_clock',
  'backend reset': 'reset_workspace',
  'backend snapshot load': 'load_snapshot',
  'backend faults add': 'add_fault',
  'backend faults list': 'list_faults',
  'backend faults remove': 'delete_fault',
  'backend faults clear': 'clear_faults',
  'backend requests': 'list_requests',
  'backend apply': 'apply_fixtures',
};

/** The words of a command below the root: `campaigns list`. */
export function commandWords(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** The fields `--json FIELDS` may name for a command, from its operation's response schema; undefined when unknown. */
export function fieldsOf(words: string): readonly string[] | undefined {
  const op = COMMAND_OPERATIONS[words];
  return op ? RESPONSE_FIELDS[op]?.fields : undefined;
}

/** Every command whose fields come from a schema, with its operation (tests check each is real). */
export const commandOperations = (): Readonly<Record<string, string>> => COMMAND_OPERATIONS;

/** The value commander gets for `--json=`: bare --json is `true`, a field list its text. */
export const jsonFlagValue = (v: string): string | true => (v === '' ? true : v);

const FIELD_LIST = /^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * The command line with every `--json` written `--json=…`, so commander never takes the word after a
 * bare --json as its value: that word is the field list only when it looks like one (names and
 * commas) and is not a subcommand, and the command either takes no more arguments or knows every
 * name in it as a field. `adcli --json campaigns list`, `adcli campaigns get --json ID` and
 * `adcli explore search --json shoes` keep their meaning; `campaigns list --json id,name` selects.
 */
export function normalizeJsonArgs(program: Command, args: readonly string[]): string[] {
  const out: string[] = [];
  let cmd = program;
  let operands = 0;
  const findOption = (flag: string) => {
    for (let c: Command | null = cmd; c; c = c.parent) {
      const o = c.options.find((x) => x.long === flag || x.short === flag);
      if (o) return o;
    }
    return undefined;
  };
  const subcommand = (word: string) =>
    cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (a === '--json') {
      const next = args[i + 1];
      const known = fieldsOf(commandWords(cmd));
      const wanted = cmd.registeredArguments.filter((x) => x.required).length;
      const isValue =
        next !== undefined &&
        FIELD_LIST.test(next) &&
        !subcommand(next) &&
        (operands >= wanted ||
          (known !== undefined && next.split(',').every((n) => known.includes(n))));
      out.push(`--json=${isValue ? next : ''}`);
      if (isValue) i++;
      continue;
    }
    out.push(a);
    if (a.startsWith('-')) {
      const option = a.includes('=') ? undefined : findOption(a);
      const value = args[i + 1];
      if (
        option &&
        value !== undefined &&
        (option.required || (option.optional && !value.startsWith('-')))
      )
        out.push(args[++i]!);
      continue;
    }
    const sub = subcommand(a);
    if (sub) {
      cmd = sub;
      operands = 0;
    } else operands++;
  }
  return out;
}

interface JsonRequest {
  /** the fields to keep; undefined: all of them */
  fields?: string[];
  /** the fields the command's schema has; undefined: checked against what it prints */
  known?: readonly string[];
  jq?: string;
  /** jq's outputs so far, in order */
  pending: Promise<void>;
  error?: unknown;
}

const requests = new WeakMap<IOStreams, JsonRequest>();

/** "Unknown JSON field", listing the ones there are, as gh does: exit 2. */
function unknownField(name: string, known: Iterable<string>): CliError {
  return usageError(
    `unknown JSON field ${JSON.stringify(escapeControl(name))}; available fields: ${[...new Set(known)].sort().join(', ')}`,
  );
}

/**
 * Before a command runs (commander's preAction): reads --json and --jq, checks the field names
 * against the command's schema and the filter with jq, so a mistake costs no request (exit 2).
 * `--jq` without --json turns --json on.
 */
export async function prepareJsonOutput(
  io: IOStreams,
  root: Command,
  action: Command,
): Promise<void> {
  requests.delete(io);
  const o = root.opts() as { json?: string | true; jq?: string };
  if (o.json === undefined && o.jq === undefined) return;
  if (o.jq !== undefined && o.json === undefined) root.setOptionValue('json', true);
  const fields = typeof o.json === 'string' ? o.json.split(',').filter(Boolean) : undefined;
  const known = fieldsOf(commandWords(action));
  if (fields && known) for (const f of fields) if (!known.includes(f)) throw unknownField(f, known);
  if (o.jq !== undefined) {
    const { checkFilter } = await import('./jq.ts');
    await checkFilter(o.jq);
  }
  requests.set(io, { fields, known, jq: o.jq, pending: Promise.resolve() });
}

/** The fields of `value` that were asked for: of each item of an array, or of the record. */
function select(value: unknown, req: JsonRequest): unknown {
  const fields = req.fields;
  if (!fields) return value;
  const records = (Array.isArray(value) ? value : [value]).filter(
    (x): x is Record<string, unknown> => typeof x === 'object' && x !== null,
  );
  if (!req.known) {
    const present = records.flatMap((r) => Object.keys(r));
    if (records.length)
      for (const f of fields) if (!present.includes(f)) throw unknownField(f, present);
  }
  const pick = (x: unknown) =>
    typeof x === 'object' && x !== null
      ? Object.fromEntries(fields.map((f) => [f, (x as Record<string, unknown>)[f] ?? null]))
      : x;
  return Array.isArray(value) ? value.map(pick) : pick(value);
}

/** JSON as a terminal reads it (indented) or a pipe (one line). */
const stringify = (io: IOStreams, v: unknown, line?: boolean) =>
  safeJson(v, io.isStdoutTTY() && !line ? 2 : 0);

/** JSON on stdout: indented on a terminal, one line piped; --json FIELDS and --jq apply. */
export function printJson(io: IOStreams, value: unknown): void {
  writeJson(io, value);
}

/** JSON on one line, terminal or not (a stream of records, one a line); --json FIELDS and --jq apply. */
export function printJsonLine(io: IOStreams, value: unknown): void {
  writeJson(io, value, { line: true });
}

/**
 * Prints JSON on stdout: the fields asked for, through the --jq filter when there is one (its
 * results printed in order once jq has run; finishJsonOutput waits for them).
 */
export function writeJson(io: IOStreams, value: unknown, opts: { line?: boolean } = {}): void {
  const req = requests.get(io);
  const selected = req ? select(value, req) : value;
  if (!req?.jq) {
    io.stdout.write(stringify(io, selected, opts.line) + '\n');
    return;
  }
  const filter = req.jq;
  req.pending = req.pending.then(async () => {
    if (req.error) return;
    const { evaluate } = await import('./jq.ts');
    let results: unknown[];
    try {
      results = await evaluate(selected, filter);
    } catch (e) {
      results = (e as { partial?: unknown[] }).partial ?? [];
      req.error = e;
    }
    // Strings as text, as gh and jq -r print them: tabs and newlines raw (@tsv works), every other
    // control character escaped as every text from the API is (escapeControlButLayout).
    for (const r of results)
      io.stdout.write(
        (typeof r === 'string' ? escapeControlButLayout(r) : stringify(io, r, opts.line)) + '\n',
      );
  });
}

/** After the command: waits for --jq's outputs, and fails as jq did (exit 2 with its message). */
export async function finishJsonOutput(io: IOStreams): Promise<void> {
  const req = requests.get(io);
  if (!req) return;
  requests.delete(io);
  await req.pending;
  if (req.error)
    throw req.error instanceof CliError ? req.error : new CliError(String(req.error), EXIT.usage);
}
