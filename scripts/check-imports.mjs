#!/usr/bin/env node
/**
 * The import check: reads the import graph of server/ and src/ with dependency-cruiser (type-only
 * and dynamic imports included) and fails, listing each arrow as `file → file`, on
 *   - a module importing a higher layer than its own (LAYERS below; its own layer or lower is fine),
 *   - src/ importing server/ other than through the facade and the pieces the CLI checks with,
 *   - server/control/ importing server/operations/ (same layer, but the operations run the controls),
 *   - server/ importing src/ (the CLI sits above the whole backend),
 *   - any cycle,
 *   - a module of server/ in no layer, so none escapes the order unnoticed.
 * `node scripts/check-imports.mjs` prints the list and exits 1 when it is not empty;
 * test/imports.test.ts runs it in `npm test`.
 */
import { cruise } from 'dependency-cruiser';
import { fileURLToPath } from 'node:url';

/** The layers of server/, lowest first: paths as regular expressions on the path from the root. */
export const LAYERS = [
  { name: 'L0 kernel', paths: ['^server/(lib|schemas|targeting|store)/'] },
  {
    name: 'L1 shared types, time, ads, YouTube, job queue',
    paths: ['^server/(kernel|time|ads|youtube|jobs)/'],
  },
  { name: 'L2 domain', paths: ['^server/domain/'] },
  { name: 'L3 controls, seed, operations', paths: ['^server/(control|seed|operations)/'] },
  { name: 'L4 adapters', paths: ['^server/(http|mcp|web|proxy)/'] },
  {
    name: 'L5 composition root',
    paths: ['^server/app/'],
  },
];

/** What src/ may import of server/: the facade, the operation table, its schemas and helpers. */
const SRC_MAY_IMPORT = ['^server/(app|operations|schemas|lib)/'];

const forbidden = [
  ...LAYERS.slice(0, -1).map((layer, i) => ({
    name: `layer ${layer.name}`,
    comment: `${layer.name} imports only its own layer or lower ones`,
    severity: 'error',
    from: { path: layer.paths },
    to: { path: LAYERS.slice(i + 1).flatMap((l) => l.paths) },
  })),
  {
    name: 'src through the facade',
    comment: 'src/ reaches the backend through server/app/ and the operation table only',
    severity: 'error',
    from: { path: '^src/' },
    to: { path: '^server/', pathNot: SRC_MAY_IMPORT },
  },
  {
    name: 'controls below operations',
    comment:
      'control/ and operations/ share a layer, but the control operations run the controls: control/ never reads the operation table',
    severity: 'error',
    from: { path: '^server/control/' },
    to: { path: '^server/operations/' },
  },
  {
    name: 'server below src',
    comment: 'the backend never imports the CLI',
    severity: 'error',
    from: { path: '^server/' },
    to: { path: '^src/' },
  },
  {
    name: 'no cycle',
    comment: 'a cycle makes two modules one',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
];

/** The violations of the graph of server/ and src/, each a line `from → to`, grouped by rule. */
export async function checkImports(root = fileURLToPath(new URL('..', import.meta.url))) {
  const { output: result } = await cruise(['server', 'src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden },
    includeOnly: '^(server|src)/',
    exclude: { path: '\\.test\\.tsx?$' },
    doNotFollow: { path: 'node_modules' },
    // type-only imports are arrows too: a type from a higher layer ties the layers as well
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  });
  const kinds = new Map();
  for (const m of result.modules)
    for (const d of m.dependencies) kinds.set(`${m.source}\0${d.resolved}`, d.dependencyTypes);
  const note = (from, to) => {
    const types = kinds.get(`${from}\0${to}`) ?? [];
    const marks = [];
    if (types.some((t) => t.startsWith('type-'))) marks.push('type only');
    if (types.includes('dynamic-import')) marks.push('dynamic');
    return marks.length ? `  (${marks.join(', ')})` : '';
  };
  const groups = new Map();
  const add = (rule, line) => {
    if (!groups.has(rule)) groups.set(rule, new Set());
    groups.get(rule).add(line);
  };
  for (const v of result.summary.violations) {
    if (v.rule.name === 'no cycle') {
      // one line a cycle, whichever of its arrows reported it
      const names = [v.from, ...v.cycle.map((c) => c.name)];
      const ring = names.slice(0, -1);
      const start = ring.indexOf([...ring].sort()[0]);
      const turned = [...ring.slice(start), ...ring.slice(0, start)];
      add('no cycle', [...turned, turned[0]].join(' → '));
    } else add(v.rule.name, `${v.from} → ${v.to}${note(v.from, v.to)}`);
  }
  const inLayer = (path) => LAYERS.some((l) => l.paths.some((p) => new RegExp(p).test(path)));
  for (const m of result.modules)
    if (m.source.startsWith('server/') && !inLayer(m.source)) add('not in a layer', m.source);
  return [...groups].map(([rule, lines]) => ({ rule, lines: [...lines].sort() }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const groups = await checkImports();
  const count = groups.reduce((n, g) => n + g.lines.length, 0);
  if (count === 0) {
    process.stdout.write('imports: no cycle, every arrow down the layer order\n');
  } else {
    process.stdout.write(`imports: ${count} against the layer order (scripts/check-imports.mjs)\n`);
    for (const { rule, lines } of groups)
      process.stdout.write(`\n${rule}:\n${lines.map((l) => `  ${l}\n`).join('')}`);
    process.exitCode = 1;
  }
}
