/** The controls of a workspace's clock: read it, move it ahead (running what falls due), freeze and resume it. */
import { z } from 'zod';
import { advanceUnderWay } from '../control/advance.ts';
import { isoInstant, isoTime } from '../schemas/common.ts';
import { parseDuration } from '../lib/duration.ts';
import {
  creates,
  defineOperation,
  readOnly,
  updates,
  type Operation,
  type OperationContext,
} from './operation.ts';

/** The longest single advance: enough for a campaign's year, short enough to answer in seconds. */
export const MAX_ADVANCE_MS = 1000 * 86_400_000;

/** How far to move a clock, as advance_clock reads it. */
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

const advanceResult = z.strictObject({
  clock: clockState,
  ran: z
    .record(z.string(), z.number())
    .meta({ description: 'the jobs that fell due and ran while advancing, by kind' }),
});

export const clockControls: readonly Operation[] = [
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
];
