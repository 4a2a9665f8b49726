import Conf from 'conf';
import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface Profile {
  baseUrl: string;
  apiKey: string;
}

interface ConfigData {
  current?: string;
  profiles: Record<string, Profile>;
}

export const LOCAL_PROFILE = 'local';

/** Where profiles live: ADCLI_CONFIG_DIR, else the XDG config dir. */
export function configDir(): string {
  if (process.env.ADCLI_CONFIG_DIR) return process.env.ADCLI_CONFIG_DIR;
  return join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'adcli');
}

/** Profiles hold API keys, so the folder is 0700 and the file 0600 on every write. */
export function openConfig(): Conf<ConfigData> {
  const dir = configDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // not ours to change (e.g. a shared dir given on purpose); the file itself is still 0600
  }
  return new Conf<ConfigData>({
    cwd: dir,
    configName: 'config',
    projectName: 'adcli',
    configFileMode: 0o600,
    defaults: { profiles: {} },
  });
}

export function currentProfileName(config: Conf<ConfigData>): string {
  return config.get('current') ?? LOCAL_PROFILE;
}
