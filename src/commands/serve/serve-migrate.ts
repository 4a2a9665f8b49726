import { migrateStore } from '../../../server/app/migrate.ts';
import type { Factory } from '../../lib/factory.ts';
import { printJson } from '../../lib/output.ts';
import { keyFile } from '../../lib/paths.ts';
import { storeFailure, storeSpec, type StoreFlags } from '../../lib/serve-store.ts';

/**
 * `adcli serve migrate`: brings the store (the data dir's file, or the database of --database or
 * ADCLI_DATABASE_URL) to this adcli's schema, one line per step on stderr, then exits. The way to
 * upgrade replicas: migrate first, then roll them (docs/postgres.md).
 */
export async function migrate(f: Factory, opts: StoreFlags & { json?: boolean }): Promise<void> {
  const io = f.io;
  const spec = storeSpec(f, opts);
  const say = (line: string) => io.stderr.write(`adcli serve migrate: ${line}\n`);
  let result;
  try {
    result = await migrateStore(spec, {
      keyFile: spec.kind === 'sqlite' ? keyFile(f.dataDir(opts.data)) : null,
      step: (e) => {
        if (e.type === 'found')
          say(
            e.current === e.target
              ? `schema ${e.current}, this adcli's: nothing to migrate`
              : `${e.current === 0 ? 'a new store' : `schema ${e.current}`}; migrating to ${e.target}`,
          );
        else say(`applied migration ${e.version} of ${e.target} (${Math.round(e.ms)} ms)`);
      },
    });
  } catch (e) {
    throw storeFailure(e);
  }
  const applied = result.to - result.from;
  if (opts.json) {
    printJson(io, { store: result.label, from: result.from, to: result.to, applied });
    return;
  }
  io.stdout.write(
    applied === 0
      ? `${result.label} is at schema ${result.to}, this adcli's\n`
      : `${result.label} migrated from schema ${result.from} to ${result.to} (${applied} migration${applied === 1 ? '' : 's'})\n`,
  );
}
