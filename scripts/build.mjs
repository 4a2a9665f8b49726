// Bundles the CLI and the server into dist/ with code splitting, so `adcli --version` loads only the
// entry chunk and the server is pulled in lazily by the commands that need it.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.13',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __ADCLI_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
