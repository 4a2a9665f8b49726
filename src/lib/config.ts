import Conf from 'conf';
import { chmodSync, mkdirSync } from 'node:fs';
import { CONFIG_NAME, LOCAL_PROFILE, type ConfigData } from './config-file.ts';

export { LOCAL_PROFILE, type ConfigData, type Profile } from './config-file.ts';

export type Config = Conf<ConfigData>;

/**
 * The profiles in the folder `dir`, for changing them (login, logout, profiles use); reading goes
 * through config-file.ts. Profiles hold API keys, so the folder is 0700 and the file 0600 on every write.
 */
export function openConfig(dir: string): Config {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // not ours to change (e.g. a shared dir given on purpose); the file itself is still 0600
  }
  return new Conf<ConfigData>({
    cwd: dir,
    configName: CONFIG_NAME,
    projectName: 'adcli',
    configFileMode: 0o600,
    defaults: { profiles: {} },
  });
}

export function currentProfileName(config: Config): string {
  return config.get('current') ?? LOCAL_PROFILE;
}
