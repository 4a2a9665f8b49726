import { mulberry32 } from '../lib/random.ts';
import {
  AUTHORS,
  AGREE,
  BOILERPLATE,
  FOLLOW,
  OPENERS,
  POOLS,
  SAME,
  SPAM,
} from './demo-content/comments.ts';
import { COFFEE } from './demo-content/coffee.ts';
import { HIKING } from './demo-content/hiking.ts';
import { TRAIL } from './demo-content/trail.ts';
import { TRAVEL } from './demo-content/travel.ts';
import type {
  ChannelDef,
  ChannelResource,
  CommentThreadResource,
  DemoContent,
  DemoTheme,
  ThemePool,
  VideoDef,
  VideoResource,
} from './demo-content/types.ts';
import { DEMO_THEMES } from './demo-content/types.ts';

/**
 * Demo content for `adcli serve --seed demo`: channels, videos and comment threads in the shapes of
 * the YouTube Data API v3, written by us. Every creator, product and shop is invented; websites use
 * the reserved `.example` domain so no real business is named. Link shorteners and social links are
 * real hosts on purpose: filters of later features need something realistic to filter.
 *
 * Channels and videos are written out by hand. Comments are partly hand-written per video and partly
 * drawn from per-theme sentence pools with a seeded PRNG, so the result is the same on every machine.
 */

export { DEMO_THEMES };
export type { ChannelResource, CommentThreadResource, DemoContent, DemoTheme, VideoResource };

const CATEGORY: Record<DemoTheme, string> = {
  hiking: '19',
  trail: '17',
  coffee: '26',
  travel: '19',
};

/** The channels in the order they were written: hiking, trail, coffee, travel. */
const CHANNELS: ChannelDef[] = [...HIKING, ...TRAIL, ...COFFEE, ...TRAVEL];

// ---------------------------------------------------------------- deterministic helpers

/** FNV-1a, so each video seeds its own generator and editing one video leaves the others alone. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomChars(rng: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ID_CHARS[Math.floor(rng() * 64)];
  return s;
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** Takes an item not used yet (falls back to any item once all are used). */
function pickFresh(rng: () => number, items: readonly string[], used: Set<string>): string {
  const free = items.filter((i) => !used.has(i));
  const choice = pick(rng, free.length ? free : items);
  used.add(choice);
  return choice;
}

/** Data API timestamps carry whole seconds. */
function isoAfter(start: string, ms: number): string {
  return new Date(Date.parse(start) + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** textDisplay is HTML in the Data API; textOriginal is the plain text. */
function htmlEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const HOUR = 3_600_000;

// ---------------------------------------------------------------- builders

interface Draft {
  text: string;
  author: string;
  genuine: boolean;
  /** Drawn from the theme pool: a viewer's own experience, so "same here" fits. */
  pooled?: boolean;
  /** Another viewer's answer, when the comment asks a pooled question. */
  answer?: string;
}

function commentResource(
  id: string,
  channel: ChannelDef,
  video: VideoDef,
  d: Draft,
  at: string,
  likes: number,
  parentId?: string,
) {
  return {
    kind: 'youtube#comment' as const,
    id,
    snippet: {
      channelId: channel.id,
      videoId: video.id,
      textDisplay: htmlEscape(d.text),
      textOriginal: d.text,
      authorDisplayName: d.author,
      ...(parentId ? { parentId } : {}),
      canRate: true,
      viewerRating: 'none',
      likeCount: likes,
      publishedAt: at,
      updatedAt: at,
    },
  };
}

/** A pooled comment: a remark, a question, or a remark followed by a question. */
function pooledDraft(
  rng: () => number,
  pool: ThemePool,
  usedBodies: Set<string>,
  usedQuestions: Set<string>,
  author: string,
): Draft {
  const roll = rng();
  const opener = rng() < 0.3 ? `${pick(rng, OPENERS)} ` : '';
  if (roll < 0.35) {
    const free = pool.questions.filter((x) => !usedQuestions.has(x.q));
    if (free.length) {
      const { q, a } = pick(rng, free);
      usedQuestions.add(q);
      const text =
        roll < 0.2 ? `${opener}${q}` : `${opener}${pickFresh(rng, pool.bodies, usedBodies)} ${q}`;
      return { text, author, genuine: true, pooled: true, answer: a };
    }
  }
  return {
    text: `${opener}${pickFresh(rng, pool.bodies, usedBodies)}`,
    author,
    genuine: true,
    pooled: true,
  };
}

/** Replies that fit the comment: the creator thanks or answers, viewers agree, answer or ask along. */
function replyDrafts(rng: () => number, channel: ChannelDef, pool: ThemePool, d: Draft): Draft[] {
  const creator = `@${channel.handle}`;
  const inThread = new Set([d.author]);
  const viewer = () => pickFresh(rng, AUTHORS, inThread);
  const out: Draft[] = [];
  if (d.text.trimEnd().endsWith('?')) {
    if (rng() < 0.7) out.push({ text: pick(rng, channel.answers), author: creator, genuine: true });
    if (d.answer) out.push({ text: d.answer, author: viewer(), genuine: true });
    else if (out.length === 0 || rng() < 0.3)
      out.push({ text: pick(rng, FOLLOW), author: viewer(), genuine: true });
    return out;
  }
  if (rng() < 0.5) out.push({ text: pick(rng, channel.thanks), author: creator, genuine: true });
  const agree = d.pooled ? [...AGREE, ...SAME, ...pool.agree] : AGREE;
  const used = new Set<string>();
  const n = 1 + Math.floor(rng() * 2);
  for (let r = 0; r < n; r++)
    out.push({ text: pickFresh(rng, agree, used), author: viewer(), genuine: true });
  return out;
}

/** 5 to 15 threads per video: the video's own comments, pooled ones, and now and then noise. */
function threadsFor(channel: ChannelDef, video: VideoDef): CommentThreadResource[] {
  const rng = mulberry32(hash32(`comments:${video.id}`));
  const pool = POOLS[channel.theme];
  const target = 5 + Math.floor(rng() * 11);
  const usedAuthors = new Set<string>();
  const author = () => pickFresh(rng, AUTHORS, usedAuthors);

  const drafts: Draft[] = video.comments
    .slice(0, target)
    .map((text) => ({ text, author: author(), genuine: true }));
  if (rng() < 0.45) drafts.push({ text: pick(rng, BOILERPLATE), author: author(), genuine: false });
  if (rng() < 0.3) {
    const s = pick(rng, SPAM);
    drafts.push({ text: s.text, author: s.author, genuine: false });
  }
  const usedBodies = new Set<string>();
  const usedQuestions = new Set<string>();
  while (drafts.length < target)
    drafts.push(pooledDraft(rng, pool, usedBodies, usedQuestions, author()));
  // Shuffle so noise is not always at the end (Fisher-Yates on the seeded generator).
  for (let i = drafts.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [drafts[i], drafts[j]] = [drafts[j]!, drafts[i]!];
  }

  const likeScale = Math.max(3, Math.round(video.views / 2500));
  return drafts.map((d) => {
    const id = `Ugx${randomChars(rng, 17)}4AaABAg`;
    // Most comments arrive in the first days; a few trickle in over two months.
    const at = isoAfter(
      video.at,
      Math.floor(rng() * rng() * 60 * 24) * HOUR + Math.floor(rng() * HOUR),
    );
    const likes = d.genuine ? Math.floor(rng() ** 3 * likeScale) : Math.floor(rng() * 2);
    const replies: ReturnType<typeof commentResource>[] = [];
    if (d.genuine && rng() < (d.text.endsWith('?') ? 0.6 : 0.3)) {
      let last = at;
      for (const reply of replyDrafts(rng, channel, pool, d)) {
        last = isoAfter(last, (1 + Math.floor(rng() * 48)) * HOUR + Math.floor(rng() * HOUR));
        const replyLikes =
          reply.author === `@${channel.handle}`
            ? 2 + Math.floor(rng() * 40)
            : Math.floor(rng() ** 2 * 12);
        replies.push(
          commentResource(
            `${id}.${randomChars(rng, 22)}`,
            channel,
            video,
            reply,
            last,
            replyLikes,
            id,
          ),
        );
      }
    }
    return {
      kind: 'youtube#commentThread' as const,
      id,
      snippet: {
        channelId: channel.id,
        videoId: video.id,
        topLevelComment: commentResource(id, channel, video, d, at, likes),
        canReply: true,
        totalReplyCount: replies.length,
        isPublic: true,
      },
      ...(replies.length ? { replies: { comments: replies } } : {}),
    };
  });
}

function thumbnails(path: string) {
  return {
    default: { url: `https://img.adcli-demo.example/${path}/default.jpg`, width: 88, height: 88 },
    medium: { url: `https://img.adcli-demo.example/${path}/medium.jpg`, width: 240, height: 240 },
    high: { url: `https://img.adcli-demo.example/${path}/high.jpg`, width: 800, height: 800 },
  };
}

/** Builds the whole demo content; the same output on every call and every machine. */
export function demoContent(): DemoContent {
  const channels: ChannelResource[] = [];
  const videos: VideoResource[] = [];
  const commentThreads: CommentThreadResource[] = [];
  const themes: Record<DemoTheme, string[]> = { hiking: [], trail: [], coffee: [], travel: [] };

  for (const c of CHANNELS) {
    themes[c.theme].push(c.id);
    const viewTotal = c.videos.reduce((n, v) => n + v.views, 0);
    channels.push({
      kind: 'youtube#channel',
      id: c.id,
      snippet: {
        title: c.title,
        description: c.description,
        customUrl: `@${c.handle}`,
        publishedAt: c.since,
        thumbnails: thumbnails(`channels/${c.handle}`),
        country: c.country,
      },
      statistics: {
        // The catalog holds a channel's recent videos only; the channel has made many more.
        viewCount: String(Math.round((viewTotal * c.videoCount) / c.videos.length / 3)),
        subscriberCount: String(c.subscribers),
        hiddenSubscriberCount: false,
        videoCount: String(c.videoCount),
      },
      brandingSettings: {
        channel: {
          title: c.title,
          description: c.description,
          keywords: c.keywords,
          country: c.country,
        },
      },
    });
    for (const v of c.videos) {
      const threads = threadsFor(c, v);
      const held = threads.reduce((n, t) => n + 1 + (t.replies?.comments.length ?? 0), 0);
      const rates = mulberry32(hash32(`stats:${v.id}`));
      videos.push({
        kind: 'youtube#video',
        id: v.id,
        snippet: {
          publishedAt: v.at,
          channelId: c.id,
          channelTitle: c.title,
          title: v.title,
          description: `${v.description}\n\n${c.footer}`,
          tags: v.tags,
          categoryId: CATEGORY[c.theme],
          defaultAudioLanguage: 'en',
          thumbnails: thumbnails(`videos/${v.id}`),
        },
        statistics: {
          viewCount: String(v.views),
          likeCount: String(Math.round(v.views * (0.025 + rates() * 0.025))),
          favoriteCount: '0',
          // Real videos have more comments than a sample holds; never fewer.
          commentCount: String(Math.max(held, Math.round(v.views * (0.0015 + rates() * 0.002)))),
        },
        contentDetails: { duration: v.duration, definition: 'hd', caption: 'false' },
      });
      commentThreads.push(...threads);
    }
  }
  return { channels, videos, commentThreads, themes };
}
