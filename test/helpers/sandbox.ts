/**
 * A temporary home for one test's adcli: home, XDG, data and config folders, and an environment that
 * points adcli at them, so no test touches the real home. The same environment serves an adcli run
 * in-process (test/helpers/cli.ts) and as a subprocess (test/helpers/process.ts). Every folder made
 * here is removed by `removeSandboxes()` (process.ts's cleanupAll calls it).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Sandbox {
  root: string;
  home: string;
  /** what ADCLI_DATA_DIR points at */
  dataDir: string;
  configDir: string;
  env: NodeJS.ProcessEnv;
}

const sandboxes = new Set<string>();

/**
 * A fresh temp root with home, XDG, data and config folders, and an environment that uses them:
 * the test process's own (PATH and the like, for subprocesses) without any adcli setup, vitest's
 * worker plumbing or forced colours and widths; NO_COLOR and CI set, as in a CI job.
 */
export function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'adcli-proc-'));
  sandboxes.add(root);
  const home = join(root, 'home');
  const dataDir = join(root, 'data');
  const configDir = join(root, 'config');
  mkdirSync(home, { recursive: true });
  mkdirSync(configDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Nothing of the outer adcli setup, and nothing of vitest's own worker plumbing, leaks in.
    if (k.startsWith('ADCLI_') || k.startsWith('VITEST') || ['NODE_OPTIONS', 'FORCE_COLOR', 'CLICOLOR_FORCE', 'COLUMNS'].includes(k)) continue;
    env[k] = v;
  }
  Object.assign(env, {
    HOME: home,
    USERPROFILE: home,
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    ADCLI_DATA_DIR: dataDir,
    ADCLI_CONFIG_DIR: configDir,
    NO_COLOR: '1',
    CI: '1',
  });
  return { root, home, dataDir, configDir, env };
}

/** A new empty folder inside the sandbox. */
export function tempDir(sb: Sandbox, name: string): string {
  return mkdtempSync(join(sb.root, `${name}-`));
}

/** Removes every sandbox made so far. */
export function removeSandboxes(): void {
  for (const dir of sandboxes) rmSync(dir, { recursive: true, force: true });
  sandboxes.clear();
}
