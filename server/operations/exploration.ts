import { z } from 'zod';
import { channelId, listQuery, page, queryInt } from '../schemas/common.ts';
import { storeVideo } from '../schemas/records.ts';
import { MIN_SIMILARITY } from '../domain/exploration.ts';
import { defineOperation, readOnly } from './operation.ts';
import { videoFields } from './tool-presentation.ts';

const explorationChannel = z
  .strictObject({
    channelId: z.string(),
    title: z.string(),
    handle: z.string(),
    imageUrl: z.string(),
    subscribers: z.number(),
    country: z.string(),
    topics: z.array(z.string()).meta({ description: 'taxonomy topic paths, most relevant first' }),
    contentThemes: z
      .array(z.string())
      .meta({ description: "the channel's most distinctive recurring phrases" }),
    recentTitles: z.array(z.string()).meta({ description: 'latest video titles, newest first' }),
  })
  .meta({ title: 'ExplorationChannel' });

const channelPath = z.strictObject({ channelId });
const invite = 'Invite-only: a workspace that has not been invited gets 403 even with the scope.';

export const explorationOperations = [
  defineOperation({
    name: 'get_exploration_channel',
    method: 'GET',
    path: '/exploration/channels/{channelId}',
    scope: 'exploration:read',
    tag: 'exploration',
    summary: 'Describe a video-platform channel',
    description: `What a channel makes: its topics (from our taxonomy), content themes (its recurring phrases), latest video titles, subscribers and country. ${invite}`,
    params: channelPath,
    response: explorationChannel,
    errors: [400, 403, 404],
    hints: readOnly,
    tool: { detail: true, view: 'explorationChannel' },
    handler: (actor, { params }, s) => s.exploration.channel(actor, params.channelId),
  }),
  defineOperation({
    name: 'search_exploration_channels',
    method: 'GET',
    path: '/exploration/channels',
    scope: 'exploration:read',
    tag: 'exploration',
    summary: 'Search channels',
    description: `Finds channels whose title, handle, topics, keywords or description hold any word of the query, compared as word stems (espressos finds espresso); channels matching more of the words come first, then those with them in the title. ${invite}`,
    query: z.strictObject({
      query: z
        .string()
        .min(1)
        .max(200)
        .refine((q) => q.trim() !== '', { message: 'query must hold at least one word' })
        // a character other than white space (what trim removes), and no NUL (no query value has one)
        .meta({
          description: 'words to look for; any may match, more matches rank higher',
          openapi: { pattern: '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$' },
        }),
      limit: listQuery.limit,
      cursor: listQuery.cursor,
    }),
    response: page(explorationChannel),
    errors: [400, 403],
    hints: readOnly,
    tool: { detail: true, view: 'explorationChannelPage' },
    handler: (actor, { query }, s) => s.exploration.search(actor, query),
  }),
  defineOperation({
    name: 'list_exploration_channel_videos',
    method: 'GET',
    path: '/exploration/channels/{channelId}/videos',
    scope: 'exploration:read',
    tag: 'exploration',
    summary: "List a channel's videos",
    description: `A channel's videos in the content catalog, newest first. ${invite}`,
    params: channelPath,
    query: z.strictObject({ limit: listQuery.limit, cursor: listQuery.cursor }),
    response: page(storeVideo),
    errors: [400, 403, 404],
    hints: readOnly,
    tool: { detail: true, args: videoFields, view: 'videos' },
    handler: (actor, { params, query }, s) => s.exploration.videos(actor, params.channelId, query),
  }),
  defineOperation({
    name: 'list_similar_channels',
    method: 'GET',
    path: '/exploration/channels/{channelId}/similar',
    scope: 'exploration:read',
    tag: 'exploration',
    summary: 'Find similar channels',
    description: `Channels most like this one, by shared taxonomy topics and overlap of what their videos are about; similarity is 0-1, and only channels at ${MIN_SIMILARITY} or above are listed (below it they share next to nothing), so there may be fewer than limit, or none. ${invite}`,
    params: channelPath,
    query: z.strictObject({
      limit: queryInt(1, 50).default(10).meta({ description: 'how many, 1-50' }),
    }),
    response: z.strictObject({
      data: z.array(
        explorationChannel.extend({ similarity: z.number(), sharedTopics: z.array(z.string()) }),
      ),
    }),
    errors: [400, 403, 404],
    hints: readOnly,
    tool: { detail: true, view: 'explorationChannelPage' },
    handler: (actor, { params, query }, s) => s.exploration.similar(actor, params.channelId, query),
  }),
];
