import { existsSync, rmSync } from 'node:fs';
import { ServerStartError, StoreFileError } from '../../../server/app/errors.ts';
import { startServer, type RunningServer, type StoreSpec } from '../../../server/app/server.ts';
import {
  createSink,
  LOG_FORMATS,
  LOG_LEVELS,
  type Fields,
  type Level,
  type LogFormat,
  type LogSink,
} from '../../../server/lib/log.ts';
import { CliError, SilentExit, usageError } from '../../lib/errors.ts';
import { SERVE_SETTINGS, unknownAdcliVariables } from '../../lib/serve-settings.ts';
import { ENVIRONMENT } from '../help/help-topics.ts';
import type { Factory } from '../../lib/factory.ts';
import { dbFile, keyFile } from '../../lib/paths.ts';
import { storeFailure } from '../../lib/serve-store.ts';
import { GOOGLE_ADS_ENV } from '../../../server/app/google-ads.ts';
import { announce } from './serve-banner.ts';
import { startCommand } from './serve-exec.ts';
import { makeDataDir, temporaryStoreDir } from './serve-files.ts';
import { resolveServeOptions, type ResolvedServe, type ServeOptions } from './serve-options.ts';
import { ServeLifecycle } from './serve-lifecycle.ts';

export { DEFAULT_PORT, DRAIN_DELAY_MS, STOP_GRACE_MS, defaultWorkers } from './serve-options.ts';

export type { ServeOptions } from './serve-options.ts';

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

type Say = (level: Level, message: string, fields?: Fields) => void;

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
  const say: Say = (level, message, fields) => {
    if (logFormat === 'json') sink.record({ kind: 'event', level, message, fields });
    else if (LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(logLevel))
      io.stderr.write(`adcli serve: ${message}\n`);
  };
  warnUnknownVariables(f.env, say);
  const r = await resolveServeOptions(f, opts, fromEnv);
  const place = storePlace(f, opts, r.database);
  const running = await start(opts, r, place, sink, say);
  const lifecycle = new ServeLifecycle(running, {
    say,
    stopGrace: r.stopGrace,
    drainDelay: r.drainDelay,
    temporary: place.temp !== null,
    shared: place.spec.kind === 'postgres',
    cleanUp: place.removeTemp,
    announceStop: r.exec === undefined ? 'always' : 'when-jobs-run',
  });

  // Announced last: whoever waits for the start-up line can use the server, and stop it, at once.
  const { baseUrl } = announce({ io, opts, say, logFormat, running, resolved: r, store: place });
  if (r.exec !== undefined) {
    // through a proxy, the command's requests carry the deployment's key it already has
    const apiKey = opts.proxy !== undefined ? undefined : running.boot.apiKey;
    lifecycle.runs(
      startCommand(r.exec, f.env, { baseUrl, apiKey }, (exitCode, error) => {
        if (error) say('error', `cannot run the command: ${error.message}`);
        void lifecycle.stop(exitCode, 'when-jobs-run');
      }),
    );
  }
  const exitCode = await lifecycle.done;
  if (exitCode !== 0) throw new SilentExit(exitCode);
}

/** A variable adcli does not read is most likely a misspelt one it does: said, with the nearest. */
function warnUnknownVariables(env: NodeJS.ProcessEnv, say: Say): void {
  const known = [
    ...ENVIRONMENT.flatMap((e) => e.names).filter((n) => n.startsWith('ADCLI_')),
    ...SERVE_SETTINGS.map((s) => s.env),
    ...Object.values(GOOGLE_ADS_ENV),
  ];
  for (const u of unknownAdcliVariables(env, known))
    say(
      'warn',
      `${u.name} is set but adcli reads no such variable${u.nearest ? `; did you mean ${u.nearest}?` : ''} (adcli help environment lists them)`,
    );
}

/** Where the store is: a database, the data dir's file, or (--memory) a private temporary file. */
function storePlace(f: Factory, opts: ServeOptions, database: string | undefined) {
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
  return { spec, temp, dir, dbPath, hadKeyFile, removeTemp };
}

/**
 * Starts the server with the one option set. A store that cannot be used is refused in one line
 * (exit 1; a database by the kind of problem, without its password), never replaced by an empty one.
 */
async function start(
  opts: ServeOptions,
  r: ResolvedServe,
  place: ReturnType<typeof storePlace>,
  sink: LogSink,
  say: Say,
): Promise<RunningServer> {
  const { spec, temp, dir } = place;
  try {
    // the data dir keeps the local key file: private, as SQLite's store makes it
    if (spec.kind === 'postgres') makeDataDir(dir);
    return await startServer({
      store: spec,
      temporary: temp !== null,
      keyFile: keyFile(dir),
      dataDir: dir,
      host: opts.host,
      port: r.port,
      seed: opts.seed,
      snapshot: opts.snapshot,
      fixtures: r.fixtures,
      settings: {
        newWorkspaceFrozenAt: opts.clock,
        jobDelayMs: opts.jobDelay,
        syncIntervalMs: opts.syncInterval * 1000,
        ...(r.youtube ? { youtube: r.youtube } : {}),
        ...(r.ads ? { ads: r.ads } : {}),
      },
      rateLimit: opts.rateLimit,
      workers: r.workers,
      appUrl: r.publicUrl === undefined ? undefined : `${r.publicUrl}/app`,
      logRequests: r.logRequests,
      logFormat: sink.format,
      write: sink,
      notice: (message) => say('warn', message),
      proxy: opts.proxy,
      ...(opts.metricsPort !== undefined
        ? { metrics: { host: opts.metricsHost ?? '127.0.0.1', port: opts.metricsPort } }
        : {}),
    });
  } catch (e) {
    place.removeTemp();
    throw startFailure(e, r.port, opts.host);
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
