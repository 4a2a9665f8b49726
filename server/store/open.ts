/**
 * Which store a process of `adcli serve` uses, as plain data a worker thread can be given
 * (workerData): the SQLite file of a data dir, or a Postgres database shared by replicas. Both
 * adapters are imported on demand, so whoever opens SQLite never loads `pg`, and the CLI's start-up
 * loads neither.
 */
import type { Store } from './port.ts';

export type StoreSpec =
  | { kind: 'sqlite'; path: string }
  /** `url` holds the password, if any: never put it in argv, an environment or a message (use `label`) */
  | {
      kind: 'postgres';
      url: string;
      /** connections of the pool of a process that opens it without saying (adcli serve's HTTP thread); default 10 */
      poolSize?: number;
    };

export interface OpenStoreOptions {
  /** Postgres connections in this process's pool (default the spec's poolSize, else the adapter's 10) */
  maxConnections?: number;
}

/**
 * Opens the store a spec names. SQLite: a StoreFileError when the file cannot be used. Postgres: a
 * DatabaseOpenError (its `kind` says why) when the database cannot be used; migrations run first.
 * Both errors are in errors.ts.
 */
export async function openStore(spec: StoreSpec, opts: OpenStoreOptions = {}): Promise<Store> {
  if (spec.kind === 'sqlite') {
    const { SqliteStore } = await import('./sqlite/store.ts');
    return new SqliteStore(spec.path);
  }
  const { PostgresStore } = await import('./postgres/store.ts');
  const max = opts.maxConnections ?? spec.poolSize;
  return PostgresStore.open(spec.url, max === undefined ? {} : { max });
}
