import { z } from 'zod';
import { boolQuery, channelId, deleted, hexId, listQuery, page } from '../schemas/common.ts';
import { dataStore, storeChannel, storeVideo } from '../schemas/records.ts';
import { importBody } from '../schemas/youtube.ts';
import { dataStoreResource } from '../schemas/data-store.ts';
import { creates, defineOperation, deletes, readOnly, updates } from './operation.ts';
import { videoFields, youtubeResourcesListed } from './tool-presentation.ts';

const storePath = z.strictObject({ dataStoreId: hexId('data store') });
const pageQuery = { limit: listQuery.limit, cursor: listQuery.cursor };

export const dataStoreOperations = [
  defineOperation({
    name: 'list_data_stores',
    method: 'GET',
    path: '/data-stores',
    scope: 'datasets:read',
    tag: 'data stores',
    summary: 'List data stores',
    description:
      "Lists the workspace's data stores, newest first; includeLibrary=true adds the shared library stores (scope library, read-only).",
    query: z.strictObject({
      ...listQuery,
      includeLibrary: boolQuery('also list the shared library stores'),
    }),
    response: page(dataStore),
    errors: [400, 403],
    hints: readOnly,
    tool: { detail: true, view: 'dataStorePage' },
    handler: (actor, { query }, s) => s.dataStores.list(actor, query),
  }),
  defineOperation({
    name: 'create_data_store',
    rowLocked: true,
    method: 'POST',
    path: '/data-stores',
    scope: 'datasets:write',
    tag: 'data stores',
    summary: 'Create a data store',
    description:
      'Creates a data store of video-platform channels and videos. With channelIds or videoIds it starts collecting in the background (status collecting, then ready or error); without them it is ready at once and filled with import_data_store.',
    body: dataStoreResource.createBody,
    bodyRequired: true,
    response: dataStore,
    successStatus: 201,
    errors: [400, 403],
    hints: creates,
    tool: { wait: 'dataStore', note: 'With wait: true it answers once collected.' },
    handler: (actor, { body }, s) => s.dataStores.create(actor, body),
  }),
  defineOperation({
    name: 'get_data_store',
    method: 'GET',
    path: '/data-stores/{dataStoreId}',
    scope: 'datasets:read',
    tag: 'data stores',
    summary: 'Get a data store',
    description: 'Returns one data store (also a shared library store) with its status and counts.',
    params: storePath,
    response: dataStore,
    errors: [400, 403, 404],
    hints: readOnly,
    handler: (actor, { params }, s) => s.dataStores.get(actor, params.dataStoreId),
  }),
  defineOperation({
    name: 'update_data_store',
    method: 'PATCH',
    path: '/data-stores/{dataStoreId}',
    scope: 'datasets:write',
    tag: 'data stores',
    summary: 'Update a data store',
    description:
      'Renames a data store or replaces its sources; new sources are collected again in the background. Library stores cannot be changed (409).',
    params: storePath,
    body: dataStoreResource.updateBody,
    bodyRequired: true,
    response: dataStore,
    errors: [400, 403, 404, 409],
    hints: updates,
    tool: { wait: 'dataStore' },
    handler: (actor, { params, body }, s) => s.dataStores.update(actor, params.dataStoreId, body),
  }),
  defineOperation({
    name: 'delete_data_store',
    method: 'DELETE',
    path: '/data-stores/{dataStoreId}',
    scope: 'datasets:write',
    tag: 'data stores',
    summary: 'Delete a data store',
    description:
      'Removes a data store from the workspace and from the audiences that named it. Library stores cannot be deleted (409).',
    params: storePath,
    response: deleted,
    errors: [400, 403, 404, 409],
    hints: deletes,
    handler: (actor, { params }, s) => s.dataStores.delete(actor, params.dataStoreId),
  }),
  defineOperation({
    name: 'list_data_store_channels',
    method: 'GET',
    path: '/data-stores/{dataStoreId}/channels',
    scope: 'datasets:read',
    tag: 'data stores',
    summary: "List a data store's channels",
    description:
      'Lists the channels held by a data store, most recently added first, with how many of their videos it holds.',
    params: storePath,
    query: z.strictObject(pageQuery),
    response: page(storeChannel),
    errors: [400, 403, 404],
    hints: readOnly,
    tool: { detail: true, view: 'storeChannelPage' },
    handler: (actor, { params, query }, s) =>
      s.dataStores.channels(actor, params.dataStoreId, query),
  }),
  defineOperation({
    name: 'list_data_store_videos',
    method: 'GET',
    path: '/data-stores/{dataStoreId}/videos',
    scope: 'datasets:read',
    tag: 'data stores',
    summary: "List a data store's videos",
    description:
      'Lists the videos held by a data store, most recently added first; channelId narrows to one channel.',
    params: storePath,
    query: z.strictObject({ ...pageQuery, channelId: channelId.optional() }),
    response: page(storeVideo),
    errors: [400, 403, 404],
    hints: readOnly,
    tool: { detail: true, args: videoFields, view: 'videos' },
    handler: (actor, { params, query }, s) => s.dataStores.videos(actor, params.dataStoreId, query),
  }),
  defineOperation({
    name: 'import_data_store',
    method: 'POST',
    path: '/data-stores/{dataStoreId}/import',
    scope: 'datasets:write',
    tag: 'data stores',
    summary: 'Import channels, videos and comments',
    description:
      "Adds content to a data store in the shapes of the YouTube Data API v3 (youtube#channel, youtube#video, youtube#commentThread or youtube#comment resources). Items go to the workspace's content catalog and are linked to the store; importing the same id again updates it. Comments need their video in the catalog or in the same request.",
    params: storePath,
    body: importBody,
    bodyRequired: true,
    response: z.strictObject({
      dataStore,
      imported: z.strictObject({ channels: z.number(), videos: z.number(), comments: z.number() }),
    }),
    errors: [400, 403, 404, 409],
    hints: updates,
    tool: {
      wait: 'dataStore',
      listedAs: {
        channels: youtubeResourcesListed('youtube#channel', 100),
        videos: youtubeResourcesListed('youtube#video', 1000),
        comments: youtubeResourcesListed('youtube#commentThread or youtube#comment', 5000),
      },
    },
    handler: (actor, { params, body }, s) => s.dataStores.import(actor, params.dataStoreId, body),
  }),
];
