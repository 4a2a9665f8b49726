import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from './iostreams.ts';

/** The home folder: HOME of the given environment, else the account's. */
export const homeOf = (env: Env): string => env.HOME || homedir();

/** Data dir of the local backend: --data, else ADCLI_DATA_DIR, else the XDG data dir. */
export function dataDir(env: Env, flag?: string): string {
  if (flag) return flag;
  if (env.ADCLI_DATA_DIR) return env.ADCLI_DATA_DIR;
  const xdg = env.XDG_DATA_HOME || join(homeOf(env), '.local', 'share');
  return join(xdg, 'adcli');
}

export const dbFile = (dir: string) => join(dir, 'adcli.db');
export const keyFile = (dir: string) => join(dir, 'local.key');
