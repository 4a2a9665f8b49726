#!/usr/bin/env node
// Launcher: plain JavaScript so that it parses on any Node and can refuse an old one in one line.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`adcli needs Node.js 22.13 or newer; this is ${process.version}. Install a current Node from https://nodejs.org.\n`);
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
await import('../dist/cli.js');
