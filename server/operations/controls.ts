import { z } from 'zod';
import { operations as apiOperations } from './index.ts';
import {
  creates,
  defineOperation,
  deletes,
  readOnly,
  RolledBack,
  updates,
  type Operation,
  type OperationContext,
} from './operation.ts';
import type { Controls } from '../control/controls.ts';
import { boolQuery, hexId, isoDate, isoInstant, isoTime, queryInt } from '../schemas/common.ts';
import { ADS_STATUSES } from '../schemas/records.ts';
import { SEEDS } from '../seed/index.ts';
import type { Actor } from '../domain/actor.ts';
import { formatCustomerId } from '../lib/customer-id.ts';
import { LOGIN_LINK_TTL_MS } from '../domain/page-sessions.ts';
import { advanceUnderWay } from '../control/advance.ts';
import { parseDuration } from '../lib/duration.ts';
import { FAULT_METHODS, MAX_FAULT_DELAY_MS, type FaultOwner } from '../control/faults.ts';
import { JOURNAL_SIZE } from '../control/journal.ts';
import { resetWorkspace } from '../control/reset.ts';
import { loadSnapshot, saveSnapshot } from '../control/snapshot.ts';
import type { UploadedFile } from './operation.ts';
import { ApiError } from '../lib/errors.ts';
import { applyFixtures, COUNTED } from '../control/fixtures/apply.ts';
import { exportFixtures } from '../control/fixtures/export.ts';
import { fixturesOpenApiSchema, KINDS, type FixturesOutput } from '../control/fixtures/schema.ts';

/** Where the controls live on the host: outside the contract's /api/v1. */
export const CONTROL_PREFIX = '/_adcli/v1';
/** A snapshot upload may be this large (it is streamed to a temporary file, never held in memory). */
export const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;
/** The longest single advance: enough for a campaign's year, short enough to answer in seconds. */
export const MAX_ADVANCE_MS = 1000 * 86_400_000;

const clockState = z.strictObject({
  now: isoTime.meta({ description: "the workspace's time (ISO 8601)" }),
  frozen: z.boolean().meta({ description: 'true while time stands still' }),
  offsetMs: z.number().meta({ description: 'how far ahead of real time the clock is, in ms' }),
  advancing: z
    .strictObject({
      to: isoTime.meta({ description: 'where the advance moves the clock' }),
      ran: z.record(z.string(), z.number()).meta({ description: 'the jobs run so far, by kind' }),
    })
    .nullable()
    .meta({
      description:
        'an advance under way (it steps through due jobs; now shows how far it got), or null',
    }),
});

/** The clock of the actor's workspace as the controls answer it. */
async function clockOf(
  s: OperationContext,
  workspaceId: string,
): Promise<z.input<typeof clockState>> {
  return {
    ...(await s.deps.clock.state(workspaceId)),
    advancing: await advanceUnderWay(s, workspaceId),
  };
}

/** Whose fault rules a key sees: a limited key only its own, which apply only to its own requests. */
const faultOwner = (actor: Actor): FaultOwner => ({
  workspaceId: actor.workspaceId,
  limitedKeyId: actor.campaignIds || actor.customerIds ? actor.keyId : null,
});
const limited = (actor: Actor) => Boolean(actor.campaignIds || actor.customerIds);

/** The request journal, or a 503 when its file cannot be opened (a full disk): the API goes on without it. */
function journalOf(s: OperationContext): Controls['journal'] {
  try {
    return s.controls.journal;
  } catch (e) {
    throw new ApiError(
      503,
      'unavailable',
      `the request journal cannot be opened (${(e as Error).message}); it is kept again once that is mended`,
      { 'Retry-After': '10' },
    );
  }
}

const advanceResult = z.strictObject({
  clock: clockState,
  ran: z
    .record(z.string(), z.number())
    .meta({ description: 'the jobs that fell due and ran while advancing, by kind' }),
});

const duration = z
  .string()
  .min(1)
  .max(40)
  .transform((text, ctx) => {
    const ms = parseDuration(text);
    if (ms === null) {
      ctx.addIssue({
        code: 'custom',
        message: `by must be a duration such as 90s, 25h, 7d, 1h30m or PT25H, not ${JSON.stringify(text)}`,
      });
      return z.NEVER;
    }
    if (ms < 1 || ms > MAX_ADVANCE_MS) {
      ctx.addIssue({
        code: 'custom',
        message: `by must be from 1 ms to ${MAX_ADVANCE_MS / 86_400_000} days`,
      });
      return z.NEVER;
    }
    return ms;
  })
  .meta({
    description: 'how far to move: 90s, 25h, 7d, 1h30m, 2w, or ISO 8601 (PT25H, P7D)',
    openapi: {
      // the grammar of parseDuration, units in either case; at most MAX_ADVANCE_MS
      pattern:
        '^\\s*(?:(?:\\d+(?:\\.\\d+)?(?:[mM][sS]|[sSmMhHdDwW]))+|[pP](?:\\d+[wW])?(?:\\d+[dD])?(?:[tT](?:\\d+[hH])?(?:\\d+[mM])?(?:\\d+(?:\\.\\d+)?[sS])?)?)\\s*$',
      description: `how far to move, from 1 ms to ${MAX_ADVANCE_MS / 86_400_000} days: numbers with units ms, s, m, h, d, w run together (90s, 25h, 7d, 1h30m, 2w), or an ISO 8601 duration (PT25H, P7D, P1DT12H; not P or PT alone)`,
    },
  });

const faultRule = z.strictObject({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().nullable(),
  delayMs: z.number().nullable(),
  drop: z.boolean(),
  remaining: z
    .number()
    .nullable()
    .meta({ description: 'requests it still applies to; null: every one' }),
  probability: z.number().nullable(),
  matched: z.number().meta({ description: 'how many requests it was applied to' }),
  createdAt: isoTime,
});

const journalEntry = z.strictObject({
  seq: z
    .number()
    .meta({ description: 'increasing; pass the last one as `after` to get only newer requests' }),
  at: isoTime.meta({ description: "when it arrived, in the workspace's time" }),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  durationMs: z.number(),
  requestId: z.string(),
  idempotencyKey: z.string().nullable(),
  replayed: z.boolean(),
  fault: z
    .string()
    .nullable()
    .meta({ description: 'the fault applied: a rule id, `prefer` (the Prefer header), or null' }),
  violations: z
    .array(
      z.strictObject({
        where: z.enum(['request', 'response']),
        path: z.string().meta({ description: 'the field, e.g. body.audiences[0].name, or status' }),
        message: z.string(),
      }),
    )
    .meta({
      description:
        'where an exchange forwarded by adcli serve --proxy broke the contract; empty otherwise',
    }),
});

const snapshotFile = z
  .custom<ReadableStream<Uint8Array>>((v) => v instanceof ReadableStream)
  .meta({ description: 'an SQLite file' });
const snapshotUpload = z
  .custom<UploadedFile>((v) => typeof (v as UploadedFile | undefined)?.path === 'string')
  .meta({ description: 'an SQLite file' });
const SQLITE_TYPE = 'application/vnd.sqlite3';
const known = apiOperations.map((op) => ({ method: op.method, path: op.path }));

/** The controls of adcli serve, declared once like the API's operations (routes, OpenAPI, CLI). */
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
});

/** A fixtures document: read by the control itself, so its errors name the file, the record and the field. */
const fixturesBody = z
  .custom<unknown>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
    message: 'the body must be a fixtures document (a JSON object)',
  })
  .meta({ openapi: fixturesOpenApiSchema });
const fixturesAnswer = z.custom<FixturesOutput>().meta({ openapi: fixturesOpenApiSchema });

const kindCounts = z.strictObject({
  created: z.number(),
  updated: z.number(),
  deleted: z.number().meta({ description: 'removed by prune' }),
  unchanged: z.number(),
});

export const controlOperations: readonly Operation[] = [
  defineOperation({
    name: 'get_clock',
    method: 'GET',
    path: '/clock',
    scope: 'backend',
    tag: 'clock',
    summary: "Show the workspace's clock",
    description:
      "The workspace's time, whether it is frozen, how far ahead of real time it runs, and an advance under way.",
    response: clockState,
    errors: [403],
    timeDependent: true,
    hints: readOnly,
    handler: (actor, _i, s) => clockOf(s, actor.workspaceId),
  }),
  defineOperation({
    name: 'advance_clock',
    method: 'POST',
    path: '/clock/advance',
    scope: 'backend',
    tag: 'clock',
    summary: "Move the workspace's clock forward",
    description:
      'Moves the time forward by `by` and, before answering, runs every job of the workspace that falls due on the way, in time order: collections, generations, each sync, so reports show the days in between. It steps one job at a time, so other requests and workspaces are served meanwhile (GET /clock shows how far it got); a retry with the same Idempotency-Key resumes an interrupted advance instead of moving again. Idempotency keys older than 24 hours expire. 409 while another advance of the workspace runs. A key limited to accounts or campaigns may not move the time of the whole workspace (403).',
    body: z.strictObject({ by: duration }),
    bodyRequired: true,
    response: advanceResult,
    errors: [400, 403, 409],
    wholeWorkspace: true,
    steps: true,
    hints: creates,
    handler: (actor, { body, request }, s) =>
      s.controls.advance({
        workspaceId: actor.workspaceId,
        byMs: body.by,
        field: 'by',
        ...(request && { request: { keyId: actor.keyId, ...request } }),
      }),
  }),
  defineOperation({
    name: 'set_clock',
    method: 'POST',
    path: '/clock/set',
    scope: 'backend',
    tag: 'clock',
    summary: "Set the workspace's clock to a later time",
    description:
      'Moves the time forward to `time` (never back: 400), running the work that falls due on the way, as advance does. A frozen clock stays frozen.',
    body: z.strictObject({ time: isoInstant('time') }),
    bodyRequired: true,
    response: advanceResult,
    errors: [400, 403, 409],
    wholeWorkspace: true,
    steps: true,
    hints: updates,
    handler: (actor, { body, request }, s) =>
      s.controls.advance({
        workspaceId: actor.workspaceId,
        to: new Date(body.time).toISOString(),
        field: 'time',
        ...(request && { request: { keyId: actor.keyId, ...request } }),
      }),
  }),
  defineOperation({
    name: 'freeze_clock',
    method: 'POST',
    path: '/clock/freeze',
    scope: 'backend',
    tag: 'clock',
    summary: "Freeze the workspace's clock",
    description:
      'Stops time where it is: nothing time-based moves until the clock is advanced, set or resumed.',
    response: clockState,
    errors: [403],
    wholeWorkspace: true,
    hints: updates,
    handler: async (actor, _i, s) => {
      await s.deps.clock.freeze(actor.workspaceId);
      return clockOf(s, actor.workspaceId);
    },
  }),
  defineOperation({
    name: 'resume_clock',
    method: 'POST',
    path: '/clock/resume',
    scope: 'backend',
    tag: 'clock',
    summary: "Let the workspace's clock run again",
    description:
      'Time runs again from where it stands, staying ahead of real time by as much as it was moved.',
    response: clockState,
    errors: [403],
    wholeWorkspace: true,
    hints: updates,
    handler: async (actor, _i, s) => {
      await s.deps.clock.resume(actor.workspaceId);
      return clockOf(s, actor.workspaceId);
    },
  }),
  defineOperation({
    name: 'reset_workspace',
    method: 'POST',
    path: '/reset',
    scope: 'backend',
    tag: 'reset',
    summary: 'Reset the workspace',
    description:
      'Empties the workspace (campaigns, audiences, data stores, brands, imports, jobs, idempotency memory, ad-platform records, fault rules, journal) or loads a seed into it. The workspace and its API keys stay; the clock returns to real time.',
    body: z.strictObject({
      seed: z.enum(SEEDS).optional().meta({ description: 'load this seed after emptying' }),
    }),
    response: z.strictObject({ workspace: z.string(), seed: z.enum(SEEDS).nullable() }),
    errors: [400, 403, 409],
    wholeWorkspace: true,
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: async (actor, { body }, s) => {
      const result = await resetWorkspace(s, actor.workspaceId, body.seed);
      try {
        await s.controls.journal.clear(actor.workspaceId);
      } catch {
        // best effort: a journal that cannot be opened (a full disk) has nothing to clear
      }
      return result;
    },
  }),
  defineOperation({
    name: 'save_snapshot',
    method: 'GET',
    path: '/snapshot',
    scope: 'backend',
    tag: 'snapshots',
    summary: 'Save a snapshot of the workspace',
    description:
      "A consistent copy of the workspace's records (campaigns, audiences, data stores and their imports, brands, jobs, ad-platform records, its clock and fault rules), taken while serving, as an SQLite file. Never an API key, a login link, a session or an idempotency record. A key limited to accounts or campaigns may not save the whole workspace (403).",
    response: snapshotFile,
    errors: [403],
    timeDependent: true,
    wholeWorkspace: true,
    binary: { mediaType: SQLITE_TYPE, in: 'response' },
    hints: readOnly,
    handler: (actor, _i, s) => saveSnapshot(s, actor.workspaceId),
  }),
  defineOperation({
    name: 'load_snapshot',
    method: 'PUT',
    path: '/snapshot',
    scope: 'backend',
    tag: 'snapshots',
    summary: 'Load a snapshot into the workspace',
    description:
      "Replaces the workspace's records with a snapshot's, in one transaction; other workspaces, the workspace's keys, its slug and its invitations are untouched. Every row is checked as the API checks what it writes, references must stay inside the snapshot, and the workspace must read back as the API serves it: otherwise 400 naming the table and row, and nothing changes. A file from a newer adcli, or one whose records belong to another workspace of this server, is refused. A key limited to accounts or campaigns may not (403); 409 while an advance of the workspace's clock runs.",
    body: snapshotUpload,
    bodyRequired: true,
    response: z.strictObject({
      workspace: z.string(),
      rows: z.record(z.string(), z.number()).meta({ description: 'the rows loaded, by table' }),
    }),
    errors: [400, 403, 409, 413],
    wholeWorkspace: true,
    binary: { mediaType: SQLITE_TYPE, in: 'body', maxBytes: MAX_SNAPSHOT_BYTES },
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: (actor, { body }, s) => loadSnapshot(s, actor.workspaceId, body.path),
  }),
  defineOperation({
    name: 'list_faults',
    method: 'GET',
    path: '/faults',
    scope: 'backend',
    tag: 'faults',
    summary: 'List fault rules',
    description:
      "The workspace's fault rules, in the order they are tried; for a key limited to accounts or campaigns, the rules it added.",
    response: z.strictObject({ data: z.array(faultRule) }),
    errors: [403],
    timeDependent: true,
    hints: readOnly,
    handler: async (actor, _i, s) => ({ data: await s.controls.faults.list(faultOwner(actor)) }),
  }),
  defineOperation({
    name: 'add_fault',
    method: 'POST',
    path: '/faults',
    scope: 'backend',
    tag: 'faults',
    summary: 'Add a fault rule',
    description:
      "Requests of this workspace whose method and path (under /api/v1; `*` or `{name}` is one segment, a final `**` the rest) match get the fault: a status in the error shape (429 with Retry-After), a delay, or a dropped connection; for `count` requests, with a `probability`, or until cleared. A rule added by a key limited to accounts or campaigns applies to that key's own requests only.",
    body: z.strictObject({
      method: z.enum(FAULT_METHODS).optional().meta({ description: 'default * (any)' }),
      path: z
        .string()
        .min(1)
        .max(300)
        .meta({
          description:
            'an API path under /api/v1; `*` or `{name}` is one segment, a final `**` the rest',
          openapi: {
            description:
              'an API path under /api/v1 (`/campaigns/*`, `/campaigns/{campaignId}/targeting/**`): `*` or `{name}` is one segment, a final `**` the rest; it must be able to match an operation of the API with the method given (400 otherwise)',
          },
        }),
      status: z.number().int().min(400).max(599).optional(),
      delayMs: z.number().int().min(0).max(MAX_FAULT_DELAY_MS).optional(),
      drop: z.boolean().optional(),
      count: z.number().int().min(1).max(1_000_000).optional(),
      probability: z.number().gt(0).max(1).optional(),
    }),
    bodyRequired: true,
    response: faultRule,
    successStatus: 201,
    errors: [400, 403],
    hints: creates,
    handler: (actor, { body }, s) => s.controls.faults.add(faultOwner(actor), body, known),
  }),
  defineOperation({
    name: 'delete_fault',
    method: 'DELETE',
    path: '/faults/{faultId}',
    scope: 'backend',
    tag: 'faults',
    summary: 'Delete a fault rule',
    description: 'Removes one rule (a limited key: one it added).',
    params: z.strictObject({ faultId: hexId('fault rule') }),
    response: z.strictObject({ id: z.string(), deleted: z.literal(true) }),
    errors: [403, 404],
    hints: deletes,
    handler: (actor, { params }, s) => s.controls.faults.remove(faultOwner(actor), params.faultId),
  }),
  defineOperation({
    name: 'clear_faults',
    method: 'DELETE',
    path: '/faults',
    scope: 'backend',
    tag: 'faults',
    summary: 'Clear every fault rule',
    description: "Removes all of the workspace's fault rules (a limited key: those it added).",
    response: z.strictObject({ deleted: z.number() }),
    errors: [403],
    hints: deletes,
    handler: (actor, _i, s) => s.controls.faults.clear(faultOwner(actor)),
  }),
  defineOperation({
    name: 'list_requests',
    method: 'GET',
    path: '/requests',
    scope: 'backend',
    tag: 'requests',
    summary: 'List the recent requests of the workspace',
    description: `The request journal: the workspace's last ${JOURNAL_SIZE} API requests, oldest first (time, method, path, status, duration, request id, idempotency key, replayed, fault, contract violations of a proxied exchange); for a key limited to accounts or campaigns, only its own requests. Never a key.`,
    query: z.strictObject({
      // 15 digits: what a query integer may have (queryInt), so the document promises no more
      after: queryInt(0, 999_999_999_999_999)
        .optional()
        .meta({ description: 'only requests with a larger seq' }),
      limit: queryInt(1, JOURNAL_SIZE)
        .default(100)
        .meta({ description: `the newest this many, 1-${JOURNAL_SIZE}` }),
      violations: boolQuery('only the exchanges that broke the contract (adcli serve --proxy)'),
    }),
    response: z.strictObject({ data: z.array(journalEntry) }),
    errors: [400, 403],
    timeDependent: true,
    hints: readOnly,
    handler: async (actor, { query }, s) => ({
      data: await journalOf(s).list(actor.workspaceId, {
        ...query,
        keyId: limited(actor) ? actor.keyId : null,
      }),
    }),
  }),
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
  defineOperation({
    name: 'apply_fixtures',
    method: 'POST',
    path: '/fixtures',
    scope: 'backend',
    tag: 'fixtures',
    summary: 'Apply a fixtures document to the workspace',
    description:
      'Brands, data stores, saved audiences and campaigns (with their slots, targeting items and ad-platform status) and the clock, each named by a `ref` that other records use as `"@ref"`. Each record is matched by its ref to the record an earlier apply made (the workspace keeps its refs), created when there is none, and changed only where it differs, through the API\'s own rules: applying the same document again changes nothing (0 created, 0 updated). `prune` also deletes the records the workspace\'s refs name that the document does not. The document is checked whole before anything changes and applied in one transaction: a bad record changes nothing, and the 400 names the file (`file`), the record (its place and ref) and the field. The JSON Schema of the document is at /_adcli/v1/fixtures.schema.json. A key limited to accounts or campaigns may not (403); 409 while an advance moves the clock.',
    query: z.strictObject({
      prune: boolQuery(
        "also delete the records the workspace's refs name that the document does not name",
      ),
      dryRun: boolQuery(
        'check the document and count what applying it would create, update and delete, changing nothing (ids of records it would create are not kept)',
      ),
      file: z
        .string()
        .max(300)
        .optional()
        .meta({ description: 'the name of the file the document comes from, for messages' }),
    }),
    body: fixturesBody,
    bodyRequired: true,
    response: z.strictObject({
      workspace: z.string(),
      created: z.number(),
      updated: z.number(),
      deleted: z.number().meta({ description: 'removed by prune' }),
      unchanged: z.number(),
      kinds: z
        .strictObject(Object.fromEntries(COUNTED.map((k) => [k, kindCounts])))
        .meta({ description: 'the counts of each list of the document, and of the clock' }),
      refs: z.record(z.string(), z.strictObject({ kind: z.enum(KINDS), id: z.string() })).meta({
        description:
          'the record each ref of the document names now (in a dry run, those it would create have ids that were not kept)',
      }),
      notes: z.array(z.string()).meta({
        description:
          'what the apply did other than the document says, one sentence each: a campaign whose customerId names no account of this workspace (a file exported on another server) is put in its default account',
      }),
      dryRun: z.boolean().meta({
        description: 'true when nothing was changed: the counts are what an apply would do',
      }),
    }),
    errors: [400, 403, 409],
    wholeWorkspace: true,
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: async (actor, { query, body }, s) => {
      const applied = await applyFixtures(s, actor, body, { file: query.file, prune: query.prune });
      // a dry run is the same apply, rolled back: its counts are what the real one will say
      if (query.dryRun) throw new RolledBack({ ...applied, dryRun: true });
      return { ...applied, dryRun: false };
    },
  }),
  defineOperation({
    name: 'export_fixtures',
    method: 'GET',
    path: '/fixtures',
    scope: 'backend',
    tag: 'fixtures',
    summary: 'Export the workspace as a fixtures document',
    description:
      "The workspace's brands, data stores (sources, catalog content, imported resources), saved audiences and campaigns (settings, slots, targeting items, ad-platform status) and a clock that is not plain real time, as a fixtures document: each record named by the ref the workspace holds for it, or one made up from its name (the next apply of the document matches the record by it). Never a key, a session, a login link or the journal. Applied to an empty workspace it makes the same records. A key limited to accounts or campaigns may not (403).",
    response: fixturesAnswer,
    errors: [403],
    timeDependent: true,
    wholeWorkspace: true,
    hints: readOnly,
    handler: (actor, _i, s) => exportFixtures(s, actor),
  }),
];
