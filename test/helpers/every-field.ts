/**
 * "Every field" read from the declarations, so that a field added to a resource is in the tests
 * that carry resources from one place to another (export and apply, snapshots) without anyone
 * listing it: a value for each field of an operation's body, made from its zod schema where the
 * schema says enough (a plain string, number, enum, boolean or list of them) and taken from the
 * caller's `given` values where it does not (ids, codes, dates); and the fields of a record schema
 * that no record read back sets, which a workspace meant to use every field must not have.
 */
import { z } from 'zod';
import { operations } from '../../server/operations/index.ts';
import { controlOperations } from '../../server/operations/controls.ts';

type Any = z.core.$ZodType;
type Bag = {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  patterns?: Set<RegExp>;
  format?: string;
};

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);

/** The schema under optional, nullable, default… */
function inner(schema: Any): Any {
  let s = schema;
  for (;;) {
    const def = s._zod.def as unknown as { type: string; innerType: Any; in: Any };
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
}

/** An operation of the table (API or controls) by name. */
export function operation(name: string) {
  const op = [...operations, ...controlOperations].find((o) => o.name === name);
  if (!op) throw new Error(`no operation ${name}`);
  return op;
}

/** The fields of an operation's body, with their schemas. */
export function bodyFields(name: string): Record<string, Any> {
  const body = operation(name).body;
  if (!body) throw new Error(`${name} has no body`);
  return (inner(body) as unknown as { shape: Record<string, Any> }).shape;
}

/**
 * A value for a field, made from its schema: text within its length bounds, a number within its
 * bounds, an enum's last option (the first is often the default), true, a list of one. A field the
 * schema constrains further (a pattern, a format) cannot be made up: the error names it, so the
 * test that meets a new such field is told to give it.
 */
export function valueOf(schema: Any, field: string): unknown {
  const s = inner(schema);
  const bag = (s._zod as unknown as { bag: Bag }).bag;
  switch (s._zod.def.type) {
    case 'string': {
      if (bag.patterns?.size || bag.format)
        throw new Error(`${field}: a ${bag.format ?? 'patterned'} string; give its value`);
      const text = `${field} of the round trip`.slice(0, bag.maximum ?? 200);
      return text.padEnd(bag.minimum ?? 0, 'x');
    }
    case 'number': {
      const lo = bag.minimum ?? bag.exclusiveMinimum ?? 0;
      return Math.min(bag.maximum ?? 1000, lo + 7);
    }
    case 'boolean':
      return true;
    case 'enum': {
      const options = (s as unknown as { options: unknown[] }).options;
      return options[options.length - 1];
    }
    case 'array':
      return [valueOf((s._zod.def as unknown as { element: Any }).element, `${field}[0]`)];
    case 'object':
      return Object.fromEntries(
        Object.entries((s as unknown as { shape: Record<string, Any> }).shape).map(([k, x]) => [
          k,
          valueOf(x, `${field}.${k}`),
        ]),
      );
    default:
      throw new Error(`${field}: a ${s._zod.def.type}; give its value`);
  }
}

/**
 * A body of the operation with every field of its declaration: `given`'s value where it has one,
 * else one made from the field's schema. A `given` field the body does not declare is an error (it
 * was renamed or removed).
 */
export function fullBody(
  name: string,
  given: Record<string, unknown> = {},
): Record<string, unknown> {
  const fields = bodyFields(name);
  for (const k of Object.keys(given))
    if (!(k in fields)) throw new Error(`${name} declares no field ${k}`);
  return Object.fromEntries(
    Object.entries(fields).map(([k, schema]) => [
      k,
      k in given ? given[k] : valueOf(schema, `${name}.${k}`),
    ]),
  );
}

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  v === 0 ||
  v === false ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

/**
 * The fields of an object schema (nested objects as `a.b`, lists of objects as `a[].b`) that none of
 * the records sets to something other than empty ('' , 0, null, false, [], {}).
 */
export function unusedFields(schema: Any, records: unknown[], prefix = ''): string[] {
  const s = inner(schema);
  const type = s._zod.def.type;
  if (type === 'array') {
    const element = (s._zod.def as unknown as { element: Any }).element;
    return unusedFields(
      element,
      records.flatMap((r) => (Array.isArray(r) ? r : [])),
      `${prefix}[]`,
    );
  }
  if (type !== 'object') return records.some((r) => !empty(r)) ? [] : [prefix];
  const shape = (s as unknown as { shape: Record<string, Any> }).shape;
  const out: string[] = [];
  for (const [k, field] of Object.entries(shape)) {
    const values = records.map((r) => (r as Record<string, unknown> | null)?.[k]);
    const name = prefix ? `${prefix}.${k}` : k;
    const t = inner(field)._zod.def.type;
    if ((t === 'object' || t === 'array') && values.some((v) => !empty(v)))
      out.push(
        ...unusedFields(
          field,
          values.filter((v) => !empty(v)),
          name,
        ),
      );
    else if (!values.some((v) => !empty(v))) out.push(name);
  }
  return out;
}
