import { homedir } from 'node:os';
import { join } from 'node:path';

/** Data dir of the local backend: --data, else ADCLI_DATA_DIR, else the XDG data dir. */
export function dataDir(flag?: string): string {
  if (flag) return flag;
  if (process.env.ADCLI_DATA_DIR) return process.env.ADCLI_DATA_DIR;
  const xdg = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(xdg, 'adcli');
}

export const dbFile = (dir: string) => join(dir, 'adcli.db');
export const keyFile = (dir: string) => join(dir, 'local.key');
