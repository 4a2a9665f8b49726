import { z } from 'zod';
import { deleted, hexId, listQuery, page } from '../schemas/common.ts';
import {
  ADS_STATUS_FILTERS,
  CAMPAIGN_STATES,
  CAMPAIGN_STATUSES,
  campaign,
} from '../schemas/records.ts';
import { MAX_SLOTS } from '../schemas/limits.ts';
import { campaignAudienceSlotResource, campaignResource } from '../schemas/campaign.ts';
import { creates, defineOperation, deletes, readOnly, updates } from './operation.ts';
import { campaignTool, savedAudienceIdRename } from './tool-presentation.ts';

const campaignPath = z.strictObject({ campaignId: hexId('campaign') });
const slotPath = z.strictObject({ campaignId: hexId('campaign'), slotId: hexId('audience slot') });

export const campaignOperations = [
  defineOperation({
    name: 'list_campaigns',
    method: 'GET',
    path: '/campaigns',
    scope: 'campaigns:read',
    tag: 'campaigns',
    summary: 'List campaigns',
    description: `Lists the campaigns of the workspace, newest first, one page at a time. Filter by name (contains), status, or adsStatus (ENABLED for the running ones; unpublished for those not in the ad platform); pass nextCursor as cursor for the next page. ${CAMPAIGN_STATES}`,
    query: z.strictObject({
      ...listQuery,
      status: z
        .enum(CAMPAIGN_STATUSES)
        .optional()
        .meta({ description: 'only campaigns in this data-readiness status' }),
      adsStatus: z.enum(ADS_STATUS_FILTERS).optional().meta({
        description:
          'only campaigns whose adsPlatform.status is this (ENABLED: running); unpublished: not created in the ad platform yet',
      }),
    }),
    response: page(campaign),
    errors: [400, 403],
    hints: readOnly,
    tool: { detail: true, view: 'campaignPage' },
    handler: (actor, { query }, s) => s.campaigns.list(actor, query),
  }),
  defineOperation({
    name: 'create_campaign',
    rowLocked: true,
    method: 'POST',
    path: '/campaigns',
    scope: 'campaigns:write',
    tag: 'campaigns',
    summary: 'Create a campaign',
    description: `Creates a campaign in draft. Only name is required; the other settings default as their fields say. A place or language by name (Germany) is refused with the code to use. budget is in the currency of the customerId account (list_ads_accounts). A key limited to certain campaigns cannot create campaigns. ${CAMPAIGN_STATES}`,
    body: campaignResource.createBody,
    bodyRequired: true,
    response: campaign,
    successStatus: 201,
    errors: [400, 403, 409],
    hints: creates,
    tool: {
      renames: {
        savedAudienceIds: {
          from: 'audienceIds',
          description:
            'saved audiences to attach (ids from list_audiences); the campaign keeps a copy of each in a slot',
        },
      },
      view: 'campaign',
      savedAudienceArgs: ['savedAudienceIds'],
    },
    handler: (actor, { body }, s) => s.campaigns.create(actor, body),
  }),
  defineOperation({
    name: 'get_campaign',
    method: 'GET',
    path: '/campaigns/{campaignId}',
    scope: 'campaigns:read',
    tag: 'campaigns',
    summary: 'Get a campaign',
    description: `Returns one campaign with its settings, audience slots, brand and ad-platform block. ${CAMPAIGN_STATES}`,
    params: campaignPath,
    response: campaign,
    errors: [400, 403, 404],
    hints: readOnly,
    tool: { detail: true, view: 'campaign' },
    handler: (actor, { params }, s) => s.campaigns.get(actor, params.campaignId),
  }),
  defineOperation({
    name: 'update_campaign',
    rowLocked: true,
    method: 'PATCH',
    path: '/campaigns/{campaignId}',
    scope: 'campaigns:write',
    tag: 'campaigns',
    summary: 'Update a campaign',
    description: `Changes the given settings only; null clears a nullable one. Settings of a campaign already in the ad platform reach it at the next sync, not at once; its campaignType can no longer change. ${CAMPAIGN_STATES}`,
    params: campaignPath,
    body: campaignResource.updateBody,
    bodyRequired: true,
    response: campaign,
    errors: [400, 403, 404, 409],
    hints: updates,
    tool: campaignTool,
    handler: (actor, { params, body }, s) => s.campaigns.update(actor, params.campaignId, body),
  }),
  defineOperation({
    name: 'delete_campaign',
    rowLocked: true,
    method: 'DELETE',
    path: '/campaigns/{campaignId}',
    scope: 'campaigns:write',
    tag: 'campaigns',
    summary: 'Delete a campaign',
    description:
      'Removes the campaign from the service. A linked ad-platform campaign is not touched.',
    params: campaignPath,
    response: deleted,
    errors: [400, 403, 404],
    hints: deletes,
    tool: {
      note: 'One ENABLED there keeps spending until a person removes it in the ad platform.',
      view: 'deletedCampaign',
    },
    handler: (actor, { params }, s) => s.campaigns.delete(actor, params.campaignId),
  }),
  defineOperation({
    name: 'add_campaign_audience',
    rowLocked: true,
    method: 'POST',
    path: '/campaigns/{campaignId}/audiences',
    scope: 'campaigns:write',
    tag: 'campaigns',
    summary: 'Attach a saved audience to a campaign',
    description: `Adds an audience slot holding a copy of a saved audience (its name and data stores). Later changes to the saved audience do not reach the copy. A campaign holds at most ${MAX_SLOTS} audiences; the same saved audience cannot be attached twice (409). Answers with the campaign. ${CAMPAIGN_STATES}`,
    params: campaignPath,
    body: campaignAudienceSlotResource.createBody,
    bodyRequired: true,
    response: campaign,
    successStatus: 201,
    errors: [400, 403, 404, 409],
    hints: creates,
    tool: {
      renames: { savedAudienceId: savedAudienceIdRename },
      view: 'campaign',
      savedAudienceArgs: ['savedAudienceId'],
    },
    handler: (actor, { params, body }, s) =>
      s.campaigns.attachAudience(actor, params.campaignId, body.audienceId, body.name),
  }),
  defineOperation({
    name: 'update_campaign_audience',
    rowLocked: true,
    method: 'PATCH',
    path: '/campaigns/{campaignId}/audiences/{slotId}',
    scope: 'campaigns:write',
    tag: 'campaigns',
    summary: "Edit a campaign's audience slot",
    description: `Renames a slot or replaces its data stores (the primary audience's too). 409 while the slot's targeting generates. Answers with the campaign. ${CAMPAIGN_STATES}`,
    params: slotPath,
    body: campaignAudienceSlotResource.updateBody,
    bodyRequired: true,
    response: campaign,
    errors: [400, 403, 404, 409],
    hints: updates,
    tool: { view: 'campaign', slotArgs: ['slotId'] },
    handler: (actor, { params, body }, s) =>
      s.campaigns.updateSlot(actor, params.campaignId, params.slotId, body),
  }),
  defineOperation({
    name: 'remove_campaign_audience',
    rowLocked: true,
    method: 'DELETE',
    path: '/campaigns/{campaignId}/audiences/{slotId}',
    scope: 'campaigns:write',
    tag: 'campaigns',
    summary: 'Remove an audience slot from a campaign',
    description: `Removes an attached audience and its targeting from the campaign. The primary audience cannot be removed (409); neither can a slot whose targeting is generating. Answers with the campaign. ${CAMPAIGN_STATES}`,
    params: slotPath,
    response: campaign,
    errors: [400, 403, 404, 409],
    hints: deletes,
    tool: { view: 'campaign', slotArgs: ['slotId'] },
    handler: (actor, { params }, s) =>
      s.campaigns.removeSlot(actor, params.campaignId, params.slotId),
  }),
];
