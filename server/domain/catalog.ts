import type { YtChannel, YtComment, YtCommentThread, YtVideo } from '../schemas/youtube.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import type { Store } from '../store/port.ts';
import type { StoreVideo } from '../schemas/records.ts';
import { parseJsonArray } from '../lib/json.ts';

/**
 * The local content catalog: channels, videos and comments that data stores draw on. Items of the
 * shared catalog have owner ''; a workspace's imports are its own and win over the shared copy.
 */
export const SHARED = '';

/** A table of the catalog: its rows have an owner (a workspace, or SHARED) and an id. */
export type CatalogTable = 'yt_channels' | 'yt_videos' | 'yt_comments';

/**
 * SQL: `alias`'s row is the copy of item `id` a workspace sees, its own where it has one, else the
 * shared one. `id` and `owner` are SQL (a column, a placeholder such as `?1`).
 */
export function seenCopy(table: CatalogTable, alias: string, id: string, owner: string): string {
  return `${alias}.owner = (SELECT x.owner FROM ${table} x WHERE x.id = ${id} AND x.owner IN (${owner}, '') ORDER BY x.owner DESC LIMIT 1)`;
}

/** The copy of catalog item `id` that workspace `owner` sees: its own, else the shared one. */
export function seenRow<T>(
  store: Pick<Store, 'get'>,
  table: CatalogTable,
  owner: string,
  id: string,
): Promise<T | undefined> {
  return store.get<T>(
    `SELECT * FROM ${table} WHERE id = ? AND owner IN (?, ?) ORDER BY owner DESC LIMIT 1`,
    id,
    owner,
    SHARED,
  );
}

export interface ChannelRow {
  owner: string;
  id: string;
  title: string;
  description: string;
  handle: string;
  image_url: string;
  country: string;
  subscribers: number;
  keywords: string;
  published_at: string | null;
}

export interface VideoRow {
  owner: string;
  id: string;
  channel_id: string;
  title: string;
  description: string;
  tags: string;
  published_at: string | null;
  view_count: number;
  like_count: number;
  comment_count: number;
  duration: string;
}

export interface CommentRow {
  owner: string;
  id: string;
  video_id: string;
  author: string;
  text: string;
  like_count: number;
  published_at: string | null;
}

export class Catalog {
  readonly #d: DomainDeps;
  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  channel(owner: string, id: string): Promise<ChannelRow | undefined> {
    return seenRow<ChannelRow>(this.#d.store, 'yt_channels', owner, id);
  }

  video(owner: string, id: string): Promise<VideoRow | undefined> {
    return seenRow<VideoRow>(this.#d.store, 'yt_videos', owner, id);
  }

  async videosOfChannel(owner: string, channelId: string): Promise<string[]> {
    const rows = await this.#d.store.all<{ id: string }>(
      'SELECT DISTINCT id FROM yt_videos WHERE channel_id = ? AND owner IN (?, ?) ORDER BY id',
      channelId,
      owner,
      SHARED,
    );
    return rows.map((r) => r.id);
  }

  async upsertChannel(owner: string, c: YtChannel): Promise<void> {
    await this.#upsert('yt_channels', owner, c.id, channelColumns(c));
  }

  /** A video whose channel the catalog lacks gets a minimal channel from the video's snippet. */
  async upsertVideo(owner: string, v: YtVideo): Promise<void> {
    const s = v.snippet;
    if (!(await this.channel(owner, s.channelId))) {
      await this.upsertChannel(owner, {
        id: s.channelId,
        snippet: { title: s.channelTitle || s.channelId, description: '' },
      });
    }
    await this.#upsert('yt_videos', owner, v.id, videoColumns(v));
  }

  async upsertComment(owner: string, c: YtComment, videoId: string): Promise<void> {
    await this.#upsert('yt_comments', owner, c.id, commentColumns(c, videoId));
  }

  /** Writes an item's row of the owner's catalog: inserted, or its columns replaced. */
  async #upsert(
    table: CatalogTable,
    owner: string,
    id: string,
    columns: Record<string, string | number | null>,
  ): Promise<void> {
    const names = Object.keys(columns);
    await this.#d.store.run(
      `INSERT INTO ${table} (owner, id, ${names.join(', ')})
       VALUES (?, ?, ${names.map(() => '?').join(', ')})
       ON CONFLICT (owner, id) DO UPDATE SET ${names.map((n) => `${n} = excluded.${n}`).join(', ')}`,
      owner,
      id,
      ...Object.values(columns),
    );
  }

  /** A comment thread holds its top-level comment and replies; all carry the thread's video. */
  static flattenComments(
    items: (YtComment | YtCommentThread)[],
  ): { comment: YtComment; videoId: string | undefined; index: number }[] {
    const out: { comment: YtComment; videoId: string | undefined; index: number }[] = [];
    items.forEach((item, index) => {
      if (item.kind === 'youtube#commentThread') {
        const t = item as YtCommentThread;
        const vid = t.snippet.videoId ?? t.snippet.topLevelComment.snippet.videoId;
        out.push({ comment: t.snippet.topLevelComment, videoId: vid, index });
        for (const r of t.replies?.comments ?? [])
          out.push({ comment: r, videoId: r.snippet.videoId ?? vid, index });
      } else {
        const c = item as YtComment;
        out.push({ comment: c, videoId: c.snippet.videoId, index });
      }
    });
    return out;
  }

  /** Stored comment counts can lag behind imports; this is what the catalog actually holds. */
  async commentsHeld(owner: string, videoId: string): Promise<number> {
    const row = await this.#d.store.get<{ n: number }>(
      'SELECT COUNT(DISTINCT id) AS n FROM yt_comments WHERE video_id = ? AND owner IN (?, ?)',
      videoId,
      owner,
      SHARED,
    );
    return row!.n;
  }
}

/** A row's columns besides its key (owner, id). */
export type CatalogColumns<T> = Omit<T, 'owner' | 'id'>;

/** The columns a youtube#channel resource is stored as: the one mapping, for writes and comparisons. */
export function channelColumns(c: YtChannel): CatalogColumns<ChannelRow> {
  const s = c.snippet;
  return {
    title: s.title,
    description: s.description,
    handle: s.customUrl ? (s.customUrl.startsWith('@') ? s.customUrl : '@' + s.customUrl) : '',
    image_url:
      s.thumbnails?.high?.url ?? s.thumbnails?.medium?.url ?? s.thumbnails?.default?.url ?? '',
    country: s.country ?? '',
    subscribers: c.statistics?.subscriberCount ?? 0,
    keywords: c.brandingSettings?.channel?.keywords ?? '',
    published_at: s.publishedAt ?? null,
  };
}

/** The columns a youtube#video resource is stored as. */
export function videoColumns(v: YtVideo): CatalogColumns<VideoRow> {
  const s = v.snippet;
  return {
    channel_id: s.channelId,
    title: s.title,
    description: s.description,
    tags: JSON.stringify(s.tags),
    published_at: s.publishedAt ?? null,
    view_count: v.statistics?.viewCount ?? 0,
    like_count: v.statistics?.likeCount ?? 0,
    comment_count: v.statistics?.commentCount ?? 0,
    duration: v.contentDetails?.duration ?? 'PT0S',
  };
}

/** The columns a youtube#comment resource is stored as, under the video it belongs to. */
export function commentColumns(c: YtComment, videoId: string): CatalogColumns<CommentRow> {
  const s = c.snippet;
  return {
    video_id: videoId,
    author: s.authorDisplayName,
    text: s.textOriginal ?? s.textDisplay ?? '',
    like_count: s.likeCount ?? 0,
    published_at: s.publishedAt ?? null,
  };
}

/** A catalog video as a data store lists it, with the number of its comments the catalog holds. */
export function storeVideo(v: VideoRow, commentCount: number): StoreVideo {
  return {
    videoId: v.id,
    channelId: v.channel_id,
    title: v.title,
    description: v.description,
    tags: parseJsonArray(v.tags),
    publishedAt: v.published_at ?? null,
    viewCount: v.view_count,
    likeCount: v.like_count,
    commentCount,
    duration: v.duration,
  };
}
