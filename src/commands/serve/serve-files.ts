/** The folders `adcli serve` keeps its store and key file in: a --memory store's, and a data dir beside a database. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../../lib/errors.ts';

/** The data dir beside a database: created private (0700) for the key file, or refused in one line. */
export function makeDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new CliError(
      `cannot make the data dir ${dir} for the local key file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); pick another with --data DIR`,
    );
  }
}

const TEMP_PREFIX = 'adcli-serve-';

/**
 * A new private folder for a --memory store, holding the server's pid. A server that was killed
 * (SIGKILL) cannot delete its folder, so each new one first deletes the folders of servers that are
 * gone.
 */
export function temporaryStoreDir(): string {
  const root = tmpdir();
  let names: string[] = [];
  try {
    names = readdirSync(root).filter((n) => n.startsWith(TEMP_PREFIX));
  } catch {
    // an unreadable temp folder: nothing to sweep
  }
  for (const name of names) {
    const dir = join(root, name);
    try {
      const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && !isRunning(pid))
        rmSync(dir, { recursive: true, force: true });
    } catch {
      // no pid file yet (a server starting now), or not ours to read: leave it
    }
  }
  const dir = mkdtempSync(join(root, TEMP_PREFIX));
  writeFileSync(join(dir, 'pid'), String(process.pid), { mode: 0o600 });
  return dir;
}

function isRunning(pid: number): boolean {
  try {
    // Signal 0 sends nothing: it only asks the OS whether the process exists.
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
