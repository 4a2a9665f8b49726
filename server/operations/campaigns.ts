import { z } from 'zod';
import { customerId, deleted, hexId, listQuery, page } from '../schemas/common.ts';
import { languageTag, locationCode } from '../schemas/codes.ts';
import {
  ADS_STATUS_FILTERS,
  BIDDING_STRATEGIES,
  BUDGET_TYPES,
  CAMPAIGN_STATES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  campaign,
} from '../schemas/records.ts';
import { MAX_SLOTS } from '../domain/campaigns.ts';
import { creates, defineOperation, deletes, readOnly, updates } from './operation.ts';

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** The writable campaign settings with the bounds of the contract's Campaign table and Limits. */
export const campaignSettings = {
  // its bounds say the rest to a model; the OpenAPI document says it in words
  name: z
    .string()
    .min(1)
    .max(160)
    .meta({ openapi: { description: 'campaign name, 1-160 characters' } }),
  objective: z
    .string()
    .max(4000)
    .meta({ description: 'what the campaign should achieve and for whom; drives targeting' }),
  brandId: hexId('brand')
    .nullable()
    .meta({
      description: 'brand id; null removes the brand',
      openapi: {
        description:
          'a brand of this workspace (list_brands); another id is refused (400); null removes the brand',
      },
    }),
  industry: z.string().max(120),
  language: languageTag,
  locations: z
    .array(locationCode)
    .max(20)
    .meta({ description: 'country (US, DE) or region (US-CA) codes, at most 20' }),
  successMetrics: z.array(z.string().max(200)).max(20),
  campaignType: z.enum(CAMPAIGN_TYPES),
  budget: z
    .number()
    .gt(0)
    .max(10_000_000)
    .nullable()
    .meta({
      description: "in the currency of the campaign's account (customerId)",
      openapi: {
        description:
          "in the currency of the campaign's ad-platform account (customerId; list_ads_accounts gives its currencyCode)",
      },
    }),
  budgetType: z.enum(BUDGET_TYPES).meta({ description: 'a total budget requires endDate' }),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDate, { message: 'endDate must be a real calendar date (YYYY-MM-DD)' })
    // format date is RFC 3339's full-date: a day that exists (2026-02-30 does not), as isCalendarDate
    .meta({ openapi: { format: 'date' } })
    .nullable()
    .meta({
      description:
        "YYYY-MM-DD, today or later in the account's time zone; required for a total budget",
      openapi: {
        description:
          "YYYY-MM-DD, a real calendar date (2026-02-30 is refused), today or later: a date already past in the time zone of the campaign's ad-platform account, on the workspace's clock, is refused (400), since the campaign would never serve. A total budget needs one: a request that leaves the campaign with budgetType total and no endDate (given here or already set) is refused (400).",
        // the rule a static schema cannot say (today moves): for tools that read extensions
        'x-not-before': 'today',
      },
    }),
  biddingStrategy: z.enum(BIDDING_STRATEGIES).nullable(),
  targetCpa: z.number().gt(0).max(1_000_000).nullable(),
  targetRoas: z.number().gt(0).max(1000).nullable(),
};

const optionalSettings = Object.fromEntries(
  Object.entries(campaignSettings).map(([k, v]) => [k, v.optional()]),
) as {
  [K in keyof typeof campaignSettings]: z.ZodOptional<(typeof campaignSettings)[K]>;
};

/** The rule of the contract that spans fields and can be decided from the request alone. */
export const TOTAL_NEEDS_END_DATE =
  'endDate is required when budgetType is total: a total budget needs an end date';

/** budgetType total in a body: the condition of the end-date rule, in JSON Schema. */
const TOTAL_BUDGET = { properties: { budgetType: { const: 'total' } }, required: ['budgetType'] };

export const updateCampaignBody = z
  .strictObject(optionalSettings)
  .check((ctx) => {
    // On update the stored end date counts too: only an explicit null with a total budget is decided here.
    if (ctx.value.budgetType === 'total' && ctx.value.endDate === null)
      ctx.issues.push({
        code: 'custom',
        message: TOTAL_NEEDS_END_DATE,
        path: ['endDate'],
        input: ctx.value,
      });
  })
  .meta({ openapi: { if: TOTAL_BUDGET, then: { properties: { endDate: { type: 'string' } } } } });

export const createCampaignBody = z
  .strictObject({
    ...optionalSettings,
    name: campaignSettings.name,
    // what a new campaign gets when they are left out (documented; the domain applies them)
    language: optionalSettings.language.meta({ default: 'en' }),
    locations: optionalSettings.locations.meta({ default: ['US'] }),
    dataStoreIds: z
      .array(hexId('data store'))
      .max(20)
      .optional()
      .meta({
        description: "data stores of the campaign's primary audience",
        openapi: {
          description:
            "data stores of the campaign's primary audience: each one of this workspace or a library store (list_data_stores); another id is refused (400)",
        },
      }),
    audienceIds: z
      .array(hexId('audience'))
      .max(MAX_SLOTS - 1)
      .optional()
      .meta({
        description: 'saved audiences to attach; the campaign keeps its own copy of each',
        openapi: {
          description:
            'saved audiences of this workspace (list_audiences) to attach; the campaign keeps its own copy of each; another id is refused (400)',
        },
      }),
    customerId: customerId.optional().meta({
      description: "ad-platform account (list_ads_accounts); default the workspace's default",
      openapi: {
        description:
          "the campaign's ad-platform account: one of list_ads_accounts (an account of this workspace the key may use; another is refused, 400, or 403 when the key is limited to other accounts); budget is in its currency; default the workspace's default account",
      },
    }),
  })
  .check((ctx) => {
    if (ctx.value.budgetType === 'total' && !ctx.value.endDate)
      ctx.issues.push({
        code: 'custom',
        message: TOTAL_NEEDS_END_DATE,
        path: ['endDate'],
        input: ctx.value,
      });
  })
  .meta({
    openapi: {
      if: TOTAL_BUDGET,
      then: { required: ['endDate'], properties: { endDate: { type: 'string' } } },
    },
  });

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
    body: createCampaignBody,
    bodyRequired: true,
    response: campaign,
    successStatus: 201,
    errors: [400, 403, 409],
    hints: creates,
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
    body: updateCampaignBody,
    bodyRequired: true,
    response: campaign,
    errors: [400, 403, 404, 409],
    hints: updates,
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
    body: z.strictObject({
      audienceId: hexId('saved audience').meta({
        openapi: {
          description:
            'a saved audience of this workspace (list_audiences); another id is refused (400)',
        },
      }),
      name: z
        .string()
        .min(1)
        .max(160)
        .optional()
        .meta({ description: "slot name; default the saved audience's name" }),
    }),
    bodyRequired: true,
    response: campaign,
    successStatus: 201,
    errors: [400, 403, 404, 409],
    hints: creates,
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
    body: z.strictObject({
      name: z.string().min(1).max(160).optional(),
      dataStoreIds: z
        .array(hexId('data store'))
        .max(20)
        .optional()
        .meta({
          openapi: {
            description:
              'data stores of this workspace or library stores (list_data_stores); another id is refused (400)',
          },
        }),
    }),
    bodyRequired: true,
    response: campaign,
    errors: [400, 403, 404, 409],
    hints: updates,
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
    handler: (actor, { params }, s) =>
      s.campaigns.removeSlot(actor, params.campaignId, params.slotId),
  }),
];
