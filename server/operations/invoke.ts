import type { Actor } from '../domain/actor.ts';
import { ApiError } from '../lib/errors.ts';
import type { IdempotencyRecords, StoredResponse } from '../store/idempotency.ts';
import { workspaceLock } from '../store/locks.ts';
import {
  authorize,
  RolledBack,
  type Operation,
  type OperationContext,
  type UploadedFile,
} from './operation.ts';
import { parseOrThrow } from '../schemas/validation.ts';

/** An operation's input as it arrives, before its schemas read it. */
export interface RawInput {
  params?: Record<string, string>;
  /** a query already read strictly (strictQuery), or values of a form */
  query?: Record<string, string>;
  /** a JSON body, or a file streamed to disk; or read only once params and query passed (HTTP) */
  body?: unknown;
  readBody?: () => Promise<unknown>;
}

/** The Idempotency-Key of a write and the fingerprint of its request. */
export interface IdempotencyRequest {
  key: string;
  fingerprint: string;
  records: IdempotencyRecords;
}

/** What an operation answered: its value, or (a replay) the remembered answer's text. */
export type Invoked =
  | { value: unknown; status: number; replayed: false }
  | { text: string; status: number; replayed: true };

const EMPTY = Object.freeze({});

/**
 * The one way into an operation, whatever the door (HTTP, /mcp, the pages): checks the actor may
 * call it (scope, key limits), reads its input with its own schemas, and runs its handler on the
 * workspace's clock in one transaction (a read, a write with its idempotency record, or, for an
 * operation that steps, many of its own). What only HTTP does (authentication, the rate limit,
 * faults, the journal, the read cache, reading headers and bodies) is middleware in server/http/.
 */
export async function invoke(
  ctx: OperationContext,
  op: Operation,
  actor: Actor,
  raw: RawInput,
  idempotency?: IdempotencyRequest,
): Promise<Invoked> {
  authorize(op, actor);
  const input = await readInput(op, raw);
  const status = op.successStatus ?? 200;
  const { store, clock } = ctx.deps;
  if (op.method === 'GET')
    return clock.within(actor.workspaceId, async (): Promise<Invoked> => {
      // a file out (a snapshot) reads in transactions of its own
      if (op.binary) return { value: await op.handler(actor, input, ctx), status, replayed: false };
      return {
        value: await store.read(async () => op.handler(actor, input, ctx)),
        status,
        replayed: false,
      };
    });
  // Every write transaction of the operation, its own or those it makes as it steps, holds the lock.
  const lock = { name: workspaceLock(actor.workspaceId), shared: op.rowLocked === true };
  return store.withWriteLock(lock, () =>
    clock.within(actor.workspaceId, () => write(ctx, op, actor, input, status, idempotency)),
  );
}

async function write(
  ctx: OperationContext,
  op: Operation,
  actor: Actor,
  input: Parameters<Operation['handler']>[1],
  status: number,
  idempotency: IdempotencyRequest | undefined,
): Promise<Invoked> {
  const { store, clock } = ctx.deps;
  if (op.binary) {
    // a file in: the handler makes its own transactions, and nothing is remembered
    return { value: await op.handler(actor, input, ctx), status, replayed: false };
  }
  if (op.steps) {
    // many transactions of its own: the handler keeps its idempotency record with its last step
    const prior = idempotency && (await store.read(() => replay(idempotency, actor, clock.now())));
    if (prior) return prior;
    const request = idempotency
      ? { idempotencyKey: idempotency.key, fingerprint: idempotency.fingerprint }
      : { fingerprint: '' };
    return {
      value: await op.handler(actor, { ...input, request }, ctx),
      status,
      replayed: false,
    };
  }
  try {
    return await store.write(async (): Promise<Invoked> => {
      const run = async () => op.handler(actor, input, ctx);
      // A secret answer is never kept: its key is only looked up (another request under it is a 409).
      const remember = idempotency && !op.secretAnswer;
      let value: unknown;
      if (!idempotency) value = await run();
      else if (!remember) {
        const prior = await replay(idempotency, actor, clock.now());
        if (prior) return prior;
        value = await run();
      } else {
        // the operation's first statement goes out with the claim; it stands only if the key was free
        const claim = idempotency.records.claim(
          actor.keyId,
          idempotency.key,
          idempotency.fingerprint,
          clock.now(),
        );
        const ran = await store.gated(claim, (prior) => prior !== undefined, run);
        if ('stopped' in ran) throw new Replayed(answerOf(idempotency, ran.stopped)!);
        value = ran.value;
      }
      if (remember) {
        await idempotency.records.complete(
          actor.keyId,
          idempotency.key,
          { fingerprint: idempotency.fingerprint, status, body: JSON.stringify(value) },
          clock.now(),
        );
      }
      return { value, status, replayed: false };
    });
  } catch (e) {
    // a dry run: everything it did is rolled back (its idempotency claim too), its answer stands
    if (e instanceof RolledBack) return { value: e.value, status, replayed: false };
    if (e instanceof Replayed) return e.answer;
    throw e;
  }
}

/** A key's remembered answer, found once the operation had begun: its transaction is rolled back. */
class Replayed extends Error {
  readonly answer: Invoked;
  constructor(answer: Invoked) {
    super('the Idempotency-Key was answered before; the remembered answer is replayed');
    this.answer = answer;
  }
}

/** The answer an operation gave, as JSON text (the remembered one for a replay). */
export function textOf(result: Invoked): string {
  return result.replayed ? result.text : JSON.stringify(result.value);
}

/** The remembered answer to this key, or undefined; 409 when the key came with another request. */
async function replay(
  idem: IdempotencyRequest,
  actor: Actor,
  now: Date,
): Promise<Invoked | undefined> {
  return answerOf(idem, await idem.records.find(actor.keyId, idem.key, now));
}

/** A stored answer as this request's: replayed, or 409 when the key came with another request. */
function answerOf(
  idem: IdempotencyRequest,
  prior: StoredResponse | undefined,
): Invoked | undefined {
  if (!prior) return undefined;
  if (prior.fingerprint !== idem.fingerprint) {
    throw new ApiError(
      409,
      'idempotency_conflict',
      'this Idempotency-Key was used with a different request; use a new key for a new request',
    );
  }
  return { text: prior.body, status: prior.status, replayed: true };
}

/** The operation's input read by its own schemas, in order: path, query, body; a 400 naming the field. */
async function readInput(
  op: Operation,
  raw: RawInput,
): Promise<Parameters<Operation['handler']>[1]> {
  const params = op.params ? parseOrThrow(op.params, raw.params ?? {}, 'path') : EMPTY;
  const query = op.query
    ? parseOrThrow(op.query, raw.query ?? {}, 'query')
    : noQuery(raw.query ?? {});
  let body: unknown;
  if (op.body) {
    const given = raw.readBody ? await raw.readBody() : raw.body;
    body =
      op.binary?.in === 'body'
        ? (given as UploadedFile)
        : // no body at all reads as {}; a JSON null is a body, and refused as one
          parseOrThrow(op.body, given === undefined ? {} : given, 'body');
  }
  return { params, query, body } as Parameters<Operation['handler']>[1];
}

function noQuery(query: Record<string, string>): Record<string, never> {
  const names = Object.keys(query);
  if (names.length) {
    throw new ApiError(
      400,
      'invalid_request',
      `unknown query parameter${names.length > 1 ? 's' : ''} ${names.map((n) => JSON.stringify(n)).join(', ')}`,
    );
  }
  return EMPTY as Record<string, never>;
}
