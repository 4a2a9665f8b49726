/**
 * What `adcli serve` says once it listens: a warning for each thing an operator should know, then the
 * start-up line where a script or a person looks for it (the JSON line of --json, an event of the
 * JSON log, or the banner; the all-scopes key only to a person at a terminal).
 */
import type { RunningServer, StoreSpec } from '../../../server/app/server.ts';
import { formatRecord, type Fields, type Level, type LogFormat } from '../../../server/lib/log.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { keyFile } from '../../lib/paths.ts';
import { adsPlatformLines } from './serve-ads-platform.ts';
import type { ResolvedServe, ServeOptions } from './serve-options.ts';

export interface Announced {
  io: IOStreams;
  opts: ServeOptions;
  say: (level: Level, message: string, fields?: Fields) => void;
  logFormat: LogFormat;
  running: RunningServer;
  resolved: ResolvedServe;
  /** where the store is: a database, a data dir's file, or a temporary file (--memory) */
  store: { spec: StoreSpec; temp: string | null; dir: string; dbPath: string; hadKeyFile: boolean };
}

/** Says what there is to say, then the start-up line; answers the API's base URL. */
export function announce(a: Announced): { baseUrl: string } {
  const { io, opts, say, logFormat, running } = a;
  const { spec, temp, dir, dbPath, hadKeyFile } = a.store;
  const { exec, workers } = a.resolved;
  if (!['127.0.0.1', '::1', 'localhost'].includes(opts.host)) {
    say(
      'warn',
      `listening on ${opts.host}, so other machines can reach this API; keep its keys private.`,
    );
  }
  const origin = `http://${hostForUrl(opts.host)}:${running.address.port}`;
  const baseUrl = `${origin}/api/v1`;
  const where = spec.kind === 'postgres' ? { database: running.storeLabel } : {};
  const metricsUrl = running.metricsAddress
    ? `http://${hostForUrl(opts.metricsHost ?? '127.0.0.1')}:${running.metricsAddress.port}/metrics`
    : undefined;
  // A replica that joined a database in use has no key of its own: it says how to make one.
  if (running.boot.apiKey === null) {
    const why = running.boot.revokedKey
      ? `the key in ${keyFile(dir)} was revoked`
      : 'the database was set up by another replica or an earlier start';
    const make = `adcli serve keys create --workspace ${running.boot.workspace} --scopes SCOPES --database URL (or with ADCLI_DATABASE_URL set)`;
    say('warn', `no API key here: ${why}; make one with: ${make}`);
  }
  if (spec.kind === 'sqlite' && !temp && running.boot.created === 'key' && !hadKeyFile)
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
      `the API is listening on ${baseUrl} (workspace ${running.boot.workspace}); running: ${exec}`,
    );
  } else if (opts.json) {
    io.stdout.write(
      JSON.stringify({
        baseUrl,
        apiKey: running.boot.apiKey,
        workspace: running.boot.workspace,
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
            workspace: running.boot.workspace,
            newWorkspace: running.boot.created === 'store',
            keyFile: running.boot.apiKey === null || temp ? null : keyFile(dir),
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
    io.stdout.write(textBanner(a, baseUrl, metricsUrl).join('\n') + '\n');
  }
  return { baseUrl };
}

/** The banner for a person: where the API, the key, the store, the jobs and the extras are. */
function textBanner(a: Announced, baseUrl: string, metricsUrl: string | undefined): string[] {
  const { io, opts, running } = a;
  const { spec, temp, dir, dbPath } = a.store;
  const { workers, youtube, ads } = a.resolved;
  // The all-scopes key only to a person at a terminal: a log (docker logs, a journal, a shipper)
  // keeps what it is given. Elsewhere the banner says where the key is.
  const keyLine =
    running.boot.apiKey === null
      ? '  API key    none here: adcli serve keys create makes one (with --database or ADCLI_DATABASE_URL)'
      : io.isStdoutTTY()
        ? `  API key    ${running.boot.apiKey}${temp ? '' : `  (kept in ${keyFile(dir)})`}`
        : temp
          ? '  API key    not shown (not a terminal); --json or --exec hand it to a script'
          : `  API key    in ${keyFile(dir)} (not shown: not a terminal)${spec.kind === 'postgres' ? '; other replicas: adcli serve keys create --database URL' : ''}`;
  const lines = [
    `adcli serve: the API is listening on ${baseUrl}`,
    `  workspace  ${running.boot.workspace}${running.boot.created === 'store' ? ' (new)' : ''}`,
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
  return lines;
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
