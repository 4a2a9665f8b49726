/**
 * fast-check arbitraries drawn from JSON Schema, for the subset an OpenAPI document of this project
 * uses: $ref (to components), type (one or several), enum, const, pattern, format (date, date-time,
 * uri, email), minLength/maxLength (UTF-16 code units, as the document says), minimum/maximum and
 * their exclusive forms, items/minItems/maxItems, properties/required/additionalProperties, allOf,
 * anyOf/oneOf beside other keywords, if/then, nullable and examples. `not` and `propertyNames` are
 * left to the validator (no draw holds a NUL character, which is what they say in the document).
 *
 * A value is what the schema allows, or close: where branches overlap (oneOf) or a condition spans
 * fields (if/then), a draw may fall outside, so callers keep only what a validator accepts. A schema
 * with `examples` is drawn from them: the document gives examples where part of a rule is stated in
 * prose (a list of codes too long to enumerate), and its examples are values it calls valid.
 */
import fc from 'fast-check';

export type Json = Record<string, any>;

/** Where a schema sits: the property names down to it (array items add nothing). */
export interface Place {
  path: readonly string[];
  /** the nearest property name, '' at the root */
  name: string;
}

export interface DrawOptions {
  /** the document, to follow $refs */
  root: Json;
  /** a value for this place instead of one drawn from its schema (ids of records that exist) */
  hint?: (schema: Json, at: Place) => fc.Arbitrary<unknown> | undefined;
  /** how many items an array gets at most (within its own bounds) */
  maxItems?: number;
  /** what `x-not-before: today` means: the first date a schema with it accepts */
  today?: Date;
}

const MAX_DEPTH = 12;

export function deref(root: Json, schema: Json): Json {
  let s = schema;
  for (let i = 0; s?.$ref && i < 20; i++) {
    const parts = String(s.$ref).replace(/^#\//, '').split('/');
    const target = parts.reduce<any>(
      (x, k) => x?.[k.replace(/~1/g, '/').replace(/~0/g, '~')],
      root,
    );
    if (!target) throw new Error(`unresolved ${s.$ref}`);
    const { $ref: _ref, ...rest } = s;
    s = { ...target, ...rest };
  }
  return s;
}

/** Two schemas an instance must both satisfy, as one (later keywords win, properties merge). */
export function merge(root: Json, a: Json, b: Json): Json {
  const x = deref(root, a);
  const y = deref(root, b);
  const out: Json = { ...x, ...y };
  if (x.properties || y.properties) {
    const props: Json = { ...x.properties };
    for (const [k, v] of Object.entries((y.properties ?? {}) as Json))
      props[k] = props[k] ? merge(root, props[k], v) : v;
    out.properties = props;
  }
  if (x.required || y.required)
    out.required = [...new Set([...(x.required ?? []), ...(y.required ?? [])])];
  if (x.items && y.items) out.items = merge(root, x.items, y.items);
  return out;
}

/** UTF-16 length within the schema's bounds (what the document counts). */
function fits(s: string, schema: Json): boolean {
  return (
    s.length >= (schema.minLength ?? 0) &&
    (schema.maxLength === undefined || s.length <= schema.maxLength)
  );
}

/** Printable text of every plane (never a NUL or an unpaired surrogate, which JSON text cannot carry alike everywhere). */
const text = (maxLength: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary', maxLength })
        .map((s) => s.replace(/[\u0000\ud800-\udfff]/g, 'x')),
    },
  );

function stringArb(schema: Json, opts: Pick<DrawOptions, 'today'> = {}): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 200;
  const min = schema.minLength ?? 0;
  let arb: fc.Arbitrary<string>;
  if (schema.format === 'date') {
    const from =
      schema['x-not-before'] === 'today' && opts.today
        ? opts.today
        : new Date('1970-01-01T00:00:00Z');
    arb = fc
      .date({ min: from, max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  } else if (schema.format === 'date-time') {
    arb = fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2199-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  } else if (schema.format === 'uri') {
    arb = fc.webUrl();
  } else if (schema.format === 'email') {
    arb = fc.emailAddress();
  } else if (schema.pattern !== undefined) {
    arb = fc.stringMatching(new RegExp(schema.pattern, 'u'));
  } else {
    arb = fc.oneof(
      { weight: 5, arbitrary: text(Math.min(max, 40)) },
      // at the bound, where off-by-ones live
      { weight: 1, arbitrary: fc.constantFrom(...new Set([min, max])).map((n) => 'y'.repeat(n)) },
    );
  }
  return arb.filter(
    (s) =>
      fits(s, schema) && (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(s)),
  );
}

function numberArb(schema: Json, integer: boolean): fc.Arbitrary<number> {
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = schema.minimum ?? exMin ?? -1_000_000;
  const max = schema.maximum ?? exMax ?? 1_000_000_000;
  if (integer) {
    const lo = Math.max(
      Number.MIN_SAFE_INTEGER,
      exMin !== undefined && schema.minimum === undefined ? Math.floor(exMin) + 1 : Math.ceil(min),
    );
    const hi = Math.min(
      Number.MAX_SAFE_INTEGER,
      exMax !== undefined && schema.maximum === undefined ? Math.ceil(exMax) - 1 : Math.floor(max),
    );
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31) }),
      },
      { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
    );
  }
  const d = fc.double({
    min,
    max,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: exMin !== undefined && schema.minimum === undefined,
    maxExcluded: exMax !== undefined && schema.maximum === undefined,
  });
  const whole = fc
    .integer({ min: Math.max(Math.ceil(min), -(2 ** 31)), max: Math.min(Math.floor(max), 2 ** 31) })
    .filter((n) => (exMin === undefined || n > exMin) && (exMax === undefined || n < exMax));
  return fc.oneof(d, whole);
}

/** An arbitrary of values of `schema` (see the file's comment for the subset). */
export function arbitraryOf(
  schema: Json,
  opts: DrawOptions,
  at: Place = { path: [], name: '' },
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = deref(opts.root, schema);
  const hinted = opts.hint?.(s, at);
  if (hinted) return hinted;
  if (depth > MAX_DEPTH) return fc.constant(null);

  // combinators first: each branch (or condition) with the keywords beside it
  const { allOf, anyOf, oneOf, if: cond, then, else: otherwise, ...base } = s;
  if (Array.isArray(allOf) && allOf.length)
    return arbitraryOf(
      allOf.reduce((acc: Json, b: Json) => merge(opts.root, acc, b), {
        ...base,
        anyOf,
        oneOf,
        if: cond,
        then,
        else: otherwise,
      }),
      opts,
      at,
      depth + 1,
    );
  const branches = (anyOf ?? oneOf) as Json[] | undefined;
  if (Array.isArray(branches) && branches.length) {
    const rest = { ...base, if: cond, then, else: otherwise };
    return fc.oneof(
      ...branches.map((b) => arbitraryOf(merge(opts.root, rest, b), opts, at, depth + 1)),
    );
  }
  if (cond && (then || otherwise)) {
    // one side of the condition or the other; a validator drops a draw on the wrong side
    return fc.oneof(
      arbitraryOf(merge(opts.root, base, then ?? {}), opts, at, depth + 1),
      arbitraryOf(merge(opts.root, base, otherwise ?? {}), opts, at, depth + 1),
    );
  }

  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.examples) && s.examples.length)
    return fc.constantFrom(...(s.examples as unknown[]));

  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : inferType(s);
  if (s.nullable === true && !types.includes('null')) types.push('null');
  if (types.length > 1)
    return fc.oneof(
      ...types.map((t) => arbitraryOf({ ...s, type: t, nullable: false }, opts, at, depth + 1)),
    );
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'string':
      return stringArb(s, opts);
    case 'array': {
      const cap = opts.maxItems ?? 3;
      const minItems = s.minItems ?? 0;
      const maxItems = Math.max(minItems, Math.min(s.maxItems ?? cap, cap));
      return fc.array(arbitraryOf(s.items ?? {}, opts, at, depth + 1), {
        minLength: minItems,
        maxLength: maxItems,
      });
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props))
        model[k] = arbitraryOf(v, opts, { path: [...at.path, k], name: k }, depth + 1);
      const record = fc.record(model, {
        requiredKeys: ((s.required ?? []) as string[]).filter((k) => k in props),
      });
      // an object that takes other members (additionalProperties not false) sometimes gets one
      if (s.additionalProperties === false || depth > 4) return record;
      // small JSON (printable text, no NUL): a schema of any JSON would recurse without end here
      const extra = fc.dictionary(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((k) => !(k in props) && k !== '__proto__'),
        fc.jsonValue({ maxDepth: 1 }),
        { maxKeys: 1 },
      );
      return fc
        .tuple(record, fc.option(extra, { freq: 3 }))
        .map(([r, e]) => (e ? { ...e, ...r } : r));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function inferType(s: Json): string[] {
  if (s.properties || s.additionalProperties !== undefined || s.required) return ['object'];
  if (s.items) return ['array'];
  if (s.pattern !== undefined || s.minLength !== undefined || s.maxLength !== undefined || s.format)
    return ['string'];
  if (s.minimum !== undefined || s.maximum !== undefined || s.exclusiveMinimum !== undefined)
    return ['number'];
  return [];
}
