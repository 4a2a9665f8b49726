/**
 * The pager (IOStreams.startPager, src/lib/iostreams.ts), as gh's: what people read on stdout (lists,
 * records, targeting) goes through PAGER or ADCLI_PAGER on a terminal, and never when piped, with
 * --json, or for help. Run as real processes on a pseudo-terminal (test/helpers/process.ts
 * runInTerminal), with PAGER a small script that records what it is given; and the choice of pager
 * itself (pagerCommand). A pager that quits before the end costs no error; Ctrl-C while it runs is
 * the pager's, not the end of adcli.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagerCommand, splitCommand } from '../src/lib/iostreams.ts';
import {
  cleanupAll,
  hasScript,
  runAdcli,
  runInTerminal,
  sandbox,
  tempDir,
  type Sandbox,
} from './helpers/process.ts';

afterAll(cleanupAll);

describe('which pager', () => {
  const has =
    (...names: string[]) =>
    (name: string) =>
      names.includes(name);
  const term = { TERM: 'xterm-256color' };

  it('ADCLI_PAGER wins over PAGER; set but empty, or cat, is none', () => {
    expect(
      pagerCommand({ ...term, PAGER: 'more', ADCLI_PAGER: 'less -R' }, has('less', 'more')),
    ).toEqual(['less', '-R']);
    expect(pagerCommand({ ...term, PAGER: 'more' }, has('less', 'more'))).toEqual(['more']);
    expect(
      pagerCommand({ ...term, PAGER: 'more', ADCLI_PAGER: '' }, has('less', 'more')),
    ).toBeNull();
    expect(pagerCommand({ ...term, ADCLI_PAGER: 'cat' }, has('less', 'cat'))).toBeNull();
    expect(pagerCommand({ ...term, PAGER: '' }, has('less'))).toBeNull();
    expect(pagerCommand({ ...term, PAGER: ' cat ' }, has('less', 'cat'))).toBeNull();
  });

  it('by default less -FRX, where less is found and the terminal is not dumb', () => {
    expect(pagerCommand(term, has('less'))).toEqual(['less', '-FRX']);
    expect(pagerCommand(term, has())).toBeNull();
    expect(pagerCommand({ TERM: 'dumb' }, has('less'))).toBeNull();
    expect(pagerCommand({}, has('less'))).toBeNull();
  });

  it('a pager that is not found is none; its words are split as a shell splits them', () => {
    expect(pagerCommand({ ...term, PAGER: 'no-such-pager -x' }, has('less'))).toBeNull();
    expect(splitCommand(`bat --paging=always --style 'plain,header' "a b"\\ c`)).toEqual([
      'bat',
      '--paging=always',
      '--style',
      'plain,header',
      'a b c',
    ]);
  });
});

describe.skipIf(!hasScript)('the pager on a terminal', () => {
  let sb: Sandbox;
  let dir: string;
  /** A pager script that records its stdin (and LESS) in `name`, then runs `then` (sh). */
  const pager = (name: string, then = '') => {
    const file = join(dir, `${name}.sh`);
    writeFileSync(
      file,
      `#!/bin/sh\necho "$LESS" > '${join(dir, name)}.less'\ncat > '${join(dir, name)}.in'\n${then}\n`,
    );
    chmodSync(file, 0o755);
    return { cmd: file, got: join(dir, `${name}.in`), less: join(dir, `${name}.less`) };
  };

  beforeAll(async () => {
    sb = sandbox();
    dir = tempDir(sb, 'pager');
    // the local backend's first use (its notice, the demo workspace) before the runs that count
    expect((await runAdcli(['workspace', '--json'], { env: sb.env })).code).toBe(0);
  });

  it('a list on a terminal goes through PAGER, LESS=FRX set for it; piped, it does not', async () => {
    const p = pager('list');
    const r = await runInTerminal(
      ['campaigns', 'list'],
      { ...sb.env, PAGER: p.cmd },
      { pager: true },
    );
    expect(r.code, r.output).toBe(0);
    const paged = readFileSync(p.got, 'utf8');
    expect(paged).toMatch(/^ID +NAME +STATUS/);
    expect(paged.split('\n').filter(Boolean).length).toBeGreaterThan(2);
    // what the pager was given is not also written to the terminal
    expect(r.output).not.toMatch(/ID +NAME +STATUS/);
    expect(readFileSync(p.less, 'utf8').trim()).toBe('FRX');

    const q = pager('piped');
    const piped = await runAdcli(['campaigns', 'list'], { env: { ...sb.env, PAGER: q.cmd } });
    expect(piped.code).toBe(0);
    expect(piped.stdout.split('\n')[0]!.split('\t').length).toBeGreaterThan(2);
    expect(existsSync(q.got)).toBe(false);
  });

  it('ADCLI_PAGER wins; a record (campaigns get) pages too', async () => {
    const a = pager('adcli-pager');
    const b = pager('plain-pager');
    const id = JSON.parse(
      (await runAdcli(['campaigns', 'list', '--json', 'id'], { env: sb.env })).stdout,
    )[0].id as string;
    const r = await runInTerminal(
      ['campaigns', 'get', id],
      { ...sb.env, PAGER: b.cmd, ADCLI_PAGER: a.cmd },
      { pager: true },
    );
    expect(r.code, r.output).toBe(0);
    expect(readFileSync(a.got, 'utf8')).toMatch(new RegExp(`^ID +${id}`));
    expect(existsSync(b.got)).toBe(false);
  });

  it('never with --json, nor for help; ADCLI_PAGER=cat or empty turns it off', async () => {
    const p = pager('never');
    for (const args of [
      ['campaigns', 'list', '--json'],
      ['campaigns', 'list', '--jq', '.[].id'],
      ['campaigns', 'list', '--help'],
    ]) {
      const r = await runInTerminal(args, { ...sb.env, PAGER: p.cmd }, { pager: true });
      expect(r.code, `${args.join(' ')}\n${r.output}`).toBe(0);
    }
    for (const off of ['cat', '']) {
      const r = await runInTerminal(
        ['campaigns', 'list'],
        { ...sb.env, PAGER: p.cmd, ADCLI_PAGER: off },
        { pager: true },
      );
      expect(r.code, r.output).toBe(0);
      expect(r.output).toMatch(/ID +NAME +STATUS/);
    }
    expect(existsSync(p.got)).toBe(false);
  });

  it('a pager that quits before reading anything (q at once): no EPIPE, no error, exit 0', async () => {
    const quits = join(dir, 'quits.sh');
    writeFileSync(quits, '#!/bin/sh\nexit 0\n');
    chmodSync(quits, 0o755);
    const r = await runInTerminal(
      ['campaigns', 'list', '--all', '--limit', '1'],
      { ...sb.env, PAGER: quits },
      { pager: true },
    );
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toMatch(/EPIPE|adcli:|Error/);
  });

  it('Ctrl-C while the pager runs is the pager’s: adcli waits for it to quit, and says nothing', async () => {
    const p = pager(
      'interrupted',
      `echo PAGER-SHOWING\nsleep 1\necho done > '${join(dir, 'interrupted.done')}'`,
    );
    // the pager ignores Ctrl-C, as less does
    writeFileSync(
      p.cmd,
      readFileSync(p.cmd, 'utf8').replace('#!/bin/sh\n', "#!/bin/sh\ntrap '' INT\n"),
    );
    const r = await runInTerminal(
      ['campaigns', 'list'],
      { ...sb.env, PAGER: p.cmd },
      { pager: true, dialog: { prompt: 'PAGER-SHOWING', answer: '\x03' } },
    );
    expect(r.code, r.output).toBe(0);
    expect(existsSync(join(dir, 'interrupted.done'))).toBe(true);
    expect(readFileSync(p.got, 'utf8')).toMatch(/^ID +NAME/);
    expect(r.output).not.toMatch(/adcli:/);
  });
});
