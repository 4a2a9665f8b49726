// Bundles the CLI and the server into dist/ with code splitting: `adcli --version` loads only the
// entry chunk (commander included, no module resolution in node_modules), and the server, the
// HTTP client and the UI libraries are separate chunks pulled in by the commands that need them.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * Start-up is a feature of a CLI, and Node's ESM view of a builtin is costly for a few of them:
 * importing node:fs, node:util, node:crypto, node:os, node:tty or node:process builds a namespace
 * that reads every export, lazy getters included (fs.ReadStream loads all of streams,
 * util.TextDecoder the encoding machinery; chalk's colour detection alone paid 10 ms), and commander loads
 * node:child_process only to spawn executable subcommands, which adcli never declares. This plugin
 * gives the bundle plain views of those modules instead: process.getBuiltinModule() builds no
 * namespace and needs no module loader, the plain
 * functions are re-exported as they are, and child_process (and, for undici, http2) only loads on
 * first use.
 */
const require = createRequire(import.meta.url);
/**
 * Exports a view never copies: fs's access modes are deprecated aliases of fs.constants, plain values
 * on the Node lines before 24 and a getter that prints a DeprecationWarning on 24, so a bundle built
 * on an older Node would warn on every run of a newer one.
 */
const DEPRECATED = new Set(['F_OK', 'R_OK', 'W_OK', 'X_OK']);
const dataExports = (id) =>
  Object.entries(Object.getOwnPropertyDescriptors(require(id)))
    .filter(
      ([name, d]) =>
        'value' in d &&
        /^[A-Za-z_$][\w$]*$/.test(name) &&
        name !== 'default' &&
        !DEPRECATED.has(name),
    )
    .map(([name]) => name);
/**
 * Each export is read in a pure call, so esbuild drops the ones no module imports: some that look
 * like plain values are lazy all the same (util.diff and util.setTraceSigInt load Node's diff and
 * worker machinery on first read, about 6 ms of every run).
 */
const view = (id) => () =>
  `const m = process.getBuiltinModule('node:${id}'); export default m;\n` +
  dataExports(`node:${id}`)
    .map((n) => `export const ${n} = /* @__PURE__ */ (() => m.${n})();`)
    .join('\n');
const VIEWS = {
  fs: view('fs'),
  // http's lazy WebSocket getters load Node's bundled undici (~25 ms) when a namespace reads them
  http: view('http'),
  https: view('https'),
  util: view('util'),
  crypto: view('crypto'),
  os: view('os'),
  tty: view('tty'),
  // the process object itself: its own fields change while it runs, so no copies of them
  process: () => `export default process;`,
  child_process: () =>
    `let m; const load = () => (m ??= process.getBuiltinModule('node:child_process'));\n` +
    `export default new Proxy({}, { get: (_, key) => load()[key] });\n` +
    dataExports('node:child_process')
      .map((n) => `export const ${n} = (...a) => load().${n}(...a);`)
      .join('\n'),
};
// undici's HTTP/2 client reads only node:http2's constants when it loads (and calls connect() for an
// HTTP/2 connection, which adcli never asks for); loading node:http2 costs a third of a remote call.
VIEWS.http2 = () =>
  `let m; const load = () => (m ??= process.getBuiltinModule('node:http2'));\n` +
  `export const constants = ${JSON.stringify(require('node:http2').constants)};\n` +
  `export const connect = (...a) => load().connect(...a);\n` +
  `export default { constants, connect };`;

const builtinViews = {
  name: 'builtin-views',
  setup(b) {
    b.onResolve(
      { filter: /^(node:)?(fs|util|crypto|os|tty|process|child_process|https?)$/ },
      (args) =>
        args.namespace === 'builtin-view'
          ? undefined
          : // CommonJS's require() of a builtin builds no namespace: it gets the module itself
            // (require('process') the process object, which yaml reads its env from), where the
            // view's namespace would read every export; child_process stays lazy
            args.kind === 'require-call' && !/^(node:)?child_process$/.test(args.path)
            ? { path: `node:${args.path.replace(/^node:/, '')}`, external: true }
            : { path: args.path.replace(/^node:/, ''), namespace: 'builtin-view' },
    );
    b.onResolve({ filter: /^(node:)?http2$/ }, (args) =>
      /undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/.test(args.importer)
        ? { path: 'http2', namespace: 'builtin-view' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-view' }, (args) => ({
      contents: VIEWS[args.path](),
      loader: 'js',
    }));
  },
};

/**
 * jq-wasm (--jq) is jq compiled by Emscripten, its wasm inlined in its JavaScript. That JavaScript
 * reads CommonJS's __dirname at load to find a wasm file beside it, which an ESM bundle has not: it
 * gets one of its own, unused, since the wasm is inline.
 */
const jqWasm = {
  name: 'jq-wasm',
  setup(b) {
    b.onLoad({ filter: /[\\/]jq-wasm[\\/]dist[\\/]build[\\/]jq\.js$/ }, (args) => ({
      contents: `var __dirname = '';\n${readFileSync(args.path, 'utf8')}`,
      loader: 'js',
    }));
  },
};

/**
 * zod's namespace (`import { z } from 'zod'`) re-exports every locale's messages (`z.locales`,
 * about 360 KB of the bundle that every command touching a schema parses); adcli speaks English
 * only, and zod registers English itself (classic/schemas.js imports locales/en.js), so the bundle
 * keeps just that.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? {
            path: args.importer.replace(/[\\/](classic|core)[\\/][^\\/]+$/, '/locales/en.js'),
            namespace: 'zod-english',
          }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      loader: 'js',
      resolveDir: '/',
    }));
  },
};

// Build beside dist/ and swap it in, so a process running the old build never sees half a new one.
const dist = new URL('../dist', import.meta.url);
const next = new URL(`../dist-${process.pid}`, import.meta.url);
rmSync(next, { recursive: true, force: true });
await build({
  // The job worker threads of `adcli serve` start from their own entry, dist/job-worker.js.
  entryPoints: { cli: 'src/cli.ts', 'job-worker': 'server/app/workers/worker-main.ts' },
  outdir: next.pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.22',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __adcliCreateRequire } from 'node:module'; const require = __adcliCreateRequire(import.meta.url);",
  },
  define: { __ADCLI_VERSION__: JSON.stringify(version) },
  plugins: [builtinViews, jqWasm, zodEnglishOnly],
  logLevel: 'warning',
});
rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
