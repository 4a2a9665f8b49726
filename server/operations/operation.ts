import type { z } from 'zod';
import type { Actor } from '../domain/actor.ts';
import { formatCustomerId } from '../lib/customer-id.ts';
import { forbidden } from '../lib/errors.ts';
import type { Controls } from '../control/controls.ts';
import type { Services } from '../domain/services.ts';
import type { Scope } from '../schemas/common.ts';
import type { ToolPresentation } from './tool-presentation.ts';

type AnyObject = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** Where the API's operations live on the host. */
export const API_PREFIX = '/api/v1';

/** What a handler works with: the domain's services, and adcli serve's controls (faults, journal, advance). */
export interface OperationContext extends Services {
  controls: Controls;
}

/** A file body as an operation's handler gets it: streamed to a private temporary file. */
export interface UploadedFile {
  path: string;
  size: number;
  /** deletes the file (the pipeline does, once the handler is done) */
  dispose(): void;
}

export interface OperationInput<P extends AnyObject, Q extends AnyObject, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  /** for an operation that `steps`: the request's Idempotency-Key and fingerprint, to resume a retry */
  request?: { idempotencyKey?: string; fingerprint: string };
}

/**
 * One operation of the API, declared once. The HTTP routes, the OpenAPI document, the MCP tools and
 * the CLI's `api` help are all generated from these declarations.
 */
export interface Operation<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** snake_case verb, also the MCP tool name */
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** path under /api/v1 with {param} placeholders */
  path: string;
  scope: Scope;
  /** the group in the OpenAPI document and CLI help */
  tag: string;
  summary: string;
  /** written for a person and a model alike: what it does, when to use it, the rules that matter */
  description: string;
  params?: P;
  query?: Q;
  body?: B;
  /** whether a request without a body is an error (otherwise a missing body means {}) */
  bodyRequired?: boolean;
  response: R;
  successStatus?: 200 | 201;
  /** error statuses the operation can answer, beyond 401/429/500 which every operation can */
  errors: number[];
  /** the answer depends on the clock, not only on stored data (never served from the read cache) */
  timeDependent?: boolean;
  /**
   * The body or the answer is a file, not JSON (snapshots): its media type and, for a body, its size
   * bound (the handler gets an UploadedFile). Such a handler may return a promise and runs outside the
   * pipeline's transaction (it makes its own), without the idempotency memory.
   */
  binary?: { mediaType: string; in: 'body' | 'response'; maxBytes?: number };
  /**
   * It acts on the whole workspace (its time, all its content, a snapshot of it), so a key limited
   * to certain accounts or campaigns may not use it (403): it would reach outside the limit.
   */
  wholeWorkspace?: boolean;
  /**
   * It takes many steps, each its own transaction, so other requests are served between them (a clock
   * advance running due jobs): it runs outside the pipeline's transaction and keeps its own idempotency
   * record from `input.request`.
   */
  steps?: boolean;
  /**
   * A write that changes only rows it locks (a campaign and its slots, a new row) and reads only
   * what the other writes change under their workspace's lock: it takes that lock shared, so such
   * writes run side by side. Every other write takes it exclusively, alone in its workspace
   * (docs/postgres.md, "Invariants", says how each keeps its rules).
   */
  rowLocked?: boolean;
  /**
   * Its answer holds a one-time secret (a login link): it is never kept in the idempotency memory,
   * which the store (and so a copy of it) holds in clear, so a retry gets a new one.
   */
  secretAnswer?: boolean;
  /**
   * What the operation does, for MCP clients: it only reads / it may overwrite or remove what is
   * there (an update replaces values, a delete removes) / repeating it changes nothing more / it
   * reaches the ad platform, outside the service
   */
  hints: { readOnly: boolean; destructive: boolean; idempotent: boolean; openWorld?: boolean };
  /** how its MCP tool presents it to a model (./tool-presentation.ts); none: as the API has it */
  tool?: ToolPresentation;
  handler(
    actor: Actor,
    input: OperationInput<P, Q, B>,
    services: OperationContext,
  ): z.input<R> | Promise<z.input<R>>;
}

/**
 * The error statuses an operation may answer, sorted: its own list, and what every operation can
 * answer whatever its list says (400 unknown query parameters or a bad Idempotency-Key, 401, 403 the
 * scope, 429, 500, 503 a busy store or a database out of reach); a write can also meet a reused
 * Idempotency-Key (409) and a body over 1 MB (413). The OpenAPI document and the proxy's contract
 * check both read it.
 */
export function errorStatusesOf(op: Operation): number[] {
  const write = op.method !== 'GET';
  return [
    ...new Set([...op.errors, 400, 401, 403, 429, 500, 503, ...(write ? [409, 413] : [])]),
  ].sort((a, b) => a - b);
}

/**
 * Whether the actor may call the operation: its scope, and no key limit when it acts on the whole
 * workspace. Every way into an operation (HTTP, MCP through HTTP, the pages) asks this.
 */
export function authorize(op: Operation, actor: Actor): void {
  if (!actor.scopes.has(op.scope)) throw forbidden(`this API key lacks the ${op.scope} scope`);
  if (op.wholeWorkspace && (actor.campaignIds || actor.customerIds)) {
    const limits = [
      ...(actor.customerIds
        ? [`ad-platform accounts ${actor.customerIds.map(formatCustomerId).join(', ')}`]
        : []),
      ...(actor.campaignIds ? [`campaigns ${actor.campaignIds.join(', ')}`] : []),
    ];
    throw forbidden(
      `this API key is limited to ${limits.join(' and ')}, and ${op.name} acts on the whole workspace (every campaign in it); use a key without limits`,
    );
  }
}

/**
 * Thrown by a handler whose work is only to be seen, not kept (a dry run): invoke rolls its
 * transaction back and answers `value` as the operation's answer, remembering nothing.
 */
export class RolledBack extends Error {
  readonly value: unknown;
  constructor(value: unknown) {
    super('the operation ran as a dry run; its transaction was rolled back');
    this.name = 'RolledBack';
    this.value = value;
  }
}

export function defineOperation<
  P extends AnyObject,
  Q extends AnyObject,
  B extends z.ZodType,
  R extends z.ZodType,
>(op: Operation<P, Q, B, R>): Operation {
  return op as unknown as Operation;
}

export const readOnly = { readOnly: true, destructive: false, idempotent: true } as const;
export const creates = { readOnly: false, destructive: false, idempotent: false } as const;
/** An update overwrites the values it is given: what was there (a hand edit, a name) is gone. */
export const updates = { readOnly: false, destructive: true, idempotent: true } as const;
export const deletes = { readOnly: false, destructive: true, idempotent: true } as const;
