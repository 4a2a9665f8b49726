/**
 * Data stores as a saved resource (src/lib/crud.ts): list, get, create, update and delete; get and
 * create with --wait are data-stores-get.ts and data-stores-create.ts.
 */
import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import { crud, when } from '../../lib/crud.ts';
import { count } from '../../lib/numbers.ts';
import { notice, statusText } from '../../lib/output.ts';
import { bodyFieldsOf } from '../../lib/resource-flags.ts';
import { showDataStore } from './print-data-store.ts';

/** Flag name → API field, from the declaration (server/schemas/data-store.ts). */
export const FLAGS = bodyFieldsOf(RESOURCE_FLAGS.data_store);

export const resource = crud({
  noun: 'data store',
  command: 'data-stores',
  idParam: 'dataStoreId',
  flags: FLAGS,
  show: (io, x) => showDataStore(io, x),
  head: [
    { header: 'ID', id: true },
    'NAME',
    { header: 'STATUS', cut: false },
    { header: 'SCOPE', cut: false, drop: 4 },
    { header: 'CHANNELS', cut: false, drop: 3, align: 'right' },
    { header: 'VIDEOS', cut: false, drop: 2, align: 'right' },
    { header: 'UPDATED', cut: false, drop: 1 },
  ],
  row: (io, x) => [
    x.id,
    x.name,
    statusText(x.status),
    x.scope,
    count(io, x.channelCount),
    count(io, x.videoCount),
    when(x.updatedAt),
  ],
  listQuery: (o) => ({ includeLibrary: o.includeLibrary ? 'true' : undefined }),
  afterCreate: (io, o, r) => {
    if (r.status === 'collecting' && !o.json)
      notice(
        io,
        `Collecting in the background; adcli data-stores get ${r.id} --wait waits until it is ready.`,
      );
  },
});
export const { list, update, remove } = resource;
