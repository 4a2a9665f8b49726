import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { bootstrap } from '../../server/bootstrap.ts';
import { createApp } from '../../server/http/app.ts';
import { Store } from '../../server/store/db.ts';
import { CliError } from '../lib/errors.ts';
import { dataDir, dbFile, keyFile } from '../lib/paths.ts';

export interface ServeOptions {
  host: string;
  port: number;
  data?: string;
  memory?: boolean;
  seed?: 'demo';
  rateLimit: number;
  jobDelay: number;
  syncInterval: number;
  json?: boolean;
  quiet?: boolean;
}

export async function serveCommand(opts: ServeOptions): Promise<void> {
  if (opts.memory && opts.data) throw new CliError('--memory and --data exclude each other', 2);
  const dir = opts.memory ? null : dataDir(opts.data);
  const store = dir ? new Store(dbFile(dir)) : Store.memory();
  const log = opts.quiet ? undefined : (line: string) => process.stderr.write(line + '\n');
  const backend = createApp({ store, rateLimit: opts.rateLimit, log, jobDelayMs: opts.jobDelay, syncIntervalMs: opts.syncInterval * 1000 });
  const boot = bootstrap(backend.services, { seed: opts.seed, keyFile: dir ? keyFile(dir) : null });

  backend.services.ads.scheduleSync();
  backend.runner.start();
  const server = serve({ fetch: backend.app.fetch, hostname: opts.host, port: opts.port });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('listening', () => resolve(server.address() as AddressInfo));
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new CliError(`port ${opts.port} on ${opts.host} is in use; pick another with --port`)
          : new CliError(`cannot listen on ${opts.host}:${opts.port}: ${err.message}`),
      ),
    );
  });

  if (!['127.0.0.1', '::1', 'localhost'].includes(opts.host)) {
    process.stderr.write(`adcli serve: listening on ${opts.host}, so other machines can reach this API; keep its keys private.\n`);
  }
  const shownHost = ['0.0.0.0', '::', ''].includes(opts.host) ? '127.0.0.1' : opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const origin = `http://${shownHost}:${address.port}`;
  const baseUrl = `${origin}/api/v1`;
  if (opts.json) {
    process.stdout.write(JSON.stringify({ baseUrl, apiKey: boot.apiKey, workspace: boot.workspace }) + '\n');
  } else {
    const lines = [
      `adcli serve: the API is listening on ${baseUrl}`,
      `  workspace  ${boot.workspace}${boot.created === 'store' ? ' (new)' : ''}`,
      `  API key    ${boot.apiKey}${dir ? `  (kept in ${keyFile(dir)})` : ''}`,
      `  data       ${dir ? dbFile(dir) : 'in memory (gone when the server stops)'}`,
      `  OpenAPI    ${baseUrl}/openapi.json`,
      'Press Ctrl-C to stop.',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    backend.runner.stop();
    server.close(() => {
      store.close();
      process.exit(0);
    });
    // Open keep-alive connections must not hold the process up.
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
