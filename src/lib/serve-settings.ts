/**
 * `adcli serve`'s settings as environment variables: one table, flag → variable, read for both. A
 * flag given on the command line wins over its variable; a variable wins over the flag's default.
 * For containers and process managers, where the environment is the usual place for settings (and
 * the only decent one for secrets).
 */
import { InvalidArgumentError } from 'commander';
import { nearestName } from '../../server/schemas/nearest.ts';
import { durationIn, instantArg, intArg } from './args.ts';
import { usageError } from './errors.ts';

type Parse = (value: string) => unknown;

export interface ServeSetting {
  /** the long flag, without its dashes */
  flag: string;
  /** the environment variable */
  env: string;
  /**
   * How the variable's text is read: the flag's own parser, `bool` (1/true/yes/on or
   * 0/false/no/off), or the text as it is. `own`: the command reads the variable itself, as it
   * always has (its messages name the variable), so it is not applied here.
   */
  parse: Parse | 'bool' | 'text' | 'own';
}

const choice =
  (...allowed: string[]): Parse =>
  (value) => {
    if (!allowed.includes(value))
      throw new InvalidArgumentError(`must be one of ${allowed.join(', ')}`);
    return value;
  };

/** Every flag of `adcli serve` (test/serve-config.test.ts holds the command to it) and its variable. */
export const SERVE_SETTINGS: readonly ServeSetting[] = [
  { flag: 'host', env: 'ADCLI_HOST', parse: 'text' },
  { flag: 'port', env: 'ADCLI_PORT', parse: intArg(0, 65535) },
  { flag: 'data', env: 'ADCLI_DATA_DIR', parse: 'own' },
  { flag: 'database', env: 'ADCLI_DATABASE_URL', parse: 'own' },
  { flag: 'require-database', env: 'ADCLI_REQUIRE_DATABASE', parse: 'bool' },
  { flag: 'pool-size', env: 'ADCLI_POOL_SIZE', parse: intArg(1, 1000) },
  { flag: 'memory', env: 'ADCLI_MEMORY', parse: 'bool' },
  { flag: 'seed', env: 'ADCLI_SEED', parse: choice('demo') },
  { flag: 'rate-limit', env: 'ADCLI_RATE_LIMIT', parse: intArg(0, 1_000_000) },
  { flag: 'job-delay', env: 'ADCLI_JOB_DELAY', parse: intArg(0, 3_600_000) },
  { flag: 'sync-interval', env: 'ADCLI_SYNC_INTERVAL', parse: intArg(1, 86_400) },
  { flag: 'clock', env: 'ADCLI_CLOCK', parse: instantArg },
  { flag: 'snapshot', env: 'ADCLI_SNAPSHOT', parse: 'text' },
  { flag: 'fixtures', env: 'ADCLI_FIXTURES', parse: 'text' },
  { flag: 'workers', env: 'ADCLI_WORKERS', parse: intArg(1, 16) },
  { flag: 'exec', env: 'ADCLI_EXEC', parse: 'text' },
  { flag: 'json', env: 'ADCLI_JSON', parse: 'bool' },
  { flag: 'quiet', env: 'ADCLI_QUIET', parse: 'bool' },
  { flag: 'log-requests', env: 'ADCLI_LOG_REQUESTS', parse: 'bool' },
  { flag: 'log-format', env: 'ADCLI_LOG_FORMAT', parse: choice('text', 'json') },
  { flag: 'log-level', env: 'ADCLI_LOG_LEVEL', parse: choice('debug', 'info', 'warn', 'error') },
  { flag: 'proxy', env: 'ADCLI_PROXY', parse: 'text' },
  { flag: 'public-url', env: 'ADCLI_PUBLIC_URL', parse: 'text' },
  { flag: 'youtube-api-key', env: 'ADCLI_YOUTUBE_API_KEY', parse: 'own' },
  { flag: 'youtube-base-url', env: 'ADCLI_YOUTUBE_BASE_URL', parse: 'own' },
  { flag: 'youtube-quota', env: 'ADCLI_YOUTUBE_QUOTA', parse: intArg(1, 100_000_000) },
  {
    flag: 'youtube-workspace-quota',
    env: 'ADCLI_YOUTUBE_WORKSPACE_QUOTA',
    parse: intArg(1, 100_000_000),
  },
  { flag: 'ads-platform', env: 'ADCLI_ADS_PLATFORM', parse: choice('simulated', 'google-ads') },
  { flag: 'google-ads-base-url', env: 'ADCLI_GOOGLE_ADS_BASE_URL', parse: 'text' },
  { flag: 'google-oauth-token-url', env: 'ADCLI_GOOGLE_OAUTH_TOKEN_URL', parse: 'text' },
  { flag: 'metrics-port', env: 'ADCLI_METRICS_PORT', parse: intArg(0, 65535) },
  { flag: 'metrics-host', env: 'ADCLI_METRICS_HOST', parse: 'text' },
  { flag: 'drain-delay', env: 'ADCLI_DRAIN_DELAY', parse: durationIn({ min: 0, max: 60_000 }) },
  { flag: 'stop-grace', env: 'ADCLI_STOP_GRACE', parse: durationIn({ min: 0, max: 600_000 }) },
];

/** The parser of a flag that takes a value read by a parser of its own, for commander. */
export function parserOf(flag: string): (value: string) => any {
  const parse = SERVE_SETTINGS.find((s) => s.flag === flag)?.parse;
  if (typeof parse !== 'function') throw new Error(`no parser for --${flag} in SERVE_SETTINGS`);
  return parse;
}

/** `log-level` → `logLevel`, as commander names an option's value. */
export const optionKey = (flag: string) =>
  flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

export interface ServeEnvResult {
  /** the options with the variables applied where no flag was given */
  options: Record<string, unknown>;
  /** option key → the variable it came from (for messages that name where a value came from) */
  fromEnv: Record<string, string>;
}

/**
 * Applies the variables of `env` to the options of a parsed `serve` command line: each variable
 * whose flag was not given (`given(key)` false) is read as its flag would be; one that cannot be read
 * is a usage error naming the variable (exit 2). An empty variable counts as unset.
 */
export function applyServeEnv(
  env: NodeJS.ProcessEnv,
  options: Record<string, unknown>,
  given: (key: string) => boolean,
): ServeEnvResult {
  const out = { ...options };
  const fromEnv: Record<string, string> = {};
  for (const s of SERVE_SETTINGS) {
    if (s.parse === 'own') continue;
    const raw = env[s.env];
    const key = optionKey(s.flag);
    if (raw === undefined || raw === '' || given(key)) continue;
    let value: unknown;
    if (s.parse === 'bool') {
      const v = raw.trim().toLowerCase();
      if (TRUE.includes(v)) value = true;
      else if (FALSE.includes(v)) continue;
      else
        throw usageError(`${s.env} must be one of 1, true, yes, on, 0, false, no, off, not ${raw}`);
    } else if (s.parse === 'text') {
      value = raw;
    } else {
      try {
        value = s.parse(raw);
      } catch (e) {
        throw usageError(`${s.env} (--${s.flag}) ${(e as Error).message}, not ${raw}`);
      }
    }
    out[key] = value;
    fromEnv[key] = s.env;
  }
  return { options: out, fromEnv };
}

/**
 * The `ADCLI_…` variables of `env` that adcli does not read (a misspelt database URL variable would
 * otherwise start a private SQLite store without a word), each with the known name nearest to it.
 */
export function unknownAdcliVariables(
  env: NodeJS.ProcessEnv,
  known: readonly string[],
): { name: string; nearest?: string }[] {
  const all = new Set(known);
  return Object.keys(env)
    .filter((k) => k.startsWith('ADCLI_') && !all.has(k))
    .sort()
    .map((name) => {
      const nearest = nearestName(name, [...all]);
      return nearest === undefined ? { name } : { name, nearest };
    });
}
