/**
 * The MCP-only `wait` of the tools that start background work: generated targeting (generate_targeting)
 * and a data store's collection (create_data_store, update_data_store, import_data_store). A wait polls
 * the matching read through the same `call` (so with the same key and under the same rate limit; a
 * 429 is waited out) with the shared backoff loop, sends progress notifications when the client
 * asked for them, and stops at its bound with the state so far and a note saying what to poll.
 */
import { abortableSleep, waitFor, type WaitOutcome } from '../lib/wait.ts';
import type { ApiReply, ApiRequest, CallApi, ToolContext } from './types.ts';
import type { Json } from './views.ts';

export interface WaitBounds {
  timeoutMs: number;
  pollIntervalMs: number;
}

/** A refusal from the API while waiting: answered as the tool's error. */
export class Refused {
  readonly reply: ApiReply;
  constructor(reply: ApiReply) {
    this.reply = reply;
  }
}

export const isOk = (reply: ApiReply): boolean =>
  reply.status >= 200 &&
  reply.status < 300 &&
  typeof reply.body === 'object' &&
  reply.body !== null;

/** Polls `req` until `done`; progress after every poll. Throws Refused for an API error. */
async function poll<T extends Json>(
  req: ApiRequest,
  call: CallApi,
  ctx: ToolContext,
  bounds: WaitBounds,
  done: (t: T) => boolean,
  onPoll: (t: T, polls: number) => void,
): Promise<WaitOutcome<T>> {
  let polls = 0;
  return waitFor<T>({
    poll: async (signal) => {
      for (;;) {
        const reply = await call(req, { ...ctx, signal });
        if (reply.status === 429) {
          await abortableSleep((reply.retryAfter ?? 1) * 1000, signal);
          if (signal.aborted) throw signal.reason;
          continue;
        }
        if (!isOk(reply)) throw new Refused(reply);
        return reply.body as T;
      }
    },
    done,
    timeoutMs: bounds.timeoutMs,
    signal: ctx.signal,
    backoff: { initialMs: bounds.pollIntervalMs, maxMs: 2000, factor: 1.5, jitter: 0.2 },
    onPoll: (t) => onPoll(t, ++polls),
  });
}

/** Progress notifications in order, all of them before the answer; `progress` must grow, so it creeps up between steps. */
function reporter(ctx: ToolContext) {
  let chain = Promise.resolve();
  return {
    report(done: number, total: number, polls: number, message: string, final: boolean) {
      const progress = ctx.progress;
      if (!progress) return;
      const creep = final ? 0 : 0.9 * (1 - 1 / (polls + 1));
      chain = chain.then(() => progress(done + creep, total, message)).catch(() => {});
    },
    flushed: () => chain,
  };
}

interface Slot {
  id: string;
  name: string;
  status: string;
}

export interface WaitResult {
  body: Json;
  /** set when the bound was reached first */
  note?: string;
}

/**
 * Waits until every slot of `waitFor` is ready or in error (a slot removed meanwhile counts as
 * finished), then answers the targeting with `extra` (the generate call's started and skipped).
 */
export async function waitForTargeting(
  first: Json,
  waitForIds: readonly string[],
  pollReq: ApiRequest,
  extra: Json,
  call: CallApi,
  ctx: ToolContext,
  bounds: WaitBounds,
): Promise<WaitResult> {
  const ids = new Set(waitForIds);
  const total = ids.size;
  if (total === 0) return { body: { ...first, ...extra } };
  const pendingOf = (t: Json) =>
    ((t.audiences ?? []) as Slot[]).filter(
      (s) => ids.has(s.id) && s.status !== 'ready' && s.status !== 'error',
    );
  const progress = reporter(ctx);
  const say = (t: Json, polls: number) => {
    const pending = pendingOf(t);
    const names = pending.map((s) => s.name).join(', ');
    progress.report(
      total - pending.length,
      total,
      polls,
      `${total - pending.length} of ${total} audience slot${total === 1 ? '' : 's'} finished${names ? `; generating: ${names}` : ''}`,
      pending.length === 0,
    );
  };
  say(first, 0);
  let last = first;
  const outcome = await poll<Json>(
    pollReq,
    call,
    ctx,
    bounds,
    (t) => pendingOf(t).length === 0,
    (t, polls) => {
      last = t;
      say(t, polls);
    },
  );
  await progress.flushed();
  if (outcome.outcome === 'interrupted')
    throw ctx.signal?.reason ?? new Error('the request was cancelled');
  const body = { ...last, ...extra };
  if (outcome.outcome === 'done') return { body };
  const done = total - pendingOf(last).length;
  return {
    body,
    note: `Still generating after ${Math.round(bounds.timeoutMs / 1000)} s (${done} of ${total} slots finished); poll get_targeting, or call generate_targeting with wait: true again, for the result.`,
  };
}

/** Waits until the data store is no longer collecting; answers its record. */
export async function waitForDataStore(
  store: Json,
  pollReq: ApiRequest,
  call: CallApi,
  ctx: ToolContext,
  bounds: WaitBounds,
): Promise<WaitResult> {
  if (store.status !== 'collecting') return { body: store };
  const progress = reporter(ctx);
  // while collection waits (a quota spent, YouTube asking to slow down, unreachable) the store's error says why
  const why = (s: Json) =>
    s.status === 'collecting' && typeof s.error === 'string' && s.error ? `: ${s.error}` : '';
  const say = (s: Json, polls: number) =>
    progress.report(
      s.status === 'collecting' ? 0 : 1,
      1,
      polls,
      `data store ${s.name}: ${s.status}${why(s)}`,
      s.status !== 'collecting',
    );
  say(store, 0);
  let last = store;
  const outcome = await poll<Json>(
    pollReq,
    call,
    ctx,
    bounds,
    (s) => s.status !== 'collecting',
    (s, polls) => {
      last = s;
      say(s, polls);
    },
  );
  await progress.flushed();
  if (outcome.outcome === 'interrupted')
    throw ctx.signal?.reason ?? new Error('the request was cancelled');
  if (outcome.outcome === 'done') return { body: last };
  return {
    body: last,
    note: `Still collecting after ${Math.round(bounds.timeoutMs / 1000)} s${why(last)}; call get_data_store later for its status.`,
  };
}
