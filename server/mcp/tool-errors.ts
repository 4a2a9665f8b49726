/**
 * A tool's errors from the API's answers: the API's message in the tool's names, with the next step
 * (recovery.ts), or with which id and argument to pass instead when a saved audience was passed as
 * a slot or a slot as a saved audience.
 */
import type { Operation } from '../operations/operation.ts';
import type { Presentation } from './presentation.ts';
import { nextStep, savedAudienceAsSlot, slotAsSavedAudience } from './recovery.ts';
import { errorResult } from './results.ts';
import type { ApiReply, CallApi, CallContext, ToolResult } from './types.ts';
import type { Json } from './views.ts';

/** What a tool's errors are said with: its operation and presentation, and the API's words in its names. */
export interface ToolSpeech {
  op: Operation;
  pres: Presentation;
  /** the API's words in the tool's names (tools for paths, arguments for fields) */
  say: (text: string) => string;
  /** the tool of each path, for the next steps */
  toolNames: readonly string[];
}

/** An API error answer as the tool's error: in the tool's names, with the next step. */
export async function replyError(
  t: ToolSpeech,
  reply: ApiReply,
  args: Json,
  call: CallApi,
  ctx: CallContext,
): Promise<ToolResult> {
  const err = (
    reply.body as { error?: { code?: unknown; message?: unknown; requestId?: unknown } } | undefined
  )?.error;
  if (!err || typeof err.code !== 'string' || typeof err.message !== 'string') {
    return errorResult(
      reply.status >= 500 ? 'internal' : 'invalid_response',
      `the API answered HTTP ${reply.status} without an error body`,
    );
  }
  const message = t.say(err.message);
  const requestId = typeof err.requestId === 'string' ? err.requestId : undefined;
  const mixUp =
    reply.status === 400 || reply.status === 404
      ? await explainMixUp(t.pres, message, args, call, ctx).catch(() => undefined)
      : undefined;
  return errorResult(
    err.code,
    message,
    requestId,
    mixUp ?? nextStep(t.op.name, reply.status, err.code, message, t.toolNames),
  );
}

/** An error before any request (arguments that form none), in the tool's names with the next step. */
export function argumentError(
  t: ToolSpeech,
  status: number,
  code: string,
  message: string,
): ToolResult {
  const said = t.say(message);
  return errorResult(code, said, undefined, nextStep(t.op.name, status, code, said, t.toolNames));
}

/** A saved audience passed as a slot, or a slot as a saved audience: which id and argument to pass instead. */
async function explainMixUp(
  pres: Presentation,
  message: string,
  args: Json,
  call: CallApi,
  ctx: CallContext,
): Promise<string | undefined> {
  for (const arg of /no audience slot|is a saved audience/.test(message)
    ? (pres.slotArgs ?? [])
    : []) {
    const found =
      args[arg] !== undefined
        ? await savedAudienceAsSlot(arg, args[arg], args.campaignId, call, ctx)
        : undefined;
    if (found) return found;
  }
  for (const arg of /no (saved )?audience [a-f0-9]{24}|is an audience slot/.test(message)
    ? (pres.savedAudienceArgs ?? [])
    : []) {
    const found =
      args[arg] !== undefined ? await slotAsSavedAudience(arg, args[arg], call, ctx) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** get_targeting's slotIds filter naming no slot of the campaign: the same error the writes give. */
export async function missingSlots(
  body: Json,
  args: Json,
  call: CallApi,
  ctx: CallContext,
): Promise<ToolResult | undefined> {
  const wanted = (args.slotIds as string[] | undefined) ?? [];
  const have = new Set(((body.audiences ?? []) as Json[]).map((s) => s.id as string));
  const missing = wanted.filter((id) => !have.has(id));
  if (!missing.length) return undefined;
  const message = `slotIds[${wanted.indexOf(missing[0]!)}]: no audience slot ${missing[0]} on campaign ${String(args.campaignId)}`;
  const mixUp = await savedAudienceAsSlot('slotIds', missing, args.campaignId, call, ctx).catch(
    () => undefined,
  );
  return errorResult(
    'invalid_request',
    message,
    undefined,
    mixUp ?? "get_campaign lists the campaign's slots (slotId)",
  );
}
