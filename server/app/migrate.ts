/**
 * `adcli serve migrate`'s door: brings a store's schema to this adcli's, saying each step, and
 * nothing else (no server, no workers, no first key). On Postgres the migrations hold the database's
 * migration lock, so replicas starting meanwhile wait for it, then find the schema current.
 */
import type { StoreSpec } from '../store/open.ts';
import type { MigrationEvent, Store } from '../store/port.ts';
import { checkStoreFile } from '../store/sqlite/files.ts';

export interface MigrateResult {
  /** the schema the store had, and has now */
  from: number;
  to: number;
  /** the store as a person may see it: a file, or a database without its password */
  label: string;
}

/**
 * Migrates the store `spec` names, telling `step` where the schema stands and each migration as it
 * is applied. A store that cannot be used (DatabaseOpenError, StoreFileError) is thrown as it is,
 * a newer schema included: an older adcli never touches it.
 */
export async function migrateStore(
  spec: StoreSpec,
  opts: { keyFile: string | null; step: (event: MigrationEvent) => void },
): Promise<MigrateResult> {
  if (spec.kind === 'sqlite') checkStoreFile(spec.path, opts.keyFile);
  let from = 0;
  let to = 0;
  const onMigrate = (event: MigrationEvent) => {
    if (event.type === 'found') ({ current: from, target: to } = event);
    opts.step(event);
  };
  // each adapter on demand, as openStore loads them
  let store: Store;
  if (spec.kind === 'sqlite') {
    const { SqliteStore } = await import('../store/sqlite/store.ts');
    store = new SqliteStore(spec.path, { onMigrate });
  } else {
    const { PostgresStore } = await import('../store/postgres/store.ts');
    store = await PostgresStore.open(spec.url, { max: 1, onMigrate });
  }
  await store.close();
  return { from, to, label: store.label };
}
