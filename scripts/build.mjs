// Bundles the CLI and the server into dist/ with code splitting: `adcli --version` loads only the
// entry chunk (commander included, no module resolution in node_modules), and the server, the
// HTTP client and the UI libraries are separate chunks pulled in by the commands that need them.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * Start-up is a feature of a CLI, and Node's ESM view of a builtin is costly for a few of them:
 * importing node:fs or node:util builds a namespace that reads every export, lazy getters included
 * (fs.ReadStream loads all of streams, util.TextDecoder the encoding machinery), and commander loads
 * node:child_process only to spawn executable subcommands, which adcli never declares. This plugin
 * gives the bundle CommonJS views of those modules instead: require() builds no namespace, the plain
 * functions are re-exported as they are, and child_process is only required on first use.
 */
const require = createRequire(import.meta.url);
const dataExports = (id) =>
  Object.entries(Object.getOwnPropertyDescriptors(require(id)))
    .filter(([name, d]) => 'value' in d && /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default')
    .map(([name]) => name);
const VIEWS = {
  fs: () => `const m = require('node:fs'); export default m;\n` + dataExports('node:fs').map((n) => `export const ${n} = m.${n};`).join('\n'),
  util: () => `const m = require('node:util'); export default m;\n` + dataExports('node:util').map((n) => `export const ${n} = m.${n};`).join('\n'),
  child_process: () =>
    `let m; const load = () => (m ??= require('node:child_process'));\n` +
    `export default new Proxy({}, { get: (_, key) => load()[key] });\n` +
    dataExports('node:child_process').map((n) => `export const ${n} = (...a) => load().${n}(...a);`).join('\n'),
};
const builtinViews = {
  name: 'builtin-views',
  setup(b) {
    b.onResolve({ filter: /^(node:)?(fs|util|child_process)$/ }, (args) =>
      args.namespace === 'builtin-view' ? undefined : { path: args.path.replace(/^node:/, ''), namespace: 'builtin-view' },
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-view' }, (args) => ({
      contents: `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);\n${VIEWS[args.path]()}`,
      loader: 'js',
    }));
  },
};

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
  plugins: [builtinViews],
  logLevel: 'warning',
});
rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
