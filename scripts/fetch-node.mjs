#!/usr/bin/env node
// Fetches a Node.js binary through the npm registry (the `node-<platform>-<arch>` packages carry the
// binary inside their tarball, no download from nodejs.org) and prints its path. Without a version it
// fetches the floor: the lowest Node that `engines` in package.json (and bin/adcli.js) accept.
// Cached under node_modules/.cache/adcli-node/<version>/, so a second run costs nothing.
// Plain JavaScript for any Node: .ci/run calls it with whatever Node the machine has.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, mkdtempSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The floor Node version: the first version of engines.node (`^24.16.0 || …` gives 24.16.0). */
export function floorVersion() {
  const range = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
  const m = /^[\^>=~\s]*(\d+)\.(\d+)\.(\d+)/.exec(range.trim());
  if (!m)
    throw new Error(`engines.node is "${range}": expected it to begin with the floor as X.Y.Z`);
  return `${m[1]}.${m[2]}.${m[3]}`;
}

/** Where the binary of that version lives once fetched (it may not exist yet). */
export function nodePath(version) {
  return join(
    ROOT,
    'node_modules',
    '.cache',
    'adcli-node',
    version,
    'package',
    'bin',
    process.platform === 'win32' ? 'node.exe' : 'node',
  );
}

/** Fetches the Node binary of that version (cached); returns its path or throws with the reason. */
export function fetchNode(version = floorVersion()) {
  const bin = nodePath(version);
  if (existsSync(bin)) return bin;
  const platform = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
  if (!platform) throw new Error(`no npm package carries Node for ${process.platform}`);
  const pkg = `node-${platform}-${process.arch}@${version}`;
  const dir = dirname(dirname(dirname(bin)));
  mkdirSync(dirname(dir), { recursive: true });
  const work = mkdtempSync(`${dir}.partial-`);
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const out = execFileSync(npm, ['pack', pkg, '--json', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const [{ filename }] = JSON.parse(out);
    execFileSync('tar', ['xzf', join(work, filename), '-C', work], { stdio: 'ignore' });
    rmSync(join(work, filename));
    if (
      !existsSync(join(work, 'package', 'bin', process.platform === 'win32' ? 'node.exe' : 'node'))
    ) {
      throw new Error(`${pkg} holds no Node binary`);
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
    return bin;
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    const err = /** @type {{ stderr?: string, message: string }} */ (e);
    const npmSays = String(err.stderr ?? '')
      .split('\n')
      .find(
        (l) =>
          l.startsWith('npm error') && !/^npm error (code|syscall|errno|A complete log)\b/.test(l),
      );
    const reason = npmSays?.replace(/^npm error\s*/, '') || err.message.split('\n')[0];
    throw new Error(`cannot fetch ${pkg} through npm: ${reason}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${fetchNode(process.argv[2])}\n`);
  } catch (e) {
    process.stderr.write(`fetch-node: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}
