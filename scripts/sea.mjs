// `npm run sea`: adcli as one file that needs no Node, a Node single executable application
// (https://nodejs.org/api/single-executable-applications.html) for this machine's platform, in
// dist/sea/adcli (adcli.exe on Windows). It is the Node binary running this script (the pinned Node 24
// of devDependencies under npm) with adcli injected:
//
// - the main script (MAIN below): a few lines that answer `--version` and otherwise run the asset
//   adcli.js with its code cache.
// - adcli.js: the CLI, serve, the local profile and mcp bundled into ONE CommonJS file. Node 24 runs a
//   SEA's scripts as CommonJS whose require() reaches only Node's builtins, so nothing may be left to
//   load from node_modules or from a chunk beside it: esbuild inlines every dynamic import() (each
//   module still runs on first use), and the generator's libraries, which server/targeting/libs.ts
//   loads with createRequire from the installed package, are bundled too (see bundledLibs below).
//   jq-wasm carries its wasm inline, so it needs nothing more. adcli.js.cache is V8's code cache of it.
// - job-worker.mjs: the job worker threads of `adcli serve` as one ES module (it awaits at its top
//   level). Inside the executable there is no dist/job-worker.js on disk: WorkerPool's workerEntry()
//   reads the asset and starts the worker from a data: URL, writing nothing to disk.
//
// Node 24 has no `node --build-sea`: the blob comes from `--experimental-sea-config` and postject puts
// it into a copy of the binary. The executable is written beside its final name and renamed into
// place, so a process running the previous one (or a test reading it) never sees half a file.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'postject';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const windows = process.platform === 'win32';
const macos = process.platform === 'darwin';

/** Where `npm run sea` puts the executable (also read by test/sea.test.ts and the bench). */
export const seaBinary = join(ROOT, 'dist', 'sea', windows ? 'adcli.exe' : 'adcli');

/** The fuse Node's binary carries for a SEA blob (the same in every Node release that has SEAs). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/**
 * server/targeting/libs.ts loads tldts, franc-min, stopword and stopwords-iso with
 * `createRequire(import.meta.url)`, from the installed package at run time. A SEA has no installed
 * package: its `load` becomes a function that require()s each module libs.ts names, which esbuild
 * bundles (lazily: a bundled module still runs on its first require). Every `load('…')` of the file
 * is found, so a library added there is bundled too; a change in how libs.ts loads them fails the
 * build rather than an adcli command.
 */
const bundledLibs = {
  name: 'bundled-libs',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/]targeting[\\/]libs\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const declaration = 'const load = createRequire(import.meta.url);';
      const ids = [...new Set([...source.matchAll(/\bload\('([^']+)'\)/g)].map((m) => m[1]))];
      if (!source.includes(declaration) || ids.length === 0) {
        throw new Error(
          `${args.path} no longer loads its libraries with \`${declaration}\` and load('…'): update bundledLibs in scripts/sea.mjs`,
        );
      }
      const cases = ids
        .map((id) => `    case ${JSON.stringify(id)}: return require(${JSON.stringify(id)});`)
        .join('\n');
      const load = `const load = (id: string): unknown => {\n  switch (id) {\n${cases}\n    default: throw new Error('not bundled into the single executable: ' + id);\n  }\n};`;
      return { contents: source.replace(declaration, load), loader: 'ts' };
    });
  },
};

/**
 * The executable's main script, kept tiny: what bin/adcli.js and src/cli.ts do before the command
 * tree loads, as CommonJS. `--version` is answered right here. Anything else compiles the asset
 * adcli.js, the whole CLI, with V8's code cache made for it at build time (the asset adcli.js.cache):
 * compiling the 5 MB bundle as the main script would cost every run, `--version` included, about
 * 20 ms with a code cache and 70 ms without.
 */
const MAIN = (version) => `'use strict';
// node:sqlite still announces itself as experimental on some Node lines; that is noise for a CLI user.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  if (type === 'ExperimentalWarning' && String(warning).includes('SQLite')) return;
  return emitWarning.call(process, warning, ...rest);
};
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(${JSON.stringify(`${version}\n`)});
} else {
  const { getAsset, getRawAsset } = require('node:sea');
  const { Script } = require('node:vm');
  const cli = new Script(getAsset('adcli.js', 'utf8'), { filename: 'adcli.js', cachedData: Buffer.from(getRawAsset('adcli.js.cache')) });
  const bundle = { exports: {} };
  cli.runInThisContext()(bundle.exports, require, bundle, __filename, __dirname);
  bundle.exports.run(args).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write('adcli: unexpected error: ' + (err && err.stack ? err.stack : String(err)) + '\\n');
      process.exit(1);
    },
  );
}
`;

/**
 * The CLI's bundle (the asset adcli.js): src/cli.ts's work after `--version`, its modules still each
 * run on first use (esbuild turns every import() into a call of the bundled module).
 */
const CLI = `
export async function run(args) {
  const [{ main }, { Factory }] = await Promise.all([import('./src/main.ts'), import('./src/lib/factory.ts')]);
  // Every command is over when main returns; the main script ends the process with its code.
  return main(args, Factory.system());
}
`;

/** V8's code cache of the CLI's bundle, made by a plain run of the Node binary that becomes the executable. */
const CODE_CACHE = `
const { readFileSync, writeFileSync } = require('node:fs');
const { Script } = require('node:vm');
const [source, out] = process.argv.slice(1);
writeFileSync(out, new Script(readFileSync(source, 'utf8'), { filename: 'adcli.js' }).createCachedData());
`;

const common = {
  bundle: true,
  platform: 'node',
  target: 'node24.16',
  define: { __ADCLI_VERSION__: JSON.stringify(version) },
  plugins: [bundledLibs],
  logLevel: 'warning',
  write: false,
  // The bundle's warnings are the build's failures: an import.meta or a require() left unbundled
  // would only break inside the executable.
  logOverride: {
    'empty-import-meta': 'error',
    'unsupported-require-call': 'error',
    'unsupported-dynamic-import': 'error',
  },
};

/**
 * Builds the executable into `out` (default dist/sea/adcli; `npm run release` names its own) and
 * returns its path. `quiet` (tests) keeps esbuild's own report off stderr: a failure still throws
 * with every message in it.
 */
export async function buildSea({ out = seaBinary, quiet = false } = {}) {
  const logLevel = quiet ? 'silent' : common.logLevel;
  const work = join(ROOT, `dist-sea-${process.pid}-${randomBytes(4).toString('hex')}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const cli = await build({
      ...common,
      logLevel,
      stdin: { contents: CLI, resolveDir: ROOT, sourcefile: 'adcli-sea-cli.js', loader: 'js' },
      format: 'cjs',
      // A module's own URL, in the executable: the executable's (a SEA's __filename is its path).
      // Nothing is read beside it; version.ts's use is replaced by the define above, worker-pool.ts's
      // comes after its SEA check.
      banner: { js: "var __adcliModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
      define: { ...common.define, 'import.meta.url': '__adcliModuleUrl' },
    });
    const worker = await build({
      ...common,
      logLevel,
      entryPoints: [join(ROOT, 'server', 'app', 'workers', 'worker-main.ts')],
      format: 'esm',
      // A module started from a data: URL imports Node's builtins and nothing else; CommonJS
      // dependencies get a require() that answers builtins.
      banner: {
        js: "const require = (id) => { const m = process.getBuiltinModule(id); if (!m) throw new Error('not bundled into the job worker: ' + id); return m; };",
      },
    });
    const mainFile = join(work, 'main.cjs');
    const cliFile = join(work, 'adcli.js');
    const cacheFile = join(work, 'adcli.js.cache');
    const workerFile = join(work, 'job-worker.mjs');
    writeFileSync(mainFile, MAIN(version));
    // The CommonJS bundle as one function expression, called by the main script with its own require.
    writeFileSync(
      cliFile,
      `(function (exports, require, module, __filename, __dirname) {\n${cli.outputFiles[0].text}\n})`,
    );
    writeFileSync(workerFile, worker.outputFiles[0].contents);
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    execFileSync(process.execPath, ['-e', CODE_CACHE, cliFile, cacheFile], { env, stdio: 'pipe' });

    const blob = join(work, 'adcli.blob');
    const config = join(work, 'sea-config.json');
    writeFileSync(
      config,
      JSON.stringify({
        main: mainFile,
        output: blob,
        disableExperimentalSEAWarning: true,
        // V8's compiled code of the main script goes into the executable: start-up is a feature of a CLI.
        useCodeCache: true,
        assets: { 'adcli.js': cliFile, 'adcli.js.cache': cacheFile, 'job-worker.mjs': workerFile },
      }),
    );
    execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'pipe' });

    const exe = join(work, windows ? 'adcli.exe' : 'adcli');
    copyFileSync(process.execPath, exe);
    chmodSync(exe, 0o755);
    if (macos) execFileSync('codesign', ['--remove-signature', exe]);
    // postject's ELF library warns about every note section it cannot name; the injection is fine.
    const warn = console.warn;
    console.warn = () => {};
    try {
      await inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), {
        sentinelFuse: FUSE,
        ...(macos ? { machoSegmentName: 'NODE_SEA' } : {}),
      });
    } finally {
      console.warn = warn;
    }
    if (macos) execFileSync('codesign', ['--sign', '-', exe]);

    mkdirSync(dirname(out), { recursive: true });
    // dist/ is in the npm package's `files`; the executable (130 MB) is not part of the package
    // (package.json's `files` leaves dist/sea out too).
    if (out === seaBinary) {
      writeFileSync(
        join(dirname(seaBinary), '.npmignore'),
        '# the single executable of `npm run sea` stays out of the npm package\n*\n',
      );
    }
    try {
      renameSync(exe, out);
    } catch (e) {
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EXDEV') throw e;
      // another file system (a temporary folder): copy beside the final name, then rename
      const partial = `${out}.partial-${process.pid}`;
      copyFileSync(exe, partial);
      renameSync(partial, out);
    }
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const exe = await buildSea();
  const mb = (statSync(exe).size / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `${exe.slice(ROOT.length)}: adcli ${version} for ${process.platform}-${process.arch} on Node ${process.version}, ${mb} MB\n`,
  );
}
