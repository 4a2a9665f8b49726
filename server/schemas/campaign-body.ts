/**
 * What a client writes to create or change a campaign: its settings with their bounds, and the rule
 * that a total budget needs an end date. The operation table and the snapshot check read them here.
 */
import { z } from 'zod';
import { customerId, hexId } from './common.ts';
import { languageTag, locationCode } from './codes.ts';
import { BIDDING_STRATEGIES, BUDGET_TYPES, CAMPAIGN_TYPES } from './records.ts';
import { MAX_SLOTS } from './limits.ts';

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
