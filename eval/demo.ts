/**
 * The demo workspace's content (server/seed) as the generator reads it, without a backend: the
 * README tour's store (one channel) and the workspace's brands, so the eval can show what the tour's
 * SEARCH campaign gets and what another brand's campaign leaves out.
 */
import { demoContent } from '../server/seed/demo-content.ts';
import { DEMO_BRANDS as SEED_BRANDS } from '../server/seed/demo.ts';
import type {
  Corpus,
  CorpusChannel,
  CorpusComment,
  CorpusVideo,
  KnownBrand,
} from '../server/targeting/types.ts';

/** The README tour's store: the Ridgeline Miles channel. */
export const TOUR_CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT';

/** The demo workspace's brands, as the seed creates them. */
export const DEMO_BRANDS: Record<keyof typeof SEED_BRANDS, KnownBrand> = SEED_BRANDS;

let cached: Corpus | undefined;

/** Every demo channel, video and comment (the shared catalog). */
export function demoCatalog(): Corpus {
  if (cached) return cached;
  const content = demoContent();
  const comments = new Map<string, CorpusComment[]>();
  for (const t of content.commentThreads) {
    const videoId = t.snippet.videoId ?? t.snippet.topLevelComment.snippet.videoId ?? '';
    const all = [t.snippet.topLevelComment, ...(t.replies?.comments ?? [])];
    const list = comments.get(videoId) ?? [];
    for (const c of all)
      list.push({
        id: c.id,
        text: c.snippet.textOriginal ?? c.snippet.textDisplay ?? '',
        likeCount: Number(c.snippet.likeCount ?? 0),
        author: c.snippet.authorDisplayName ?? '',
      });
    comments.set(videoId, list);
  }
  const channels: CorpusChannel[] = content.channels.map((c) => ({
    id: c.id,
    title: c.snippet.title,
    description: c.snippet.description ?? '',
    handle: c.snippet.customUrl ?? '',
    keywords: c.brandingSettings?.channel?.keywords ?? '',
    country: c.snippet.country ?? '',
    subscribers: Number(c.statistics?.subscriberCount ?? 0),
  }));
  const videos: CorpusVideo[] = content.videos.map((v) => ({
    id: String(v.id),
    channelId: v.snippet.channelId,
    title: v.snippet.title,
    description: v.snippet.description ?? '',
    tags: v.snippet.tags ?? [],
    publishedAt: v.snippet.publishedAt ?? null,
    viewCount: Number(v.statistics?.viewCount ?? 0),
    comments: comments.get(String(v.id)) ?? [],
  }));
  return (cached = { channels, videos });
}

/** A store of some demo channels and the rest of the catalog (no comments) as its background. */
export function demoStore(channelIds: readonly string[]): { corpus: Corpus; background: Corpus } {
  const all = demoCatalog();
  const inStore = new Set(channelIds);
  return {
    corpus: {
      channels: all.channels.filter((c) => inStore.has(c.id)),
      videos: all.videos.filter((v) => inStore.has(v.channelId)),
    },
    background: {
      channels: all.channels.filter((c) => !inStore.has(c.id)),
      videos: all.videos
        .filter((v) => !inStore.has(v.channelId))
        .map((v) => ({ ...v, comments: [] })),
    },
  };
}

/** Channel ids of a demo theme (hiking, trail, coffee, travel). */
export function demoTheme(theme: 'hiking' | 'trail' | 'coffee' | 'travel'): string[] {
  return demoContent().themes[theme];
}
