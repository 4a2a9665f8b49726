import type { Command } from 'commander';
import type { ExplorationChannel, Responses } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { runList, type ListFlags } from '../../lib/list.ts';
import { bold, fields, line, lines, printJson, table, type Column } from '../../lib/output.ts';
import { count, reach } from '../../lib/numbers.ts';
import { route } from '../../lib/route.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { topicsCell, topicText as topic } from './topics.ts';

type Channel = ExplorationChannel;
type Video = Responses['list_exploration_channel_videos']['data'][number];

async function checkChannel(opName: string, channelId: string): Promise<void> {
  await validateLocally((await operation(opName)).params!, { channelId }, 'path');
}

export async function channel(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  await checkChannel('get_exploration_channel', id);
  const client = await f.apiClient(o);
  const x = await client.call<Channel>('get_exploration_channel', { params: { channelId: id } });
  if (o.json) return printJson(io, x);
  fields(io, [
    ['Channel', x.channelId],
    ['Title', bold(x.title)],
    ['Handle', x.handle],
    ['Subscribers', reach(io, x.subscribers, 'detail')],
    ['Country', x.country],
    ['Topics', lines(...x.topics.map(topic))],
    ['Content themes', x.contentThemes.join(', ')],
    ['Image', x.imageUrl],
  ]);
  if (!x.recentTitles.length) return;
  if (io.isStdoutTTY()) {
    line(io);
    line(io, bold('Recent videos'));
    for (const t of x.recentTitles) line(io, '  • ', t);
  } else {
    table(
      io,
      [],
      x.recentTitles.map((t) => ['Recent video', t]),
    );
  }
}

const channelRow = (io: IOStreams, x: Channel) => [
  x.channelId,
  x.title,
  x.handle,
  reach(io, x.subscribers, 'table'),
  x.country,
  topicsCell(x.topics),
];
const CHANNEL_HEAD: (string | Column)[] = [
  { header: 'CHANNEL', id: true },
  'TITLE',
  { header: 'HANDLE', drop: 3 },
  { header: 'SUBSCRIBERS', cut: false, align: 'right' },
  { header: 'COUNTRY', cut: false, drop: 2 },
  { header: 'TOPICS', drop: 1 },
];

export async function search(f: Factory, query: string, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags>(cmd);
  const io = f.io;
  await validateLocally(
    (await operation('search_exploration_channels')).query!,
    { query, limit: o.limit },
    'query',
  );
  const client = await f.apiClient(o);
  await runList<Channel>(io, client, route('search_exploration_channels').path, { query }, o, {
    render: (items) =>
      table(
        io,
        CHANNEL_HEAD,
        items.map((x) => channelRow(io, x)),
      ),
    empty: `No channel matches "${query}".`,
  });
}

/** PT1H2M3S → 1:02:03 */
function duration(iso: string): string {
  const m = /^P(?:\d+D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!m) return iso;
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  return h
    ? `${h}:${String(min).padStart(2, '0')}:${String(s).padStart(2, '0')}`
    : `${min}:${String(s).padStart(2, '0')}`;
}

export async function videos(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags>(cmd);
  const io = f.io;
  await checkChannel('list_exploration_channel_videos', id);
  const client = await f.apiClient(o);
  await runList<Video>(
    io,
    client,
    route('list_exploration_channel_videos', { channelId: id }).path,
    {},
    o,
    {
      render: (items) =>
        table(
          io,
          [
            { header: 'VIDEO', id: true },
            'TITLE',
            { header: 'PUBLISHED', cut: false, drop: 4 },
            { header: 'VIEWS', cut: false, align: 'right' },
            { header: 'LIKES', cut: false, drop: 3, align: 'right' },
            { header: 'COMMENTS', cut: false, drop: 2, align: 'right' },
            { header: 'LENGTH', cut: false, drop: 1, align: 'right' },
          ],
          items.map((v) => [
            v.videoId,
            v.title,
            v.publishedAt?.slice(0, 10),
            reach(io, v.viewCount, 'table'),
            reach(io, v.likeCount, 'table'),
            count(io, v.commentCount),
            io.isStdoutTTY() ? duration(v.duration) : v.duration,
          ]),
        ),
      empty: `No videos of channel ${id} in the content catalog.`,
    },
  );
}

export async function similar(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ limit?: number }>(cmd);
  const io = f.io;
  const op = await operation('list_similar_channels');
  await validateLocally(op.params!, { channelId: id }, 'path');
  const client = await f.apiClient(o);
  const r = await client.call<{
    data: (Channel & { similarity: number; sharedTopics: string[] })[];
  }>('list_similar_channels', {
    params: { channelId: id },
    query: { limit: o.limit },
  });
  if (o.json) return printJson(io, r.data);
  table(
    io,
    [
      { header: 'CHANNEL', id: true },
      'TITLE',
      { header: 'HANDLE', drop: 2 },
      { header: 'SIMILARITY', cut: false, align: 'right' },
      { header: 'SUBSCRIBERS', cut: false, drop: 3, align: 'right' },
      { header: 'SHARED TOPICS', drop: 1 },
    ],
    r.data.map((x) => [
      x.channelId,
      x.title,
      x.handle,
      x.similarity.toFixed(2),
      reach(io, x.subscribers, 'table'),
      x.sharedTopics.map(topic).join('; '),
    ]),
    { empty: `No channel is like ${id}.` },
  );
}
