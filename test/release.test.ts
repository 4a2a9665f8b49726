/**
 * `npm run release` (scripts/release.mjs), built into a temporary folder with --no-build (the dist/
 * `npm test` built; the other test files keep theirs): the npm tarball, this platform's single
 * executable named adcli-<version>-<platform>-<arch>, and SHA256SUMS, whose every line is checked
 * here against the file it names, and by sha256sum itself where the machine has it. The tarball holds
 * the package and no source map; the executable answers --version. test/packed-install.test.ts
 * installs a release's tarball; test/sea.test.ts runs the executable through its paces.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { parseSums, release, seaName } from '../scripts/release.mjs';
import { ROOT, cleanupAll, sandbox, tempDir } from './helpers/process.ts';

const run = promisify(execFile);
const { version, scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
};
const hasSha256sum = await run('sha256sum', ['--version']).then(
  () => true,
  () => false,
);

let dir = '';
let made: { name: string; path: string; bytes: number }[] = [];

beforeAll(async () => {
  dir = join(tempDir(sandbox(), 'out'), 'release');
  made = (await release({ out: dir, build: false, quiet: true })) as typeof made;
}, 180_000);
afterAll(() => cleanupAll());

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('npm run release', () => {
  it('is scripts/release.mjs', () => {
    expect(scripts.release).toBe('node scripts/release.mjs');
  });

  it('makes the npm tarball, the executable for this platform and SHA256SUMS, nothing else', () => {
    const exe = seaName() as string;
    expect(exe).toBe(
      `adcli-${version}-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`,
    );
    expect(readdirSync(dir).sort()).toEqual(['SHA256SUMS', exe, `adcli-${version}.tgz`].sort());
    expect(made.map((f) => f.name)).toEqual([
      ...[exe, `adcli-${version}.tgz`].sort(),
      'SHA256SUMS',
    ]);
    for (const f of made) expect(statSync(f.path).size).toBe(f.bytes);
  });

  it("SHA256SUMS names every other file once, in sha256sum's format, with its true sha256", async () => {
    const text = readFileSync(join(dir, 'SHA256SUMS'), 'utf8');
    for (const line of text.trimEnd().split('\n')) expect(line).toMatch(/^[0-9a-f]{64} {2}\S+$/);
    expect(text.endsWith('\n')).toBe(true);
    const sums = parseSums(text) as { hash: string; name: string }[];
    expect(sums.map((s) => s.name).sort()).toEqual(
      readdirSync(dir)
        .filter((f) => f !== 'SHA256SUMS')
        .sort(),
    );
    for (const { hash, name } of sums) expect(hash, name).toBe(sha256(join(dir, name)));
    if (hasSha256sum) {
      const checked = await run('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir });
      expect(checked.stdout.trim().split('\n').sort()).toEqual(
        sums.map((s) => `${s.name}: OK`).sort(),
      );
    }
  });

  it('SHA256SUMS catches a changed file', async () => {
    const copy = tempDir(sandbox(), 'tampered');
    const tgz = `adcli-${version}.tgz`;
    const sums = parseSums(readFileSync(join(dir, 'SHA256SUMS'), 'utf8')) as {
      hash: string;
      name: string;
    }[];
    const line = sums.find((s) => s.name === tgz)!;
    writeFileSync(join(copy, 'SHA256SUMS'), `${line.hash}  ${tgz}\n`);
    const bytes = readFileSync(join(dir, tgz));
    bytes[bytes.length - 1]! ^= 1;
    writeFileSync(join(copy, tgz), bytes);
    expect(sha256(join(copy, tgz))).not.toBe(line.hash);
    if (hasSha256sum)
      await expect(run('sha256sum', ['-c', 'SHA256SUMS'], { cwd: copy })).rejects.toMatchObject({
        stdout: `${tgz}: FAILED\n`,
      });
    expect(() => parseSums('not a checksum line\n')).toThrow(/not a sha256sum line/);
  });

  it('the tarball is the package: bin, dist and completions, no source map, no executable', async () => {
    const { stdout } = await run('tar', ['tzf', join(dir, `adcli-${version}.tgz`)], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const entries = stdout.trim().split('\n');
    expect(entries).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/bin/adcli.js',
        'package/dist/cli.js',
        'package/dist/job-worker.js',
      ]),
    );
    expect(entries.filter((e) => e.endsWith('.map'))).toEqual([]);
    expect(entries.filter((e) => e.startsWith('package/dist/sea'))).toEqual([]);
    for (const e of entries)
      expect(e).toMatch(/^package\/(bin|dist|completions)\/|^package\/[^/]+$/);
  });

  it('the executable answers --version', async () => {
    const { stdout, stderr } = await run(join(dir, seaName() as string), ['--version']);
    expect(stderr).toBe('');
    expect(stdout).toBe(`${version}\n`);
  });
});
