import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { runList, type ListFlags } from '../../lib/list.ts';
import { table } from '../../lib/output.ts';
import { count, reach } from '../../lib/numbers.ts';
import { route } from '../../lib/route.ts';
import { operation, validateLocally } from '../../lib/validate.ts';

/** `data-stores videos ID [--channel ID]`: the videos a data store holds. */
export async function videos(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags & { channel?: string }>(cmd);
  const op = await operation('list_data_store_videos');
  await validateLocally(op.params!, { dataStoreId: id }, 'path');
  await validateLocally(op.query!, { channelId: o.channel, limit: o.limit }, 'query');
  const client = await f.apiClient(o);
  await runList<any>(
    f.io,
    client,
    route('list_data_store_videos', { dataStoreId: id }).path,
    { channelId: o.channel },
    o,
    {
      render: (items) =>
        table(
          f.io,
          [
            { header: 'VIDEO ID', id: true },
            { header: 'CHANNEL ID', id: true, drop: 2 },
            'TITLE',
            { header: 'PUBLISHED', cut: false, drop: 5 },
            { header: 'VIEWS', cut: false, align: 'right' },
            { header: 'LIKES', cut: false, drop: 4, align: 'right' },
            { header: 'COMMENTS', cut: false, drop: 3, align: 'right' },
            { header: 'DURATION', cut: false, drop: 1 },
          ],
          items.map((x) => [
            x.videoId,
            x.channelId,
            x.title,
            x.publishedAt?.slice(0, 10),
            reach(f.io, x.viewCount, 'table'),
            reach(f.io, x.likeCount, 'table'),
            count(f.io, x.commentCount),
            x.duration,
          ]),
        ),
      empty: o.channel
        ? `No videos of channel ${o.channel} in data store ${id}.`
        : `Data store ${id} has no videos yet.`,
    },
  );
}
