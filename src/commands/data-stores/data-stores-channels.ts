import type { Command } from 'commander';
import type { Responses } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { runList, type ListFlags } from '../../lib/list.ts';
import { count, reach } from '../../lib/numbers.ts';
import { hint, table, type Column } from '../../lib/output.ts';
import { route } from '../../lib/route.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { topicsCell, topicsOfChannels } from '../explore/topics.ts';

/** A channel of a data store; `topics` where the API's record carries them. */
type StoreChannel = Responses['list_data_store_channels']['data'][number] & { topics?: string[] };

/**
 * `data-stores channels ID`: the channels a data store holds, with their topics beside them (as
 * explore search shows them). The data store's channel record has no topics: they come from audience
 * exploration, one look-up a channel; a workspace not invited to it gets the table without them, and
 * a hint saying why. --json prints the API's records unchanged.
 */
export async function channels(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags>(cmd);
  const op = await operation('list_data_store_channels');
  await validateLocally(op.params!, { dataStoreId: id }, 'path');
  const client = await f.apiClient(o);
  await runList<StoreChannel>(
    f.io,
    client,
    route('list_data_store_channels', { dataStoreId: id }).path,
    {},
    o,
    {
      render: async (items) => {
        const carried = items.every((x) => Array.isArray(x.topics));
        const looked = carried
          ? null
          : await topicsOfChannels(
              client,
              items.map((x) => x.channelId),
            );
        const topicsOf = (x: StoreChannel) => x.topics ?? looked?.get(x.channelId);
        const withTopics = carried || looked !== null;
        const head: (string | Column)[] = [
          { header: 'CHANNEL ID', id: true },
          'TITLE',
          { header: 'HANDLE', drop: 1 },
          { header: 'COUNTRY', cut: false, drop: 2 },
          { header: 'SUBSCRIBERS', cut: false, drop: 4, align: 'right' },
          { header: 'VIDEOS', cut: false, align: 'right' },
          ...(withTopics ? [{ header: 'TOPICS', drop: 3 }] : []),
        ];
        table(
          f.io,
          head,
          items.map((x) => [
            x.channelId,
            x.title,
            x.handle,
            x.country,
            reach(f.io, x.subscribers, 'table'),
            count(f.io, x.videoCount),
            ...(withTopics ? [topicsCell(topicsOf(x) ?? [])] : []),
          ]),
        );
        if (!withTopics && f.io.isStdoutTTY())
          hint(
            f.io,
            'No topics: they come from audience exploration, which is invite-only and this workspace (or key) may not use.',
          );
      },
      empty: `Data store ${id} has no channels yet.`,
    },
  );
}
