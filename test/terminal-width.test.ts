/**
 * Every line fits the terminal (src/lib/wrap.ts, help.ts, output.ts, table.ts, iostreams.ts), run
 * in-process through the IO seam at a fixed width (test/helpers/cli.ts):
 * - the wrapping itself: between words only, never inside a word, a flag or a suggested command; a
 *   command that does not fit goes on its own line, indented, whole even when wider than the width;
 *   styles and wide characters kept;
 * - the help of EVERY command and subcommand (the whole tree walked) at 60 and 80 columns, and the
 *   help topics: no line wider than the terminal, and every flag of the unwrapped help whole in the
 *   wrapped one; narrower than a description column, descriptions under their terms;
 * - README.md's tour, command by command, on a terminal of 60 and 80 columns: every line it prints
 *   (hints, notices, tables, field lines, errors) within the width but a suggested command alone on
 *   its line, no flag split;
 * - field lines (key-value views) wrapped under their value column; errors wrapped on a terminal and
 *   one line piped; spinner and progress lines cut to the width, never wrapped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Factory } from '../src/lib/factory.ts';
import { MIN_DESCRIPTION } from '../src/lib/help.ts';
import { IOStreams } from '../src/lib/iostreams.ts';
import { fields, hint, progress } from '../src/lib/output.ts';
import { bold, displayWidth, loadDisplayWidths, span, spansOf } from '../src/lib/text.ts';
import { COMMAND_INDENT, SWITCHES, TOP_LEVEL, wrapSpans, wrapText } from '../src/lib/wrap.ts';
import { buildProgram } from '../src/program.ts';
import { cliIn, runCli, type CliResult } from './helpers/cli.ts';
import { cleanupAll, ROOT, sandbox } from './helpers/process.ts';

afterAll(cleanupAll);
beforeAll(loadDisplayWidths);

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const visible = (s: string) => s.replace(ANSI, '');

/** Flags and their fragments: `--audience`, `-h`, and what a split would leave (`-`, `-audience`). */
const flagsOf = (text: string): string[] =>
  (visible(text).match(/(?<![\w-])--?[A-Za-z][\w-]*/g) ?? []).sort();

/**
 * What may be wider than the terminal, because breaking it would break what a person copies: a
 * suggested command alone on its line (indented), or a word that is the first of its column (a
 * line's own, or a value's after its label) and wider than all the room there is from that column.
 */
function unbreakable(line: string, columns: number): boolean {
  const l = visible(line);
  if (/^ +adcli [a-z]/.test(l)) return true;
  const m = /^(.*?)(\S+)$/.exec(l);
  if (!m) return false;
  const [, before, word] = m as unknown as [string, string, string];
  return (
    (before.trim() === '' || / {2,}$/.test(before)) &&
    displayWidth(word) > columns - displayWidth(before)
  );
}

/** Lines wider than `columns`, but what cannot be broken. */
function tooWide(text: string, columns: number): string[] {
  return visible(text)
    .split('\n')
    .filter((l) => displayWidth(l) > columns && !unbreakable(l, columns));
}

/**
 * Lines where a flag was cut short, as a terminal folds a line too long for it: one that ends in
 * `--`, or in a lone `-` before a line that starts with the rest of the flag (`-audience`).
 */
function splitFlags(text: string): string[] {
  const lines = visible(text).split('\n');
  return lines.flatMap((l, i) => {
    const next = lines[i + 1] ?? '';
    return /--$/.test(l) || (/\s-$/.test(l) && /^-\w/.test(next)) ? [`${l}⏎${next}`] : [];
  });
}

/** Every flag of the tree, long and short, and --no-X: a token of text that is none of these was cut. */
async function knownFlags(): Promise<Set<string>> {
  const known = new Set<string>();
  const walk = (cmd: Command) => {
    for (const o of cmd.options) for (const f of [o.long, o.short]) if (f) known.add(f);
    cmd.commands.forEach(walk);
  };
  walk(await buildProgram(new Factory({ io: IOStreams.test().io, env: {} })));
  return known;
}

/** What stays on a screen of spinner frames and progress lines: each line as its last redraw left it. */
const screenOf = (text: string) =>
  text
    .replace(/\x1b\[\d*G/g, '\r')
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.slice(l.lastIndexOf('\r') + 1))
    .join('\n');

// ----------------------------------------------------------------------------------- the helper

describe('wrapping prose', () => {
  const plain = (text: string, width: number) => wrapText(text, width).split('\n');

  it('breaks between words, never inside one, and keeps every line within the width', () => {
    const text =
      'Showing the first 25; more match: --all lists every one (--limit sets the page size, up to 100).';
    for (let width = 20; width <= 100; width++) {
      const lines = plain(text, width);
      for (const l of lines) expect(displayWidth(l), `${width}: ${l}`).toBeLessThanOrEqual(width);
      expect(lines.join(' ')).toBe(text);
      expect(flagsOf(lines.join('\n'))).toEqual(flagsOf(text));
    }
    expect(plain('short', 80)).toEqual(['short']);
    expect(plain('', 80)).toEqual(['']);
  });

  it('a word wider than the line stays whole, on a line of its own', () => {
    expect(plain('see https://example.com/a/very/long/path/that/does/not/fit here', 20)).toEqual([
      'see',
      'https://example.com/a/very/long/path/that/does/not/fit',
      'here',
    ]);
  });

  it('a suggested command that does not fit goes on its own line, indented, and the prose goes on under it', () => {
    const text =
      'Collecting in the background; adcli data-stores get 6b076c81a7b1c2d3e4f50001 --wait waits until it is ready.';
    expect(plain(text, 60)).toEqual([
      'Collecting in the background;',
      `${' '.repeat(COMMAND_INDENT)}adcli data-stores get 6b076c81a7b1c2d3e4f50001 --wait`,
      'waits until it is ready.',
    ]);
    // where it fits, it stays where it is
    expect(plain(text, 120)).toEqual([text]);
  });

  it('a command wider than the terminal stays whole rather than split', () => {
    const command =
      'adcli targeting generate 6b076c81a7b1c2d3e4f50001 --audience 6b076c81a7b1c2d3e4f50002 --wait';
    const lines = plain(`Fix it, then run ${command}`, 60);
    expect(lines).toEqual(['Fix it, then run', `  ${command}`]);
    expect(unbreakable(lines[1]!, 60)).toBe(true);
  });

  it('knows where a command ends: punctuation, a parenthesis, prose after its arguments', () => {
    const cases: [string, string][] = [
      [
        'no profile named work (profiles: local); adcli auth login --profile work creates it',
        'adcli auth login --profile work',
      ],
      [
        'See it with adcli targeting show 6b076c81a7b1c2d3e4f50001, or keep waiting',
        'adcli targeting show 6b076c81a7b1c2d3e4f50001,',
      ],
      [
        'pipe it in with --with-token, e.g. adcli auth login --with-token < key.txt',
        'adcli auth login --with-token < key.txt',
      ],
      [
        'No campaigns in this account. adcli campaigns publish ID creates one there.',
        'adcli campaigns publish ID',
      ],
      [
        'edit it once it is ready (adcli targeting show 6b076c81a7b1c2d3e4f50001 --wait)',
        '(adcli targeting show 6b076c81a7b1c2d3e4f50001 --wait)',
      ],
    ];
    for (const [text, command] of cases) {
      const lines = plain(text, command.length + 4);
      expect(lines, text).toContain(`  ${command}`);
      // whole at every width
      for (let width = 10; width <= text.length; width++)
        expect(
          plain(text, width).some((l) => l.includes(command.replace(/^\(/, ''))),
          `${width}: ${text}`,
        ).toBe(true);
    }
    // a command's name in a sentence is never broken either, but it moves on as a word does
    const named =
      'No API keys yet: adcli serve keys create makes one (with --database or ADCLI_DATABASE_URL)';
    expect(plain(named, 30)).toEqual([
      'No API keys yet:',
      'adcli serve keys create makes',
      'one (with --database or',
      'ADCLI_DATABASE_URL)',
    ]);
    expect(plain('whose server is adcli serve; against another one', 20)).toEqual([
      'whose server is',
      'adcli serve; against',
      'another one',
    ]);
    // `adcli` that is not a command: its name in prose
    expect(
      plain("On adcli serve and the local profile, adcli serve's controls answer", 20),
    ).toEqual(['On adcli serve and', 'the local profile,', "adcli serve's", 'controls answer']);
  });

  it('a `code span` is one unit', () => {
    expect(
      plain('Use `adcli <command> <subcommand> --help` for more about a command.', 40),
    ).toEqual(['Use', '  `adcli <command> <subcommand> --help`', 'for more about a command.']);
  });

  it('continuation lines keep the indentation of the text, or the one given', () => {
    expect(plain('  a b c d e f g h', 8)).toEqual(['  a b c', '  d e f', '  g h']);
    expect(wrapText('label value that goes on', 12, { start: 0, indent: 6 }).split('\n')).toEqual([
      'label value',
      '      that',
      '      goes',
      '      on',
    ]);
  });

  it('keeps styles, and counts wide characters as two columns', () => {
    const lines = wrapSpans(
      [bold('Spring'), span(' launch '), span('日本語のキャンペーン名', 'gray')],
      12,
    );
    expect(lines.map((l) => l.map((s) => s.text).join(''))).toEqual([
      'Spring',
      'launch',
      '日本語のキャンペーン名',
    ]);
    expect(lines[0]![0]!.style).toBe('bold');
    expect(lines[2]![0]!.style).toBe('gray');
    const cjk = wrapSpans(spansOf('名前 名前 名前 名前'), 10).map((l) =>
      l.map((s) => s.text).join(''),
    );
    expect(cjk).toEqual(['名前 名前', '名前 名前']);
  });

  it('TOP_LEVEL names the top-level commands of the tree', async () => {
    const program = await buildProgram(new Factory({ io: IOStreams.test().io, env: {} }));
    expect([...TOP_LEVEL].sort()).toEqual(program.commands.map((c) => c.name()).sort());
  });

  it('SWITCHES names every flag of the tree that takes no value (--no-X aside)', async () => {
    const program = await buildProgram(new Factory({ io: IOStreams.test().io, env: {} }));
    const switches = new Set<string>(['--help']);
    const walk = (cmd: Command) => {
      for (const o of cmd.options)
        if (!o.required && !o.optional && !o.negate && o.long) switches.add(o.long);
      cmd.commands.forEach(walk);
    };
    walk(program);
    switches.add('--json');
    expect([...SWITCHES].sort()).toEqual([...switches].sort());
  });
});

// ------------------------------------------------------------------------------------------ help

/** Every command under the root, with its path of names (as test/help.test.ts walks it). */
function commands(root: Command): string[][] {
  const out: string[][] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      out.push([...path, sub.name()]);
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(root, []);
  return out;
}
const ALL = [
  [],
  ...commands(await buildProgram(new Factory({ io: IOStreams.test().io, env: {} }))),
];

describe('help fits the terminal', () => {
  for (const columns of [60, 80]) {
    it(`every help screen at ${columns} columns: no line wider, no word or flag split`, async () => {
      expect(ALL.length).toBeGreaterThan(50);
      for (const path of ALL) {
        const name = `adcli ${path.join(' ')} --help`;
        const r = await runCli([...path, '--help'], { tty: true, columns });
        expect(r.code, `${name}: ${r.stderr}`).toBe(0);
        expect(tooWide(r.stdout, columns), name).toEqual([]);
        expect(splitFlags(r.stdout), name).toEqual([]);
        const unwrapped = await runCli([...path, '--help'], { tty: true, columns: 10_000 });
        expect(flagsOf(r.stdout), name).toEqual(flagsOf(unwrapped.stdout));
        // the words are the same words, only the line breaks differ (examples break with ` \`)
        const words = (s: string) =>
          visible(s)
            .replace(/ \\\n/g, ' ')
            .split(/\s+/)
            .filter((w) => w && w !== '#');
        expect(words(r.stdout), name).toEqual(words(unwrapped.stdout));
      }
    });
  }

  it('descriptions wrap in their column, or under their term when the column would be too narrow', async () => {
    const at = async (columns: number) =>
      visible((await runCli(['targeting', 'generate', '--help'], { tty: true, columns })).stdout);
    const wide = await at(100);
    expect(wide).toMatch(/\n {6}--wait {2,}wait while/);
    const narrow = await at(60);
    // the FLAGS terms are too wide for a description column of MIN_DESCRIPTION at 60
    expect(narrow).toMatch(/\n {6}--wait\n {10}wait while/);
    // the inherited ones are not
    expect(narrow).toMatch(/\n {2}--jq <expression> {2}filter the JSON/);
    for (const l of narrow.split('\n')) expect(displayWidth(l)).toBeLessThanOrEqual(60);
    expect(MIN_DESCRIPTION).toBeGreaterThanOrEqual(20);
  });

  for (const columns of [60, 80]) {
    it(`the help topics at ${columns} columns: exit-codes wrapped under its meaning column, environment`, async () => {
      for (const topic of ['exit-codes', 'environment']) {
        const r = await runCli(['help', topic], { tty: true, columns });
        expect(r.code).toBe(0);
        expect(tooWide(r.stdout, columns), topic).toEqual([]);
        const unwrapped = await runCli(['help', topic], { tty: true, columns: 10_000 });
        expect(flagsOf(r.stdout), topic).toEqual(flagsOf(unwrapped.stdout));
      }
      const codes = (await runCli(['help', 'exit-codes'], { tty: true, columns })).stdout;
      expect(codes).toMatch(/\n {2}2 {4}usage: a bad or missing flag.*\n {7}\S/);
    });
  }
});

// ------------------------------------------------------------------------------------ the tour

/** README.md's tour: its commands, `\` continuations joined, comments left out. */
function tourCommands(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
  const start = readme.indexOf('## A short tour');
  const open = readme.indexOf('```sh', start);
  const close = readme.indexOf('```', open + 1);
  return readme
    .slice(open + 1, close)
    .join('\n')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** A tour line's words as sh reads them, its variables filled in. */
function shellWords(line: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    const text =
      m[2] ?? (m[1] ?? m[3]!).replace(/\$(\w+)|\$\{(\w+)\}/g, (_, a, b) => vars[a ?? b]!);
    words.push(text);
  }
  return words;
}

describe("README.md's tour on a terminal", () => {
  for (const columns of [60, 80]) {
    it(
      `at ${columns} columns: every line within the width (a suggested command alone excepted), no flag split`,
      { timeout: 120_000 },
      async () => {
        const adcli = cliIn(sandbox().env);
        const vars: Record<string, string> = {};
        const seen: string[] = [];
        const known = await knownFlags();
        for (const line of tourCommands()) {
          const assign = /^(\w+)=\$\((.*)\)$/.exec(line);
          const args = shellWords(assign ? assign[2]! : line, vars).slice(1);
          // An assignment reads stdout through a pipe; the notices still go to the terminal's stderr.
          const r: CliResult = await adcli(args, {
            tty: assign ? { stdout: false, stderr: true, stdin: true } : true,
            columns,
          });
          expect(r.code, `${line}\n${r.stderr}`).toBe(0);
          if (assign) vars[assign[1]!] = r.stdout.trim();
          // JSON is data, written as it is (indented on a terminal), as gh does: only its stderr counts
          const json = args.includes('--json') || args[0] === 'api';
          const shown = assign || json ? r.stderr : r.stdout + r.stderr;
          // spinner frames are redrawn in place: what stays on the screen is what the lines say
          const screen = screenOf(shown);
          seen.push(screen);
          expect(tooWide(screen, columns), line).toEqual([]);
          expect(splitFlags(screen), line).toEqual([]);
          expect(
            flagsOf(screen).filter((f) => !known.has(f)),
            line,
          ).toEqual([]);
        }
        // the tour did say things on stderr: the local-backend notice at least
        expect(seen.join('\n')).toContain('Using the local backend');
      },
    );
  }
});

// ------------------------------------------------------------------- views, errors and spinners

describe('field lines, errors, progress and spinners', () => {
  it('a long value goes on under its value column; piped, it is one line', () => {
    const pairs: [string, string][] = [
      ['ID', '6b076c81a7b1c2d3e4f50001'],
      [
        'Objective',
        'More sign-ups for the spring trail-running range among weekend hikers in the Alps and the Pyrenees',
      ],
      ['URL', 'https://ads.example.com/campaigns/6b076c81a7b1c2d3e4f50001/a/very/long/path'],
    ];
    const tty = IOStreams.test({ stdoutTTY: true, columns: 60, env: { NO_COLOR: '1' } });
    fields(tty.io, pairs);
    const lines = tty.stdout().split('\n').filter(Boolean);
    expect(lines[1]).toMatch(/^Objective {2}More sign-ups/);
    const under = ' '.repeat('Objective'.length + 2);
    expect(lines[2]!.startsWith(under) && lines[2]![under.length] !== ' ').toBe(true);
    for (const l of lines.slice(0, -1)) expect(displayWidth(l), l).toBeLessThanOrEqual(60);
    // a URL is one word: whole, however long
    expect(tty.stdout()).toContain(pairs[2]![1]);
    const piped = IOStreams.test({ columns: 60 });
    fields(piped.io, pairs);
    expect(piped.stdout().split('\n')[1]).toBe(`Objective\t${pairs[1]![1]}`);
  });

  it('an error is wrapped on a terminal, its suggested command whole on its own line; piped, one line', async () => {
    const env = sandbox().env;
    const tty = await runCli(['profiles', 'use', 'a-profile-that-does-not-exist'], {
      env,
      tty: true,
      columns: 60,
    });
    expect(tty.code).toBe(2);
    const lines = tty.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^adcli: no profile named a-profile-that-does-not-exist/);
    expect(lines).toContain('  adcli auth login --profile a-profile-that-does-not-exist');
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(60);
    const piped = await runCli(['profiles', 'use', 'a-profile-that-does-not-exist'], {
      env,
      columns: 60,
    });
    expect(piped.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('hints on a terminal are wrapped; piped, one line as written', () => {
    const text =
      'Generating in the background. Follow it with: adcli targeting show 6b076c81a7b1c2d3e4f50001 --wait';
    const tty = IOStreams.test({ stderrTTY: true, columns: 60, env: { NO_COLOR: '1' } });
    hint(tty.io, text);
    expect(tty.stderr()).toBe(
      'Generating in the background. Follow it with:\n  adcli targeting show 6b076c81a7b1c2d3e4f50001 --wait\n',
    );
    const piped = IOStreams.test({ columns: 60 });
    hint(piped.io, text);
    expect(piped.stderr()).toBe(`${text}\n`);
  });

  it('progress is cut to one line of the width, with …', () => {
    const t = IOStreams.test({ stderrTTY: true, columns: 30, env: { NO_COLOR: '1' } });
    progress(t.io, 'fetched 1200 campaigns of the workspace so far…');
    const shown = visible(t.stderr()).replace(/^\r/, '');
    expect(displayWidth(shown)).toBeLessThan(30);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('a spinner line is cut to the width, never wrapped', async () => {
    const t = IOStreams.test({ stderrTTY: true, columns: 40 });
    const spinner = await t.io.startSpinner(
      'Generating targeting of campaign 6b076c81a7b1c2d3e4f50001: 0/3 audience slots done · 4s',
    );
    spinner.update(
      'Generating targeting of campaign 6b076c81a7b1c2d3e4f50001: 1/3 audience slots done · 5s',
    );
    spinner.stop();
    const frames = visible(t.stderr())
      .split(/[\r\n]/)
      .filter(Boolean);
    expect(frames.length).toBeGreaterThan(0);
    for (const f of frames) expect(displayWidth(f), f).toBeLessThan(40);
    expect(frames.some((f) => f.endsWith('…'))).toBe(true);
  });
});
