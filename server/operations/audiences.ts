import { z } from 'zod';
import { deleted, hexId, listQuery, page } from '../schemas/common.ts';
import { audienceResource } from '../schemas/audience.ts';
import { audience } from '../schemas/records.ts';
import { creates, defineOperation, deletes, readOnly, updates } from './operation.ts';
import { savedAudienceTool } from './tool-presentation.ts';

const audiencePath = z.strictObject({ audienceId: hexId('audience') });

export const audienceOperations = [
  defineOperation({
    name: 'list_audiences',
    method: 'GET',
    path: '/audiences',
    scope: 'audiences:read',
    tag: 'audiences',
    summary: 'List saved audiences',
    description: 'Lists the saved audiences of the workspace, newest first, one page at a time.',
    query: z.strictObject(listQuery),
    response: page(audience),
    errors: [400, 403],
    hints: readOnly,
    tool: { detail: true, view: 'audiencePage' },
    handler: (actor, { query }, s) => s.audiences.list(actor, query),
  }),
  defineOperation({
    name: 'create_audience',
    rowLocked: true,
    method: 'POST',
    path: '/audiences',
    scope: 'audiences:write',
    tag: 'audiences',
    summary: 'Create a saved audience',
    description:
      'Creates a reusable audience: keywords, topics, tags and the data stores its targeting comes from. Attach it to campaigns with add_campaign_audience.',
    body: audienceResource.createBody,
    bodyRequired: true,
    response: audience,
    successStatus: 201,
    errors: [400, 403],
    hints: creates,
    handler: (actor, { body }, s) => s.audiences.create(actor, body),
  }),
  defineOperation({
    name: 'get_audience',
    method: 'GET',
    path: '/audiences/{audienceId}',
    scope: 'audiences:read',
    tag: 'audiences',
    summary: 'Get a saved audience',
    description: 'Returns one saved audience.',
    params: audiencePath,
    response: audience,
    errors: [400, 403, 404],
    hints: readOnly,
    tool: savedAudienceTool,
    handler: (actor, { params }, s) => s.audiences.get(actor, params.audienceId),
  }),
  defineOperation({
    name: 'update_audience',
    method: 'PATCH',
    path: '/audiences/{audienceId}',
    scope: 'audiences:write',
    tag: 'audiences',
    summary: 'Update a saved audience',
    description:
      'Changes the given fields; arrays are replaced whole. Campaigns that attached it keep their own copy.',
    params: audiencePath,
    body: audienceResource.updateBody,
    bodyRequired: true,
    response: audience,
    errors: [400, 403, 404],
    hints: updates,
    tool: savedAudienceTool,
    handler: (actor, { params, body }, s) => s.audiences.update(actor, params.audienceId, body),
  }),
  defineOperation({
    name: 'delete_audience',
    method: 'DELETE',
    path: '/audiences/{audienceId}',
    scope: 'audiences:write',
    tag: 'audiences',
    summary: 'Delete a saved audience',
    description: 'Removes it from the workspace. Campaigns that use it keep their copy.',
    params: audiencePath,
    response: deleted,
    errors: [400, 403, 404],
    hints: deletes,
    tool: savedAudienceTool,
    handler: (actor, { params }, s) => s.audiences.delete(actor, params.audienceId),
  }),
];
