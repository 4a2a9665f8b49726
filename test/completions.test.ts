/**
 * Completions: the files kept in completions/ are what `adcli completion SHELL` prints for the live
 * command tree (run from the sources, so the tree others extend is the one compared), the shells
 * accept them, and they complete what they should. A shell that is not installed is skipped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionModel } from '../src/lib/completion/model.ts';
import { completionScript } from '../src/lib/completion/script.ts';
import {
  BIDDING_STRATEGIES,
  BUDGET_TYPES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
} from '../src/generated/contract.ts';
import { COMPLETION_FILES, render } from '../scripts/gen-completions.ts';
import { ROOT } from './helpers/process.ts';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
const has = (bin: string) => spawnSync(bin, ['-c', 'exit 0'], { stdio: 'ignore' }).status === 0;
const fileOf = (shell: (typeof SHELLS)[number]) => join(ROOT, COMPLETION_FILES[shell]);

const fresh = Object.fromEntries(
  await Promise.all(SHELLS.map(async (s) => [s, await render(s)])),
) as Record<(typeof SHELLS)[number], string>;

describe('completions/ matches the command tree', () => {
  for (const shell of SHELLS) {
    it(`${COMPLETION_FILES[shell]} is what adcli completion ${shell} prints`, () => {
      const kept = readFileSync(fileOf(shell), 'utf8');
      // On a mismatch: `npm run completions` regenerates the files from the tree.
      expect(
        kept === fresh[shell],
        `${COMPLETION_FILES[shell]} drifted from the command tree; run npm run completions`,
      ).toBe(true);
    });
  }

  it('the scripts name every command group and the enums of the campaign flags', () => {
    for (const shell of SHELLS) {
      for (const word of [
        'campaigns',
        'auth',
        'profiles',
        'completion',
        'serve',
        'exit-codes',
        ...CAMPAIGN_TYPES,
        ...BIDDING_STRATEGIES,
      ]) {
        expect(fresh[shell], `${shell}: ${word}`).toContain(word);
      }
    }
  });
});

describe.skipIf(!has('bash'))('bash', () => {
  it('bash -n accepts the file', () => {
    const r = spawnSync('bash', ['-n', fileOf('bash')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  /** COMPREPLY for a command line whose last word is being completed. */
  const complete = (...words: string[]): string[] => {
    const script = `source ${JSON.stringify(fileOf('bash'))}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _adcli; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {
      encoding: 'utf8',
      cwd: ROOT,
    });
    expect(r.stderr).toBe('');
    return r.stdout.split('\n').filter(Boolean);
  };

  it('completes commands, subcommands, flags and enum values', () => {
    expect(complete('adcli', '')).toEqual(
      expect.arrayContaining(['campaigns', 'auth', 'profiles', 'completion', 'help', 'serve']),
    );
    expect(complete('adcli', 'aut')).toEqual(['auth']);
    expect(complete('adcli', 'auth', '')).toEqual(['login', 'status', 'logout', 'help']);
    expect(complete('adcli', 'campaigns', 'list', '--status', '')).toEqual(CAMPAIGN_STATUSES);
    expect(complete('adcli', 'campaigns', 'create', '--type', '')).toEqual(CAMPAIGN_TYPES);
    expect(complete('adcli', 'campaigns', 'update', 'abc', '--budget-type', '')).toEqual(
      BUDGET_TYPES,
    );
    expect(complete('adcli', 'campaigns', 'create', '--bidding', 'TARGET_R')).toEqual([
      'TARGET_ROAS',
    ]);
    expect(complete('adcli', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(complete('adcli', 'help', '')).toEqual(
      expect.arrayContaining(['campaigns', 'auth', 'exit-codes']),
    );
  });

  it('skips global flags and their values, and knows --flag=value', () => {
    expect(complete('adcli', '--profile', 'work', 'campaigns', 'l')).toEqual(['list']);
    expect(complete('adcli', 'campaigns', '--base-url', 'http://x', 'list', '--st')).toEqual([
      '--status',
    ]);
    // with "=" in COMP_WORDBREAKS (the default) bash splits --type=SE into three words
    expect(complete('adcli', 'campaigns', 'create', '--type', '=', 'SE')).toEqual(['SEARCH']);
    expect(complete('adcli', 'campaigns', 'create', '--type=D')).toEqual([
      '--type=DEMAND_GEN',
      '--type=DISPLAY',
    ]);
    const flags = complete('adcli', 'campaigns', 'list', '--');
    expect(flags).toEqual(
      expect.arrayContaining([
        '--limit',
        '--all',
        '--status',
        '--json',
        '--profile',
        '--base-url',
        '--debug',
        '--help',
      ]),
    );
    expect(flags).not.toContain('--version');
  });

  it('a free-text argument completes to nothing', () => {
    expect(complete('adcli', 'campaigns', 'get', '')).toEqual([]);
    expect(complete('adcli', 'campaigns', 'list', '--name', '')).toEqual([]);
  });
});

describe.skipIf(!has('zsh'))('zsh', () => {
  it('zsh -n accepts the file', () => {
    const r = spawnSync('zsh', ['-n', fileOf('zsh')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('completes through _describe and compadd (stubbed to print what they are given)', () => {
    const complete = (...words: string[]): string[] => {
      const script = `
_describe() { local -a arr; arr=("\${(@P)\${@[-1]}}"); print -l -- "\${arr[@]%%:*}"; }
compadd() { if [[ $1 == -a ]]; then print -l -- "\${(@P)2}"; else print -l -- "$@"; fi; }
compset() { :; }
_files() { print -- "<files $*>"; }
source ${JSON.stringify(fileOf('zsh'))}
words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; _adcli`;
      const r = spawnSync('zsh', ['-f', '-c', script], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return r.stdout.split('\n').filter(Boolean);
    };
    expect(complete('adcli', '')).toEqual(
      expect.arrayContaining(['campaigns', 'auth', 'profiles', 'completion', 'help']),
    );
    expect(complete('adcli', '--profile', 'work', 'campaigns', 'list', '--status', '')).toEqual(
      CAMPAIGN_STATUSES,
    );
    expect(complete('adcli', 'campaigns', 'create', '--type=')).toEqual(CAMPAIGN_TYPES);
    expect(complete('adcli', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(complete('adcli', 'serve', '--data', '')).toEqual(['<files -/>']);
  });
});

describe.skipIf(!has('fish'))('fish', () => {
  it('fish -n accepts the file, and complete -C uses it', () => {
    expect(spawnSync('fish', ['-n', fileOf('fish')], { encoding: 'utf8' }).status).toBe(0);
    const complete = (line: string): string[] => {
      const r = spawnSync(
        'fish',
        ['--no-config', '-c', `source ${fileOf('fish')}; complete -C${JSON.stringify(line)}`],
        { encoding: 'utf8' },
      );
      expect(r.stderr).toBe('');
      return r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]!);
    };
    expect(complete('adcli ')).toEqual(
      expect.arrayContaining(['campaigns', 'auth', 'profiles', 'completion', 'help']),
    );
    expect(complete('adcli --profile work campaigns list --status ').sort()).toEqual(
      [...CAMPAIGN_STATUSES].sort(),
    );
    expect(complete('adcli completion ').sort()).toEqual(['bash', 'fish', 'zsh']);
    expect(complete('adcli campaigns list --st')).toEqual(['--status']);
  });
});

describe('the generator', () => {
  /** A small tree with what the real one has: globals, nesting, choices, aliases, a <dir> value. */
  const tree = () => {
    const p = new Command('tool').version('1.0.0').option('--profile <name>', 'profile');
    const report = p.command('report').alias('r').description('Reports: it\'s "quoted"');
    report
      .command('show')
      .description('Show a report')
      .addOption(new Option('--date-range <preset>', 'range').choices(['TODAY', 'LAST_7_DAYS']))
      .option('--out <dir>', 'where to write')
      .option('-q, --quiet', 'say less');
    return p;
  };

  it('walks commands with their own and inherited flags, choices, and help commands', () => {
    const nodes = completionModel(tree());
    const paths = nodes.map((n) => n.path);
    expect(paths).toEqual([
      'tool',
      'tool report',
      'tool report show',
      'tool report help',
      'tool help',
    ]);
    const show = nodes.find((n) => n.path === 'tool report show')!;
    expect(show.flags.map((f) => f.names.join(','))).toEqual([
      '--date-range',
      '--out',
      '-q,--quiet',
      '-h,--help',
    ]);
    expect(show.flags[0]!.value).toEqual({ choices: ['TODAY', 'LAST_7_DAYS'] });
    expect(show.flags[1]!.value).toBe('dir');
    expect(show.flags[2]!.value).toBeNull();
    // the root's --profile reaches down; its --version and --help do not
    expect(show.inherited.map((f) => f.long)).toEqual(['--profile']);
    expect(nodes.find((n) => n.path === 'tool help')!.args[0]).toEqual(['report']);
    expect(nodes[0]!.subcommands[0]).toEqual({
      name: 'report',
      aliases: ['r'],
      description: 'Reports: it\'s "quoted"',
    });
  });

  it('renders scripts that the shells accept, quotes included, and aliases resolve', () => {
    const bashScript = completionScript('bash', tree());
    if (has('bash')) {
      const r = spawnSync(
        'bash',
        [
          '--norc',
          '-c',
          `${bashScript}\nCOMP_WORDS=(tool r show --date-range ''); COMP_CWORD=4; _tool; echo "\${COMPREPLY[*]}"`,
        ],
        {
          encoding: 'utf8',
        },
      );
      expect(r.stdout.trim()).toBe('TODAY LAST_7_DAYS');
    }
    const dir = mkdtempSync(join(tmpdir(), 'adcli-completions-'));
    try {
      for (const shell of ['zsh', 'fish'] as const) {
        if (!has(shell)) continue;
        const file = join(dir, shell);
        writeFileSync(file, completionScript(shell, tree()));
        const r = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
        expect(r.stderr, shell).toBe('');
        expect(r.status, shell).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
