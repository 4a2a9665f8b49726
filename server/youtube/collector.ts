/**
 * Collecting channels and videos from the YouTube Data API v3, within the server's daily quota (and
 * the workspace's, where one is set).
 *
 * What it asks, and what that costs (every call below is 1 unit; YouTube charges list calls by
 * the call, not by the `part`s or the items):
 *
 * - `channels.list`, up to 50 ids a call: ⌈C/50⌉ units for C channels;
 * - per channel, `playlistItems.list` on its uploads playlist for its N most recent videos
 *   (N = videosPerChannel, 50 a page): ⌈N/50⌉ pages when they come full, and never more than the
 *   page cap P = ⌈N/50⌉ + 1 (one short page allowed; an answer that keeps sending a next page
 *   without the videos ends the collection in an error naming the cap); `videos.list` for them:
 *   ⌈N/50⌉; and one `commentThreads.list` per video (up to commentsPerVideo ≤ 100 top-level
 *   comments): N;
 * - single videos: `videos.list`, up to 50 ids a call: ⌈V/50⌉; one `commentThreads.list` each: V.
 *
 * So a store of C unknown channels and V unknown videos needs at most
 * ⌈C/50⌉ + C·(P + ⌈N/50⌉ + N) + ⌈V/50⌉ + V units (`collectionUnits`); with the defaults (N = 25,
 * P = 2) that is ⌈C/50⌉ + 28·C + ⌈V/50⌉ + V: a channel ≈ 28 units, a single video ≈ 1. Channels
 * with fewer uploads cost less (27 when the first page holds them); the bound is what is reserved,
 * so every page is paid for before it is asked for.
 *
 * Each step (a `channels.list` call, one channel with its videos and comments, or up to 50 single
 * videos with their comments) first reserves its bound from the QuotaLedger, makes its calls, gives
 * back what it did not use, and hands its resources to `save` (one transaction of the caller's): a
 * collection stopped by the quota, an error or the caller resumes at the first step not saved.
 * Every resource is checked with the import's schemas (server/schemas/youtube.ts), so what is saved
 * is exactly what an import of the same API answers would store; one the import would refuse is left
 * out and counted.
 */
import {
  ytChannel,
  ytCommentThread,
  ytVideo,
  type YtChannel,
  type YtCommentThread,
  type YtVideo,
} from '../schemas/youtube.ts';
import { YouTubeApiError, type YouTubeApi } from './port.ts';
import type { QuotaLedger, SpentQuota } from './quota.ts';

export interface CollectBounds {
  /** the most recent uploads collected per channel (default 25) */
  videosPerChannel: number;
  /** top-level comment threads per video, one call (1 to 100; default 100) */
  commentsPerVideo: number;
}

export const DEFAULT_BOUNDS: CollectBounds = { videosPerChannel: 25, commentsPerVideo: 100 };

const PER_CALL = 50;
const pages = (n: number) => Math.ceil(n / PER_CALL);

/**
 * The most `playlistItems.list` pages asked for one channel: the pages its videosPerChannel fill at
 * 50 a page, and one more for a page that comes short (2 with the default 25).
 */
export function pageCap(b: CollectBounds): number {
  return pages(b.videosPerChannel) + 1;
}

/** The units one channel needs at most: its uploads' pages to the cap, their videos, a comments call each. */
export function channelUnits(b: CollectBounds): number {
  return pageCap(b) + pages(b.videosPerChannel) + b.videosPerChannel;
}

/** The units a collection of `channels` channels and `videos` single videos needs at most. */
export function collectionUnits(channels: number, videos: number, b: CollectBounds): number {
  return pages(channels) + channels * channelUnits(b) + pages(videos) + videos;
}

/**
 * What YouTube said was not there, skipped without failing the collection (for the store to say):
 * videos whose comments are off (403 commentsDisabled), videos not found when their comments were
 * asked for (404 videoNotFound), channels without an uploads playlist (404 playlistNotFound); and
 * videos collected without a view count or a duration (hidden by their owners, live or not yet
 * processed), which the contract's numbers can only hold as 0 and PT0S.
 */
export interface Skipped {
  commentsOff: string[];
  videoNotFound: string[];
  noUploads: string[];
  noFigures: string[];
}

export const noneSkipped = (): Skipped => ({
  commentsOff: [],
  videoNotFound: [],
  noUploads: [],
  noFigures: [],
});

/** A video resource without the view count or the duration the store would show as 0 and PT0S. */
function lacksFigures(raw: unknown): boolean {
  const r = raw as {
    statistics?: { viewCount?: unknown };
    contentDetails?: { duration?: unknown };
  };
  return r.statistics?.viewCount === undefined || r.contentDetails?.duration === undefined;
}

/** What one step saves: one channel with its videos and their comment threads, or single videos with theirs. */
export interface CollectedBatch {
  channels: YtChannel[];
  videos: YtVideo[];
  comments: YtCommentThread[];
  /** what the step skipped, saved with it */
  skipped: Skipped;
}

export interface CollectHooks {
  /** stores a step's resources (the caller's transaction); the step counts as done once it returns */
  save(batch: CollectedBatch): Promise<void>;
  /** asked before each step: false stops here (the job's lease is gone, or the run has used its time) */
  keepGoing(): Promise<boolean>;
}

export type CollectOutcome =
  /** every source was asked for: `notFound` are ids YouTube did not return (deleted, private, mistyped) */
  | { kind: 'done'; notFound: string[]; leftOut: number; saved: number }
  /** keepGoing said stop: run again for the rest */
  | { kind: 'stopped'; saved: number }
  /** today's quota (the server's, or the workspace's) cannot hold the next step: about `needed` more units are wanted */
  | { kind: 'quota'; of: SpentQuota; needed: number; saved: number }
  /** one step needs more units than a whole day's quota (the workspace's) holds: it can never run */
  | { kind: 'too_small'; step: number }
  /** the API failed (`error.kind` says whether later may work) */
  | { kind: 'failed'; error: YouTubeApiError; saved: number };

export class YouTubeCollector {
  readonly #api: YouTubeApi;
  readonly #quota: QuotaLedger;
  readonly bounds: CollectBounds;

  constructor(api: YouTubeApi, quota: QuotaLedger, bounds: Partial<CollectBounds> = {}) {
    this.#api = api;
    this.#quota = quota;
    this.bounds = {
      videosPerChannel: bounds.videosPerChannel ?? DEFAULT_BOUNDS.videosPerChannel,
      commentsPerVideo: Math.min(100, bounds.commentsPerVideo ?? DEFAULT_BOUNDS.commentsPerVideo),
    };
    if (this.bounds.videosPerChannel < 1 || this.bounds.commentsPerVideo < 1)
      throw new Error('collection bounds are at least 1');
  }

  get quota(): QuotaLedger {
    return this.#quota;
  }

  /** Collects a workspace's channels (with their recent videos and comments) and single videos. */
  async collect(
    sources: { workspaceId: string; channelIds: readonly string[]; videoIds: readonly string[] },
    hooks: CollectHooks,
  ): Promise<CollectOutcome> {
    const notFound: string[] = [];
    let leftOut = 0;
    let saved = 0;
    // channels still to collect, and single videos still to collect, for the units still needed
    let channelsLeft = sources.channelIds.length;
    let videosLeft = sources.videoIds.length;
    const needed = () => collectionUnits(channelsLeft, videosLeft, this.bounds);

    const step = async <T>(
      units: number,
      run: (spend: () => void) => Promise<T>,
    ): Promise<
      { ok: true; value: T } | { ok: false; outcome: CollectOutcome } // the outcome to end with
    > => {
      if (units > this.#quota.stepLimit)
        return { ok: false, outcome: { kind: 'too_small', step: units } };
      const reservation = await this.#quota.reserve(sources.workspaceId, units);
      if (typeof reservation === 'string')
        return { ok: false, outcome: { kind: 'quota', of: reservation, needed: needed(), saved } };
      let spent = 0;
      try {
        const value = await run(() => {
          // every call is paid for by the step's reservation, made before it
          if (spent >= units)
            throw new Error(`a collection step made more than the ${units} calls it reserved`);
          spent++;
        });
        await this.#quota.release(reservation, units - spent);
        return { ok: true, value };
      } catch (e) {
        if (e instanceof YouTubeApiError && e.kind === 'quota') {
          // Google says the project's quota is spent: nothing more today, whatever is left here
          await this.#quota.spendAll();
        } else {
          await this.#quota.release(reservation, units - spent);
        }
        if (!(e instanceof YouTubeApiError)) throw e;
        return { ok: false, outcome: { kind: 'failed', error: e, saved } };
      }
    };

    for (const chunk of chunks(sources.channelIds, PER_CALL)) {
      if (!(await hooks.keepGoing())) return { kind: 'stopped', saved };
      const listed = await step(1, async (spend) => {
        spend();
        return (await this.#api.listChannels(chunk)).items;
      });
      if (!listed.ok) return listed.outcome;
      const found = new Map<string, YtChannel>();
      for (const item of listed.value) {
        const channel = ytChannel.safeParse(item);
        if (!channel.success) {
          leftOut++;
          continue;
        }
        if (chunk.includes(channel.data.id)) found.set(channel.data.id, channel.data);
      }
      for (const id of chunk) {
        const channel = found.get(id);
        if (!channel) {
          notFound.push(id);
          channelsLeft--;
          continue;
        }
        if (!(await hooks.keepGoing())) return { kind: 'stopped', saved };
        const collected = await step(channelUnits(this.bounds), (spend) =>
          this.#channel(channel, item(listed.value, id), spend),
        );
        if (!collected.ok) return collected.outcome;
        leftOut += collected.value.leftOut;
        await hooks.save(collected.value.batch);
        saved++;
        channelsLeft--;
      }
    }

    for (const chunk of chunks(sources.videoIds, PER_CALL)) {
      if (!(await hooks.keepGoing())) return { kind: 'stopped', saved };
      const collected = await step(1 + chunk.length, async (spend) => {
        spend();
        const skipped = noneSkipped();
        const { videos, leftOut: refused } = this.#videos(
          (await this.#api.listVideos(chunk)).items,
          chunk,
          skipped,
        );
        const comments = await this.#comments(videos, spend, skipped);
        return {
          videos,
          comments: comments.threads,
          leftOut: refused + comments.leftOut,
          skipped,
        };
      });
      if (!collected.ok) return collected.outcome;
      const { videos, comments, skipped } = collected.value;
      leftOut += collected.value.leftOut;
      for (const id of chunk) if (!videos.some((v) => v.id === id)) notFound.push(id);
      await hooks.save({ channels: [], videos, comments, skipped });
      saved++;
      videosLeft -= chunk.length;
    }
    return { kind: 'done', notFound, leftOut, saved };
  }

  /** One channel: its most recent uploads, their videos and their comment threads. */
  async #channel(
    channel: YtChannel,
    raw: unknown,
    spend: () => void,
  ): Promise<{ batch: CollectedBatch; leftOut: number }> {
    const want = this.bounds.videosPerChannel;
    const cap = pageCap(this.bounds);
    const ids: string[] = [];
    const skipped = noneSkipped();
    let pageToken: string | undefined;
    let asked = 0;
    do {
      if (asked === cap)
        throw new YouTubeApiError(
          'refused',
          200,
          '',
          `YouTube playlistItems.list kept sending a next page for channel ${channel.id}: stopped at the cap of ${cap} pages (${ids.length} of its ${want} most recent videos found)`,
        );
      asked++;
      spend();
      let page;
      try {
        page = await this.#api.listPlaylistItems(uploadsOf(channel.id, raw), {
          maxResults: Math.min(PER_CALL, want - ids.length),
          pageToken,
        });
      } catch (e) {
        // a channel without uploads has no uploads playlist: said, not failed
        if (e instanceof YouTubeApiError && e.kind === 'not_found') {
          skipped.noUploads.push(channel.id);
          break;
        }
        throw e;
      }
      for (const it of page.items) {
        const id = (it as { contentDetails?: { videoId?: unknown } }).contentDetails?.videoId;
        if (typeof id === 'string' && VIDEO_ID.test(id) && !ids.includes(id) && ids.length < want)
          ids.push(id);
      }
      pageToken = page.nextPageToken;
    } while (pageToken && ids.length < want);

    const videos: YtVideo[] = [];
    let leftOut = 0;
    for (const chunk of chunks(ids, PER_CALL)) {
      spend();
      const got = this.#videos((await this.#api.listVideos(chunk)).items, chunk, skipped);
      videos.push(...got.videos.filter((v) => v.snippet.channelId === channel.id));
      leftOut += got.leftOut;
    }
    const comments = await this.#comments(videos, spend, skipped);
    return {
      batch: { channels: [channel], videos, comments: comments.threads, skipped },
      leftOut: leftOut + comments.leftOut,
    };
  }

  /** The videos of a videos.list answer that were asked for, as the import reads them. */
  #videos(
    items: unknown[],
    asked: readonly string[],
    skipped: Skipped,
  ): { videos: YtVideo[]; leftOut: number } {
    const videos: YtVideo[] = [];
    let leftOut = 0;
    for (const it of items) {
      const v = ytVideo.safeParse(it);
      if (!v.success) leftOut++;
      else if (asked.includes(v.data.id) && !videos.some((x) => x.id === v.data.id)) {
        videos.push(v.data);
        if (lacksFigures(it)) skipped.noFigures.push(v.data.id);
      }
    }
    return { videos, leftOut };
  }

  /** One commentThreads.list call per video; a video whose comments are off (or gone) has none, noted in `skipped`. */
  async #comments(
    videos: readonly YtVideo[],
    spend: () => void,
    skipped: Skipped,
  ): Promise<{ threads: YtCommentThread[]; leftOut: number }> {
    const threads: YtCommentThread[] = [];
    let leftOut = 0;
    for (const video of videos) {
      spend();
      let items: unknown[];
      try {
        items = (
          await this.#api.listCommentThreads(video.id, {
            maxResults: this.bounds.commentsPerVideo,
          })
        ).items;
      } catch (e) {
        if (e instanceof YouTubeApiError && e.kind === 'comments_disabled') {
          skipped.commentsOff.push(video.id);
          continue;
        }
        if (e instanceof YouTubeApiError && e.kind === 'not_found') {
          skipped.videoNotFound.push(video.id);
          continue;
        }
        throw e;
      }
      for (const it of items.slice(0, this.bounds.commentsPerVideo)) {
        const t = ytCommentThread.safeParse(withVideo(it, video.id));
        if (t.success) threads.push(t.data);
        else leftOut++;
      }
    }
    return { threads, leftOut };
  }
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The raw channels.list item of an id (its contentDetails are not part of the import's shape). */
function item(items: unknown[], id: string): unknown {
  return items.find((it) => (it as { id?: unknown }).id === id);
}

/** The channel's uploads playlist: contentDetails.relatedPlaylists.uploads, else UU + the id's tail. */
function uploadsOf(channelId: string, raw: unknown): string {
  const uploads = (raw as { contentDetails?: { relatedPlaylists?: { uploads?: unknown } } })
    ?.contentDetails?.relatedPlaylists?.uploads;
  return typeof uploads === 'string' && uploads ? uploads : `UU${channelId.slice(2)}`;
}

/** A thread names its video (the import asks it to): the video it was listed for, when it does not say. */
function withVideo(item: unknown, videoId: string): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const t = item as { snippet?: Record<string, unknown> };
  if (typeof t.snippet !== 'object' || t.snippet === null || t.snippet.videoId) return item;
  return { ...t, snippet: { ...t.snippet, videoId } };
}
