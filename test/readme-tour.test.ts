/**
 * README.md's "A short tour" runs as written: its fenced sh block is taken from the README and run
 * by bash, in order, on a fresh local backend (an empty data dir and config dir), with `adcli` on
 * PATH being this repository's built bundle (bin/adcli.js; `npm run build` first). Any command that
 * fails fails the test (bash -e, -u, pipefail: a failing `adcli … --json | node …` too).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, cleanupAll, sandbox, tempDir } from './helpers/process.ts';

afterAll(cleanupAll);

/** The first ```sh block under the heading `## A short tour`, before the next heading. */
function tourOf(readme: string): string {
  const lines = readme.split('\n');
  const start = lines.indexOf('## A short tour');
  if (start === -1) throw new Error('README.md has no "## A short tour" heading');
  let i = start + 1;
  while (i < lines.length && lines[i] !== '```sh') {
    if (/^#{1,3} /.test(lines[i]!))
      throw new Error(`no sh block under "A short tour" before "${lines[i]}"`);
    i++;
  }
  const end = lines.indexOf('```', i + 1);
  if (i >= lines.length || end === -1) throw new Error('the tour has no closed ```sh block');
  return lines.slice(i + 1, end).join('\n') + '\n';
}

function run(
  script: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-euo', 'pipefail', '-c', script], {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('README.md: A short tour', () => {
  const tour = tourOf(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('is a real tour: the commands it promises are in it', () => {
    for (const command of [
      'campaigns create',
      'campaigns audiences add',
      'targeting generate',
      'targeting show',
      'campaigns publish',
      'performance show',
    ]) {
      expect(tour).toContain(`adcli ${command}`);
    }
  });

  it('runs as written, in order, on a fresh local backend', async () => {
    if (!existsSync(join(ROOT, 'dist', 'cli.js')))
      throw new Error('dist/cli.js is missing: run `npm run build` first');
    const sb = sandbox();
    // `adcli` on PATH: this repository's bin on the Node running the tests, as `npm link` would put it.
    const bin = tempDir(sb, 'bin');
    writeFileSync(
      join(bin, 'adcli'),
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
    );
    chmodSync(join(bin, 'adcli'), 0o755);
    const env = { ...sb.env, PATH: `${bin}:${sb.env.PATH ?? ''}` };
    // Where the failing command is said, when one fails.
    const script = `trap 'echo "the tour stopped at: $BASH_COMMAND" >&2' ERR\n${tour}`;

    const r = await run(script, env, tempDir(sb, 'cwd'));
    expect(r.code, `${r.stderr}\n--- stdout ---\n${r.stdout.slice(-4000)}`).toBe(0);
    expect(r.stderr).not.toMatch(/^adcli: /m);
    // The chain held: the new campaign got two slots, generated targeting, and went to the ad platform paused.
    expect(r.stdout).toMatch(/^\w{24}\tLightweight backpackers\t\w{24}\t/m);
    expect(r.stdout).toMatch(/^\w{24}\tPrimary audience\tready\tkeywords\t/m);
    expect(r.stdout).toMatch(/^\w{24}\tLightweight backpackers\tready\tkeywords\t/m);
    expect(r.stdout).toMatch(/^Ad platform\tPAUSED campaign \d+$/m);
    expect(r.stderr).toContain('PAUSED: nothing spends until someone turns it on there');
  }, 120_000);
});
