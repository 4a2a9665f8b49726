import type { YtChannel, YtComment, YtCommentThread, YtVideo } from '../schemas/youtube.ts';
import type { DomainDeps } from '../kernel/deps.ts';

/**
 * The local content catalog: channels, videos and comments that data stores draw on. Items of the
 * shared catalog have owner ''; a workspace's imports are its own and win over the shared copy.
 */
export const SHARED = '';

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
    return this.#d.store.get<ChannelRow>(
      'SELECT * FROM yt_channels WHERE id = ? AND owner IN (?, ?) ORDER BY owner DESC LIMIT 1',
      id,
      owner,
      SHARED,
    );
  }

  video(owner: string, id: string): Promise<VideoRow | undefined> {
    return this.#d.store.get<VideoRow>(
      'SELECT * FROM yt_videos WHERE id = ? AND owner IN (?, ?) ORDER BY owner DESC LIMIT 1',
      id,
      owner,
      SHARED,
    );
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
    const s = c.snippet;
    const handle = s.customUrl
      ? s.customUrl.startsWith('@')
        ? s.customUrl
        : '@' + s.customUrl
      : '';
    const image =
      s.thumbnails?.high?.url ?? s.thumbnails?.medium?.url ?? s.thumbnails?.default?.url ?? '';
    await this.#d.store.run(
      `INSERT INTO yt_channels (owner, id, title, description, handle, image_url, country, subscribers, keywords, published_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (owner, id) DO UPDATE SET title = excluded.title, description = excluded.description,
         handle = excluded.handle, image_url = excluded.image_url, country = excluded.country,
         subscribers = excluded.subscribers, keywords = excluded.keywords, published_at = excluded.published_at`,
      owner,
      c.id,
      s.title,
      s.description,
      handle,
      image,
      s.country ?? '',
      c.statistics?.subscriberCount ?? 0,
      c.brandingSettings?.channel?.keywords ?? '',
      s.publishedAt ?? null,
    );
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
    await this.#d.store.run(
      `INSERT INTO yt_videos (owner, id, channel_id, title, description, tags, published_at, view_count, like_count, comment_count, duration)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (owner, id) DO UPDATE SET channel_id = excluded.channel_id, title = excluded.title,
         description = excluded.description, tags = excluded.tags, published_at = excluded.published_at,
         view_count = excluded.view_count, like_count = excluded.like_count,
         comment_count = excluded.comment_count, duration = excluded.duration`,
      owner,
      v.id,
      s.channelId,
      s.title,
      s.description,
      JSON.stringify(s.tags),
      s.publishedAt ?? null,
      v.statistics?.viewCount ?? 0,
      v.statistics?.likeCount ?? 0,
      v.statistics?.commentCount ?? 0,
      v.contentDetails?.duration ?? 'PT0S',
    );
  }

  async upsertComment(owner: string, c: YtComment, videoId: string): Promise<void> {
    const s = c.snippet;
    await this.#d.store.run(
      `INSERT INTO yt_comments (owner, id, video_id, author, text, like_count, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (owner, id) DO UPDATE SET video_id = excluded.video_id, author = excluded.author,
         text = excluded.text, like_count = excluded.like_count, published_at = excluded.published_at`,
      owner,
      c.id,
      videoId,
      s.authorDisplayName,
      s.textOriginal ?? s.textDisplay ?? '',
      s.likeCount ?? 0,
      s.publishedAt ?? null,
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
