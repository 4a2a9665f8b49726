/** What a client writes to create a data store, and its sources' bounds (the operation table and the snapshot check read them). */
import { z } from 'zod';
import { channelId, videoId } from './common.ts';

export const sources = {
  channelIds: z
    .array(channelId)
    .max(50)
    .meta({ description: 'channels to collect, with their videos and comments' }),
  videoIds: z
    .array(videoId)
    .max(500)
    .meta({ description: 'single videos to collect, with their comments' }),
};

export const createDataStoreBody = z.strictObject({
  name: z.string().min(1).max(160),
  description: z.string().max(4000).optional(),
  channelIds: sources.channelIds.optional(),
  videoIds: sources.videoIds.optional(),
});
