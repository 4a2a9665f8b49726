import { z } from 'zod';
import { operations as apiOperations } from '../operations/index.ts';
import { creates, defineOperation, deletes, readOnly, updates, type Operation } from '../operations/operation.ts';
import { hexId, isoTime, queryInt } from '../schemas/common.ts';
import { SEEDS } from '../seed/index.ts';
import { advanceTo } from './advance.ts';
import { parseDuration } from './duration.ts';
import { FAULT_METHODS, MAX_FAULT_DELAY_MS } from './faults.ts';
import { JOURNAL_SIZE } from './journal.ts';
import { resetWorkspace } from './reset.ts';
import { loadSnapshot, saveSnapshot } from './snapshot.ts';
import { LOGIN_LINK_TTL_MS, webSessions } from '../web/sessions.ts';

/** Where the controls live on the host: outside the contract's /api/v1 (design section 7). */
export const CONTROL_PREFIX = '/_adcli/v1';
/** A snapshot upload may be this large. */
export const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;
/** The longest single advance: enough for a campaign's year, short enough to answer in seconds. */
export const MAX_ADVANCE_MS = 1000 * 86_400_000;

const clockState = z.strictObject({
  now: isoTime.meta({ description: "the workspace's time (ISO 8601)" }),
  frozen: z.boolean().meta({ description: 'true while time stands still' }),
  offsetMs: z.number().meta({ description: 'how far ahead of real time the clock is, in ms' }),
});

const advanceResult = z.strictObject({
  clock: clockState,
  ran: z.record(z.string(), z.number()).meta({ description: 'the jobs that fell due and ran while advancing, by kind' }),
});

const duration = z
  .string()
  .min(1)
  .max(40)
  .transform((text, ctx) => {
    const ms = parseDuration(text);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: `by must be a duration such as 90s, 25h, 7d, 1h30m or PT25H, not ${JSON.stringify(text)}` });
      return z.NEVER;
    }
    if (ms < 1 || ms > MAX_ADVANCE_MS) {
      ctx.addIssue({ code: 'custom', message: `by must be from 1 ms to ${MAX_ADVANCE_MS / 86_400_000} days` });
      return z.NEVER;
    }
    return ms;
  })
  .meta({ description: 'how far to move: 90s, 25h, 7d, 1h30m, 2w, or ISO 8601 (PT25H, P7D)' });

const instant = z
  .string()
  .max(40)
  .refine((s) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'time must be an ISO 8601 instant with a zone, e.g. 2026-12-01T09:00:00Z, or a date',
  })
  .meta({ description: 'ISO 8601 instant with a zone (2026-12-01T09:00:00Z), or a date (midnight UTC)' });

const faultRule = z.strictObject({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().nullable(),
  delayMs: z.number().nullable(),
  drop: z.boolean(),
  remaining: z.number().nullable().meta({ description: 'requests it still applies to; null: every one' }),
  probability: z.number().nullable(),
  matched: z.number().meta({ description: 'how many requests it was applied to' }),
  createdAt: isoTime,
});

const journalEntry = z.strictObject({
  seq: z.number().meta({ description: 'increasing; pass the last one as `after` to get only newer requests' }),
  at: isoTime.meta({ description: "when it arrived, in the workspace's time" }),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  durationMs: z.number(),
  requestId: z.string(),
  idempotencyKey: z.string().nullable(),
  replayed: z.boolean(),
  fault: z.string().nullable().meta({ description: 'the fault applied: a rule id, `prefer` (the Prefer header), or null' }),
});

const snapshotFile = z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ description: 'an SQLite file' });
const SQLITE_TYPE = 'application/vnd.sqlite3';
const known = apiOperations.map((op) => ({ method: op.method, path: op.path }));

/** The controls of adcli serve, declared once like the API's operations (routes, OpenAPI, CLI). */
/** What each group of controls does (the tags of the controls' OpenAPI document). */
export const CONTROL_TAGS: Record<string, string> = {
  clock: "The workspace's clock: real, frozen, or moved ahead; advancing runs the jobs that fall due.",
  reset: 'Empty the workspace, or load a seed into it.',
  snapshots: 'Save the whole store to a file, or load one.',
  faults: 'Fault rules: answer chosen requests with an error status, a delay or a dropped connection.',
  requests: "The request journal: the workspace's last API requests.",
  pages: 'One-time login links to the pages of adcli serve: the campaign page and the console at /app/.',
};

export const controlOperations: readonly Operation[] = [
  defineOperation({
    name: 'get_clock',
    method: 'GET',
    path: '/clock',
    scope: 'backend',
    tag: 'clock',
    summary: "Show the workspace's clock",
    description: "The workspace's time, whether it is frozen, and how far ahead of real time it runs.",
    response: clockState,
    errors: [403],
    timeDependent: true,
    hints: readOnly,
    handler: (actor, _i, s) => s.deps.clock.state(actor.workspaceId),
  }),
  defineOperation({
    name: 'advance_clock',
    method: 'POST',
    path: '/clock/advance',
    scope: 'backend',
    tag: 'clock',
    summary: "Move the workspace's clock forward",
    description:
      'Moves the time forward by `by` and, before answering, runs every job of the workspace that falls due on the way, in time order: collections, generations, each sync, so reports show the days in between. Idempotency keys older than 24 hours expire and rate-limit windows roll over.',
    body: z.strictObject({ by: duration }),
    bodyRequired: true,
    response: advanceResult,
    errors: [400, 403],
    hints: creates,
    handler: (actor, { body }, s) => advanceTo(s, actor.workspaceId, new Date(s.deps.clock.of(actor.workspaceId).getTime() + body.by), 'by'),
  }),
  defineOperation({
    name: 'set_clock',
    method: 'POST',
    path: '/clock/set',
    scope: 'backend',
    tag: 'clock',
    summary: "Set the workspace's clock to a later time",
    description: 'Moves the time forward to `time` (never back: 400), running the work that falls due on the way, as advance does. A frozen clock stays frozen.',
    body: z.strictObject({ time: instant }),
    bodyRequired: true,
    response: advanceResult,
    errors: [400, 403],
    hints: updates,
    handler: (actor, { body }, s) => advanceTo(s, actor.workspaceId, new Date(body.time), 'time'),
  }),
  defineOperation({
    name: 'freeze_clock',
    method: 'POST',
    path: '/clock/freeze',
    scope: 'backend',
    tag: 'clock',
    summary: "Freeze the workspace's clock",
    description: 'Stops time where it is: nothing time-based moves until the clock is advanced, set or resumed.',
    response: clockState,
    errors: [403],
    hints: updates,
    handler: async (actor, _i, s) => {
      await s.deps.clock.freeze(actor.workspaceId);
      return s.deps.clock.state(actor.workspaceId);
    },
  }),
  defineOperation({
    name: 'resume_clock',
    method: 'POST',
    path: '/clock/resume',
    scope: 'backend',
    tag: 'clock',
    summary: "Let the workspace's clock run again",
    description: 'Time runs again from where it stands, staying ahead of real time by as much as it was moved.',
    response: clockState,
    errors: [403],
    hints: updates,
    handler: async (actor, _i, s) => {
      await s.deps.clock.resume(actor.workspaceId);
      return s.deps.clock.state(actor.workspaceId);
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
    body: z.strictObject({ seed: z.enum(SEEDS).optional().meta({ description: 'load this seed after emptying' }) }),
    response: z.strictObject({ workspace: z.string(), seed: z.enum(SEEDS).nullable() }),
    errors: [400, 403],
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: async (actor, { body }, s) => {
      const result = await resetWorkspace(s, actor.workspaceId, body.seed);
      await s.journal.clear(actor.workspaceId);
      return result;
    },
  }),
  defineOperation({
    name: 'save_snapshot',
    method: 'GET',
    path: '/snapshot',
    scope: 'backend',
    tag: 'snapshots',
    summary: 'Save a snapshot of the whole store',
    description: 'A consistent copy of the whole store (every workspace), taken while serving, as an SQLite file.',
    response: snapshotFile,
    errors: [403],
    timeDependent: true,
    binary: { mediaType: SQLITE_TYPE, in: 'response' },
    hints: readOnly,
    handler: (_actor, _i, s) => saveSnapshot(s.deps.store),
  }),
  defineOperation({
    name: 'load_snapshot',
    method: 'PUT',
    path: '/snapshot',
    scope: 'backend',
    tag: 'snapshots',
    summary: 'Load a snapshot into the whole store',
    description:
      'Replaces the whole store with a snapshot, in one transaction: a file that is not an adcli store, or is from a newer adcli, is refused (400) and nothing changes. API keys of the running store whose workspace is in the snapshot keep working.',
    body: snapshotFile,
    bodyRequired: true,
    response: z.strictObject({ workspaces: z.number() }),
    errors: [400, 403, 413],
    binary: { mediaType: SQLITE_TYPE, in: 'body', maxBytes: MAX_SNAPSHOT_BYTES },
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: (_actor, { body }, s) => loadSnapshot(s.deps.store, body),
  }),
  defineOperation({
    name: 'list_faults',
    method: 'GET',
    path: '/faults',
    scope: 'backend',
    tag: 'faults',
    summary: 'List fault rules',
    description: "The workspace's fault rules, in the order they are tried.",
    response: z.strictObject({ data: z.array(faultRule) }),
    errors: [403],
    timeDependent: true,
    hints: readOnly,
    handler: async (actor, _i, s) => ({ data: await s.faults.list(actor.workspaceId) }),
  }),
  defineOperation({
    name: 'add_fault',
    method: 'POST',
    path: '/faults',
    scope: 'backend',
    tag: 'faults',
    summary: 'Add a fault rule',
    description:
      'Requests of this workspace whose method and path (under /api/v1; `*` or `{name}` is one segment, a final `**` the rest) match get the fault: a status in the error shape (429 with Retry-After), a delay, or a dropped connection; for `count` requests, with a `probability`, or until cleared.',
    body: z.strictObject({
      method: z.enum(FAULT_METHODS).optional().meta({ description: 'default * (any)' }),
      path: z.string().min(1).max(300),
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
    handler: (actor, { body }, s) => s.faults.add(actor.workspaceId, body, known),
  }),
  defineOperation({
    name: 'delete_fault',
    method: 'DELETE',
    path: '/faults/{faultId}',
    scope: 'backend',
    tag: 'faults',
    summary: 'Delete a fault rule',
    description: 'Removes one rule.',
    params: z.strictObject({ faultId: hexId('fault rule') }),
    response: z.strictObject({ id: z.string(), deleted: z.literal(true) }),
    errors: [403, 404],
    hints: deletes,
    handler: (actor, { params }, s) => s.faults.remove(actor.workspaceId, params.faultId),
  }),
  defineOperation({
    name: 'clear_faults',
    method: 'DELETE',
    path: '/faults',
    scope: 'backend',
    tag: 'faults',
    summary: 'Clear every fault rule',
    description: "Removes all of the workspace's fault rules.",
    response: z.strictObject({ deleted: z.number() }),
    errors: [403],
    hints: deletes,
    handler: (actor, _i, s) => s.faults.clear(actor.workspaceId),
  }),
  defineOperation({
    name: 'list_requests',
    method: 'GET',
    path: '/requests',
    scope: 'backend',
    tag: 'requests',
    summary: 'List the recent requests of the workspace',
    description: `The request journal: the workspace's last ${JOURNAL_SIZE} API requests, oldest first (time, method, path, status, duration, request id, idempotency key, replayed, fault). Never a key.`,
    query: z.strictObject({
      after: queryInt(0, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'only requests with a larger seq' }),
      limit: queryInt(1, JOURNAL_SIZE).default(100).meta({ description: `the newest this many, 1-${JOURNAL_SIZE}` }),
    }),
    response: z.strictObject({ data: z.array(journalEntry) }),
    errors: [400, 403],
    timeDependent: true,
    hints: readOnly,
    handler: async (actor, { query }, s) => ({ data: await s.journal.list(actor.workspaceId, query) }),
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
    description: `A link that opens the campaign page (with campaignId) or the console in a browser and starts a session there, bound to this key: the pages show what the key's scopes and limits allow, and their forms do what it may do. It works once, within ${LOGIN_LINK_TTL_MS / 60_000} minutes, and holds no key. \`page\` is the page's own address. An unknown campaign is 404, one outside the key's limits 403.`,
    body: z.strictObject({ campaignId: hexId('campaign').optional().meta({ description: 'open this campaign\'s page; default: the console' }) }),
    response: z.strictObject({
      url: z.string().meta({ description: 'the one-time login link' }),
      page: z.string().meta({ description: 'the page it opens (which needs a session)' }),
      expiresAt: isoTime,
    }),
    successStatus: 201,
    errors: [400, 403, 404],
    hints: creates,
    handler: async (actor, { body }, s) => {
      if (body.campaignId !== undefined) await s.campaigns.row(actor, body.campaignId);
      const page = body.campaignId === undefined ? '' : `campaigns/${body.campaignId}`;
      const link = webSessions(s).mint(actor, page);
      return { url: `${actor.appUrl}/login?token=${link.token}`, page: `${actor.appUrl}/${page}`, expiresAt: link.expiresAt.toISOString() };
    },
  }),
];
