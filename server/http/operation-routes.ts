/**
 * A route per operation, each one Hono handler (pipeline): the front and the route's own stages
 * run in one call, and a read answered from the cache is answered without a promise or a turn.
 */
import type { Hono } from 'hono';
import type { Controls } from '../control/controls.ts';
import { CONTROL_PREFIX, controlOperations } from '../operations/controls.ts';
import { API_PREFIX, type Operation, type OperationContext } from '../operations/operation.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { authenticate } from './authenticate.ts';
import { injectFaults } from './faults.ts';
import { idempotencyHeader } from './idempotency.ts';
import { operationRoute } from './operation-route.ts';
import { passingAtOnce, pipeline } from './pipeline.ts';
import type { RequestLimiter } from './rate-limit.ts';
import { cacheReads, ReadCache } from './read-cache.ts';
import { MAX_BODY_BYTES, type OnError, type RequestFront } from './request-front.ts';
import type { RequestEnv } from './request-log.ts';

export interface OperationRoutesOptions {
  ctx: OperationContext & { controls: Controls };
  /** the API's operations */
  ops: readonly Operation[];
  limiter: RequestLimiter | null;
  appUrl: string | undefined;
  front: RequestFront;
  onError: OnError;
}

/**
 * The API's routes, journaled, faults applied, reads cached, writes remembered by their
 * Idempotency-Key; then the controls' routes: not journaled, no faults (a fault must not lock its
 * own switch), nothing cached.
 */
export function mountOperations(app: Hono<RequestEnv>, opts: OperationRoutesOptions): void {
  const { ctx, front, onError } = opts;
  const { store, clock: clocks } = ctx.deps;
  const readCache = new ReadCache(store);
  const route = { records: new IdempotencyRecords(store), maxBodyBytes: MAX_BODY_BYTES };
  const keyOpts = { keys: ctx.keys, clocks, limiter: opts.limiter, appUrl: opts.appUrl };
  for (const op of opts.ops) {
    const cached = op.method === 'GET' && !op.timeDependent;
    const stages = [
      ...(cached ? [front.logCachedReads, front.oneStamp] : front.of(jsonBody(op))),
      authenticate(op, { ...keyOpts, journaled: true }),
      // faults let most requests through at once: a cached read stays a call without a promise
      passingAtOnce(injectFaults(op, ctx.controls.faults, API_PREFIX)),
    ];
    if (cached) stages.push(cacheReads(op, readCache));
    if (op.method !== 'GET') stages.push(idempotencyHeader());
    app.on(
      op.method,
      [pathOf(API_PREFIX, op)],
      pipeline<RequestEnv>(stages, operationRoute(ctx, op, route), onError),
    );
  }
  for (const op of controlOperations) {
    const stages = [...front.of(jsonBody(op)), authenticate(op, { ...keyOpts, journaled: false })];
    if (op.method !== 'GET' && !op.binary) stages.push(idempotencyHeader());
    app.on(
      op.method,
      [pathOf(CONTROL_PREFIX, op)],
      pipeline<RequestEnv>(stages, operationRoute(ctx, op, route), onError),
    );
  }
}

/** Whether requests of the operation have a JSON body, read within the 1 MB bound. */
function jsonBody(op: Operation): boolean {
  return op.method !== 'GET' && op.binary?.in !== 'body';
}

/** An operation's path under its prefix, in Hono's syntax (`{campaignId}` → `:campaignId`). */
function pathOf(prefix: string, op: Operation): string {
  return prefix + op.path.replace(/\{(\w+)\}/g, ':$1');
}
