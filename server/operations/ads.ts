import { z } from 'zod';
import { DATE_PRESETS, DEFAULT_DATE_PRESET } from '../ads/dates.ts';
import { performanceReport } from '../ads/report.ts';
import { customerId, hexId } from '../schemas/common.ts';
import { CAMPAIGN_STATES, campaign } from '../schemas/records.ts';
import { defineOperation, readOnly } from './operation.ts';
import { campaignTool, customerIdFilled } from './tool-presentation.ts';

const account = z
  .strictObject({
    customerId: z.string().meta({ description: '123-456-7890' }),
    name: z.string(),
    currencyCode: z.string().meta({ description: 'ISO 4217, e.g. USD' }),
    timeZone: z
      .string()
      .meta({ description: "IANA time zone; the account's days and date ranges follow it" }),
  })
  .meta({ title: 'AdAccount' });

/** Reads of the ad platform: outside the service's own data (MCP's open world). */
const adPlatformRead = { ...readOnly, openWorld: true };

export const adsOperations = [
  defineOperation({
    name: 'create_ads_campaign',
    method: 'POST',
    path: '/campaigns/{campaignId}/ads-platform',
    scope: 'ads:write',
    tag: 'ad platform',
    summary: 'Create the campaign in the ad platform (paused)',
    description: `Creates the campaign in the ad platform, always PAUSED (adsPlatform.status): nothing spends until a person turns it on there. customerId picks the account (default: the campaign's own); the budget is spent in its currency. Settings and targeting go over at the next sync, not at once. A second create is 409. The campaign needs a campaignType and a budget first: a 409 lists everything missing at once, with the call that sets it. A key limited to other accounts gets 403. ${CAMPAIGN_STATES}`,
    params: z.strictObject({ campaignId: hexId('campaign') }),
    body: z.strictObject({
      customerId: customerId.optional().meta({
        openapi: {
          description:
            "the account to create it in: one of list_ads_accounts (another is 404, or 403 when the key is limited to other accounts); default the campaign's own (adsPlatform.customerId), so required when the campaign has none (400 without it)",
        },
      }),
    }),
    response: campaign,
    errors: [400, 403, 404, 409],
    hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
    tool: campaignTool,
    // in steps: no transaction is held while the platform works (server/domain/ads-publish.ts)
    steps: true,
    handler: (actor, { params, body, request }, s) =>
      s.ads.create(
        actor,
        params.campaignId,
        body.customerId,
        request && { keyId: actor.keyId, ...request },
      ),
  }),
  defineOperation({
    name: 'list_ads_accounts',
    method: 'GET',
    path: '/ads-platform/accounts',
    scope: 'ads:read',
    tag: 'ad platform',
    summary: 'List ad-platform accounts',
    description:
      "The ad-platform accounts of the workspace that the key may use (customer id, name, currency, time zone), the workspace's default account first. A campaign's budget is in its account's currency: pass the account's customerId to create_campaign.",
    response: z.strictObject({ data: z.array(account), nextCursor: z.null() }),
    errors: [403],
    hints: adPlatformRead,
    handler: async (actor, _input, s) => ({ data: await s.ads.accounts(actor), nextCursor: null }),
  }),
  defineOperation({
    name: 'get_performance',
    method: 'GET',
    path: '/ads-platform/performance',
    scope: 'ads:read',
    tag: 'ad platform',
    summary: 'Get performance',
    description:
      "Impressions, clicks, cost, conversions and ratios (ctr, cpc, costPerConversion, roas) of the service's campaigns in one ad-platform account, per campaign, and per day for the whole account or, with campaignId, for that campaign alone; for a date range preset in the account's time zone (LAST_N presets end yesterday). Only days a campaign was ENABLED have figures. A ratio without a denominator is 0, meaning none.",
    query: z.strictObject({
      customerId,
      dateRange: z
        .enum(DATE_PRESETS)
        .default(DEFAULT_DATE_PRESET)
        .meta({ description: `date range preset; default ${DEFAULT_DATE_PRESET}` }),
      // Not in the contract: per-campaign daily figures, declared here once for the API, CLI and MCP.
      campaignId: hexId('campaign').optional().meta({
        description: "only this campaign: its row, and its own days instead of the account's",
      }),
    }),
    response: performanceReport,
    errors: [400, 403, 404],
    hints: adPlatformRead,
    timeDependent: true,
    tool: {
      detail: true,
      listedAs: { customerId: customerIdFilled },
      fill: 'defaultAccount',
      view: 'performance',
    },
    handler: (actor, { query }, s) =>
      s.ads.performance(actor, query.customerId, query.dateRange, query.campaignId),
  }),
];
