/**
 * The data store, declared once (server/schemas/resource.ts): its name, description and sources a
 * client writes (the sources kept as JSON lists, and not shown in its record, which counts what was
 * collected instead); the parts the domain keeps (status, error, scope, counts, readyAt). The API,
 * the store, fixtures, snapshots and the CLI derive from it.
 */
import { z } from 'zod';
import { channelId, isoTimeOrEmpty, videoId } from './common.ts';
import { defineResource, descriptionField, nameField } from './resource.ts';

export const DATA_STORE_STATUSES = ['collecting', 'ready', 'error'] as const;
export const DATA_STORE_SCOPES = ['workspace', 'library'] as const;

export const dataStoreResource = defineResource({
  title: 'DataStore',
  table: 'data_stores',
  fields: {
    name: nameField('data store'),
    description: descriptionField(),
    status: { readOnly: true, column: 'status', output: z.enum(DATA_STORE_STATUSES) },
    error: {
      readOnly: true,
      column: 'error',
      output: z
        .string()
        .meta({ description: 'what went wrong while collecting; empty when nothing did' }),
    },
    scope: { readOnly: true, column: 'scope', output: z.enum(DATA_STORE_SCOPES) },
    channelCount: { readOnly: true, column: 'channel_count', output: z.number() },
    videoCount: { readOnly: true, column: 'video_count', output: z.number() },
    channelIds: {
      input: z
        .array(channelId)
        .max(50)
        .meta({ description: 'channels to collect, with their videos and comments' }),
      column: 'source_channel_ids',
      list: true,
      default: [],
      flag: {
        name: 'channel',
        value: 'id',
        help: 'a channel to collect (UC…, with its videos)',
        clears: 'the channel sources',
      },
    },
    videoIds: {
      input: z
        .array(videoId)
        .max(500)
        .meta({ description: 'single videos to collect, with their comments' }),
      column: 'source_video_ids',
      list: true,
      default: [],
      flag: {
        name: 'video',
        value: 'id',
        help: 'a single video to collect',
        clears: 'the video sources',
      },
    },
    readyAt: {
      readOnly: true,
      column: 'ready_at',
      // null in its column until collection finishes; the record has always said ''
      nullAs: '',
      afterTimes: true,
      output: isoTimeOrEmpty.meta({ description: 'when collection finished; empty until then' }),
    },
  },
});
