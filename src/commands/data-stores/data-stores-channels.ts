import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { runList, type ListFlags } from '../../lib/list.ts';
import { table } from '../../lib/output.ts';
import { route } from '../../lib/route.ts';
import { operation, validateLocally } from '../../lib/validate.ts';

/** `data-stores channels ID`: the channels a data store holds. */
export async function channels(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags>(cmd);
  const op = await operation('list_data_store_channels');
  await validateLocally(op.params!, { dataStoreId: id }, 'path');
  const client = await f.apiClient(o);
  await runList<any>(
    f.io,
    client,
    route('list_data_store_channels', { dataStoreId: id }).path,
    {},
    o,
    {
      render: (items) =>
        table(
          f.io,
          [
            { header: 'CHANNEL ID', cut: false },
            'TITLE',
            { header: 'HANDLE', drop: 3 },
            { header: 'COUNTRY', cut: false, drop: 1 },
            { header: 'SUBSCRIBERS', cut: false, drop: 2, align: 'right' },
            { header: 'VIDEOS', cut: false, align: 'right' },
          ],
          items.map((x) => [
            x.channelId,
            x.title,
            x.handle,
            x.country,
            x.subscribers,
            x.videoCount,
          ]),
        ),
      empty: `Data store ${id} has no channels yet.`,
    },
  );
}
