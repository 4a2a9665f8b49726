/**
 * The JSON Schema of a tool's input as tools/list carries it: draft-07, without what the server's
 * instructions already say once for every tool, so that the listing costs a model as few tokens as
 * it can while the same values stay valid.
 */
import { z } from 'zod';
import type { Json } from './views.ts';

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
