import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerStartError, StoreFileError } from '../../../server/app/errors.ts';
import {
  DEFAULT_YOUTUBE_BASE_URL,
  DEFAULT_YOUTUBE_QUOTA,
  parseUpstream,
  youtubeBaseUrl,
  startServer,
  type RunningServer,
  type StoreSpec,
} from '../../../server/app/server.ts';
import {
  createSink,
  formatRecord,
  LOG_FORMATS,
  LOG_LEVELS,
  type Fields,
  type Level,
  type LogFormat,
  type LogSink,
} from '../../../server/lib/log.ts';
import { CliError, EXIT, SilentExit, usageError } from '../../lib/errors.ts';
import { SERVE_SETTINGS, unknownAdcliVariables } from '../../lib/serve-settings.ts';
import { ENVIRONMENT } from '../help/help-topics.ts';
import type { SeedName } from '../../generated/contract.ts';
import type { Factory } from '../../lib/factory.ts';
import { dbFile, keyFile } from '../../lib/paths.ts';
import { databaseUrl, storeFailure } from '../../lib/serve-store.ts';
import {
  adsPlatformLines,
  adsPlatformSettings,
  type AdsPlatformOptions,
} from './serve-ads-platform.ts';
import { GOOGLE_ADS_ENV } from '../../../server/app/google-ads.ts';

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

/**
 * `adcli serve`: the HTTP API on this thread, background jobs (collection, generation, ad-platform
 * sync) in worker threads over the same data file. Runs until Ctrl-C or SIGTERM; with --exec, until
 * the command has run, ending with its exit code.
 */
export async function serveCommand(
  f: Factory,
  opts: ServeOptions,
  /** option → the ADCLI_… variable it came from (serve-settings.ts) */
  fromEnv: Record<string, string> = {},
): Promise<void> {
  const logFormat = (opts.logFormat ?? 'text') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat))
    throw usageError(`--log-format must be ${LOG_FORMATS.join(' or ')}, not ${opts.logFormat}`);
  const logLevel = (opts.logLevel ?? 'info') as Level;
  if (!LOG_LEVELS.includes(logLevel))
    throw usageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not ${opts.logLevel}`);
  // Every line of the server's, its own included, goes through one sink: stamped text, or JSON.
  const sink = createSink((line) => f.io.stderr.write(line + '\n'), {
    format: logFormat,
    level: logLevel,
  });
  try {
    await serving(f, opts, fromEnv, sink, logLevel);
  } catch (e) {
    // Under JSON a refusal to start is one JSON line too, with the exit code it ends with.
    if (logFormat === 'json' && e instanceof CliError) {
      sink.record({
        kind: 'event',
        level: 'error',
        message: e.message,
        fields: { exitCode: e.exitCode },
      });
      throw new SilentExit(e.exitCode);
    }
    throw e;
  } finally {
    sink.flush();
  }
}

async function serving(
  f: Factory,
  opts: ServeOptions,
  fromEnv: Record<string, string>,
  sink: LogSink,
  logLevel: Level,
): Promise<void> {
  const io = f.io;
  const logFormat = sink.format;
  /**
   * One of the command's own lines (start, stop, what the operator should know): under JSON an
   * event of the log; as text the plain line it has always been, for the person who ran it.
   */
  const say = (level: Level, message: string, fields?: Fields) => {
    if (logFormat === 'json') sink.record({ kind: 'event', level, message, fields });
    else if (LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(logLevel))
      io.stderr.write(`adcli serve: ${message}\n`);
  };
  // A variable adcli does not read is most likely a misspelt one it does.
  const known = [
    ...ENVIRONMENT.flatMap((e) => e.names).filter((n) => n.startsWith('ADCLI_')),
    ...SERVE_SETTINGS.map((s) => s.env),
    ...Object.values(GOOGLE_ADS_ENV),
  ];
  for (const u of unknownAdcliVariables(f.env, known))
    say(
      'warn',
      `${u.name} is set but adcli reads no such variable${u.nearest ? `; did you mean ${u.nearest}?` : ''} (adcli help environment lists them)`,
    );
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

  // Job workers share the store through its file, so --memory is a private temporary file (mkdtemp
  // makes the folder 0700), deleted when the server stops, also when it stops on an error.
  const temp = opts.memory ? temporaryStoreDir() : null;
  const removeTemp = () => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  };
  // Process-wide on purpose: the temporary store goes even when the process ends some other way.
  if (temp) process.once('exit', removeTemp);
  const dir = temp ?? f.dataDir(opts.data);
  const dbPath = dbFile(dir);

  const spec: StoreSpec =
    database !== undefined
      ? {
          kind: 'postgres',
          url: database,
          ...(opts.poolSize !== undefined ? { poolSize: opts.poolSize } : {}),
        }
      : { kind: 'sqlite', path: dbPath };

  // A store restored without its key file would get a second all-scopes key: said, not silent.
  const hadKeyFile = existsSync(keyFile(dir));

  // A store that cannot be used is refused in one line (exit 1; a database by the kind of problem,
  // without its password), never replaced by an empty one.
  let running: RunningServer;
  try {
    // the data dir keeps the local key file: private, as SQLite's store makes it
    if (spec.kind === 'postgres') makeDataDir(dir);
    running = await startServer({
      store: spec,
      temporary: temp !== null,
      keyFile: keyFile(dir),
      dataDir: dir,
      host: opts.host,
      port,
      seed: opts.seed,
      snapshot: opts.snapshot,
      fixtures,
      settings: {
        newWorkspaceFrozenAt: opts.clock,
        jobDelayMs: opts.jobDelay,
        syncIntervalMs: opts.syncInterval * 1000,
        ...(youtube ? { youtube } : {}),
        ...(ads ? { ads } : {}),
      },
      rateLimit: opts.rateLimit,
      workers,
      appUrl: publicUrl === undefined ? undefined : `${publicUrl}/app`,
      logRequests,
      logFormat,
      write: sink,
      notice: (message) => say('warn', message),
      proxy: opts.proxy,
      ...(opts.metricsPort !== undefined
        ? { metrics: { host: opts.metricsHost ?? '127.0.0.1', port: opts.metricsPort } }
        : {}),
    });
  } catch (e) {
    removeTemp();
    throw startFailure(e, port, opts.host);
  }
  const { address, boot } = running;

  // Stopping drains, within --stop-grace: /readyz answers 503 at once; on SIGTERM the port keeps
  // accepting for --drain-delay (balancers take the replica out), then closes; requests already
  // read are answered; running jobs get what is left of the grace (none with a temporary store,
  // which is about to be deleted), and what still runs then is handed back to the queue in the store.
  // A second Ctrl-C ends the delay and the grace at once. The command ends once all of that is done,
  // with the exit code `stop` was given.
  let stopping = false;
  let stopped!: (exitCode: number) => void;
  const done = new Promise<number>((resolve) => (stopped = resolve));
  const stop = async (
    exitCode: number,
    announce: 'always' | 'when-jobs-run',
    signal?: NodeJS.Signals,
  ) => {
    if (stopping) return;
    stopping = true;
    const { handedBack } = await running.stop({
      graceMs: stopGrace,
      drainDelayMs: signal === 'SIGTERM' ? drainDelay : 0,
      ...(temp ? { jobGraceMs: 0 } : {}),
      announce: (jobs, jobGraceMs) => {
        if (jobs > 0 && jobGraceMs > 0) {
          const what = jobs === 1 ? '1 running job gets' : `${jobs} running jobs get`;
          say(
            'info',
            `stopping; ${what} up to ${Math.round(jobGraceMs / 100) / 10} s to finish (Ctrl-C again hands ${jobs === 1 ? 'it' : 'them'} back now)`,
          );
        } else if (announce === 'always') {
          say('info', 'stopping');
        }
      },
    });
    if (handedBack > 0 && !temp) {
      // on a shared database the other replicas' workers take them at once
      const them = handedBack === 1 ? 'it' : 'them';
      const when =
        spec.kind === 'postgres'
          ? `another replica runs ${them}, or the next start does`
          : `${handedBack === 1 ? 'it runs' : 'they run'} at the next start`;
      say(
        'info',
        `${handedBack === 1 ? '1 unfinished job was' : `${handedBack} unfinished jobs were`} handed back; ${when}`,
      );
    }
    removeTemp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    stopped(exitCode);
  };

  // The command runs in a process group of its own (POSIX), and signals go to the whole group: the
  // shell alone would die and leave the command it started running. So Ctrl-C reaches the command
  // once, through this process, and the server stops when the command has exited.
  const group = process.platform !== 'win32';
  let child: ChildProcess | null = null;
  const forward = (c: ChildProcess, signal: NodeJS.Signals) => {
    try {
      if (group && c.pid !== undefined) process.kill(-c.pid, signal);
      else c.kill(signal);
    } catch {
      // the group is gone already
    }
  };
  // Signals are process-wide: the server owns SIGINT and SIGTERM while it runs.
  const onSignal = (signal: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) {
      forward(child, signal);
    } else if (!stopping) {
      void stop(0, exec === undefined ? 'always' : 'when-jobs-run', signal);
    } else {
      running.hurry();
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // Announced last: whoever waits for the start-up line can use the server, and stop it, at once.
  if (!['127.0.0.1', '::1', 'localhost'].includes(opts.host)) {
    say(
      'warn',
      `listening on ${opts.host}, so other machines can reach this API; keep its keys private.`,
    );
  }
  const origin = `http://${hostForUrl(opts.host)}:${address.port}`;
  const baseUrl = `${origin}/api/v1`;
  const where = spec.kind === 'postgres' ? { database: running.storeLabel } : {};
  const metricsUrl = running.metricsAddress
    ? `http://${hostForUrl(opts.metricsHost ?? '127.0.0.1')}:${running.metricsAddress.port}/metrics`
    : undefined;
  // A replica that joined a database in use has no key of its own: it says how to make one.
  if (boot.apiKey === null) {
    const why = boot.revokedKey
      ? `the key in ${keyFile(dir)} was revoked`
      : 'the database was set up by another replica or an earlier start';
    const make = `adcli serve keys create --workspace ${boot.workspace} --scopes SCOPES --database URL (or with ADCLI_DATABASE_URL set)`;
    say('warn', `no API key here: ${why}; make one with: ${make}`);
  }
  if (spec.kind === 'sqlite' && !temp && boot.created === 'key' && !hadKeyFile)
    say(
      'warn',
      `the store holds data but ${keyFile(dir)} was missing (a store restored without its key file?): a new all-scopes key is kept there now; the store's earlier keys still work (adcli serve keys list; revoke those you do not want)`,
    );
  if (running.fixtures && !opts.quiet) {
    const r = running.fixtures;
    say(
      'info',
      `applied ${opts.fixtures} to workspace ${r.workspace}: ${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged`,
    );
  }
  for (const note of running.fixtures?.notes ?? []) say('warn', note);
  if (exec !== undefined) {
    // The command owns stdout; the key goes to it in the environment only, never to a log.
    say(
      'info',
      `the API is listening on ${baseUrl} (workspace ${boot.workspace}); running: ${exec}`,
    );
  } else if (opts.json) {
    io.stdout.write(
      JSON.stringify({
        baseUrl,
        apiKey: boot.apiKey,
        workspace: boot.workspace,
        ...where,
        ...(opts.proxy !== undefined ? { proxy: opts.proxy } : {}),
        ...(metricsUrl !== undefined ? { metricsUrl } : {}),
      }) + '\n',
    );
  } else if (logFormat === 'json') {
    // The start-up line where the banner goes, as one event of the log: where the key is, never it.
    io.stdout.write(
      formatRecord(
        {
          kind: 'event',
          level: 'info',
          message: `the API is listening on ${baseUrl}`,
          fields: {
            baseUrl,
            workspace: boot.workspace,
            newWorkspace: boot.created === 'store',
            keyFile: boot.apiKey === null || temp ? null : keyFile(dir),
            ...(spec.kind === 'postgres' ? { database: running.storeLabel } : {}),
            ...(spec.kind === 'sqlite' && !temp ? { data: dbPath } : {}),
            workers,
            openapi: `${baseUrl}/openapi.json`,
            ...(opts.proxy !== undefined ? { proxy: opts.proxy } : {}),
          },
        },
        'json',
        true,
      ) + '\n',
    );
  } else {
    // The all-scopes key only to a person at a terminal: a log (docker logs, a journal, a shipper)
    // keeps what it is given. Elsewhere the banner says where the key is.
    const keyLine =
      boot.apiKey === null
        ? '  API key    none here: adcli serve keys create makes one (with --database or ADCLI_DATABASE_URL)'
        : io.isStdoutTTY()
          ? `  API key    ${boot.apiKey}${temp ? '' : `  (kept in ${keyFile(dir)})`}`
          : temp
            ? '  API key    not shown (not a terminal); --json or --exec hand it to a script'
            : `  API key    in ${keyFile(dir)} (not shown: not a terminal)${spec.kind === 'postgres' ? '; other replicas: adcli serve keys create --database URL' : ''}`;
    const lines = [
      `adcli serve: the API is listening on ${baseUrl}`,
      `  workspace  ${boot.workspace}${boot.created === 'store' ? ' (new)' : ''}`,
      keyLine,
      spec.kind === 'postgres'
        ? `  database   ${running.storeLabel} (shared by replicas)`
        : `  data       ${temp ? 'a temporary file, deleted when the server stops' : dbPath}`,
      `  jobs       ${workers} worker thread${workers === 1 ? '' : 's'}`,
      ...(youtube
        ? [
            `  YouTube    unknown channels and videos collected from ${youtube.baseUrl}, ${thousands(youtube.dailyQuota)} units a day (from midnight Pacific time)` +
              (youtube.workspaceQuota !== undefined
                ? `, ${thousands(youtube.workspaceQuota)} for each workspace`
                : ''),
          ]
        : []),
      ...adsPlatformLines(ads),
      `  OpenAPI    ${baseUrl}/openapi.json`,
      ...(metricsUrl !== undefined ? [`  metrics    ${metricsUrl}`] : []),
      ...(opts.proxy !== undefined
        ? [
            `  proxy      /api/v1 goes to ${opts.proxy} with the caller's own key; each exchange is checked against the contract (Adcli-Contract-Violations, and a warning here). The key above is for this server's controls.`,
          ]
        : []),
      'Press Ctrl-C to stop.',
    ];
    io.stdout.write(lines.join('\n') + '\n');
  }

  if (exec !== undefined) {
    child = spawn(exec, {
      shell: true,
      stdio: 'inherit',
      detached: group,
      // through a proxy, the command's requests carry the deployment's key it already has
      env: commandEnv(f.env, baseUrl, opts.proxy !== undefined ? undefined : boot.apiKey),
    });
    child.once('error', (err) => {
      say('error', `cannot run the command: ${err.message}`);
      void stop(127, 'when-jobs-run');
    });
    child.once('exit', (code, signal) => {
      // A command stopped by a signal exits as a shell reports it: 128 + the signal's number.
      const exitCode = code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0);
      void stop(exitCode, 'when-jobs-run');
    });
  }

  const exitCode = await done;
  if (exitCode !== 0) throw new SilentExit(exitCode);
}

/**
 * The environment of --exec's command: the server's URL and key; not the database's URL, which
 * holds the server's password, nor the YouTube key or the Google Ads credentials (the command talks to
 * the API, and those are the server's alone).
 */
function commandEnv(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  /** undefined: the environment's own key stays (a proxy's caller brings the deployment's key) */
  apiKey: string | null | undefined,
): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, ADCLI_BASE_URL: baseUrl };
  delete out.ADCLI_DATABASE_URL;
  delete out.ADCLI_YOUTUBE_API_KEY;
  for (const name of Object.values(GOOGLE_ADS_ENV)) delete out[name];
  // the server's own settings are not the command's: an adcli serve it starts begins from its defaults
  for (const s of SERVE_SETTINGS) if (s.parse !== 'own') delete out[s.env];
  if (apiKey === undefined) return out;
  if (apiKey !== null) out.ADCLI_API_KEY = apiKey;
  else delete out.ADCLI_API_KEY;
  return out;
}

/** The data dir beside a database: created private (0700) for the key file, or refused in one line. */
function makeDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new CliError(
      `cannot make the data dir ${dir} for the local key file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); pick another with --data DIR`,
    );
  }
}

/** Why the server could not start, as one line with its exit code. */
function startFailure(e: unknown, port: number, host: string): unknown {
  if (e instanceof ServerStartError) {
    // Exit 2 (usage): the fix is another --port; exit 5 (network) would tell a script to retry as it is.
    // a fixtures file the server refused: fix the file
    if (e.reason === 'fixtures') return usageError(e.message);
    if (e.reason === 'port-in-use')
      return usageError(
        `port ${port} on ${host} is in use; pick another with --port PORT (0 picks a free one)`,
      );
    return new CliError(e.message);
  }
  if (e instanceof StoreFileError) return new CliError(e.message, 1);
  return storeFailure(e);
}

const TEMP_PREFIX = 'adcli-serve-';

/**
 * A new private folder for a --memory store, holding the server's pid. A server that was killed
 * (SIGKILL) cannot delete its folder, so each new one first deletes the folders of servers that are
 * gone.
 */
function temporaryStoreDir(): string {
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

/** A listening host as a URL shows it: any-address as loopback, an IPv6 address in brackets. */
function hostForUrl(host: string): string {
  return ['0.0.0.0', '::', ''].includes(host)
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host;
}

/** 10000 → "10,000". */
const thousands = (x: number) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
