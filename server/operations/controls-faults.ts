/** The controls of fault rules and of the request journal: what is done to requests, and what came. */
import { z } from 'zod';
import type { Controls } from '../control/controls.ts';
import { FAULT_BOUNDS, FAULT_METHODS, type FaultOwner } from '../control/faults.ts';
import { JOURNAL_SIZE } from '../control/journal.ts';
import type { Actor } from '../domain/actor.ts';
import { ApiError } from '../lib/errors.ts';
import { boolQuery, hexId, isoTime, queryInt } from '../schemas/common.ts';
import { apiRoutes } from './index.ts';
import {
  creates,
  defineOperation,
  deletes,
  readOnly,
  type Operation,
  type OperationContext,
} from './operation.ts';

/** Whether a key is limited to accounts or campaigns (its journal shows its own requests only). */
const limited = (actor: Actor) => Boolean(actor.campaignIds || actor.customerIds);

/** Whose fault rules a key sees: a limited key only its own, which apply only to its own requests. */
const faultOwner = (actor: Actor): FaultOwner => ({
  workspaceId: actor.workspaceId,
  limitedKeyId: actor.campaignIds || actor.customerIds ? actor.keyId : null,
});

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

export const faultControls: readonly Operation[] = [
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
      status: z.number().int().min(FAULT_BOUNDS.status.min).max(FAULT_BOUNDS.status.max).optional(),
      delayMs: z
        .number()
        .int()
        .min(FAULT_BOUNDS.delayMs.min)
        .max(FAULT_BOUNDS.delayMs.max)
        .optional(),
      drop: z.boolean().optional(),
      count: z.number().int().min(FAULT_BOUNDS.count.min).max(FAULT_BOUNDS.count.max).optional(),
      probability: z.number().gt(0).max(1).optional(),
    }),
    bodyRequired: true,
    response: faultRule,
    successStatus: 201,
    errors: [400, 403],
    hints: creates,
    handler: (actor, { body }, s) => s.controls.faults.add(faultOwner(actor), body, apiRoutes),
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
];

export const journalControls: readonly Operation[] = [
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
];
