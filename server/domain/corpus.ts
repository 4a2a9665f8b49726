import { parseJsonArray } from '../lib/json.ts';
import type { Corpus, CorpusChannel, CorpusComment, CorpusVideo } from '../targeting/types.ts';
import { seenCopy, type VideoRow as CatalogVideo } from './catalog.ts';
import type { DomainDeps } from '../kernel/deps.ts';

/** How much other catalog content phrases are scored against; enough for stable IDF, bounded cost. */
const BACKGROUND_VIDEOS = 2000;
/** Other channels read for boilerplate shared across channels and for sponsors' vanity links. */
const BACKGROUND_CHANNELS = 500;

/** The columns of a catalog video the generator reads. */
type VideoRow = Pick<
  CatalogVideo,
  'id' | 'channel_id' | 'title' | 'description' | 'tags' | 'published_at' | 'view_count'
>;

/** Reads the content of data stores out of the catalog, as the targeting generator wants it. */
export class CorpusReader {
  readonly #d: DomainDeps;
  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  /** The channels, videos and comments of the given stores; the workspace's own copies win. */
  async forStores(owner: string, dataStoreIds: string[]): Promise<Corpus> {
    const store = this.#d.store;
    const ids = JSON.stringify(dataStoreIds);
    const inStores = `data_store_id IN ${store.dialect.jsonValues('?1')}`;
    const videos = await store.all<VideoRow>(
      `SELECT v.id, v.channel_id, v.title, v.description, v.tags, v.published_at, v.view_count FROM yt_videos v
       WHERE v.id IN (SELECT DISTINCT video_id FROM data_store_videos WHERE ${inStores})
         AND ${seenCopy('yt_videos', 'v', 'v.id', '?2')}
       ORDER BY v.id`,
      ids,
      owner,
    );
    const comments = new Map<string, CorpusComment[]>();
    const seen = new Set<string>();
    for (const c of await store.all<{
      id: string;
      video_id: string;
      text: string;
      like_count: number;
      author: string;
      owner: string;
    }>(
      `SELECT id, video_id, text, like_count, author, owner FROM yt_comments
       WHERE owner IN (?2, '') AND video_id IN (SELECT DISTINCT video_id FROM data_store_videos WHERE ${inStores})
       ORDER BY id, owner DESC`,
      ids,
      owner,
    )) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const list = comments.get(c.video_id) ?? [];
      list.push({ id: c.id, text: c.text, likeCount: c.like_count, author: c.author });
      comments.set(c.video_id, list);
    }
    const channels = await store.all<{
      id: string;
      title: string;
      description: string;
      handle: string;
      keywords: string;
      country: string;
      subscribers: number;
    }>(
      `SELECT c.id, c.title, c.description, c.handle, c.keywords, c.country, c.subscribers FROM yt_channels c
       WHERE c.id IN (SELECT DISTINCT channel_id FROM data_store_channels WHERE ${inStores})
         AND ${seenCopy('yt_channels', 'c', 'c.id', '?2')}
       ORDER BY c.id`,
      ids,
      owner,
    );
    return {
      channels: channels.map((c): CorpusChannel => ({ ...c })),
      videos: videos.map((v) => toVideo(v, comments.get(v.id) ?? [])),
    };
  }

  /**
   * Other catalog content the workspace can see (without comments): for scoring phrases against,
   * and as evidence of boilerplate (a footer under a channel's other videos, a line many channels
   * share, a sponsor's links under other creators' names).
   */
  async background(owner: string, exclude: Corpus): Promise<Corpus> {
    const skip = new Set(exclude.videos.map((v) => v.id));
    const rows = await this.#d.store.all<VideoRow>(
      `SELECT id, channel_id, title, description, tags, published_at, view_count FROM yt_videos
       WHERE owner IN (?, '') ORDER BY id LIMIT ?`,
      owner,
      BACKGROUND_VIDEOS + skip.size,
    );
    const videos: CorpusVideo[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      if (skip.has(r.id) || seen.has(r.id)) continue;
      seen.add(r.id);
      videos.push(toVideo(r, []));
      if (videos.length >= BACKGROUND_VIDEOS) break;
    }
    const skipChannels = new Set(exclude.channels.map((c) => c.id));
    const channels: CorpusChannel[] = [];
    const seenChannels = new Set<string>();
    for (const c of await this.#d.store.all<{
      id: string;
      title: string;
      description: string;
      handle: string;
      keywords: string;
      country: string;
      subscribers: number;
    }>(
      `SELECT id, title, description, handle, keywords, country, subscribers FROM yt_channels
       WHERE owner IN (?, '') ORDER BY id, owner DESC LIMIT ?`,
      owner,
      BACKGROUND_CHANNELS + skipChannels.size,
    )) {
      if (skipChannels.has(c.id) || seenChannels.has(c.id)) continue;
      seenChannels.add(c.id);
      channels.push({ ...c });
      if (channels.length >= BACKGROUND_CHANNELS) break;
    }
    return { channels, videos };
  }
}

function toVideo(v: VideoRow, comments: CorpusComment[]): CorpusVideo {
  return {
    id: v.id,
    channelId: v.channel_id,
    title: v.title,
    description: v.description,
    tags: parseJsonArray(v.tags),
    publishedAt: v.published_at,
    viewCount: v.view_count,
    comments,
  };
}
