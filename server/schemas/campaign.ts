/**
 * The campaign, declared once (server/schemas/resource.ts): the settings a client writes with their
 * bounds, columns and flags; the parts of its record the domain keeps or computes (its data
 * readiness, brand, slots, ad-platform block and page); what only a create takes (its data stores,
 * saved audiences and account); and the rule that a total budget needs an end date. The API, the
 * store, fixtures, snapshots and the CLI derive from it.
 */
import { z } from 'zod';
import { customerId, hexId, isoDate, isoTime, recordId } from './common.ts';
import { languageTag, locationCode } from './codes.ts';
import { MAX_SLOTS } from './limits.ts';
import { defineResource, nameField } from './resource.ts';

export const CAMPAIGN_STATUSES = ['draft', 'loading', 'ready', 'error'] as const;
export const CAMPAIGN_TYPES = ['SEARCH', 'DEMAND_GEN', 'VIDEO', 'DISPLAY'] as const;
export const BUDGET_TYPES = ['daily', 'total'] as const;
export const BIDDING_STRATEGIES = [
  'MAXIMIZE_CONVERSIONS',
  'MAXIMIZE_CONVERSION_VALUE',
  'TARGET_CPA',
  'TARGET_ROAS',
  'TARGET_CPC',
  'TARGET_SPEND',
  'MANUAL_CPC',
] as const;

/**
 * A campaign's audience slot, declared once: a copy of a saved audience (or the campaign's own
 * primary audience) kept in campaign_audiences, in position order. Attaching names the saved
 * audience, which no update changes; the domain copies its data stores, and its name unless one is
 * given. The slot's targeting and the copy it keeps are the domain's (get_targeting shows them).
 */
export const campaignAudienceSlotResource = defineResource({
  title: 'Audience slot',
  untitled: true,
  table: 'campaign_audiences',
  id: recordId.meta({
    description: "the audience's slot on the campaign; stable; used for targeting",
  }),
  times: null,
  systemColumns: ['id', 'campaign_id', 'position', 'created_at'],
  fields: {
    name: {
      ...nameField('slot'),
      create: { filled: "the saved audience's name" },
    },
    audienceId: {
      input: hexId('saved audience'),
      bodyMeta: {
        openapi: {
          description:
            'a saved audience of this workspace (list_audiences); another id is refused (400)',
        },
      },
      output: recordId
        .nullable()
        .meta({ description: "the saved audience; null for the campaign's own primary audience" }),
      column: 'audience_id',
      update: false,
    },
    dataStoreIds: {
      input: z.array(hexId('data store')).max(20),
      bodyMeta: {
        openapi: {
          description:
            'data stores of this workspace or library stores (list_data_stores); another id is refused (400)',
        },
      },
      output: z.array(recordId),
      column: 'data_store_ids',
      list: true,
      create: false,
      flag: {
        name: 'data-store',
        value: 'id',
        help: 'data store of the slot',
        clears: "the slot's data stores",
      },
    },
  },
  domainColumns: [
    'snapshot',
    'targeting_status',
    'targeting_error',
    'targeting_items',
    'targeting_exclusions',
    'targeting_updated_at',
  ],
});
export const campaignAudienceSlot = campaignAudienceSlotResource.record;

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** The rule of the contract that spans fields and can be decided from the request alone. */
export const TOTAL_NEEDS_END_DATE =
  'endDate is required when budgetType is total: a total budget needs an end date';

/** budgetType total in a body: the condition of the end-date rule, in JSON Schema. */
const TOTAL_BUDGET = { properties: { budgetType: { const: 'total' } }, required: ['budgetType'] };

type Dated = { budgetType?: unknown; endDate?: unknown };
const needsEndDate = (ctx: z.core.ParsePayload<unknown>, ok: (endDate: unknown) => boolean) => {
  const v = ctx.value as Dated;
  if (v.budgetType === 'total' && !ok(v.endDate))
    ctx.issues.push({ code: 'custom', message: TOTAL_NEEDS_END_DATE, path: ['endDate'], input: v });
};

/** A nullable number of the settings: its record shows it, null where unset. */
const amount = () => ({ output: z.number().nullable(), default: null });

export const campaignResource = defineResource({
  title: 'Campaign',
  table: 'campaigns',
  times: isoTime.nullable(),
  // the domain alone writes them: the account a create resolves, and the ad platform's state
  domainColumns: ['customer_id', 'ads_campaign_id', 'ads_status', 'ads_synced_at'],
  fields: {
    name: {
      ...nameField('campaign'),
      // its bounds say the rest to a model; the OpenAPI document says it in words
      input: z
        .string()
        .min(1)
        .max(160)
        .meta({ openapi: { description: 'campaign name, 1-160 characters' } }),
    },
    status: {
      readOnly: true,
      column: 'status',
      output: z.enum(CAMPAIGN_STATUSES).meta({
        description:
          'data readiness in this service (draft, loading, ready, error), not delivery: see adsPlatform.status',
      }),
    },
    objective: {
      input: z
        .string()
        .max(4000)
        .meta({ description: 'what the campaign should achieve and for whom; drives targeting' }),
      output: z.string(),
      column: 'objective',
      default: '',
      label: 'Objective',
      flag: {
        value: 'text',
        help: 'what the campaign should achieve and for whom (drives targeting)',
      },
    },
    brandId: {
      input: hexId('brand')
        .nullable()
        .meta({
          description: 'brand id; null removes the brand',
          openapi: {
            description:
              'a brand of this workspace (list_brands); another id is refused (400); null removes the brand',
          },
        }),
      output: recordId.nullable(),
      column: 'brand_id',
      default: null,
      label: 'Brand',
      flag: {
        name: 'brand',
        value: 'id',
        help: 'brand id (see adcli brands list)',
        unset: 'remove the brand',
      },
    },
    brand: {
      readOnly: true,
      output: z.strictObject({ name: z.string(), website: z.string(), description: z.string() }),
    },
    industry: {
      input: z.string().max(120),
      output: z.string(),
      column: 'industry',
      default: '',
      label: 'Industry',
      flag: { value: 'text', help: 'industry' },
    },
    language: {
      input: languageTag,
      output: z.string(),
      column: 'language',
      default: 'en',
      showDefault: true,
      label: 'Language',
      flag: { value: 'code', help: 'language code, e.g. en, de, pt-BR', bounds: false },
    },
    locations: {
      input: z
        .array(locationCode)
        .max(20)
        .meta({ description: 'country (US, DE) or region (US-CA) codes, at most 20' }),
      output: z.array(z.string()),
      column: 'locations',
      list: true,
      default: ['US'],
      showDefault: true,
      label: 'Locations',
      flag: { name: 'location', value: 'code', help: 'country or region code (US, DE, US-CA)' },
    },
    successMetrics: {
      input: z.array(z.string().max(200)).max(20),
      output: z.array(z.string()),
      column: 'success_metrics',
      list: true,
      default: [],
      label: 'Success metrics',
      flag: { name: 'success-metric', value: 'text', help: 'a success metric' },
    },
    campaignType: {
      input: z.enum(CAMPAIGN_TYPES),
      output: z.enum(CAMPAIGN_TYPES).nullable(),
      column: 'campaign_type',
      // none until given: a campaign is created in the ad platform only once it has one
      default: null,
      label: 'Type',
      flag: { name: 'type', value: 'type', help: 'campaign type' },
    },
    budget: {
      input: z
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
      ...amount(),
      output: z.number().nullable().meta({
        description:
          "in the currency of the campaign's ad-platform account (adsPlatform.customerId; list_ads_accounts gives its currencyCode)",
      }),
      column: 'budget',
      label: 'Budget',
      flag: {
        value: 'amount',
        help: "budget in the account's currency",
        unset: 'clear the budget',
      },
    },
    budgetType: {
      input: z.enum(BUDGET_TYPES).meta({ description: 'a total budget requires endDate' }),
      output: z.enum(BUDGET_TYPES).nullable(),
      column: 'budget_type',
      default: null,
      label: 'Budget type',
      flag: { name: 'budget-type', value: 'type', help: 'daily, or total (needs --end-date)' },
    },
    endDate: {
      input: z
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
      output: isoDate.nullable(),
      column: 'end_date',
      default: null,
      label: 'End date',
      flag: {
        value: 'YYYY-MM-DD',
        help: 'last day (required for a total budget)',
        unset: 'clear the end date',
      },
    },
    biddingStrategy: {
      input: z.enum(BIDDING_STRATEGIES).nullable(),
      output: z.enum(BIDDING_STRATEGIES).nullable(),
      column: 'bidding_strategy',
      default: null,
      label: 'Bidding',
      flag: {
        name: 'bidding',
        value: 'strategy',
        help: 'bidding strategy',
        unset: 'clear the bidding strategy',
      },
    },
    targetCpa: {
      input: z.number().gt(0).max(1_000_000).nullable(),
      ...amount(),
      column: 'target_cpa',
      label: 'Target CPA',
      flag: { value: 'amount', help: 'target cost per acquisition', unset: 'clear the target CPA' },
    },
    targetRoas: {
      input: z.number().gt(0).max(1000).nullable(),
      ...amount(),
      column: 'target_roas',
      label: 'Target ROAS',
      flag: { value: 'ratio', help: 'target return on ad spend', unset: 'clear the target ROAS' },
    },
    audiences: { readOnly: true, output: z.array(campaignAudienceSlot) },
    adsPlatform: {
      readOnly: true,
      output: z.strictObject({
        customerId: z
          .string()
          .nullable()
          .meta({ description: 'the ad-platform account; its currency is the currency of budget' }),
        accountName: z.string().nullable(),
        campaignId: z.string().nullable(),
        status: z.string().nullable().meta({
          description:
            'delivery in the ad platform: ENABLED (running), PAUSED or REMOVED; null until created there',
        }),
      }),
    },
    url: { readOnly: true, output: z.string() },
    dataStoreIds: {
      createOnly: true,
      input: z
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
      flag: {
        name: 'data-store',
        value: 'id',
        help: "data store of the campaign's primary audience",
      },
    },
    audienceIds: {
      createOnly: true,
      input: z
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
      flag: { name: 'audience', value: 'id', help: 'saved audience to attach a copy of' },
    },
    customerId: {
      createOnly: true,
      input: customerId.optional().meta({
        description: "ad-platform account (list_ads_accounts); default the workspace's default",
        openapi: {
          description:
            "the campaign's ad-platform account: one of list_ads_accounts (an account of this workspace the key may use; another is refused, 400, or 403 when the key is limited to other accounts); budget is in its currency; default the workspace's default account",
        },
      }),
      flag: {
        value: 'id',
        help: "ad-platform account (123-456-7890, see adcli ads accounts); the budget is in its currency (default: the workspace's default account)",
      },
    },
  },
  refineCreate: (body) =>
    body
      .check((ctx) => needsEndDate(ctx, (endDate) => !!endDate))
      .meta({
        openapi: {
          if: TOTAL_BUDGET,
          then: { required: ['endDate'], properties: { endDate: { type: 'string' } } },
        },
      }),
  // On update the stored end date counts too: only an explicit null with a total budget is decided here.
  refineUpdate: (body) =>
    body
      .check((ctx) => needsEndDate(ctx, (endDate) => endDate !== null))
      .meta({
        openapi: { if: TOTAL_BUDGET, then: { properties: { endDate: { type: 'string' } } } },
      }),
});
