import { createServices } from '../../server/domain/services.ts';
import type { KeyRecord } from '../../server/domain/keys.ts';
import { ApiError } from '../../server/lib/errors.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { CliError, EXIT } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import { printJson, say, table } from '../lib/output.ts';
import { openServeStore, storeSpec, type StoreFlags } from '../lib/serve-store.ts';

interface DataOpt extends StoreFlags {
  json?: boolean;
}

/**
 * Key commands open the store directly: the data dir's file (SQLite's locking makes that safe beside
 * a running server) or, with --database or ADCLI_DATABASE_URL, the database the replicas share.
 */
export async function withServices<T>(
  f: Factory,
  opts: DataOpt,
  fn: (s: ReturnType<typeof createServices>) => Promise<T>,
): Promise<T> {
  const store = await openServeStore(storeSpec(f, opts), { maxConnections: 2 });
  try {
    return await fn(createServices({ store, clock: systemClock }));
  } catch (e) {
    if (e instanceof ApiError)
      throw new CliError(e.message, e.status === 400 ? EXIT.usage : EXIT.refused);
    throw e;
  } finally {
    await store.close();
  }
}

const list = (s: string | undefined) =>
  s
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean) ?? null;

export async function createKey(
  f: Factory,
  opts: DataOpt & {
    workspace: string;
    scopes: string;
    customerIds?: string;
    campaignIds?: string;
    name?: string;
  },
): Promise<void> {
  const io = f.io;
  const created = await withServices(f, opts, (s) =>
    s.deps.store.write(async () => {
      const ws = await s.workspaces.ensure(opts.workspace);
      return s.keys.create(ws.id, {
        name: opts.name ?? '',
        scopes: list(opts.scopes) ?? [],
        customerIds: list(opts.customerIds),
        campaignIds: list(opts.campaignIds),
      });
    }),
  );
  if (opts.json) {
    printJson(io, { ...created.record, key: created.key });
    return;
  }
  io.stdout.write(`${created.key}\n`);
  say(
    io,
    `Created key ${created.record.id} for workspace ${created.record.workspace} (${created.record.scopes.join(', ')}).\n` +
      'This is the only time the key is shown; store it somewhere safe.',
  );
}

export async function listKeys(f: Factory, opts: DataOpt): Promise<void> {
  const keys = await withServices(f, opts, (s) => s.keys.list());
  if (opts.json) {
    printJson(f.io, keys);
    return;
  }
  table(
    f.io,
    [
      { header: 'ID', cut: false },
      'WORKSPACE',
      'NAME',
      { header: 'KEY', cut: false },
      'SCOPES',
      { header: 'LIMITED TO', drop: 3 },
      { header: 'CREATED', cut: false, drop: 1 },
      { header: 'REVOKED', cut: false, drop: 2 },
    ],
    keys.map((k: KeyRecord) => [
      k.id,
      k.workspace,
      k.name,
      k.hint,
      k.scopes.join(','),
      [
        ...(k.customerIds ?? []).map((c) => `account ${c}`),
        ...(k.campaignIds ?? []).map((c) => `campaign ${c}`),
      ].join(',') || '-',
      k.createdAt,
      k.revokedAt ?? '-',
    ]),
    { empty: 'No API keys yet: adcli serve keys create makes one.' },
  );
}

export async function revokeKey(f: Factory, id: string, opts: DataOpt): Promise<void> {
  const rec = await withServices(f, opts, (s) => s.deps.store.write(() => s.keys.revoke(id)));
  if (opts.json) printJson(f.io, rec);
  else say(f.io, `Revoked key ${rec.id} (${rec.hint}) of workspace ${rec.workspace}.`);
}
