/**
 * MCP tools, generated from the operation table (design brief §2.1): one tool per operation, with the
 * operation's name, description, schemas and hints. Nothing here knows a single operation by hand,
 * except the MCP-only `wait` of generate_targeting (§ waitForTargeting).
 *
 * A tool call is turned back into the API request it stands for (`toRequest`) and handed to a `call`
 * function: the HTTP endpoint (`endpoint.ts`) sends it through the app's own pipeline, so auth,
 * scopes, workspace and key limits, validation, idempotency and the rate limit are the API's very
 * own; the stdio `adcli mcp` can send the same requests to a remote API. This module imports no
 * runtime part of the MCP SDK, so it costs nothing until a tool is used.
 */
import { z } from 'zod';
import { parseOrThrow } from '../http/validation.ts';
import { ApiError } from '../lib/errors.ts';
import { idempotencyKey } from '../schemas/common.ts';
import type { Operation } from '../operations/operation.ts';
import { abortableSleep, waitFor, type WaitOutcome } from '../lib/wait.ts';

type Json = Record<string, unknown>;
type AnyObject = z.ZodObject<z.core.$ZodLooseShape>;

/** One API request, as a tool call stands for it. `path` is under the API prefix (/api/v1). */
export interface ApiRequest {
  method: Operation['method'];
  /** e.g. `/campaigns/65a…/targeting`, path parameters filled in and URL-encoded */
  path: string;
  /** query parameters, already as strings */
  query: Record<string, string>;
  /** the JSON body; undefined for operations without one */
  body?: unknown;
  idempotencyKey?: string;
}

/** The API's answer: status and parsed JSON body (undefined when it was not JSON). */
export interface ApiReply {
  status: number;
  body: unknown;
  /** seconds, from a 429's Retry-After */
  retryAfter?: number;
}

export interface CallContext {
  /** aborted when the MCP request is cancelled or its connection closes */
  signal?: AbortSignal;
}

/** Sends one API request with the caller's key. Never rejects for an HTTP error status, only for a failure to get any answer. */
export type CallApi = (req: ApiRequest, ctx: CallContext) => Promise<ApiReply>;

/** What a tool answers; the shape of the MCP CallToolResult (kept local so this module needs no SDK). */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Json;
  isError?: boolean;
}

export interface ToolContext extends CallContext {
  /** present when the client asked for progress (it sent a progressToken) */
  progress?: (progress: number, total: number | undefined, message: string) => Promise<void>;
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  operation: Operation;
  /** path, query and body fields of the operation in one strict object, plus the MCP-only fields */
  inputSchema: AnyObject;
  /** the JSON Schema of inputSchema, as listed by tools/list */
  inputJsonSchema: Json;
  outputSchema: z.ZodType;
  /** the JSON Schema of the operation's response, as listed by tools/list */
  outputJsonSchema: Json;
  annotations: ToolAnnotations;
  /** the API request the arguments stand for; throws an ApiError (400) naming the field for arguments that cannot form one */
  toRequest(args: unknown): ApiRequest;
  /** runs the tool: one API request (or, for generate_targeting with wait, the request and polling) */
  run(args: unknown, call: CallApi, ctx?: ToolContext): Promise<ToolResult>;
}

export interface BuildOptions {
  /** how long generate_targeting with wait polls before it answers the state so far; default 10 min */
  waitTimeoutMs?: number;
  /** first poll interval of a wait; it grows to at most 2 s. Default 250 ms */
  pollIntervalMs?: number;
}

/** MCP-only input fields; an operation field of the same name would be a build error. */
const IDEMPOTENCY_KEY = 'idempotencyKey';
const WAIT = 'wait';
const idempotencyKeyField = idempotencyKey
  .optional()
  .meta({
    description:
      'any unique string, e.g. a UUID; sent as the Idempotency-Key header. Repeating the call with the same key and arguments answers the first result without repeating the change (remembered 24 h); the same key with other arguments is an idempotency_conflict.',
  });
const waitField = z
  .boolean()
  .optional()
  .meta({
    description:
      'MCP only: wait until the started audience slots are ready or in error, sending progress notifications, and answer the final targeting (default false: answer at once and poll get_targeting)',
  });
const extrasSchema = z.object({ [IDEMPOTENCY_KEY]: idempotencyKeyField, [WAIT]: waitField });

/** The operations whose tool takes `wait`, and the read operation it polls. */
const WAITABLE: Record<string, string> = { generate_targeting: 'get_targeting' };

/**
 * JSON Schema as MCP tool listings carry it: draft-07 like the SDK's own McpServer, since the SDK
 * client validates structuredContent with a default (draft-07) Ajv.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Json;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  throw new Error('not an object schema');
}

/**
 * The tools of the given operations, in table order. Throws at once if two sources of one operation
 * (path, query, body, MCP-only fields) name the same field: a flattened input would be ambiguous.
 */
export function buildTools(ops: readonly Operation[], opts: BuildOptions = {}): Tool[] {
  const byName = new Map(ops.map((op) => [op.name, op]));
  const tools: Tool[] = [];
  const toolByName = new Map<string, Tool>();
  for (const op of ops) {
    if (toolByName.has(op.name)) throw new Error(`two operations are named ${op.name}`);
    const tool = buildTool(op, opts, byName.has(WAITABLE[op.name] ?? '') ? () => toolByName.get(WAITABLE[op.name]!)! : undefined);
    tools.push(tool);
    toolByName.set(tool.name, tool);
  }
  return tools;
}

function buildTool(op: Operation, opts: BuildOptions, pollTool: (() => Tool) | undefined): Tool {
  const write = op.method !== 'GET';
  const waitable = write && pollTool !== undefined;

  // Where each input field goes. A body that is not an object would travel whole as `body`.
  const sources = new Map<string, 'path' | 'query' | 'body' | 'mcp'>();
  const shape: Record<string, z.ZodType> = {};
  const add = (name: string, where: 'path' | 'query' | 'body' | 'mcp', schema: z.ZodType) => {
    const prior = sources.get(name);
    if (prior) throw new Error(`operation ${op.name}: the field ${name} is both in the ${prior} and in the ${where}; an MCP tool needs distinct names`);
    sources.set(name, where);
    shape[name] = schema;
  };
  const pathShape = shapeOf(op.params);
  for (const [k, s] of Object.entries(pathShape)) add(k, 'path', s);
  for (const [k, s] of Object.entries(shapeOf(op.query))) add(k, 'query', s);
  const objectBody = op.body === undefined || op.body instanceof z.ZodObject;
  if (objectBody) for (const [k, s] of Object.entries(shapeOf(op.body))) add(k, 'body', s);
  else add('body', 'body', op.bodyRequired ? op.body! : op.body!.optional());
  if (write) add(IDEMPOTENCY_KEY, 'mcp', idempotencyKeyField);
  if (waitable) add(WAIT, 'mcp', waitField);
  const inputSchema = z.strictObject(shape);

  const toRequest = (args: unknown): ApiRequest => {
    const a = args ?? {};
    if (typeof a !== 'object' || Array.isArray(a)) throw new ApiError(400, 'invalid_request', 'the arguments must be a JSON object');
    const path: Record<string, unknown> = {};
    const query: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    const extras: Record<string, unknown> = {};
    const unknown: string[] = [];
    let wholeBody: unknown;
    for (const [k, v] of Object.entries(a)) {
      const where = sources.get(k);
      if (where === 'path') path[k] = v;
      else if (where === 'query') {
        // A query string cannot say null: an optional parameter given as null is left out.
        if (v === undefined || v === null) continue;
        if (typeof v === 'object') throw new ApiError(400, 'invalid_request', `${k} must be a single value, not ${Array.isArray(v) ? 'an array' : 'an object'}`);
        query[k] = String(v);
      } else if (where === 'body') {
        if (objectBody) body[k] = v;
        else wholeBody = v;
      } else if (where === 'mcp') extras[k] = v;
      else unknown.push(k);
    }
    if (unknown.length) {
      throw new ApiError(400, 'invalid_request', `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')}`);
    }
    // The path is checked here (as the API would) because a bad value could not even form the URL.
    if (op.params) parseOrThrow(op.params, path, 'path');
    const { idempotencyKey } = parseOrThrow(extrasSchema, extras, 'body');
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
    const req: ApiRequest = { method: op.method, path: url, query };
    if (op.body) req.body = objectBody ? body : wholeBody;
    if (idempotencyKey !== undefined) req.idempotencyKey = idempotencyKey;
    return req;
  };

  const tool: Tool = {
    name: op.name,
    title: op.summary,
    description: op.description,
    operation: op,
    inputSchema,
    inputJsonSchema: jsonSchemaOf(inputSchema, 'input'),
    outputSchema: op.response,
    outputJsonSchema: jsonSchemaOf(op.response, 'output'),
    annotations: {
      title: op.summary,
      readOnlyHint: op.hints.readOnly,
      destructiveHint: op.hints.destructive,
      idempotentHint: op.hints.idempotent,
      // the ad-platform tools reach a world outside the service; the others its own workspace data
      openWorldHint: op.hints.openWorld ?? false,
    },
    toRequest,
    async run(args, call, ctx = {}) {
      let req: ApiRequest;
      try {
        req = toRequest(args);
      } catch (e) {
        if (e instanceof ApiError) return errorResult(e.code, e.message);
        throw e;
      }
      const reply = await call(req, ctx);
      if (!isOk(reply)) return replyError(reply);
      const wait = waitable && (args as Record<string, unknown>)[WAIT] === true;
      if (!wait) return okResult(reply.body as Json);
      return waitForTargeting(reply.body as GenerateReply, pollTool!(), (args as Record<string, unknown>), call, ctx, opts);
    },
  };
  return tool;
}

function isOk(reply: ApiReply): boolean {
  return reply.status >= 200 && reply.status < 300 && typeof reply.body === 'object' && reply.body !== null;
}

export function okResult(body: Json, note?: string): ToolResult {
  const content: ToolResult['content'] = [{ type: 'text', text: JSON.stringify(body) }];
  if (note) content.push({ type: 'text', text: note });
  return { content, structuredContent: body };
}

export function errorResult(code: string, message: string, requestId?: string): ToolResult {
  return { content: [{ type: 'text', text: `${code}: ${message}${requestId ? ` (request id ${requestId})` : ''}` }], isError: true };
}

/** An API error answer as a tool error: `code: message (request id …)`. */
export function replyError(reply: ApiReply): ToolResult {
  const err = (reply.body as { error?: { code?: unknown; message?: unknown; requestId?: unknown } } | undefined)?.error;
  if (err && typeof err.code === 'string' && typeof err.message === 'string') {
    return errorResult(err.code, err.message, typeof err.requestId === 'string' ? err.requestId : undefined);
  }
  return errorResult(reply.status >= 500 ? 'internal' : 'invalid_response', `the API answered HTTP ${reply.status} without an error body`);
}

interface Slot {
  id: string;
  name: string;
  status: string;
}
interface GenerateReply extends Json {
  audiences: Slot[];
  started: string[];
  skipped: unknown[];
}

/** A refusal from the API while waiting: answered as the tool's error. */
class Refused {
  readonly reply: ApiReply;
  constructor(reply: ApiReply) {
    this.reply = reply;
  }
}

/**
 * generate_targeting with `wait`: polls get_targeting (through the same `call`, so with the same key
 * and under the same rate limit; a 429 is waited out) with the shared backoff loop until every
 * started slot is ready or in error, then answers that final targeting with the generate call's
 * `started` and `skipped`. Progress goes to the client after every poll: `progress` counts finished
 * slots and creeps up between them (the protocol wants it to grow with each notification), `total`
 * is the number of started slots.
 */
async function waitForTargeting(first: GenerateReply, poll: Tool, args: Record<string, unknown>, call: CallApi, ctx: ToolContext, opts: BuildOptions): Promise<ToolResult> {
  const started = new Set(first.started);
  const total = started.size;
  const extra = { started: first.started, skipped: first.skipped };
  if (total === 0) return okResult(first);
  const timeoutMs = opts.waitTimeoutMs ?? 10 * 60_000;
  const req = poll.toRequest(Object.fromEntries(Object.keys(shapeOf(poll.operation.params)).map((k) => [k, args[k]])));
  const progressOf = (slots: Slot[]) => {
    const mine = slots.filter((s) => started.has(s.id));
    // a started slot that is gone (removed meanwhile) counts as finished
    const pending = mine.filter((s) => s.status !== 'ready' && s.status !== 'error');
    return { done: total - pending.length, pending };
  };
  let polls = 0;
  let state = progressOf(first.audiences);
  let last: Json = first;
  // Notifications go out in order, and all of them before the answer.
  let reporting = Promise.resolve();
  const report = (final = false) => {
    if (!ctx.progress) return;
    const creep = final ? 0 : 0.9 * (1 - 1 / (polls + 1));
    const names = state.pending.map((s) => s.name).join(', ');
    const message = `${state.done} of ${total} audience slot${total === 1 ? '' : 's'} finished${names ? `; generating: ${names}` : ''}`;
    const progress = ctx.progress;
    reporting = reporting.then(() => progress(state.done + creep, total, message)).catch(() => {});
  };
  report();
  let outcome: WaitOutcome<GenerateReply>;
  try {
    outcome = await waitFor<GenerateReply>({
      poll: async (signal) => {
        for (;;) {
          const reply = await call(req, { ...ctx, signal });
          if (reply.status === 429) {
            await abortableSleep((reply.retryAfter ?? 1) * 1000, signal);
            if (signal.aborted) throw signal.reason;
            continue;
          }
          if (!isOk(reply)) throw new Refused(reply);
          return reply.body as GenerateReply;
        }
      },
      done: (t) => progressOf(t.audiences).done === total,
      timeoutMs,
      signal: ctx.signal,
      backoff: { initialMs: opts.pollIntervalMs ?? 250, maxMs: 2000, factor: 1.5, jitter: 0.2 },
      onPoll: (t) => {
        polls++;
        last = t;
        state = progressOf(t.audiences);
        report(state.done === total);
      },
    });
  } catch (e) {
    if (e instanceof Refused) return replyError(e.reply);
    throw e;
  }
  await reporting;
  if (outcome.outcome === 'done') return okResult({ ...last, ...extra });
  if (outcome.outcome === 'interrupted') throw ctx.signal?.reason ?? new Error('the request was cancelled');
  return okResult(
    { ...last, ...extra },
    `Still generating after ${Math.round(timeoutMs / 1000)} s (${state.done} of ${total} slots finished); poll get_targeting for the result.`,
  );
}
