import { configDir, LOCAL_PROFILE, readConfig } from './config-file.ts';
import { usageError } from './errors.ts';
import type { Env } from './iostreams.ts';

export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  json?: boolean;
  debug?: boolean;
  idempotencyKey?: string;
}

/** Which API a command talks to, with which key, and where each came from (for `auth status`). */
export interface Target {
  profile: string;
  /** 'local' runs the backend in this process */
  baseUrl: string;
  apiKey: string | null;
  keySource: string;
  baseUrlSource: string;
}

export const isLocal = (t: Target) => t.baseUrl === LOCAL_PROFILE;

/**
 * Precedence: flags > ADCLI_API_KEY / ADCLI_BASE_URL > --profile / ADCLI_PROFILE >
 * the current profile (the built-in `local` until the user logs in elsewhere).
 */
export function resolveTarget(opts: GlobalOptions, env: Env): Target {
  const envKey = env.ADCLI_API_KEY || undefined;
  const envUrl = env.ADCLI_BASE_URL || undefined;
  let profileName = opts.profile ?? env.ADCLI_PROFILE;
  const needsConfig = !(envKey && (opts.baseUrl || envUrl));
  const dir = configDir(env);
  const config = needsConfig ? readConfig(dir) : null;
  profileName ??= config?.current ?? LOCAL_PROFILE;
  const profile = profileName === LOCAL_PROFILE ? null : config?.profiles[profileName];
  if (needsConfig && profileName !== LOCAL_PROFILE && !profile) {
    throw usageError(`no profile named ${profileName} in ${dir}; see adcli profiles list`);
  }
  const baseUrl = opts.baseUrl ?? envUrl ?? profile?.baseUrl ?? LOCAL_PROFILE;
  return {
    profile: profileName,
    baseUrl: normalizeBaseUrl(baseUrl),
    apiKey: envKey ?? profile?.apiKey ?? null,
    keySource: envKey
      ? 'the ADCLI_API_KEY environment variable'
      : profile
        ? `profile ${profileName} in ${dir}`
        : 'the local backend key file',
    baseUrlSource: opts.baseUrl
      ? 'the --base-url flag'
      : envUrl
        ? 'the ADCLI_BASE_URL environment variable'
        : profile
          ? `profile ${profileName}`
          : 'the built-in local profile',
  };
}

export function normalizeBaseUrl(url: string): string {
  if (url === LOCAL_PROFILE) return url;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw usageError(
      `base URL ${JSON.stringify(url)} is not a URL; use e.g. http://127.0.0.1:4010/api/v1`,
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw usageError('the base URL must start with http:// or https://');
  let path = u.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/api/v1')) path += '/api/v1';
  return `${u.origin}${path}`;
}
