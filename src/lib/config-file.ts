import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usageError } from './errors.ts';
import type { Env } from './iostreams.ts';
import { homeOf } from './paths.ts';

/**
 * Reading the profiles, without conf: every API command reads them, and conf (with its schema
 * validator) costs more to load than the rest of start-up. Writes go through conf (config.ts),
 * which keeps the same file: `<configDir>/config.json`, mode 0600.
 */
export interface Profile {
  baseUrl: string;
  apiKey: string;
}

export interface ConfigData {
  current?: string;
  profiles: Record<string, Profile>;
}

export const LOCAL_PROFILE = 'local';
export const CONFIG_NAME = 'config';

/** Where profiles live: ADCLI_CONFIG_DIR, else the XDG config dir. */
export function configDir(env: Env): string {
  if (env.ADCLI_CONFIG_DIR) return env.ADCLI_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(homeOf(env), '.config'), 'adcli');
}

export function configFile(dir: string): string {
  return join(dir, `${CONFIG_NAME}.json`);
}

/** The profiles saved in the folder `dir` (none when it has no file yet). */
export function readConfig(dir: string): ConfigData {
  let text: string;
  try {
    text = readFileSync(configFile(dir), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw e;
  }
  try {
    const data = JSON.parse(text) as Partial<ConfigData>;
    return { ...data, profiles: data.profiles ?? {} };
  } catch {
    throw usageError(`the config file ${configFile(dir)} is not valid JSON; fix or remove it`);
  }
}
