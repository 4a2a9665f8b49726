import type { Command } from 'commander';
import type { DataStore } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { resource } from './data-store-resource.ts';
import { printDataStore } from './print-data-store.ts';
import { failedStore, waitForStore, type WaitFlags } from './wait-for-data-store.ts';

/** `data-stores get ID [--wait]`. */
export async function get(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags>(cmd);
  if (!o.wait) return resource.get(f, id, cmd);
  await validateLocally((await operation('get_data_store')).params!, { dataStoreId: id }, 'path');
  const client = await f.apiClient(o);
  const x = await waitForStore(
    f,
    o,
    client,
    await client.call<DataStore>('get_data_store', { params: { dataStoreId: id } }),
  );
  printDataStore(f.io, o, x);
  failedStore(x);
}
