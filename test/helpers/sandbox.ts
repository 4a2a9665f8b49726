/**
 * A temporary home for one test's adcli: home, XDG, data and config folders, and an environment that
 * points adcli at them, so no test touches the real home. The same environment serves an adcli run
 * in-process (test/helpers/cli.ts) and as a subprocess (test/helpers/process.ts). Every folder made
 * here is removed by `removeSandboxes()` (process.ts's cleanupAll calls it).
 */
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

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
    if (
      k.startsWith('ADCLI_') ||
      k.startsWith('VITEST') ||
      ['NODE_OPTIONS', 'FORCE_COLOR', 'CLICOLOR_FORCE', 'COLUMNS'].includes(k)
    )
      continue;
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

/**
 * A folder in the sandbox for a PATH that holds only the given commands: each name links to the
 * command of that name on the test process's PATH, or to the file given for it (`{ adcli: exe }`).
 * A command that is not found is an error, so a test never runs with less than it asked for.
 */
export function toolDir(sb: Sandbox, tools: (string | Record<string, string>)[]): string {
  const dir = tempDir(sb, 'bin');
  const onPath = (name: string) => {
    for (const folder of (process.env.PATH ?? '').split(delimiter)) {
      if (!folder) continue;
      try {
        accessSync(join(folder, name), constants.X_OK);
        return join(folder, name);
      } catch {
        // not in this folder
      }
    }
    throw new Error(`toolDir: ${name} is not on the PATH`);
  };
  for (const tool of tools) {
    const entries =
      typeof tool === 'string' ? [[tool, onPath(tool)] as const] : Object.entries(tool);
    for (const [name, target] of entries) symlinkSync(target, join(dir, name));
  }
  return dir;
}

/** Removes every sandbox made so far. */
export function removeSandboxes(): void {
  for (const dir of sandboxes) rmSync(dir, { recursive: true, force: true });
  sandboxes.clear();
}
