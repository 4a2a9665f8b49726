import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { usageError } from './errors.ts';

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
export function configDir(): string {
  if (process.env.ADCLI_CONFIG_DIR) return process.env.ADCLI_CONFIG_DIR;
  return join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'adcli');
}

export function configFile(): string {
  return join(configDir(), `${CONFIG_NAME}.json`);
}

export function readConfig(): ConfigData {
  let text: string;
  try {
    text = readFileSync(configFile(), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw e;
  }
  try {
    const data = JSON.parse(text) as Partial<ConfigData>;
    return { ...data, profiles: data.profiles ?? {} };
  } catch {
    throw usageError(`the config file ${configFile()} is not valid JSON; fix or remove it`);
  }
}
