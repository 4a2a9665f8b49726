import type { Command } from 'commander';
import type { DataStore } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import { askName, bodyFrom } from '../../lib/crud.ts';
import type { Factory } from '../../lib/factory.ts';
import { flagsOf } from '../../lib/flag-words.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { FLAGS, resource } from './data-store-resource.ts';
import { printDataStore } from './print-data-store.ts';
import { failedStore, waitForStore, type WaitFlags } from './wait-for-data-store.ts';

/** `data-stores create [--wait]`. */
export async function create(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags & Record<string, unknown>>(cmd);
  if (!o.wait) return resource.create(f, cmd);
  const body = bodyFrom(o, FLAGS);
  if (body.name === undefined) body.name = await askName(f.prompter, 'Data store');
  await validateLocally((await operation('create_data_store')).body!, body, 'body', flagsOf(FLAGS));
  const client = await f.apiClient(o);
  const created = await client.call<DataStore>('create_data_store', {
    body,
    idempotencyKey: o.idempotencyKey,
  });
  const x = await waitForStore(f, o, client, created);
  printDataStore(f.io, o, x);
  failedStore(x);
}
