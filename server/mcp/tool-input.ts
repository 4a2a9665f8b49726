/**
 * A tool's arguments: the operation's path, query and body fields flattened into one strict object
 * under the tool's names (presentation.ts renames), plus the MCP-only fields (idempotencyKey, wait,
 * detail); and the way back, from a call's arguments to the API request they stand for. An argument
 * the tool does not take is refused naming what it is called here, or the nearest name.
 */
import { z } from 'zod';
import { ApiError } from '../lib/errors.ts';
import type { Operation } from '../operations/operation.ts';
import { parseOrThrow } from '../schemas/validation.ts';
import { idempotencyKey } from '../schemas/common.ts';
import type { Presentation } from './presentation.ts';
import { deliveryArgument, nearestArgument } from './recovery.ts';
import type { ApiRequest } from './types.ts';

/** An argument the tool does not take: said in the tool's own names already (never renamed again). */
export class UnknownArgument extends ApiError {}

/** MCP-only input fields; an operation field of the same name would be a build error. */
export const IDEMPOTENCY_KEY = 'idempotencyKey';
export const WAIT = 'wait';
export const DETAIL = 'detail';
// Their rules are told once, in the server's instructions (./instructions.ts).
const idempotencyKeyField = idempotencyKey.optional();
// listed without its bounds (a key past them is still refused, naming them): 10 tokens a write
const idempotencyKeyListed = z.string().optional();
// what wait does is said once, in the instructions
const waitField = z.boolean().optional();
const detailField = z.enum(['compact', 'full']).optional();

type Where = 'path' | 'query' | 'body' | 'mcp';
type Sources = Map<string, { where: Where; field: string }>;

export interface ToolInput {
  /** every argument, under the tool's names, in one strict object */
  inputSchema: z.ZodObject<z.core.$ZodLooseShape>;
  /** the API request the arguments stand for; throws an ApiError (400) naming a bad argument */
  toRequest(args: unknown): ApiRequest;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  throw new Error('not an object schema');
}

/** Throws at once for a rename of a field the operation does not have. */
function checkRenames(op: Operation, renames: NonNullable<Presentation['renames']>): void {
  const fields = [
    ...Object.keys(shapeOf(op.params)),
    ...Object.keys(shapeOf(op.query)),
    ...(op.body instanceof z.ZodObject ? Object.keys(shapeOf(op.body)) : []),
  ];
  for (const [to, r] of Object.entries(renames))
    if (!fields.includes(r.from))
      throw new Error(`operation ${op.name}: ${to} renames ${r.from}, which it does not have`);
}

/**
 * The tool's input. Throws at once if two sources of the operation (path, query, body, MCP-only
 * fields) name the same field: a flattened input would be ambiguous.
 */
export function toolInput(op: Operation, pres: Presentation): ToolInput {
  const write = op.method !== 'GET';
  const renames = pres.renames ?? {};
  checkRenames(op, renames);
  const renamedTo = new Map(Object.entries(renames).map(([to, r]) => [r.from, to]));

  // Where each argument goes, under which contract name. A body that is not an object travels whole as `body`.
  const sources: Sources = new Map();
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

  const unknown = unknownArgument(op, pres, sources, renamedTo);
  const extras = z.strictObject(mcpOnly);
  return {
    inputSchema: z.strictObject(shape),
    toRequest: (args) => requestOf(op, args, { sources, objectBody, extras, unknown }),
  };
}

/** What to say of an argument the tool does not take: its name here, the other kind of id, the nearest name. */
function unknownArgument(
  op: Operation,
  pres: Presentation,
  sources: Sources,
  renamedTo: Map<string, string>,
): (k: string) => string {
  const renames = pres.renames ?? {};
  return (k) => {
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
}

/** The API request of a call's arguments: each to its place (path, query, body), the MCP-only ones checked. */
function requestOf(
  op: Operation,
  args: unknown,
  input: {
    sources: Sources;
    objectBody: boolean;
    extras: z.ZodObject<z.core.$ZodLooseShape>;
    unknown: (k: string) => string;
  },
): ApiRequest {
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
    const source = input.sources.get(k);
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
      if (input.objectBody) body[source.field] = v;
      else wholeBody = v;
    } else extras[k] = v;
  }
  if (unknown.length)
    throw new UnknownArgument(400, 'invalid_request', unknown.map(input.unknown).join('; '));
  // The path is checked here (as the API would) because a bad value could not even form the URL.
  if (op.params) parseOrThrow(op.params, path, 'path');
  const { idempotencyKey } = parseOrThrow(input.extras, extras, 'body') as {
    idempotencyKey?: string;
  };
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(path[name])),
  );
  const req: ApiRequest = { method: op.method, path: url, query };
  if (op.body) req.body = input.objectBody ? body : wholeBody;
  if (idempotencyKey !== undefined) req.idempotencyKey = idempotencyKey;
  return req;
}
