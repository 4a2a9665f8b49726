import type { ApiClient } from '../../lib/client.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { follow } from '../../lib/wait.ts';
import type { DataStore } from '../../generated/responses.ts';
import { storeError } from './print-data-store.ts';

export type WaitFlags = { wait?: boolean; waitTimeout: number; json?: boolean };

/**
 * `--wait` on a data store: polls it while it is collecting (the shared --wait: spinner or progress
 * lines, exit 8 on timeout, 130 on Ctrl-C). Answers the settled store; one that ended in error is
 * the caller's to print before `failedStore` ends the command with exit 10.
 */
export async function waitForStore(
  f: Factory,
  o: WaitFlags,
  client: ApiClient,
  store: DataStore,
): Promise<DataStore> {
  const id = store.id;
  return follow<DataStore>(f, {
    client,
    initial: store,
    poll: (signal) =>
      client.call<DataStore>('get_data_store', { params: { dataStoreId: id }, signal }),
    settled: (x) => x.status !== 'collecting',
    // while collection retries (YouTube unreachable, a quota spent) the store says why: shown, not only `collecting`
    spinnerText: (x) =>
      x.status === 'collecting' && x.error
        ? `Data store ${id}: ${storeError(x)}`
        : `Collecting data store ${id}: ${x.status}`,
    describe: (x) =>
      `data store ${id} ${x.status}${x.status === 'collecting' && x.error ? `: ${storeError(x)}` : ''}`,
    timeoutMs: o.waitTimeout,
    json: o.json,
    job: 'the collection',
    still: 'still collecting',
    resume: `See it with adcli data-stores get ${id}, or keep waiting with adcli data-stores get ${id} --wait`,
  });
}

/** Exit 10 for a store whose collection ended in error, with the store's own message. */
export function failedStore(x: DataStore): void {
  if (x.status !== 'error') return;
  throw new CliError(
    `data store ${x.id} ended in error: ${storeError(x) || 'no reason given'}`,
    EXIT.jobFailed,
  );
}
