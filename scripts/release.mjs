// `npm run release`: what a release ships, in release/ (or the folder given with --out):
//
// - adcli-<version>.tgz: the npm package, made by `npm pack` (its prepack builds dist/; source maps
//   stay out, see `files` in package.json). `npm install ./adcli-<version>.tgz` installs it.
// - adcli-<version>-<platform>-<arch> (.exe on Windows): the single executable of `npm run sea` for
//   the platform of the machine that runs this (linux-x64, darwin-arm64, win-x64, … as Node's own
//   downloads are named). Leave it out with --no-sea.
// - SHA256SUMS: one line a file, `<sha256 hex>  <name>`, as `sha256sum` writes it and as
//   `sha256sum -c SHA256SUMS` (or `shasum -a 256 -c SHA256SUMS`) checks it in that folder.
//
// --no-build packs the dist/ already built (`npm pack --ignore-scripts`) instead of rebuilding it:
// test/release.test.ts and test/packed-install.test.ts use it so that the other test files keep
// the dist/ they run on. The folder is emptied first; everything is written beside it and moved in
// at the end, so a failed release leaves no half of one.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSea } from './sea.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** The executable's name for this machine: adcli-0.1.0-linux-x64, adcli-0.1.0-win-x64.exe. */
export function seaName(platform = process.platform, arch = process.arch) {
  const os = platform === 'win32' ? 'win' : platform;
  return `adcli-${version}-${os}-${arch}${platform === 'win32' ? '.exe' : ''}`;
}

/** The sha256 of a file, in hex. */
export function sha256(file) {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('error', fail)
      .on('data', (d) => hash.update(d))
      .on('end', () => done(hash.digest('hex')));
  });
}

/**
 * Builds a release into `out` (default release/) and returns its files, SHA256SUMS last:
 * `{ name, path, bytes }` each. `sea: false` leaves the executable out; `build: false` packs the
 * dist/ as it is; `quiet` keeps npm's and the build's output unless they fail (tests).
 */
export async function release({
  out = join(ROOT, 'release'),
  sea = true,
  build = true,
  quiet = false,
} = {}) {
  const dir = resolve(out);
  mkdirSync(dirname(dir), { recursive: true });
  const work = `${dir}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // npm's notices (a line per packed file) stay out; the summary below says what was made. With
    // `quiet`, the build's own output too, unless it fails.
    const pack = [
      'pack',
      '--loglevel=warn',
      '--pack-destination',
      work,
      ...(build ? [] : ['--ignore-scripts']),
    ];
    try {
      execFileSync(npm, pack, {
        cwd: ROOT,
        stdio: quiet ? 'pipe' : ['ignore', 2, 2],
        shell: process.platform === 'win32',
      });
    } catch (e) {
      const err = /** @type {{ stderr?: Buffer, stdout?: Buffer, message: string }} */ (e);
      throw new Error(
        `npm pack failed: ${err.message.split('\n')[0]}\n${err.stdout ?? ''}${err.stderr ?? ''}`,
      );
    }
    const tarballs = readdirSync(work).filter((f) => f.endsWith('.tgz'));
    if (tarballs.length !== 1)
      throw new Error(`npm pack made ${tarballs.length} tarballs: ${tarballs}`);
    const filename = tarballs[0];
    const names = [basename(filename)];
    if (sea) {
      await buildSea({ out: join(work, seaName()), quiet });
      names.push(seaName());
    }
    names.sort();
    const sums = [];
    for (const name of names) sums.push(`${await sha256(join(work, name))}  ${name}\n`);
    writeFileSync(join(work, 'SHA256SUMS'), sums.join(''));
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
    return [...names, 'SHA256SUMS'].map((name) => ({
      name,
      path: join(dir, name),
      bytes: statSync(join(dir, name)).size,
    }));
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    throw e;
  }
}

/** The lines of a SHA256SUMS file as `{ hash, name }` (sha256sum's text and binary markers both). */
export function parseSums(text) {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
      if (!m) throw new Error(`not a sha256sum line: ${JSON.stringify(line)}`);
      return { hash: m[1], name: m[2] };
    });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opts = { sea: true, build: true, out: join(ROOT, 'release') };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--no-sea') opts.sea = false;
    else if (a === '--no-build') opts.build = false;
    else if (a === '--out' && args[i + 1]) opts.out = resolve(args[++i]);
    else {
      process.stderr.write(
        `release: unknown argument ${a}\nusage: npm run release -- [--no-sea] [--no-build] [--out DIR]\n`,
      );
      process.exit(2);
    }
  }
  const files = await release(opts);
  const shown = resolve(opts.out).startsWith(ROOT)
    ? resolve(opts.out).slice(ROOT.length)
    : opts.out;
  process.stdout.write(`${shown}/ for adcli ${version}:\n`);
  const size = (n) =>
    n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
  for (const f of files)
    process.stdout.write(`  ${f.name.padEnd(32)} ${size(f.bytes).padStart(9)}\n`);
  process.stdout.write(`check with: (cd ${shown} && sha256sum -c SHA256SUMS)\n`);
}
