/**
 * The store of `adcli serve` and of its operator commands (`serve keys …`, `serve ads …`): the
 * SQLite file in the data dir, or with `--database URL` (else ADCLI_DATABASE_URL) a Postgres
 * database shared by replicas. A database that cannot be used is one line without its password,
 * with the exit code of the README's table.
 */
import { DatabaseOpenError, StoreFileError } from '../../server/app/errors.ts';
import type { StoreSpec } from '../../server/app/operator.ts';
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
 * A store that cannot be used, as a CliError: a file's problem exits 1; a database's by its kind, a
 * malformed URL a usage error (2), a refused login auth (4), no answer unavailable (5), and a
 * database that is missing, may not be given the tables, or has a newer schema 1. Anything else
 * is returned as it is.
 */
export function storeFailure(e: unknown): unknown {
  if (e instanceof StoreFileError) return new CliError(e.message, EXIT.unexpected);
  if (e instanceof DatabaseOpenError) return new CliError(e.message, DATABASE_EXIT[e.kind]);
  return e;
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
