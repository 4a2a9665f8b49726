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

/** Patterns the instructions state for every id of their kind (./instructions.ts SHARED_RULES). */
const SAID_PATTERNS: ReadonlySet<string> = new Set([
  '^[a-f0-9]{24}$',
  '^UC[A-Za-z0-9_-]{22}$',
  '^[A-Za-z0-9_-]{11}$',
]);

/** Argument descriptions that say what the instructions say once (currency, channel ids). */
const SAID_DESCRIPTIONS: ReadonlySet<string> = new Set([
  "in the currency of the campaign's account (customerId)",
  'video-platform channel id (UC followed by 22 characters)',
]);

/**
 * Paging as the instructions say it once ("limit (1-100), then pass the answer's nextCursor as
 * cursor"): a list's limit and cursor listed by their type alone, where they say just that.
 */
const PAGING: Record<string, { description: string; listed: Json }> = {
  limit: { description: 'page size, 1-100', listed: { type: 'integer' } },
  cursor: { description: 'the nextCursor of the previous page', listed: { type: 'string' } },
};

/**
 * Bounds no model comes near: free text's length from 200 characters, an amount's ceiling from
 * 1,000, "not empty". The API still refuses a value past them, naming the argument and the bound.
 */
function farBound(k: string, v: unknown): boolean {
  if (typeof v !== 'number') return false;
  return (
    (k === 'maxLength' && v >= 200) ||
    (k === 'maximum' && v >= 1000) ||
    (k === 'minLength' && v === 1)
  );
}

/**
 * A listing without what the instructions already say: ids are 24 hex characters (channel ids UC and
 * 22 more, video ids 11), so an id lists without its pattern (the API still checks it, naming the
 * argument), budgets are in the account's currency, and an argument named
 * campaignId without the description "campaign id"; paging's limit and cursor by their type; an
 * object of any shape as just an object; no far bounds. What a schema states for the OpenAPI
 * document only (its `openapi` meta, the long form) is left out too.
 */
function lighten(node: unknown, name?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => lighten(n));
  if (typeof node !== 'object' || node === null) return node;
  const paging = name === undefined ? undefined : PAGING[name];
  if (paging && (node as Json).description === paging.description) return paging.listed;
  const out: Json = {};
  for (const [k, v] of Object.entries(orNull(node as Json))) {
    if (k === 'openapi') continue;
    if (k === 'pattern' && typeof v === 'string' && SAID_PATTERNS.has(v)) continue;
    if (farBound(k, v)) continue;
    if (
      (k === 'properties' || k === 'additionalProperties') &&
      typeof v === 'object' &&
      v !== null &&
      Object.keys(v).length === 0
    )
      continue;
    if (k === 'description' && typeof v === 'string') {
      const text = v.replace(' (24 lowercase hex characters)', '');
      if (SAID_DESCRIPTIONS.has(text)) continue;
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
