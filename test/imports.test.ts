/**
 * The import graph of server/ and src/ keeps the layer order of scripts/check-imports.mjs: each
 * module imports its own layer or lower ones, src/ reaches the backend through its facade, and no
 * import goes round in a cycle. The failure lists every arrow against the order as `file → file`.
 */
import { execFile } from 'node:child_process';
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
