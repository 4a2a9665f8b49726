#!/usr/bin/env node
// Launcher: plain JavaScript so that it parses on any Node and can refuse an old one in one line.
// The same range as `engines` in package.json: the first releases whose node:sqlite reads back a
// string holding a NUL whole (24.16, 26.1); every Node 22 and 25, and 26.0, cut it at the NUL.
const [major, minor] = process.versions.node.split('.').map(Number);
if (!((major === 24 && minor >= 16) || (major === 26 && minor >= 1) || major > 26)) {
  process.stderr.write(
    `adcli needs Node.js 24.16 or newer on the 24 line, or 26.1 or newer; this is ${process.version}. Install a current Node from https://nodejs.org.\n`,
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
// Reuse V8's compiled code across runs (Node >= 22.1): start-up is a feature of a CLI.
const { enableCompileCache } = await import('node:module');
enableCompileCache?.();
// dist/ ships in the package (built by prepack); a source checkout builds it with `npm run build`.
const { existsSync } = await import('node:fs');
if (!existsSync(new URL('../dist/cli.js', import.meta.url))) {
  process.stderr.write(
    'adcli: dist/cli.js is missing: in a source checkout, run `npm run build` first.\n',
  );
  process.exit(1);
}
await import('../dist/cli.js');
