/**
 * The help of every command (src/lib/help.ts), walked over the whole tree and read in-process
 * (test/helpers/cli.ts): a usage line, the summary, FLAGS with the allowed values of every enum flag,
 * the global flags under INHERITED FLAGS, EXAMPLES, LEARN MORE, within the width it is given.
 *
 * The examples are held to what they promise, working when pasted, in two ways:
 * - every one goes through commander's real parser over the real tree, stopped after parsing by a
 *   preAction hook (gh's runF): its options, arguments, choices, bounds and conflicts must all pass;
 * - every one that is safe to run here (no shell syntax, no file, nothing long-running, no
 *   deployment to log in to) runs for real against a fresh local backend, and must not end as a
 *   usage error (2) or an unexpected one (1); exit 3 is allowed, for an example's id that the fresh
 *   workspace does not hold.
 * And `adcli help environment` names every environment variable the code reads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { Factory } from '../src/lib/factory.ts';
import { examplesOf } from '../src/lib/help.ts';
import { IOStreams } from '../src/lib/iostreams.ts';
import { buildProgram } from '../src/program.ts';
import { EXIT } from '../src/lib/errors.ts';
import { runCli } from './helpers/cli.ts';
import { cleanupAll, ROOT, sandbox } from './helpers/process.ts';

afterAll(cleanupAll);

/** The whole tree, as `adcli --help` and completions see it. */
const tree = () => buildProgram(new Factory({ io: IOStreams.test().io, env: {} }));

/** Every command under the root (hidden ones too: `help`), parents first, with its path of names. */
function commands(root: Command): { cmd: Command; path: string[] }[] {
  const out: { cmd: Command; path: string[] }[] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      out.push({ cmd: sub, path: [...path, sub.name()] });
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(root, []);
  return out;
}

const ALL = commands(await tree());
const GLOBAL = ['--profile', '--base-url', '--json', '--debug'];
/** Spaces and line breaks as one space: help is wrapped to the width, the checks are not. */
const flat = (s: string) => s.replace(/ \\\n\s*/g, ' ').replace(/\s+/g, ' ');

describe('the help of every command', () => {
  it('walks the whole tree', () => {
    const paths = ALL.map((c) => c.path.join(' '));
    for (const p of [
      'campaigns create',
      'campaigns audiences update',
      'backend faults add',
      'api',
      'serve keys create',
      'completion',
      'help',
    ])
      expect(paths).toContain(p);
  });

  for (const { cmd, path } of ALL) {
    it(`adcli ${path.join(' ')} --help`, async () => {
      const r = await runCli([...path, '--help'], { columns: 100 });
      expect(r.code, r.stderr).toBe(0);
      const help = r.stdout;
      const text = flat(help);
      expect(cmd.description(), 'a summary').not.toBe('');
      expect(text.startsWith(flat(cmd.description().split('\n')[0]!)), 'the summary first').toBe(
        true,
      );
      expect(help).toMatch(new RegExp(`\\nUSAGE\\n  adcli ${path.join(' ')} .*\\[flags\\]\\n`));
      expect(help).toMatch(/\nFLAGS\n/);
      expect(help).toContain('-h, --help');
      // the global flags, on every command (declared again by the command itself, they are its own)
      const inherited = help.split('\nINHERITED FLAGS\n')[1]?.split('\n\n')[0] ?? '';
      for (const flag of GLOBAL)
        expect(
          inherited.includes(flag) || cmd.options.some((o) => o.long === flag),
          `${flag} on ${path.join(' ')}`,
        ).toBe(true);
      // allowed values of every enum flag and argument
      for (const o of cmd.options.filter((o) => o.argChoices))
        expect(text, o.flags).toContain(`{${o.argChoices!.join(', ')}}`);
      for (const a of cmd.registeredArguments.filter((a) => a.argChoices))
        expect(text, a.name()).toContain(`{${a.argChoices!.join(', ')}}`);
      // examples, as they are declared beside the command
      const examples = examplesOf(cmd);
      expect(
        examples.filter((l) => l.startsWith('adcli ') || l.includes('| adcli ')).length,
        'at least one example',
      ).toBeGreaterThan(0);
      expect(help).toMatch(/\nEXAMPLES\n/);
      for (const line of examples) expect(text).toContain(flat(line));
      expect(help).toMatch(/\nLEARN MORE\n.*adcli help exit-codes.*\n?.*adcli help environment/s);
    });
  }

  it('create lists no --no-X flag: clearing a setting is for update', async () => {
    for (const group of ['campaigns', 'audiences', 'data-stores', 'brands']) {
      const create = (await runCli([group, 'create', '--help'])).stdout;
      expect(create, `${group} create`).not.toMatch(/--no-/);
    }
    expect((await runCli(['campaigns', 'update', '--help'])).stdout).toMatch(
      /--no-budget\s+clear the budget/,
    );
  });

  it("flags state the API's bounds and defaults, read from the generated contract", async () => {
    const create = flat((await runCli(['campaigns', 'create', '--help'])).stdout);
    expect(create).toContain('campaign name, 1-160 characters');
    expect(create).toContain('greater than 0 and at most 10,000,000');
    expect(create).toContain(
      '{MAXIMIZE_CONVERSIONS, MAXIMIZE_CONVERSION_VALUE, TARGET_CPA, TARGET_ROAS, TARGET_CPC, TARGET_SPEND, MANUAL_CPC}',
    );
    expect(create).toContain('make a retry of this exact create safe, 1-200 characters');
    expect(flat((await runCli(['campaigns', 'list', '--help'])).stdout)).toContain(
      'page size, 1-100 (default 25; with --all 100)',
    );
    expect(flat((await runCli(['performance', 'show', '--help'])).stdout)).toMatch(
      /--date-range <preset> .*\{TODAY, .*LAST_MONTH\} \(default LAST_30_DAYS\)/,
    );
    expect(flat((await runCli(['backend', 'requests', '--help'])).stdout)).toContain(
      'the newest this many, 1-1,000 (default 100)',
    );
  });

  it('fits the width it is given: no line longer, examples broken with a \\ that a shell joins again', async () => {
    for (const columns of [80, 120]) {
      for (const { path } of ALL) {
        const r = await runCli([...path, '--help'], { tty: true, columns });
        for (const line of r.stdout.split('\n'))
          expect(line.length, `${path.join(' ')} at ${columns}: ${line}`).toBeLessThanOrEqual(
            columns,
          );
      }
    }
    const narrow = (await runCli(['campaigns', 'create', '--help'], { tty: true, columns: 80 }))
      .stdout;
    expect(narrow).toMatch(/ \\\n {4}--/);
  });

  it('the root lists its commands and the help topics; help TOPIC and help COMMAND answer', async () => {
    const root = (await runCli(['--help'])).stdout;
    expect(root).toMatch(/\nUSAGE\n  adcli <command> <subcommand> \[flags\]\n/);
    expect(root).toMatch(/\nCOMMANDS\n  campaigns: /);
    expect(root).toMatch(/\nHELP TOPICS\n  environment: .*\n  exit-codes: /);
    expect((await runCli(['help', 'campaigns', 'create'])).stdout).toBe(
      (await runCli(['campaigns', 'create', '--help'])).stdout,
    );
    const topics = await runCli(['help', 'nope']);
    expect(topics.code).toBe(EXIT.usage);
    expect(topics.stderr).toMatch(/unknown command 'nope'.*adcli help environment/);
  });

  it('root help reads the same off the groups alone as off the whole tree', async () => {
    // `adcli --help` registers each group shallow (src/program.ts): nothing it prints may differ
    const rootHelp = async (args?: string[]) => {
      const t = IOStreams.test({ env: { COLUMNS: '80' } });
      const program = await buildProgram(new Factory({ io: t.io, env: {} }), args);
      return { text: program.helpInformation(), groups: program.commands.length };
    };
    const shallow = await rootHelp(['--help']);
    const whole = await rootHelp();
    expect(shallow.text).toBe(whole.text);
    expect(shallow.groups).toBe(whole.groups);
    const deepIn = (program: Command, name: string) =>
      program.commands.find((c) => c.name() === name)!.commands.length;
    const help = await buildProgram(new Factory({ io: IOStreams.test().io, env: {} }), ['--help']);
    expect(deepIn(help, 'campaigns')).toBe(0);
    const named = await buildProgram(new Factory({ io: IOStreams.test().io, env: {} }), [
      'help',
      'campaigns',
      'create',
    ]);
    expect(deepIn(named, 'campaigns')).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------- examples

interface Word {
  text: string;
  /** an unquoted shell operator: |, <, > */
  op?: boolean;
}

/** A line split as sh splits it: quotes, backslashes, and the operators | < > on their own. */
function shellWords(line: string): Word[] {
  const words: Word[] = [];
  let cur = '';
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      cur += line.slice(i + 1, end);
      i = end;
      started = true;
    } else if (ch === '"') {
      let j = i + 1;
      for (; line[j] !== '"'; j++) cur += line[j] === '\\' ? line[++j] : line[j];
      i = j;
      started = true;
    } else if (ch === '\\') {
      cur += line[++i];
      started = true;
    } else if (/\s/.test(ch) || '|<>'.includes(ch)) {
      if (started) words.push({ text: cur });
      cur = '';
      started = false;
      if ('|<>'.includes(ch)) words.push({ text: ch, op: true });
    } else {
      cur += ch;
      started = true;
    }
  }
  if (started) words.push({ text: cur });
  return words;
}

/** The arguments adcli gets from an example line: its pipeline's adcli command, redirections left out. */
function adcliArgs(line: string): { args: string[]; shell: boolean } {
  const words = shellWords(line);
  const shell = words.some((w) => w.op);
  const segments: Word[][] = [[]];
  for (const w of words) {
    if (w.op && w.text === '|') segments.push([]);
    else segments[segments.length - 1]!.push(w);
  }
  const segment = segments.find((s) => s[0]?.text === 'adcli')!;
  const args: string[] = [];
  for (let i = 1; i < segment.length; i++) {
    if (segment[i]!.op) i++;
    else args.push(segment[i]!.text);
  }
  return { args, shell };
}

const EXAMPLES = ALL.flatMap(({ cmd, path }) =>
  examplesOf(cmd)
    .filter((l) => !l.startsWith('#'))
    .map((line) => ({ path, line })),
);

/** Stops a run once commander has parsed it, before the action: what it reached, and with what. */
class Parsed extends Error {
  readonly command: Command;
  constructor(command: Command) {
    super('parsed');
    this.command = command;
  }
}

describe('every example parses', () => {
  it('there are examples on every command, each a command line of adcli', () => {
    expect(EXAMPLES.length).toBeGreaterThan(ALL.length);
    for (const { line } of EXAMPLES) expect(adcliArgs(line).args.length, line).toBeGreaterThan(0);
  });

  for (const { path, line } of EXAMPLES) {
    it(line, async () => {
      const { args } = adcliArgs(line);
      const t = IOStreams.test({ env: {} });
      const program = await buildProgram(new Factory({ io: t.io, env: {} }), args);
      program.hook('preAction', (_root, action) => {
        throw new Parsed(action);
      });
      const reached = await program.parseAsync(args, { from: 'user' }).then(
        () => undefined,
        (e: unknown) => {
          if (e instanceof Parsed) return e.command;
          if (e instanceof CommanderError) throw new Error(`${line}: ${e.message}`);
          throw e;
        },
      );
      expect(reached, `${line} reached no action`).toBeDefined();
      // an example of a command runs it, or one of its subcommands
      const names: string[] = [];
      for (let c: Command | null = reached!; c?.parent; c = c.parent) names.unshift(c.name());
      expect(names.slice(0, path.length).join(' '), line).toBe(
        path.join(' ') === 'help' ? names.slice(0, 1).join(' ') : path.join(' '),
      );
    });
  }
});

/** Examples not run for real, and why: each still parses above. */
function whyNotRun(args: string[], shell: boolean): string | undefined {
  if (shell) return 'shell syntax (a pipe or a redirection)';
  if (args.some((a) => /^@|\.(db|json|ya?ml|txt|csv)$/.test(a) || a === '-'))
    return 'reads or writes a file';
  if (args[0] === 'mcp' || (args[0] === 'serve' && !['keys', 'ads'].includes(args[1]!)))
    return 'a server: runs until stopped';
  if (args[0] === 'auth' && args[1] !== 'status') return 'needs a deployment to log in to';
  if (args.includes('--follow')) return 'runs until Ctrl-C';
  if (
    (args[0] === 'campaigns' && args[1] === 'open') ||
    (args[0] === 'backend' && args[1] === 'console')
  )
    return "opens adcli serve's pages: the local profile serves none (exit 6)";
  return undefined;
}

describe('the examples that are safe to run, run against a fresh local backend', () => {
  const groups = new Map<string, { line: string; args: string[] }[]>();
  const skipped: string[] = [];
  for (const { line } of EXAMPLES) {
    const { args, shell } = adcliArgs(line);
    const why = whyNotRun(args, shell);
    if (why) skipped.push(`${line} (${why})`);
    else groups.set(args[0]!, [...(groups.get(args[0]!) ?? []), { line, args }]);
  }

  it('most examples run for real; the others are the ones that cannot here', () => {
    const run = [...groups.values()].flat().length;
    expect(run).toBeGreaterThan(skipped.length * 2);
  });

  // One fresh backend per top-level command: the fault rules and resets of `backend` stay there.
  for (const [group, examples] of groups) {
    it(`adcli ${group} …`, { timeout: 120_000 }, async () => {
      const env = sandbox().env;
      for (const { line, args } of examples) {
        const r = await runCli(args, { env });
        expect([EXIT.ok, EXIT.refused], `${line}\n${r.stderr}`).toContain(r.code);
      }
    });
  }
});

// ------------------------------------------------------------------------------------- environment

/** Every TypeScript file under `dir`. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('adcli help environment', () => {
  it('names every environment variable read in src/ and server/, proxies, NO_COLOR and CI among them', async () => {
    const read = new Set<string>();
    for (const file of [...files(join(ROOT, 'src')), ...files(join(ROOT, 'server'))]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /\benv(?:\?)?\.([A-Za-z_][A-Za-z0-9_]*)|\benv\[['"]([A-Za-z_][A-Za-z0-9_]*)['"]\]|\b(ADCLI_[A-Z_]*[A-Z])\b/g,
      ))
        read.add(m[1] ?? m[2] ?? m[3]!);
    }
    for (const v of [
      'ADCLI_API_KEY',
      'ADCLI_BASE_URL',
      'ADCLI_PROFILE',
      'HTTPS_PROXY',
      'NO_PROXY',
      'NO_COLOR',
      'CI',
      'COLUMNS',
    ])
      expect(read).toContain(v);
    const r = await runCli(['help', 'environment'], { columns: 100 });
    expect(r.code, r.stderr).toBe(0);
    // each entry: its names (wrapped after a comma when they do not fit), what they do indented under it
    const named = new Set<string>();
    let names: string[] = [];
    for (const l of r.stdout.split('\n')) {
      if (/^[A-Za-z_]/.test(l)) names.push(l);
      else {
        if (l.startsWith('  ') && names.length)
          for (const n of names.join(' ').split(/,\s*/)) named.add(n.trim());
        names = [];
      }
    }
    for (const v of read)
      expect(named, `${v} is read but not in adcli help environment`).toContain(v);
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    const json = JSON.parse((await runCli(['help', 'environment', '--json'])).stdout) as {
      names: string[];
    }[];
    expect(json.flatMap((e) => e.names).sort()).toEqual([...named].sort());
  });
});
