import { forbidden, notFound } from '../lib/errors.ts';
import { parseJsonArray } from '../lib/json.ts';
import type * as textAnalysis from '../targeting/text.ts';
import type { StoreVideo } from '../schemas/records.ts';
import type { Actor } from './actor.ts';
import {
  seenCopy,
  seenRow,
  SHARED,
  storeVideo,
  type ChannelRow,
  type VideoRow,
} from './catalog.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { decodeCursor, encodeCursor } from './paging.ts';
import { compareMatches, loadStemmer, matchChannel, queryStems } from './channel-search.ts';

export interface ExplorationChannel {
  channelId: string;
  title: string;
  handle: string;
  imageUrl: string;
  subscribers: number;
  country: string;
  topics: string[];
  contentThemes: string[];
  recentTitles: string[];
}

const RECENT_TITLES = 10;
const THEMES = 8;
const TOPICS = 6;
/** how much other content a channel's themes are scored against */
const BACKGROUND_VIDEOS = 600;
/**
 * The least similarity of a similar channel. Channels that share no topic and few words score about
 * 0.03 or less (every channel talks of videos, gear and the like); a shared topic or a real overlap
 * of what the videos are about gives 0.1 and more.
 */
export const MIN_SIMILARITY = 0.05;

type Text = typeof textAnalysis;
let text: Promise<Text> | undefined;
/** The targeting generator's text analysis, loaded by the first exploration (never by a start). */
const loadText = (): Promise<Text> => (text ??= import('../targeting/text.ts'));

/**
 * Audience exploration (invite-only): what a channel of the content catalog makes, its topics in our
 * taxonomy, its recurring themes, its latest videos, and the channels most like it.
 */
export class Exploration {
  readonly #d: DomainDeps;
  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  #assertInvited(actor: Actor): void {
    if (!actor.exploration) {
      throw forbidden(
        'audience exploration is invite-only, and this workspace has not been invited',
      );
    }
  }

  async #channelRow(owner: string, id: string): Promise<ChannelRow> {
    const row = await seenRow<ChannelRow>(this.#d.store, 'yt_channels', owner, id);
    if (!row) throw notFound(`no channel ${id} in the content catalog`);
    return row;
  }

  /** A channel's videos, newest first; the workspace's own copies win over the shared ones. */
  #videos(owner: string, channelId: string): Promise<VideoRow[]> {
    return this.#d.store.all<VideoRow>(
      `SELECT v.* FROM yt_videos v WHERE v.channel_id = ?1 AND v.owner IN (?2, '')
         AND ${seenCopy('yt_videos', 'v', 'v.id', '?2')}
       ORDER BY v.published_at DESC NULLS LAST, v.id`,
      channelId,
      owner,
    );
  }

  async #allChannels(owner: string): Promise<ChannelRow[]> {
    const rows = await this.#d.store.all<ChannelRow>(
      'SELECT * FROM yt_channels WHERE owner IN (?, ?) ORDER BY id, owner DESC',
      owner,
      SHARED,
    );
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
  }

  async #profile(
    t: Text,
    owner: string,
    row: ChannelRow,
    background: string[] | null,
  ): Promise<ExplorationChannel> {
    const videos = await this.#videos(owner, row.id);
    const docs = videoDocs(t, videos);
    return {
      channelId: row.id,
      title: row.title,
      handle: row.handle,
      imageUrl: row.image_url,
      subscribers: row.subscribers,
      country: row.country,
      topics: topicsOf(t, row, docs),
      contentThemes: background ? t.topPhrases(docs, background, THEMES) : [],
      recentTitles: videos.slice(0, RECENT_TITLES).map((v) => v.title),
    };
  }

  async #background(owner: string, exceptChannel: string): Promise<string[]> {
    const rows = await this.#d.store.all<{ title: string; tags: string; description: string }>(
      `SELECT title, tags, description FROM yt_videos WHERE owner IN (?, '') AND channel_id != ? ORDER BY id LIMIT ?`,
      owner,
      exceptChannel,
      BACKGROUND_VIDEOS,
    );
    return rows.map((v) => `${v.title}. ${parseJsonArray(v.tags).join(', ')}. ${v.description}`);
  }

  async channel(actor: Actor, channelId: string): Promise<ExplorationChannel> {
    this.#assertInvited(actor);
    const t = await loadText();
    return this.#d.store.read(async () => {
      const row = await this.#channelRow(actor.workspaceId, channelId);
      return this.#profile(
        t,
        actor.workspaceId,
        row,
        await this.#background(actor.workspaceId, channelId),
      );
    });
  }

  /**
   * Channels whose title, handle, topics, keywords or description hold any word of the query, as
   * stems, best first (channel-search.ts).
   */
  async search(actor: Actor, q: { query: string; limit: number; cursor?: string | undefined }) {
    this.#assertInvited(actor);
    const offset = q.cursor === undefined ? 0 : decodeCursor(q.cursor);
    const [stem, t] = await Promise.all([loadStemmer(), loadText()]);
    const stems = await queryStems(q.query, stem);
    return this.#d.store.read(async () => {
      const owner = actor.workspaceId;
      const scored = [];
      for (const c of await this.#allChannels(owner)) {
        const topics = topicsOf(t, c, videoDocs(t, await this.#videos(owner, c.id)));
        const match = matchChannel(stems, { ...c, topics }, stem);
        if (match.matched > 0) scored.push({ c, match });
      }
      scored.sort(
        (a, b) =>
          compareMatches(a.match, b.match) ||
          b.c.subscribers - a.c.subscribers ||
          (a.c.id < b.c.id ? -1 : 1),
      );
      const data: ExplorationChannel[] = [];
      for (const r of scored.slice(offset, offset + q.limit))
        data.push(await this.#profile(t, owner, r.c, await this.#background(owner, r.c.id)));
      return {
        data,
        nextCursor: offset + q.limit < scored.length ? encodeCursor(offset + q.limit) : null,
      };
    });
  }

  async videos(actor: Actor, channelId: string, q: { limit: number; cursor?: string | undefined }) {
    this.#assertInvited(actor);
    const offset = q.cursor === undefined ? 0 : decodeCursor(q.cursor);
    return this.#d.store.read(async () => {
      await this.#channelRow(actor.workspaceId, channelId);
      const all = await this.#videos(actor.workspaceId, channelId);
      const data: StoreVideo[] = [];
      for (const v of all.slice(offset, offset + q.limit)) {
        const comments = await this.#d.store.get<{ n: number }>(
          "SELECT COUNT(DISTINCT id) AS n FROM yt_comments WHERE video_id = ? AND owner IN (?, '')",
          v.id,
          actor.workspaceId,
        );
        data.push(storeVideo(v, comments!.n));
      }
      return {
        data,
        nextCursor: offset + q.limit < all.length ? encodeCursor(offset + q.limit) : null,
      };
    });
  }

  /**
   * Channels most like this one: shared taxonomy topics (weighted 0.6) and overlap of the words
   * their videos are about (0.4), both as Jaccard indexes; only those at MIN_SIMILARITY or above.
   */
  async similar(actor: Actor, channelId: string, q: { limit: number }) {
    this.#assertInvited(actor);
    const t = await loadText();
    return this.#d.store.read(async () => {
      const owner = actor.workspaceId;
      const target = await this.#channelRow(owner, channelId);
      const features = async (row: ChannelRow) => {
        const p = await this.#profile(t, owner, row, null);
        const words = t.contentKeys(
          (await this.#videos(owner, row.id))
            .map((v) => `${v.title} ${parseJsonArray(v.tags).join(' ')}`)
            .join('\n'),
        );
        return { p, topics: new Set(p.topics), words };
      };
      const me = await features(target);
      const candidates: { row: ChannelRow; similarity: number; sharedTopics: string[] }[] = [];
      for (const c of await this.#allChannels(owner)) {
        if (c.id === channelId) continue;
        const f = await features(c);
        const sharedTopics = [...me.topics].filter((t) => f.topics.has(t)).sort();
        const similarity = 0.6 * jaccard(me.topics, f.topics) + 0.4 * jaccard(me.words, f.words);
        candidates.push({ row: c, similarity: Math.round(similarity * 1000) / 1000, sharedTopics });
      }
      const scored = candidates
        .filter((s) => s.similarity >= MIN_SIMILARITY)
        .sort((a, b) => b.similarity - a.similarity || (a.row.id < b.row.id ? -1 : 1))
        .slice(0, q.limit);
      const data = [];
      for (const s of scored) {
        data.push({
          ...(await this.#profile(t, owner, s.row, await this.#background(owner, s.row.id))),
          similarity: s.similarity,
          sharedTopics: s.sharedTopics,
        });
      }
      return { data };
    });
  }
}

/**
 * One document per video: title, tags and description. A description line that appears verbatim
 * under more than one of the channel's videos (the creator's footer of links and disclaimers) is
 * boilerplate, not what a video is about: it is left out, so it never becomes a content theme or a
 * topic.
 */
function videoDocs(t: Text, videos: readonly VideoRow[]): string[] {
  const lineKeys = (text: string) =>
    text.split(/\r?\n/).map((line) => ({ line, key: t.dedupeKey(line) }));
  const seenIn = new Map<string, number>();
  for (const v of videos) {
    for (const key of new Set(lineKeys(v.description).map((l) => l.key))) {
      if (key.length >= 16) seenIn.set(key, (seenIn.get(key) ?? 0) + 1);
    }
  }
  return videos.map((v) => {
    const lines = lineKeys(v.description).filter((l) => (seenIn.get(l.key) ?? 0) < 2);
    return `${v.title}. ${parseJsonArray(v.tags).join(', ')}. ${lines.map((l) => l.line).join('\n')}`;
  });
}

/** A channel's taxonomy topics, from its own text and its first 50 videos. */
function topicsOf(t: Text, row: ChannelRow, docs: readonly string[]): string[] {
  const text = [row.title, row.description, row.keywords, ...docs.slice(0, 50)].join('\n');
  return t.matchTaxonomy(text, { kinds: ['topic'], limit: TOPICS }).map((m) => m.path);
}

function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}
