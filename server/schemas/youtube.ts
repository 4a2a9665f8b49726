import { z } from 'zod';
import { channelId, videoId } from './common.ts';

/**
 * Import shapes: the YouTube Data API v3 resources (channel, video, commentThread/comment), so a
 * real API export can be posted as it is. Unknown fields of those resources are accepted and
 * ignored (real exports carry etag, kind, localizations, ...); the fields we use are checked.
 */
const count = z
  .union([z.number().int().min(0), z.string().regex(/^\d{1,15}$/)])
  .transform(Number)
  .meta({ description: 'a count; the Data API sends these as decimal strings' });

const thumbnails = z.looseObject({
  default: z.looseObject({ url: z.string().max(2000) }).optional(),
  medium: z.looseObject({ url: z.string().max(2000) }).optional(),
  high: z.looseObject({ url: z.string().max(2000) }).optional(),
});

export const ytChannel = z.looseObject({
  kind: z.literal('youtube#channel').optional(),
  id: channelId,
  snippet: z.looseObject({
    title: z.string().min(1).max(200),
    description: z.string().max(5000).default(''),
    customUrl: z.string().max(100).optional(),
    publishedAt: z.string().max(40).optional(),
    thumbnails: thumbnails.optional(),
    country: z.string().max(10).optional(),
  }),
  statistics: z
    .looseObject({
      subscriberCount: count.optional(),
      videoCount: count.optional(),
      viewCount: count.optional(),
    })
    .optional(),
  brandingSettings: z
    .looseObject({
      channel: z.looseObject({ keywords: z.string().max(1000).optional() }).optional(),
    })
    .optional(),
});

export const ytVideo = z.looseObject({
  kind: z.literal('youtube#video').optional(),
  id: z
    .union([videoId, z.looseObject({ videoId })])
    .transform((v) => (typeof v === 'string' ? v : v.videoId)),
  snippet: z.looseObject({
    channelId,
    channelTitle: z.string().max(200).optional(),
    title: z.string().min(1).max(200),
    description: z.string().max(5000).default(''),
    tags: z.array(z.string().max(500)).max(500).default([]),
    publishedAt: z.string().max(40).optional(),
  }),
  statistics: z
    .looseObject({
      viewCount: count.optional(),
      likeCount: count.optional(),
      commentCount: count.optional(),
    })
    .optional(),
  contentDetails: z.looseObject({ duration: z.string().max(40).optional() }).optional(),
});

const commentSnippet = z.looseObject({
  videoId: videoId.optional(),
  textOriginal: z.string().max(10000).optional(),
  textDisplay: z.string().max(10000).optional(),
  authorDisplayName: z.string().max(200).default(''),
  likeCount: count.optional(),
  publishedAt: z.string().max(40).optional(),
});

export const ytComment = z.looseObject({
  kind: z.literal('youtube#comment').optional(),
  id: z.string().min(1).max(100),
  snippet: commentSnippet,
});

export const ytCommentThread = z.looseObject({
  kind: z.literal('youtube#commentThread'),
  id: z.string().min(1).max(100),
  snippet: z.looseObject({ videoId: videoId.optional(), topLevelComment: ytComment }),
  replies: z.looseObject({ comments: z.array(ytComment).max(100) }).optional(),
});

export const importLimits = { channels: 100, videos: 1000, comments: 5000 } as const;

/** `snippet.videoId` given, in JSON Schema. */
const HAS_VIDEO_ID = {
  type: 'object',
  properties: {
    snippet: { type: 'object', required: ['videoId'], properties: { videoId: { type: 'string' } } },
  },
};

/**
 * What the import checks beyond the shapes (data-stores.ts), for the OpenAPI document: a comment
 * names its video, a thread in its snippet or its top-level comment's.
 */
const commentNamesItsVideo = { allOf: [HAS_VIDEO_ID] };
const threadNamesItsVideo = {
  anyOf: [
    HAS_VIDEO_ID,
    {
      type: 'object',
      properties: { snippet: { type: 'object', properties: { topLevelComment: HAS_VIDEO_ID } } },
    },
  ],
};

export const importBody = z
  .strictObject({
    channels: z
      .array(ytChannel)
      .max(importLimits.channels)
      .optional()
      .meta({ description: 'youtube#channel resources' }),
    videos: z
      .array(ytVideo)
      .max(importLimits.videos)
      .optional()
      .meta({ description: 'youtube#video resources' }),
    comments: z
      .array(
        z.union([
          ytCommentThread.meta({ openapi: threadNamesItsVideo }),
          ytComment.meta({ openapi: commentNamesItsVideo }),
        ]),
      )
      .max(importLimits.comments)
      .optional()
      .meta({
        description: 'youtube#commentThread or youtube#comment resources',
        openapi: {
          description:
            "youtube#commentThread or youtube#comment resources. Each names its video (a comment's snippet.videoId; a thread's snippet.videoId or its top-level comment's), and that video must be in the workspace's catalog (imported before) or in this request's videos; otherwise the import is refused (400).",
        },
      }),
  })
  .refine(
    (b) => (b.channels?.length ?? 0) + (b.videos?.length ?? 0) + (b.comments?.length ?? 0) > 0,
    {
      message: 'give at least one of channels, videos or comments',
    },
  )
  // at least one item in all
  .meta({
    openapi: {
      anyOf: (['channels', 'videos', 'comments'] as const).map((k) => ({
        type: 'object',
        required: [k],
        properties: { [k]: { type: 'array', minItems: 1 } },
      })),
      description:
        'At least one channel, video or comment. Nested objects count toward the body limits: at most 1 MB, 64 levels deep.',
    },
  });

export type YtChannel = z.output<typeof ytChannel>;
export type YtVideo = z.output<typeof ytVideo>;
export type YtComment = z.output<typeof ytComment>;
export type YtCommentThread = z.output<typeof ytCommentThread>;
export type ImportBody = z.output<typeof importBody>;
