#!/usr/bin/env node
// Launcher: plain JavaScript so that it parses on any Node and can refuse an old one in one line.
// The same range as `engines` in package.json, the one the runtime dependencies ask for
// (@inquirer/*: ^22.22.2 || ^24.15.0 || >=26.0.0).
const [major, minor, patch] = process.versions.node.split('.').map(Number);
if (!(
  (major === 22 && (minor > 22 || (minor === 22 && patch >= 2))) ||
  (major === 24 && minor >= 15) ||
  major >= 26
)) {
  process.stderr.write(
    `adcli needs Node.js 22.22.2 or newer on the 22 line, 24.15 or newer on the 24 line, or 26 or newer; this is ${process.version}. Install a current Node from https://nodejs.org.\n`,
  );
  process.exit(1);
}
// node:sqlite still announces itself as experimental on some Node lines; that is noise for a CLI user.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  if (type === 'ExperimentalWarning' && String(warning).includes('SQLite')) return;
  return emitWarning.call(process, warning, ...rest);
};
// Reuse V8's compiled code across runs (Node >= 22.1): start-up is a feature of a CLI. Builtins
// come from getBuiltinModule, not import(): node:fs's ESM namespace reads every export, which
// loads fs/promises, readline and the streams.
process.getBuiltinModule('node:module').enableCompileCache?.();
// dist/ ships in the package (built by prepack); a source checkout builds it with `npm run build`.
const { existsSync } = process.getBuiltinModule('node:fs');
if (!existsSync(new URL('../dist/cli.js', import.meta.url))) {
  process.stderr.write(
    'adcli: dist/cli.js is missing: in a source checkout, run `npm run build` first.\n',
  );
  process.exit(1);
}
await import('../dist/cli.js');
