/**
 * The import graph of server/ and src/ keeps the layer order of scripts/check-imports.mjs: each
 * module imports its own layer or lower ones, src/ reaches the backend through its facade, and no
 * import goes round in a cycle. The failure lists every arrow against the order as `file → file`.
 * Above the store, no module names a database driver: files that are not the store (snapshots, the
 * journal) are opened through server/store/sqlite/detached.ts.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from './helpers/process.ts';

it('every import goes down the layer order, and none in a cycle', async () => {
  const run = await promisify(execFile)(process.execPath, ['scripts/check-imports.mjs'], {
    cwd: ROOT,
  }).catch((e: { code: number; stdout: string; stderr: string }) => e);
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('imports: no cycle, every arrow down the layer order\n');
});

it('names a database driver (node:sqlite, pg) only in server/store/', () => {
  const files = readdirSync(join(ROOT, 'server'), { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`store${sep}`),
  );
  const drivers = /^import[^;]*from '(node:sqlite|pg|pg-[a-z-]+)'|import\('(node:sqlite|pg)'\)/m;
  expect(files.filter((f) => drivers.test(readFileSync(join(ROOT, 'server', f), 'utf8')))).toEqual(
    [],
  );
});
