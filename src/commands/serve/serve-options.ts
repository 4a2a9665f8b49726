/**
 * `adcli serve`'s flags checked together, before anything starts: what excludes what, what needs
 * what, and the values the start uses (the store's URL, the --exec command, the stop's timing, the
 * fixtures document read, the YouTube and ad-platform settings). A problem is a usage error (exit 2)
 * naming the flag, or the variable it came from.
 */
import { availableParallelism } from 'node:os';
import {
  DEFAULT_YOUTUBE_BASE_URL,
  DEFAULT_YOUTUBE_QUOTA,
  parseUpstream,
  youtubeBaseUrl,
} from '../../../server/app/server.ts';
import { CliError, EXIT, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { databaseUrl } from '../../lib/serve-store.ts';
import { adsPlatformSettings, type AdsPlatformOptions } from './serve-ads-platform.ts';
import type { SeedName } from '../../generated/contract.ts';

/** `adcli serve`'s options, as commander and the ADCLI_ variables (serve-settings.ts) give them. */
export interface ServeOptions extends AdsPlatformOptions {
  host: string;
  /** default 4010; with --exec a free port */
  port?: number;
  data?: string;
  /** a Postgres URL (else ADCLI_DATABASE_URL): the store shared by replicas; --data keeps only the key file */
  database?: string;
  memory?: boolean;
  seed?: SeedName;
  rateLimit: number;
  jobDelay: number;
  syncInterval: number;
  /** a snapshot file to start from */
  snapshot?: string;
  /** a fixtures file applied to the workspace at start */
  fixtures?: string;
  /** where new workspaces' clocks start, frozen */
  clock?: Date;
  /** job worker threads; default defaultWorkers() */
  workers?: number;
  /** a shell command to run against the server, which then stops */
  exec?: string;
  json?: boolean;
  quiet?: boolean;
  logRequests?: boolean;
  /** the request log's lines: text (default) or one JSON object per line */
  logFormat?: string;
  /** the least level logged (default info; debug adds the probes) */
  logLevel?: string;
  /** refuse to start without a database URL (no SQLite fall-back) */
  requireDatabase?: boolean;
  /** Postgres connections of the HTTP thread's pool (default 10) */
  poolSize?: number;
  /** a real deployment's base URL: /api/v1 is forwarded there and checked against the contract */
  proxy?: string;
  /** where campaign links point (their `url`): this URL + /app/campaigns/{id}; default the server's own address */
  publicUrl?: string;
  /** a YouTube Data API key (else ADCLI_YOUTUBE_API_KEY): unknown sources are collected from YouTube */
  youtubeApiKey?: string;
  /** where the YouTube Data API is; default https://www.googleapis.com/youtube/v3 */
  youtubeBaseUrl?: string;
  /** units a quota day (from midnight Pacific time, as Google counts), across the server; default 10,000 */
  youtubeQuota?: number;
  /** units a quota day for one workspace; default all of youtubeQuota */
  youtubeWorkspaceQuota?: number;
  /** ms between SIGTERM (readiness 503 at once) and the port closing; default DRAIN_DELAY_MS */
  drainDelay?: number;
  /** ms from a stop's start to the process's exit, jobs included; default STOP_GRACE_MS */
  stopGrace?: number;
  /** a port of its own for GET /metrics (Prometheus); none unless given */
  metricsPort?: number;
  /** where the metrics port listens; default loopback */
  metricsHost?: string;
}

export const DEFAULT_PORT = 4010;
/**
 * How long a stop may take, from the signal to the exit: requests under way are answered and
 * running jobs finish within it, else are handed back. Under docker stop's and Kubernetes' 10 s.
 */
export const STOP_GRACE_MS = 8_000;
/**
 * How long after SIGTERM the port keeps accepting, while /readyz answers 503: a balancer that probes
 * every few seconds takes the replica out before its connections are refused.
 */
export const DRAIN_DELAY_MS = 2_000;

/** One worker per core beside the HTTP thread's, at least one, at most four. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** What the start uses, once every flag has been checked. */
export type ResolvedServe = Awaited<ReturnType<typeof resolveServeOptions>>;

/** Checks the flags together and resolves what they leave to defaults; throws the first problem. */
export async function resolveServeOptions(
  f: Factory,
  opts: ServeOptions,
  /** option → the ADCLI_… variable it came from (serve-settings.ts) */
  fromEnv: Record<string, string>,
) {
  const database = databaseUrl(f, opts.database);
  const flagOrEnv = (key: string, flag: string) => fromEnv[key] ?? flag;
  if (database === undefined && opts.requireDatabase)
    throw new CliError(
      `${flagOrEnv('requireDatabase', '--require-database')}: no database URL, so no store to share; give --database URL or set ADCLI_DATABASE_URL (this replica would otherwise keep a SQLite store of its own)`,
      EXIT.config,
    );
  if (database === undefined && opts.poolSize !== undefined)
    throw usageError(
      `${flagOrEnv('poolSize', '--pool-size')} sizes the Postgres pool: it needs --database URL or ADCLI_DATABASE_URL`,
    );
  if (database !== undefined) {
    const from = opts.database !== undefined ? '--database' : 'ADCLI_DATABASE_URL';
    if (opts.memory)
      throw usageError(
        `--memory and ${from} exclude each other: --memory is a throw-away SQLite store`,
      );
    // every replica's start would load it again over what the others have changed since
    if (opts.snapshot)
      throw usageError(
        `--snapshot and ${from} exclude each other: on a database shared by replicas, load a snapshot once with adcli backend snapshot load`,
      );
  }
  if (opts.memory && opts.data) throw usageError('--memory and --data exclude each other');
  if (opts.quiet && opts.logRequests)
    throw usageError('--quiet and --log-requests exclude each other');
  const exec = opts.exec;
  if (exec !== undefined) {
    if (!exec.trim()) throw usageError('--exec needs a command, e.g. --exec "npm test"');
    if (opts.json)
      throw usageError(
        '--exec and --json exclude each other: the command gets the server in ADCLI_BASE_URL and ADCLI_API_KEY',
      );
  }
  const stopGrace = opts.stopGrace ?? STOP_GRACE_MS;
  // a throw-away store sits behind no balancer: it stops at once unless told otherwise
  const drainDelay = opts.drainDelay ?? (opts.memory ? 0 : Math.min(DRAIN_DELAY_MS, stopGrace));
  if (drainDelay > stopGrace)
    throw usageError(
      `--drain-delay (${drainDelay / 1000} s) cannot be longer than --stop-grace (${stopGrace / 1000} s), within which the whole stop happens`,
    );
  if (opts.metricsHost !== undefined && opts.metricsPort === undefined)
    throw usageError('--metrics-host needs --metrics-port, the port the metrics are served on');
  if (opts.metricsPort !== undefined && opts.metricsPort !== 0 && opts.metricsPort === opts.port)
    throw usageError(
      `--metrics-port ${opts.metricsPort} is the API's --port: the metrics need a port of their own`,
    );
  const publicUrl = opts.publicUrl === undefined ? undefined : publicBase(opts.publicUrl);
  if (opts.proxy !== undefined) {
    try {
      parseUpstream(opts.proxy);
    } catch (e) {
      throw usageError(`--proxy: ${(e as Error).message}`);
    }
  }
  // Read before anything starts: a file that cannot be read or parsed is a usage error naming it.
  const fixtures =
    opts.fixtures === undefined
      ? undefined
      : {
          file: opts.fixtures,
          document: await (
            await import('../backend/backend-apply.ts')
          ).readFixturesFile(opts.fixtures),
        };
  const youtube = youtubeSettings(f, opts);
  const ads = adsPlatformSettings(f, opts);
  const port = opts.port ?? (exec !== undefined ? 0 : DEFAULT_PORT);
  const workers = opts.workers ?? defaultWorkers();
  const logRequests = opts.logRequests ?? (!opts.quiet && exec === undefined);

  return {
    database,
    exec,
    stopGrace,
    drainDelay,
    publicUrl,
    fixtures,
    youtube,
    ads,
    port,
    workers,
    logRequests,
  };
}

/**
 * The YouTube Data API settings: the key from --youtube-api-key, else ADCLI_YOUTUBE_API_KEY (an empty
 * one is none); --youtube-base-url (else ADCLI_YOUTUBE_BASE_URL) and --youtube-quota need one. Undefined without a key: unknown
 * sources end in the data store's error, as they always have.
 */
function youtubeSettings(
  f: Factory,
  opts: ServeOptions,
): { apiKey: string; baseUrl: string; dailyQuota: number; workspaceQuota?: number } | undefined {
  const apiKey = opts.youtubeApiKey ?? f.env.ADCLI_YOUTUBE_API_KEY ?? '';
  if (opts.youtubeApiKey !== undefined && !apiKey.trim())
    throw usageError('--youtube-api-key needs a key (or set ADCLI_YOUTUBE_API_KEY instead)');
  if (!apiKey.trim()) {
    const flag =
      opts.youtubeBaseUrl !== undefined
        ? '--youtube-base-url'
        : opts.youtubeQuota !== undefined
          ? '--youtube-quota'
          : opts.youtubeWorkspaceQuota !== undefined
            ? '--youtube-workspace-quota'
            : null;
    if (flag)
      throw usageError(
        `${flag} needs a YouTube Data API key: set ADCLI_YOUTUBE_API_KEY (or give --youtube-api-key)`,
      );
    return undefined;
  }
  if (/\s/.test(apiKey))
    throw usageError(
      `the YouTube Data API key (${opts.youtubeApiKey !== undefined ? '--youtube-api-key' : 'ADCLI_YOUTUBE_API_KEY'}) cannot hold spaces`,
    );
  // the flag, else ADCLI_YOUTUBE_BASE_URL (as the local profile reads it), else Google's
  const given = opts.youtubeBaseUrl ?? (f.env.ADCLI_YOUTUBE_BASE_URL?.trim() || undefined);
  const baseUrl = given === undefined ? DEFAULT_YOUTUBE_BASE_URL : youtubeBaseUrl(given);
  if (baseUrl === null)
    throw usageError(
      `${opts.youtubeBaseUrl !== undefined ? '--youtube-base-url' : 'ADCLI_YOUTUBE_BASE_URL'} must be an http(s) URL without query, fragment or credentials, e.g. ${DEFAULT_YOUTUBE_BASE_URL}, not ${given}`,
    );
  const dailyQuota = opts.youtubeQuota ?? DEFAULT_YOUTUBE_QUOTA;
  const workspaceQuota = opts.youtubeWorkspaceQuota;
  if (workspaceQuota !== undefined && workspaceQuota > dailyQuota)
    throw usageError(
      `--youtube-workspace-quota (${workspaceQuota}) cannot be more than the server's --youtube-quota (${dailyQuota})`,
    );
  return {
    apiKey,
    baseUrl,
    dailyQuota,
    ...(workspaceQuota !== undefined ? { workspaceQuota } : {}),
  };
}

/** --public-url: an http(s) URL without query or fragment; answered without a trailing slash. */
function publicBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(
      `--public-url must be an http(s) URL, e.g. https://ads.example.com, not ${value}`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw usageError(
      `--public-url must be an http(s) URL without query, fragment or credentials, e.g. https://ads.example.com, not ${value}`,
    );
  }
  return url.href.replace(/\/+$/, '');
}
