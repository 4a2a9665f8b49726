import type { z } from 'zod';
import { ApiError } from '../lib/errors.ts';
import { nearestName } from './nearest.ts';

type Where = 'path' | 'query' | 'body';
type Issue = z.core.$ZodIssue;

/**
 * Parses input with an operation's schema; a failure becomes a 400 naming the field and the bound.
 * Text holding a NUL character is refused too (see nulAt).
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: Where,
): z.output<T> {
  // reportInput: zod 4 leaves `input` off issues by default, and describeIssue needs it to tell
  // "x is required" (absent) from "x must be a string, not a number" (wrong type).
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) {
    const nul = nulAt(value, []);
    if (nul)
      throw new ApiError(
        400,
        'invalid_request',
        `${fieldName(nul, where)} holds a NUL character (U+0000), which no text accepts`,
      );
    return r.data;
  }
  const messages = [...new Set(r.error.issues.map((i) => describeIssue(i, where, schema)))];
  throw new ApiError(
    400,
    'invalid_request',
    messages.slice(0, 3).join('; ') +
      (messages.length > 3 ? ` (and ${messages.length - 3} more)` : ''),
  );
}

/**
 * Where a value holds a NUL character (in a string, or a key), as a path; null if nowhere. Postgres
 * cannot store one in text and SQLite's text functions stop at it, so one rule on both stores:
 * refused before the store, like a NUL in a query string.
 */
export function nulAt(value: unknown, path: PropertyKey[]): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\0') ? [...path] : null;
  if (value === null || typeof value !== 'object') return null;
  const entries: [PropertyKey, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [k, v] of entries) {
    if (typeof k === 'string' && k.includes('\0')) return [...path, k.replace(/\0/g, '\\0')];
    path.push(k);
    const at = nulAt(v, path);
    path.pop();
    if (at) return at;
  }
  return null;
}

export function fieldName(path: PropertyKey[], where: Where): string {
  if (path.length === 0)
    return where === 'body' ? 'the body' : where === 'query' ? 'the query' : 'the path';
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)),
    '',
  );
}

const units: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

function bound(n: number | bigint, origin: string): string {
  const u = units[origin];
  return u ? `${n} ${Number(n) === 1 ? u[0] : u[1]}` : String(n);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'not a number';
  return `a ${typeof value}`;
}

/**
 * zod's schemas that wrap one other (`innerType`) and take its shape: what a walk through a schema
 * passes straight through (here, and in the proxy's strict copies of response schemas).
 */
export const WRAPPERS: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'nonoptional',
  'catch',
]);

/**
 * The keys of the object the schema holds at this path (through optional, nullable, default, pipes
 * and arrays), to suggest the nearest to an unknown one; undefined where no object is found.
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let def = (schema as unknown as SchemaNode)._zod.def;
  let i = 0;
  for (let steps = 0; steps < 100; steps++) {
    if (WRAPPERS.has(def.type)) {
      def = def.innerType!._zod.def;
      continue;
    }
    switch (def.type) {
      case 'pipe':
        // z.preprocess is a transform piped into the schema; a transform after the schema pipes out of it
        def = def.in!._zod.def.type === 'transform' ? def.out!._zod.def : def.in!._zod.def;
        continue;
      case 'object': {
        if (i === path.length) return Object.keys(def.shape!);
        const next = def.shape![String(path[i++])];
        if (!next) return undefined;
        def = next._zod.def;
        continue;
      }
      case 'array':
        if (i === path.length || typeof path[i] !== 'number') return undefined;
        i++;
        def = def.element!._zod.def;
        continue;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** The parts of zod's internal schema definition that keysAt walks. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      innerType?: SchemaNode;
      in?: SchemaNode;
      out?: SchemaNode;
      shape?: Record<string, SchemaNode>;
      element?: SchemaNode;
    };
  };
}

/** Unknown keys, each with the known key it most likely meant, or the known keys when none is near. */
function unknownKeys(
  issue: z.core.$ZodIssueUnrecognizedKeys,
  where: Where,
  schema: z.ZodType | undefined,
): string {
  const field = fieldName(issue.path, where);
  const prefix = issue.path.length ? `${field}.` : '';
  const noun = where === 'query' ? 'query parameter' : 'field';
  const named = `unknown ${noun}${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(prefix + k)).join(', ')}`;
  const known = schema ? keysAt(schema, issue.path) : undefined;
  if (!known || known.length === 0) return named;
  const meant = issue.keys
    .map((k) => [k, nearestName(k, known)] as const)
    .filter((m): m is readonly [string, string] => m[1] !== undefined);
  if (meant.length === 0) return `${named}; the ${noun}s here are ${known.join(', ')}`;
  if (issue.keys.length === 1)
    return `${named}; did you mean ${JSON.stringify(prefix + meant[0]![1])}?`;
  return `${named}; did you mean ${meant.map(([k, m]) => `${JSON.stringify(prefix + m)} for ${JSON.stringify(prefix + k)}`).join(', ')}?`;
}

/**
 * What one issue says, naming the field. With the schema, an unknown field also gets the nearest
 * known one (`unknown field "dailyBudget"; did you mean "budget"?`).
 */
export function describeIssue(issue: Issue, where: Where, schema?: z.ZodType): string {
  const field = fieldName(issue.path, where);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${field} is required`;
      // A query value that did not read as its type (see queryInt and boolQuery).
      if (where === 'query' && typeof issue.input === 'string') {
        if (issue.expected === 'number' || issue.expected === 'int')
          return `${field} must be a whole number in decimal digits, not ${JSON.stringify(issue.input.slice(0, 40))}`;
        if (issue.expected === 'boolean')
          return `${field} must be true or false, not ${JSON.stringify(issue.input.slice(0, 40))}`;
      }
      const expected =
        issue.expected === 'int'
          ? 'a whole number'
          : issue.expected === 'object'
            ? 'a JSON object'
            : issue.expected === 'array'
              ? 'an array'
              : `a ${issue.expected}`;
      // a query value coerced to a number arrives as NaN: "limit must be a number", not "..., not not a number"
      if (typeof issue.input === 'number' && Number.isNaN(issue.input))
        return `${field} must be ${expected}`;
      return `${field} must be ${expected}, not ${typeName(issue.input)}`;
    }
    case 'too_small': {
      const has = issue.origin === 'array' || issue.origin === 'set' ? 'must have' : 'must be';
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return `${field} must not be empty`;
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
        return `${field} must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
      }
      return `${field} ${has} at least ${bound(issue.minimum, issue.origin)}`;
    }
    case 'too_big': {
      const has = issue.origin === 'array' || issue.origin === 'set' ? 'must have' : 'must be';
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
        return `${field} must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
      }
      return `${field} ${has} at most ${bound(issue.maximum, issue.origin)}`;
    }
    case 'unrecognized_keys':
      return unknownKeys(issue, where, schema);
    case 'invalid_format': {
      const pattern =
        'pattern' in issue && issue.pattern
          ? String(issue.pattern).replace(/^\/|\/[a-z]*$/g, '')
          : issue.format;
      return `${field} must match ${pattern}`;
    }
    case 'invalid_value': {
      // absent (read with reportInput, which sets `input`): required, whatever values it takes
      if ('input' in issue && issue.input === undefined) return `${field} is required`;
      const must =
        issue.values.length === 1
          ? `${field} must be ${JSON.stringify(issue.values[0])}`
          : `${field} must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
      // the right word in the wrong case (enabled for ENABLED) names the one to send
      const input = issue.input;
      const meant =
        typeof input === 'string'
          ? issue.values.find(
              (v) => typeof v === 'string' && v.toLowerCase() === input.toLowerCase(),
            )
          : undefined;
      return meant !== undefined ? `${must}; did you mean ${JSON.stringify(meant)}?` : must;
    }
    case 'invalid_union': {
      // Report the branch that got furthest: the one whose first issue has the longest path.
      const branches = issue.errors.filter((b) => b.length > 0);
      const best = branches.sort((a, b) => b[0]!.path.length - a[0]!.path.length)[0];
      if (!best) return `${field} is not valid`;
      return describeIssue(
        { ...best[0]!, path: [...issue.path, ...best[0]!.path] } as Issue,
        where,
        schema,
      );
    }
    case 'custom':
      return issue.message.startsWith(field) || issue.path.length === 0
        ? issue.message
        : `${field}: ${issue.message}`;
    default:
      return `${field}: ${issue.message}`;
  }
}
