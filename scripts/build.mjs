// Bundles the CLI and the server into dist/ with code splitting: `adcli --version` loads only the
// entry chunk (commander included, no module resolution in node_modules), and the server, the
// HTTP client and the UI libraries are separate chunks pulled in by the commands that need them.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// Build beside dist/ and swap it in, so a process running the old build never sees half a new one.
const dist = new URL('../dist', import.meta.url);
const next = new URL(`../dist-${process.pid}`, import.meta.url);
rmSync(next, { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: next.pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.13',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __adcliCreateRequire } from 'node:module'; const require = __adcliCreateRequire(import.meta.url);" },
  define: { __ADCLI_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
