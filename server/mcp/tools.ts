/**
 * MCP tools, generated from the operation table: one tool per operation, with the
 * operation's name, description and hints, presented for a model by ./presentation.ts (argument
 * names that cannot be confused, compact results with `detail: "full"`, filters, waits) and with
 * errors that say what to do next (./recovery.ts).
 *
 * A tool call is turned back into the API request it stands for (`toRequest`) and handed to a `call`
 * function: the HTTP endpoint (`endpoint.ts`) sends it through the app's own pipeline, so auth,
 * scopes, workspace and key limits, validation, idempotency and the rate limit are the API's very
 * own; the stdio `adcli mcp` can send the same requests to a remote API. This module imports no
 * runtime part of the MCP SDK, so it costs nothing until a tool is used.
 */
import { z } from 'zod';
import { parseOrThrow } from '../operations/validation.ts';
import { ApiError } from '../lib/errors.ts';
import { idempotencyKey } from '../schemas/common.ts';
import { CAMPAIGN_STATES } from '../schemas/records.ts';
import type { Operation } from '../operations/operation.ts';
import { PRESENTATIONS, type Presentation } from './presentation.ts';
import {
  deliveryArgument,
  nearestArgument,
  nextStep,
  pathTranslator,
  renameFields,
  savedAudienceAsSlot,
  slotAsSavedAudience,
  type Translator,
} from './recovery.ts';
import type {
  ApiReply,
  ApiRequest,
  CallApi,
  CallContext,
  Tool,
  ToolContext,
  ToolResult,
} from './types.ts';
import type { Json, ViewContext } from './views.ts';
import {
  isOk,
  Refused,
  waitForDataStore,
  waitForTargeting,
  type WaitBounds,
  type WaitResult,
} from './waits.ts';

/** An argument the tool does not take: said in the tool's own names already (never renamed again). */
class UnknownArgument extends ApiError {}

export interface BuildOptions {
  /** how long a wait polls before it answers the state so far; default 10 min */
  waitTimeoutMs?: number;
  /** first poll interval of a wait; it grows to at most 2 s. Default 250 ms */
  pollIntervalMs?: number;
  /** the presentation of each tool by name; default ./presentation.ts */
  presentations?: Record<string, Presentation>;
}

/** MCP-only input fields; an operation field of the same name would be a build error. */
const IDEMPOTENCY_KEY = 'idempotencyKey';
const WAIT = 'wait';
const DETAIL = 'detail';
// Their rules are told once, in the server's instructions (./instructions.ts).
const idempotencyKeyField = idempotencyKey.optional();
// listed without its bounds (a key past them is still refused, naming them): 10 tokens a write
const idempotencyKeyListed = z.string().optional();
const waitField = z
  .boolean()
  .optional()
  .meta({ description: 'answer when the background work is done' });
const detailField = z.enum(['compact', 'full']).optional();

/**
 * JSON Schema as MCP tool listings carry it: draft-07 like the SDK's own McpServer, since the SDK
 * client validates with a default (draft-07) Ajv; without the $schema line every tool would repeat.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return lighten(json) as Json;
}

const HEX_ID_PATTERN = '^[a-f0-9]{24}$';

/**
 * A listing without what the instructions already say: ids are 24 hex characters, so an id lists
 * without its pattern (the API still checks it, naming the argument) and an argument named
 * campaignId without the description "campaign id"; an object of any shape as just an object. What a
 * schema states for the OpenAPI document only (its `openapi` meta, the long form) is left out too.
 */
function lighten(node: unknown, name?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => lighten(n));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(orNull(node as Json))) {
    if (k === 'openapi') continue;
    if (k === 'pattern' && v === HEX_ID_PATTERN) continue;
    if (
      (k === 'properties' || k === 'additionalProperties') &&
      typeof v === 'object' &&
      v !== null &&
      Object.keys(v).length === 0
    )
      continue;
    if (k === 'description' && typeof v === 'string') {
      const text = v.replace(' (24 lowercase hex characters)', '');
      // "campaign id" on campaignId, "data store id" on the items of dataStoreIds
      if (
        /^[\w -]+ id$/.test(text) &&
        (name === undefined || name === 'items' || name.endsWith('Id'))
      )
        continue;
      out[k] = text;
      continue;
    }
    out[k] =
      k === 'properties' && typeof v === 'object' && v !== null
        ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, lighten(s, p)]))
        : lighten(v, k);
  }
  return out;
}

/**
 * `T | null` as draft-07 says it shortest, `{"type": ["string", "null"]}`, not an `anyOf` of two
 * schemas (the bounds of T apply to T's values only); an item's description dropped where its list
 * says it already. The same values are valid: a listing only reads shorter.
 */
function orNull(node: Json): Json {
  let out = node;
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [some, none] = anyOf as Json[];
    if (
      typeof some?.type === 'string' &&
      some.anyOf === undefined &&
      none?.type === 'null' &&
      Object.keys(none).length === 1
    ) {
      const { anyOf: _, ...rest } = node;
      const merged: Json = { ...rest, ...some, type: [some.type, 'null'] };
      if (Array.isArray(some.enum)) merged.enum = [...some.enum, null];
      out = merged;
    }
  }
  const items = out.items as Json | undefined;
  if (typeof out.description === 'string' && items && typeof items.description === 'string') {
    const { description: _, ...rest } = items;
    out = { ...out, items: rest };
  }
  return out;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  throw new Error('not an object schema');
}

export function errorResult(
  code: string,
  message: string,
  requestId?: string,
  next?: string,
): ToolResult {
  return {
    content: [
      {
        type: 'text',
        text: `${code}: ${message}${next ? ` — ${next}` : ''}${requestId ? ` (request id ${requestId})` : ''}`,
      },
    ],
    isError: true,
  };
}

/**
 * A result: the answer as serialized JSON in a text block, then its note. No `structuredContent`:
 * the tools declare no outputSchema (results are compact views, shaped by detail and filters), so
 * the protocol (2025-11-25) does not ask for one, and beside it the spec says the same JSON SHOULD
 * also be sent as text for clients that read only content: both would send every answer twice
 * (2.1-2.4 times the bytes), and a host that hands both to its model pays twice in tokens.
 */
export function okResult(body: Json, note?: string): ToolResult {
  const content: ToolResult['content'] = [{ type: 'text', text: JSON.stringify(body) }];
  if (note) content.push({ type: 'text', text: note });
  return { content };
}

/**
 * The tools of the given operations, in table order. Throws at once if two sources of one operation
 * (path, query, body, MCP-only fields) name the same field: a flattened input would be ambiguous.
 */
export function buildTools(ops: readonly Operation[], opts: BuildOptions = {}): Tool[] {
  const names = new Set<string>();
  const translate = pathTranslator(ops);
  const presentations = opts.presentations ?? PRESENTATIONS;
  const bounds: WaitBounds = {
    timeoutMs: opts.waitTimeoutMs ?? 10 * 60_000,
    pollIntervalMs: opts.pollIntervalMs ?? 250,
  };
  return ops.map((op) => {
    if (names.has(op.name)) throw new Error(`two operations are named ${op.name}`);
    names.add(op.name);
    return buildTool(op, presentations[op.name] ?? {}, bounds, translate);
  });
}

type Where = 'path' | 'query' | 'body' | 'mcp';

function buildTool(
  op: Operation,
  pres: Presentation,
  bounds: WaitBounds,
  translate: Translator,
): Tool {
  const write = op.method !== 'GET';
  const renames = pres.renames ?? {};
  const renamedTo = new Map(Object.entries(renames).map(([to, r]) => [r.from, to]));
  for (const [to, r] of Object.entries(renames)) {
    const fields = [
      ...Object.keys(shapeOf(op.params)),
      ...Object.keys(shapeOf(op.query)),
      ...(op.body instanceof z.ZodObject ? Object.keys(shapeOf(op.body)) : []),
    ];
    if (!fields.includes(r.from))
      throw new Error(`operation ${op.name}: ${to} renames ${r.from}, which it does not have`);
  }
  const say = (text: string) => renameFields(translate(text), renames);
  const toolNames = translate.names;

  // Where each argument goes, under which contract name. A body that is not an object travels whole as `body`.
  const sources = new Map<string, { where: Where; field: string }>();
  const shape: Record<string, z.ZodType> = {};
  const add = (field: string, where: Where, schema: z.ZodType) => {
    const name = renamedTo.get(field) ?? field;
    const prior = sources.get(name);
    if (prior)
      throw new Error(
        `operation ${op.name}: the field ${name} is both in the ${prior.where} and in the ${where}; an MCP tool needs distinct names`,
      );
    sources.set(name, { where, field });
    let listed = pres.listedAs?.[field] ?? schema;
    const description = renames[name]?.description;
    if (description) listed = listed.meta({ ...z.globalRegistry.get(listed), description });
    shape[name] = listed;
  };
  for (const [k, s] of Object.entries(shapeOf(op.params))) add(k, 'path', s);
  for (const [k, s] of Object.entries(shapeOf(op.query))) add(k, 'query', s);
  const objectBody = op.body === undefined || op.body instanceof z.ZodObject;
  if (objectBody) for (const [k, s] of Object.entries(shapeOf(op.body))) add(k, 'body', s);
  else add('body', 'body', op.bodyRequired ? op.body! : op.body!.optional());
  const mcpOnly: Record<string, z.ZodType> = { ...(pres.args ?? {}) };
  if (pres.detail) mcpOnly[DETAIL] = detailField;
  if (write) mcpOnly[IDEMPOTENCY_KEY] = idempotencyKeyField;
  if (write && pres.wait) mcpOnly[WAIT] = waitField;
  for (const [k, s] of Object.entries(mcpOnly))
    add(k, 'mcp', k === IDEMPOTENCY_KEY ? idempotencyKeyListed : s);
  const inputSchema = z.strictObject(shape);
  const extrasSchema = z.strictObject(mcpOnly);

  const unknownArgument = (k: string): string => {
    const ours = renamedTo.get(k);
    if (ours)
      return `"${k}" is called ${ours} in ${op.name}${renames[ours]?.description ? ` (${renames[ours].description})` : ''}`;
    if (/^slotIds?$/.test(k) && pres.savedAudienceArgs?.length)
      return `${op.name} takes saved audiences, not slots: ${pres.savedAudienceArgs.join(', ')}`;
    if (/^savedAudienceIds?$/.test(k) && pres.slotArgs?.length)
      return `${op.name} takes audience slots, not saved audiences: ${pres.slotArgs.join(', ')}`;
    const delivery = deliveryArgument(op.name, k);
    if (delivery) return delivery;
    const near = nearestArgument(k, [...sources.keys()]);
    return `unknown field "${k}"${near ? `; did you mean ${near}?` : ''}`;
  };

  const toRequest = (args: unknown): ApiRequest => {
    const a = args ?? {};
    if (typeof a !== 'object' || Array.isArray(a))
      throw new ApiError(400, 'invalid_request', 'the arguments must be a JSON object');
    const path: Record<string, unknown> = {};
    const query: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    const extras: Record<string, unknown> = {};
    const unknown: string[] = [];
    let wholeBody: unknown;
    for (const [k, v] of Object.entries(a)) {
      const source = sources.get(k);
      if (!source) unknown.push(k);
      else if (source.where === 'path') path[source.field] = v;
      else if (source.where === 'query') {
        // A query string cannot say null: an optional parameter given as null is left out.
        if (v === undefined || v === null) continue;
        if (typeof v === 'object')
          throw new ApiError(
            400,
            'invalid_request',
            `${k} must be a single value, not ${Array.isArray(v) ? 'an array' : 'an object'}`,
          );
        query[source.field] = String(v);
      } else if (source.where === 'body') {
        if (objectBody) body[source.field] = v;
        else wholeBody = v;
      } else extras[k] = v;
    }
    if (unknown.length)
      throw new UnknownArgument(400, 'invalid_request', unknown.map(unknownArgument).join('; '));
    // The path is checked here (as the API would) because a bad value could not even form the URL.
    if (op.params) parseOrThrow(op.params, path, 'path');
    const { idempotencyKey } = parseOrThrow(extrasSchema, extras, 'body') as {
      idempotencyKey?: string;
    };
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(path[name])),
    );
    const req: ApiRequest = { method: op.method, path: url, query };
    if (op.body) req.body = objectBody ? body : wholeBody;
    if (idempotencyKey !== undefined) req.idempotencyKey = idempotencyKey;
    return req;
  };

  /** An API error answer as the tool's error: in the tool's names, with the next step. */
  const replyError = async (
    reply: ApiReply,
    args: Json,
    call: CallApi,
    ctx: CallContext,
  ): Promise<ToolResult> => {
    const err = (
      reply.body as
        { error?: { code?: unknown; message?: unknown; requestId?: unknown } } | undefined
    )?.error;
    if (!err || typeof err.code !== 'string' || typeof err.message !== 'string') {
      return errorResult(
        reply.status >= 500 ? 'internal' : 'invalid_response',
        `the API answered HTTP ${reply.status} without an error body`,
      );
    }
    const message = say(err.message);
    const requestId = typeof err.requestId === 'string' ? err.requestId : undefined;
    const mixUp =
      reply.status === 400 || reply.status === 404
        ? await explainMixUp(message, args, call, ctx).catch(() => undefined)
        : undefined;
    return errorResult(
      err.code,
      message,
      requestId,
      mixUp ?? nextStep(op.name, reply.status, err.code, message, toolNames),
    );
  };

  /** A saved audience passed as a slot, or a slot as a saved audience: which id and argument to pass instead. */
  const explainMixUp = async (
    message: string,
    args: Json,
    call: CallApi,
    ctx: CallContext,
  ): Promise<string | undefined> => {
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
  };

  /** The answer in the tool's view, with the API's own words (error, reason) in tool names. */
  const present = (body: Json, args: Json, looked: ViewContext = {}): Json => {
    const full = args[DETAIL] === 'full';
    return speakTools(pres.view ? pres.view(body, args, full, looked) : body, translate) as Json;
  };

  /** What the compact view needs beside the answer (presentation.ts `lookup`); nothing for detail full or when it fails. */
  const lookUp = async (args: Json, call: CallApi, ctx: CallContext): Promise<ViewContext> => {
    if (!pres.lookup || (args[DETAIL] === 'full' && !pres.lookupInFull)) return {};
    return pres.lookup(args, getter(call, ctx)).catch(() => ({}));
  };

  /** The answer in the tool's view, with its note (presentation.ts `noteOf`) and the filled arguments' note. */
  const answer = (body: Json, args: Json, looked: ViewContext, filled?: string): ToolResult => {
    const note = pres.noteOf?.(body, args, args[DETAIL] === 'full', looked);
    const notes = [filled, note].filter(Boolean).join('; ');
    return okResult(present(body, args, looked), notes || undefined);
  };

  const generateAndWait = async (
    req: ApiRequest,
    args: Json,
    call: CallApi,
    ctx: ToolContext,
  ): Promise<ToolResult> => {
    const named = args.slotIds as string[] | undefined;
    const pollReq: ApiRequest = {
      method: 'GET',
      path: req.path.replace(/\/generate$/, ''),
      query: {},
    };
    let reply = await call(req, ctx);
    let joined: string[] = [];
    // A named slot already generating (a retry after a host's timeout): wait for that generation.
    if (reply.status === 409 && named?.length) {
      const now = await call(pollReq, ctx);
      if (!isOk(now)) return replyError(now, args, call, ctx);
      const generating = new Set(
        ((now.body as Json).audiences as Json[])
          .filter((s) => s.status === 'generating')
          .map((s) => s.id as string),
      );
      joined = named.filter((id) => generating.has(id));
      const rest = named.filter((id) => !generating.has(id));
      if (joined.length === 0) return replyError(reply, args, call, ctx);
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
    if (!isOk(reply)) return replyError(reply, args, call, ctx);
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
    return finish(
      await waitForTargeting(
        first,
        waitIds,
        pollReq,
        { started: first.started, skipped },
        call,
        ctx,
        bounds,
      ),
      args,
      call,
      ctx,
    );
  };

  const finish = (r: WaitResult, args: Json, _call: CallApi, _ctx: CallContext): ToolResult =>
    okResult(present(r.body, args), r.note);

  const tool: Tool = {
    name: op.name,
    title: op.summary,
    description: mcpDescription(op, pres),
    operation: op,
    inputSchema,
    inputJsonSchema: jsonSchemaOf(inputSchema, 'input'),
    annotations: {
      readOnlyHint: op.hints.readOnly,
      ...(op.hints.readOnly
        ? {}
        : { destructiveHint: op.hints.destructive, idempotentHint: op.hints.idempotent }),
      // the ad-platform tools reach a world outside the service; the others its own workspace data
      openWorldHint: op.hints.openWorld ?? false,
    },
    toRequest,
    async run(rawArgs, call, ctx = {}) {
      let req: ApiRequest;
      let filled: string | undefined;
      try {
        const given = rawArgs ?? {};
        if (pres.fill && typeof given === 'object' && !Array.isArray(given)) {
          const f = await pres.fill(given as Json, getter(call, ctx)).catch(() => undefined);
          if (f) [rawArgs, filled] = [f.args, f.note];
        }
        req = toRequest(rawArgs);
      } catch (e) {
        if (e instanceof UnknownArgument) return errorResult(e.code, e.message);
        if (e instanceof ApiError) {
          const message = say(e.message);
          return errorResult(
            e.code,
            message,
            undefined,
            nextStep(op.name, e.status, e.code, message, toolNames),
          );
        }
        throw e;
      }
      const args = (rawArgs ?? {}) as Json;
      const wait = pres.wait !== undefined && args[WAIT] === true;
      try {
        if (wait && pres.wait === 'targeting') return await generateAndWait(req, args, call, ctx);
        // The view's lookup goes before a write (it may read what the write removes), beside a read.
        const before = write ? await lookUp(args, call, ctx) : undefined;
        const [reply, looked] = await Promise.all([
          call(req, ctx),
          before ?? lookUp(args, call, ctx),
        ]);
        if (!isOk(reply)) return await replyError(reply, args, call, ctx);
        const body = reply.body as Json;
        if (pres.slotArgs?.includes('slotIds') && op.method === 'GET') {
          const missing = await missingSlots(body, args, call, ctx);
          if (missing) return missing;
        }
        if (wait && pres.wait === 'dataStore') {
          const store = (op.name === 'import_data_store' ? body.dataStore : body) as Json;
          const r = await waitForDataStore(
            store,
            {
              method: 'GET',
              path: `/data-stores/${encodeURIComponent(String(store.id))}`,
              query: {},
            },
            call,
            ctx,
            bounds,
          );
          return finish(
            {
              ...r,
              body: op.name === 'import_data_store' ? { ...body, dataStore: r.body } : r.body,
            },
            args,
            call,
            ctx,
          );
        }
        return answer(body, args, looked, filled);
      } catch (e) {
        if (e instanceof Refused) return replyError(e.reply, args, call, ctx);
        throw e;
      }
    },
  };

  /** get_targeting's slotIds filter naming no slot of the campaign: the same error the writes give. */
  const missingSlots = async (
    body: Json,
    args: Json,
    call: CallApi,
    ctx: CallContext,
  ): Promise<ToolResult | undefined> => {
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
  };
  return tool;
}

/** A GET under the API prefix with the caller's key, as part of a tool call: its body, or undefined unless 2xx. */
const getter =
  (call: CallApi, ctx: CallContext) =>
  async (path: string): Promise<Json | undefined> => {
    const r = await call({ method: 'GET', path, query: {} }, { ...ctx, lookup: true });
    return isOk(r) ? (r.body as Json) : undefined;
  };

/**
 * What the instructions say once for all tools, as the operation descriptions say it for each: left
 * out of the tools' descriptions (a sentence that is not found costs tokens, nothing else).
 */
const SAID_ONCE: (string | RegExp)[] = [
  CAMPAIGN_STATES,
  /;? ?pass nextCursor as cursor for the next page/,
  / ?Invite-only: a workspace that has not been invited gets 403 even with the scope\./,
];

/** The operation's description in the tool's argument names, without what the instructions say. */
function mcpDescription(op: Operation, pres: Presentation): string {
  let d = renameFields(op.description, pres.renames ?? {});
  for (const re of SAID_ONCE) d = d.replace(re, '');
  d = d.trim();
  return pres.note ? `${d} ${pres.note}` : d;
}

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
