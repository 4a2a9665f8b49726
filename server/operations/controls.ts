/**
 * The controls of adcli serve, declared once like the API's operations (routes, OpenAPI, CLI): the
 * clock (controls-clock.ts), reset and snapshots and fixtures (controls-state.ts), fault rules and
 * the request journal (controls-faults.ts), and here the ad platform, the key and login links.
 */
import { z } from 'zod';
import { hexId, isoDate, isoTime } from '../schemas/common.ts';
import { ADS_STATUSES } from '../schemas/records.ts';
import { formatCustomerId } from '../lib/customer-id.ts';
import { LOGIN_LINK_TTL_MS } from '../domain/page-sessions.ts';
import { clockControls } from './controls-clock.ts';
import { faultControls, journalControls } from './controls-faults.ts';
import { fixturesControls, resetAndSnapshotControls } from './controls-state.ts';
import { creates, defineOperation, readOnly, type Operation } from './operation.ts';

export { MAX_ADVANCE_MS } from './controls-clock.ts';
export { MAX_SNAPSHOT_BYTES } from './controls-state.ts';

/** Where the controls live on the host: outside the contract's /api/v1. */
export const CONTROL_PREFIX = '/_adcli/v1';

/** What each group of controls does (the tags of the controls' OpenAPI document). */
export const CONTROL_TAGS: Record<string, string> = {
  clock:
    "The workspace's clock: real, frozen, or moved ahead; advancing runs the jobs that fall due.",
  reset: 'Empty the workspace, or load a seed into it.',
  snapshots: "Save the workspace's records to a file, or load one into the workspace.",
  faults:
    'Fault rules: answer chosen requests with an error status, a delay or a dropped connection.',
  requests: "The request journal: the workspace's last API requests.",
  pages:
    'One-time login links to the pages of adcli serve: the campaign page and the console at /app/.',
  ads: 'The simulated ad platform, as a person acts in it: turn a published campaign on, pause it or remove it.',
  key: 'The API key making the request: its scopes and limits (never its secret).',
  fixtures:
    'Declarative fixtures: brands, data stores, saved audiences and campaigns (slots, targeting, ad-platform status) and the clock, each named by a ref; applying a file changes only what differs.',
};

const keyLimits = z.strictObject({
  id: z.string(),
  name: z.string(),
  workspace: z.string(),
  scopes: z.array(z.string()),
  customerIds: z.array(z.string()).nullable().meta({
    description: 'the ad-platform accounts it is limited to; null: every account of the workspace',
  }),
  campaignIds: z
    .array(z.string())
    .nullable()
    .meta({ description: 'the campaigns it is limited to; null: every campaign of the workspace' }),
  accounts: z
    .array(z.strictObject({ customerId: z.string(), name: z.string(), currencyCode: z.string() }))
    .meta({ description: 'the accounts it may use, the one new campaigns go to first' }),
});

const platformCampaign = z.strictObject({
  campaignId: z.string().meta({
    description: 'the service campaign it was created for (which may since have been deleted)',
  }),
  googleAdsCampaignId: z.string(),
  name: z.string().meta({ description: 'its name as the last sync delivered it' }),
  customerId: z.string(),
  currencyCode: z
    .string()
    .meta({ description: "the account's currency: the campaign's budget and costs are in it" }),
  status: z
    .enum(ADS_STATUSES)
    .meta({ description: 'its status in the ad platform: what a person set there' }),
  serving: z
    .strictObject({
      status: z.enum(['SERVING', 'ENDED', 'NO_BUDGET', 'PAUSED', 'REMOVED']),
      reason: z
        .string()
        .nullable()
        .meta({ description: 'why it does not serve; null while it serves' }),
    })
    .meta({
      description:
        'whether it serves ads now (an ENABLED campaign past its end date has ENDED), as the ad platform tells it',
    }),
  endDate: isoDate.nullable(),
  lastSyncAt: isoTime.nullable().meta({
    description:
      'when the service last delivered its settings and targeting; null before the first sync',
  }),
  deletedInService: z.boolean().meta({
    description:
      'the service campaign was deleted; the platform campaign lives on (and spends while ENABLED)',
  }),
  problems: z.array(z.string()).meta({
    description:
      'what the ad platform refused at the last sync, or the campaign type cannot carry, item by item (the rest went over); empty when nothing',
  }),
});

export const controlOperations: readonly Operation[] = [
  ...clockControls,
  ...resetAndSnapshotControls,
  ...faultControls,
  ...journalControls,
  defineOperation({
    name: 'list_ads_campaigns',
    method: 'GET',
    path: '/ads/campaigns',
    scope: 'backend',
    tag: 'ads',
    summary: "List the workspace's campaigns in the ad platform",
    description:
      "The workspace's campaigns in the simulated ad platform (those the key's limits allow), from the platform's own records: the status a person set there, whether each serves now and why not, and the last sync. A campaign deleted in the service is still listed, marked deleted: the platform campaign lives on.",
    response: z.strictObject({ data: z.array(platformCampaign) }),
    errors: [403],
    timeDependent: true,
    hints: readOnly,
    handler: async (actor, _i, s) => ({ data: await s.ads.platformCampaigns(actor) }),
  }),
  defineOperation({
    name: 'set_ads_status',
    method: 'POST',
    path: '/ads/campaigns/{campaignId}/status',
    scope: 'backend',
    tag: 'ads',
    summary: 'Turn a campaign on or off in the ad platform',
    description:
      "What a person does in the ad platform itself (the API never turns a campaign on): ENABLED starts it serving, PAUSED stops it, REMOVED ends it for good (409 afterwards). `campaignId` is the service campaign id, or the ad-platform id (which still works after the service campaign was deleted). The service records the new status at the sync this starts at once. 404 for a campaign of no account of this workspace or outside the key's limits.",
    params: z.strictObject({
      campaignId: z
        .string()
        .regex(/^([a-f0-9]{24}|\d{1,20})$/)
        .meta({
          description:
            'the service campaign id (24 hex characters) or the ad-platform campaign id (digits)',
        }),
    }),
    body: z.strictObject({ status: z.enum(ADS_STATUSES) }),
    bodyRequired: true,
    response: z.strictObject({
      campaignId: z.string(),
      googleAdsCampaignId: z.string(),
      status: z.enum(ADS_STATUSES),
    }),
    errors: [400, 403, 404, 409],
    hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    handler: (actor, { params, body }, s) =>
      s.ads.setStatusAs(actor, params.campaignId, body.status),
  }),
  defineOperation({
    name: 'get_key',
    method: 'GET',
    path: '/key',
    // what the key may do is for any key that may read the workspace (as the login links)
    scope: 'campaigns:read',
    tag: 'key',
    summary: 'Show the API key making the request',
    description:
      "The key's id, name, workspace, scopes and limits: the ad-platform accounts (with their currencies, the first being where new campaigns go) and campaigns it is limited to. Never the key itself. `adcli auth status` shows it.",
    response: keyLimits,
    errors: [403],
    hints: readOnly,
    handler: async (actor, _i, s) => {
      const record = await s.keys.get(actor.keyId);
      const accounts = await s.ads.accounts(actor);
      return {
        id: actor.keyId,
        name: record.name,
        workspace: actor.workspaceSlug,
        scopes: [...actor.scopes],
        customerIds: actor.customerIds ? actor.customerIds.map(formatCustomerId) : null,
        campaignIds: actor.campaignIds ? [...actor.campaignIds] : null,
        accounts: accounts.map((a) => ({
          customerId: a.customerId,
          name: a.name,
          currencyCode: a.currencyCode,
        })),
      };
    },
  }),
  defineOperation({
    name: 'create_login_link',
    method: 'POST',
    path: '/login-links',
    // The pages show the workspace (GET /workspace needs campaigns:read) and a campaign: a key that
    // can read neither has nothing to see there. The session can do exactly what its key can.
    scope: 'campaigns:read',
    tag: 'pages',
    summary: 'Create a one-time login link to the pages',
    description: `A link that opens the campaign page (with campaignId) or the console in a browser and starts a session there, bound to this key: the pages show what the key's scopes and limits allow, and their forms do what it may do. It works once, within ${LOGIN_LINK_TTL_MS / 60_000} minutes, and holds no key; it is never kept for an Idempotency-Key (a retry gets a new link). \`page\` is the page's own address. An unknown campaign is 404, one outside the key's limits 403.`,
    body: z.strictObject({
      campaignId: hexId('campaign')
        .optional()
        .meta({ description: "open this campaign's page; default: the console" }),
    }),
    response: z.strictObject({
      url: z.string().meta({ description: 'the one-time login link' }),
      page: z.string().meta({ description: 'the page it opens (which needs a session)' }),
      expiresAt: isoTime,
    }),
    successStatus: 201,
    errors: [400, 403, 404],
    secretAnswer: true,
    hints: creates,
    handler: async (actor, { body }, s) => {
      if (body.campaignId !== undefined) await s.campaigns.row(actor, body.campaignId);
      const page = body.campaignId === undefined ? '' : `campaigns/${body.campaignId}`;
      const link = await s.sessions.mint(actor, page);
      return {
        url: `${actor.appUrl}/login?token=${link.token}`,
        page: `${actor.appUrl}/${page}`,
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  }),
  ...fixturesControls,
];
