/**
 * One call of a tool: its arguments completed (presentation.ts `fill`) and turned into the API
 * request, the request sent through `call` (with the view's lookup beside it), a wait for background
 * work where asked, and the answer in the tool's view with its notes, or the tool's error.
 */
import { ApiError } from '../lib/errors.ts';
import { argumentError, missingSlots, replyError, type ToolSpeech } from './tool-errors.ts';
import { DETAIL, UnknownArgument, WAIT } from './tool-input.ts';
import type { Translator } from './recovery.ts';
import { errorResult, okResult } from './results.ts';
import type { ApiRequest, CallApi, CallContext, ToolContext, ToolResult } from './types.ts';
import type { Json, ViewContext } from './views.ts';
import {
  isOk,
  Refused,
  waitForDataStore,
  waitForTargeting,
  type WaitBounds,
  type WaitResult,
} from './waits.ts';

/** What a call of the tool works with. */
export interface ToolCall extends ToolSpeech {
  translate: Translator;
  bounds: WaitBounds;
  toRequest(args: unknown): ApiRequest;
}

/** Runs the tool: one API request (or, with wait, the request and polling), the answer in the tool's view. */
export async function runTool(
  t: ToolCall,
  rawArgs: unknown,
  call: CallApi,
  ctx: ToolContext,
): Promise<ToolResult> {
  const { op, pres } = t;
  const write = op.method !== 'GET';
  let req: ApiRequest;
  let filled: string | undefined;
  try {
    const given = rawArgs ?? {};
    if (pres.fill && typeof given === 'object' && !Array.isArray(given)) {
      const f = await pres.fill(given as Json, getter(call, ctx)).catch(() => undefined);
      if (f) [rawArgs, filled] = [f.args, f.note];
    }
    req = t.toRequest(rawArgs);
  } catch (e) {
    if (e instanceof UnknownArgument) return errorResult(e.code, e.message);
    if (e instanceof ApiError) return argumentError(t, e.status, e.code, e.message);
    throw e;
  }
  const args = (rawArgs ?? {}) as Json;
  const wait = pres.wait !== undefined && args[WAIT] === true;
  try {
    if (wait && pres.wait === 'targeting') return await generateAndWait(t, req, args, call, ctx);
    // The view's lookup goes before a write (it may read what the write removes), beside a read.
    const before = write ? await lookUp(t, args, call, ctx) : undefined;
    const [reply, looked] = await Promise.all([
      call(req, ctx),
      before ?? lookUp(t, args, call, ctx),
    ]);
    if (!isOk(reply)) return await replyError(t, reply, args, call, ctx);
    const body = reply.body as Json;
    if (pres.slotArgs?.includes('slotIds') && op.method === 'GET') {
      const missing = await missingSlots(body, args, call, ctx);
      if (missing) return missing;
    }
    if (wait && pres.wait === 'dataStore') return await dataStoreWait(t, body, args, call, ctx);
    const note = pres.noteOf?.(body, args, args[DETAIL] === 'full', looked);
    const notes = [filled, note].filter(Boolean).join('; ');
    return okResult(present(t, body, args, looked), notes || undefined);
  } catch (e) {
    if (e instanceof Refused) return replyError(t, e.reply, args, call, ctx);
    throw e;
  }
}

/** The answer in the tool's view, with the API's own words (error, reason) in tool names. */
function present(t: ToolCall, body: Json, args: Json, looked: ViewContext = {}): Json {
  const full = args[DETAIL] === 'full';
  return speakTools(
    t.pres.view ? t.pres.view(body, args, full, looked) : body,
    t.translate,
  ) as Json;
}

const finish = (t: ToolCall, r: WaitResult, args: Json): ToolResult =>
  okResult(present(t, r.body, args), r.note);

/** What the compact view needs beside the answer (presentation.ts `lookup`); nothing for detail full or when it fails. */
async function lookUp(
  t: ToolCall,
  args: Json,
  call: CallApi,
  ctx: CallContext,
): Promise<ViewContext> {
  if (!t.pres.lookup || (args[DETAIL] === 'full' && !t.pres.lookupInFull)) return {};
  return t.pres.lookup(args, getter(call, ctx)).catch(() => ({}));
}

/** A data store's collection (create, update, import), waited for: the answer once it is done. */
async function dataStoreWait(
  t: ToolCall,
  body: Json,
  args: Json,
  call: CallApi,
  ctx: ToolContext,
): Promise<ToolResult> {
  const imported = t.op.name === 'import_data_store';
  const store = (imported ? body.dataStore : body) as Json;
  const r = await waitForDataStore(
    store,
    { method: 'GET', path: `/data-stores/${encodeURIComponent(String(store.id))}`, query: {} },
    call,
    ctx,
    t.bounds,
  );
  return finish(t, { ...r, body: imported ? { ...body, dataStore: r.body } : r.body }, args);
}

/**
 * generate_targeting with wait: the generation started, then its slots polled until they are done.
 * A named slot already generating (a retry after a host's timeout) is waited for, not refused.
 */
async function generateAndWait(
  t: ToolCall,
  req: ApiRequest,
  args: Json,
  call: CallApi,
  ctx: ToolContext,
): Promise<ToolResult> {
  const named = args.slotIds as string[] | undefined;
  const pollReq: ApiRequest = {
    method: 'GET',
    path: req.path.replace(/\/generate$/, ''),
    query: {},
  };
  let reply = await call(req, ctx);
  let joined: string[] = [];
  if (reply.status === 409 && named?.length) {
    const now = await call(pollReq, ctx);
    if (!isOk(now)) return replyError(t, now, args, call, ctx);
    const generating = new Set(
      ((now.body as Json).audiences as Json[])
        .filter((s) => s.status === 'generating')
        .map((s) => s.id as string),
    );
    joined = named.filter((id) => generating.has(id));
    const rest = named.filter((id) => !generating.has(id));
    if (joined.length === 0) return replyError(t, reply, args, call, ctx);
    reply = rest.length
      ? await call(
          {
            ...req,
            body: { audienceIds: rest },
            ...(req.idempotencyKey
              ? { idempotencyKey: `${req.idempotencyKey.slice(0, 190)}:rest` }
              : {}),
          },
          ctx,
        )
      : { status: 200, body: { ...(now.body as Json), started: [], skipped: [] } };
  }
  if (!isOk(reply)) return replyError(t, reply, args, call, ctx);
  const first = reply.body as Json;
  const skipped = [
    ...(first.skipped as Json[]),
    ...joined.map((id) => ({ id, reason: 'already generating: waited for that generation' })),
  ];
  const waitIds = named?.length
    ? [...(first.started as string[]), ...joined]
    : ((first.audiences ?? []) as Json[])
        .filter((s) => s.status === 'generating')
        .map((s) => s.id as string);
  const r = await waitForTargeting(
    first,
    waitIds,
    pollReq,
    { started: first.started, skipped },
    call,
    ctx,
    t.bounds,
  );
  return finish(t, r, args);
}

/** A GET under the API prefix with the caller's key, as part of a tool call: its body, or undefined unless 2xx. */
const getter =
  (call: CallApi, ctx: CallContext) =>
  async (path: string): Promise<Json | undefined> => {
    const r = await call({ method: 'GET', path, query: {} }, { ...ctx, lookup: true });
    return isOk(r) ? (r.body as Json) : undefined;
  };

/** The API's own sentences in a result (a data store's error, a skip reason) name tools, not HTTP paths. */
function speakTools(node: unknown, translate: (text: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => speakTools(n, translate));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node))
    out[k] =
      (k === 'error' || k === 'reason') && typeof v === 'string'
        ? translate(v)
        : speakTools(v, translate);
  return out;
}
