import { ApiError } from '../../../server/app/errors.ts';
import { withOperator, type KeyRecord, type Operator } from '../../../server/app/operator.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { printJson, say, table } from '../../lib/output.ts';
import { storeFailure, storeSpec, type StoreFlags } from '../../lib/serve-store.ts';

interface DataOpt extends StoreFlags {
  json?: boolean;
}

/**
 * Operator commands act on the store directly: the data dir's file (SQLite's locking makes that safe
 * beside a running server) or, with --database or ADCLI_DATABASE_URL, the database the replicas share.
 */
export async function withStore<T>(
  f: Factory,
  opts: DataOpt,
  fn: (op: Operator) => Promise<T>,
  ads?: Parameters<typeof withOperator>[2],
): Promise<T> {
  try {
    return await withOperator(storeSpec(f, opts), fn, ads);
  } catch (e) {
    if (e instanceof ApiError)
      throw new CliError(e.message, e.status === 400 ? EXIT.usage : EXIT.refused);
    throw storeFailure(e);
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
  const created = await withStore(f, opts, (op) =>
    op.createKey({
      workspace: opts.workspace,
      name: opts.name ?? '',
      scopes: list(opts.scopes) ?? [],
      customerIds: list(opts.customerIds),
      campaignIds: list(opts.campaignIds),
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
  const keys = await withStore(f, opts, (op) => op.listKeys());
  if (opts.json) {
    printJson(f.io, keys);
    return;
  }
  table(
    f.io,
    [
      { header: 'ID', id: true },
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
  const rec = await withStore(f, opts, (op) => op.revokeKey(id));
  if (opts.json) printJson(f.io, rec);
  else say(f.io, `Revoked key ${rec.id} (${rec.hint}) of workspace ${rec.workspace}.`);
}
