/**
 * The store of `adcli serve` and of its operator commands (`serve keys …`, `serve ads …`): the
 * SQLite file in the data dir, or with `--database URL` (else ADCLI_DATABASE_URL) a Postgres
 * database shared by replicas. A database that cannot be used is one line without its password,
 * with the exit code of the README's table.
 */
import type { Store } from '../../server/store/port.ts';
import type { StoreSpec } from '../../server/store/open.ts';
import { CliError, EXIT } from './errors.ts';
import type { Factory } from './factory.ts';
import { dbFile } from './paths.ts';

export interface StoreFlags {
  data?: string;
  database?: string;
}

/** The Postgres URL the flag or the environment gives (the flag wins), or undefined. */
export function databaseUrl(f: Factory, flag: string | undefined): string | undefined {
  if (flag !== undefined) return flag;
  const env = f.env.ADCLI_DATABASE_URL;
  return env ? env : undefined;
}

export function storeSpec(f: Factory, opts: StoreFlags): StoreSpec {
  const url = databaseUrl(f, opts.database);
  return url !== undefined
    ? { kind: 'postgres', url }
    : { kind: 'sqlite', path: dbFile(f.dataDir(opts.data)) };
}

/**
 * Opens the store; a Postgres database that cannot be used becomes a CliError: a malformed URL is
 * a usage error (2), a refused login auth (4), no answer unavailable (5), and a database that is
 * missing, may not be given the tables, or has a newer schema 1.
 */
export async function openServeStore(
  spec: StoreSpec,
  opts: { maxConnections?: number } = {},
): Promise<Store> {
  const { openStore } = await import('../../server/store/open.ts');
  try {
    return await openStore(spec, opts);
  } catch (e) {
    if (spec.kind === 'postgres') {
      const { DatabaseOpenError } = await import('../../server/store/pg-errors.ts');
      if (e instanceof DatabaseOpenError) throw new CliError(e.message, DATABASE_EXIT[e.kind]);
    }
    throw e;
  }
}

const DATABASE_EXIT = {
  url: EXIT.usage,
  auth: EXIT.auth,
  unreachable: EXIT.unavailable,
  missing: EXIT.unexpected,
  permission: EXIT.unexpected,
  schema: EXIT.unexpected,
  other: EXIT.unexpected,
} as const;
