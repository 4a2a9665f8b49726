/**
 * A resource declared once: each field a client writes, with its schema (type and bounds), its store
 * column, what a create stores when it is not given, and its command-line flag. Everything else is
 * derived from that one table, as drizzle derives types from a table definition: the record the API
 * answers, the create and update bodies, the row mapping, the SQL column lists, and what fixtures
 * export and snapshots check (a row read back as the body that would have written it). A field added
 * here reaches every surface; the CLI's flags come through `npm run generate`. Beside its fields a
 * declaration names the parts of its record no client writes (`readOnly`: a column the domain keeps,
 * or a part the domain computes and hands to `toRecord`), the inputs of create alone that the domain
 * resolves (`createOnly`), and the rules across fields, kept as checks on the bodies. A field a client
 * writes that its record does not show (a data store's sources) has no `output`. A part of another
 * record (a campaign's audience slot) may show no times, keep other system columns, and have fields
 * the domain fills on create (`create`) or that no update changes (`update: false`).
 */
import { z } from 'zod';
import { isoTime, recordId } from './common.ts';

/** a field's value as the API carries it: text, a number, or a list kept as JSON text in its column */
type Value = string | number | null | readonly string[];
/** what a store statement binds */
type Bound = string | number | null;

export interface FlagSpec {
  /** --name; default the field's name in kebab case */
  name?: string;
  /** the value in help: --flag <value> */
  value: string;
  /** what it sets; the bounds, the choices and "repeat for several" are added from the schema */
  help: string;
  /** a list field: what `--no-<flag>` clears on update ("the keywords") */
  clears?: string;
  /** a nullable field: the help of `--no-<flag>`, which sets it to null on update ("remove the brand") */
  unset?: string;
  /** false: the help leaves the length out (a code, whose own rules say more) */
  bounds?: false;
}

export interface FieldSpec {
  /** what a client may write: the type and bounds every surface checks */
  input: z.ZodType;
  /** what the record shows; none: a client writes it, the record leaves it out (a data store's sources) */
  output?: z.ZodType;
  /** the store column; a list is kept as a JSON array in it */
  column: string;
  /** a list of strings (JSON text in its column) */
  list?: true;
  /** what a create stores when the field is not given; none: a create must give it */
  default?: Value;
  /** the create body documents the default (OpenAPI's `default`) */
  showDefault?: true;
  /**
   * what the domain does on create instead of a default: `false`, the create body leaves the field
   * out and the domain fills it (a slot's data stores, copied from its saved audience); `filled`,
   * the create body takes it optionally, and the body and the flag say what stands in otherwise
   */
  create?: false | { filled: string };
  /** false: written on create alone, no update changes it (the saved audience a slot copies) */
  update?: false;
  /** what the documents say of the field where a body takes it, set on the body's field (optional or not) */
  bodyMeta?: z.core.GlobalMeta;
  /** what `adcli <noun> get` calls it; none where the record does not show it */
  label?: string;
  /** the command line's flag of create and update; none: the command's argument (a slot's saved audience) */
  flag?: FlagSpec;
}

/**
 * A part of the record no client writes: a column the domain keeps (a campaign's data readiness), or,
 * without a column, a part the domain computes from other rows and hands to `toRecord` (its slots).
 */
export interface ReadOnlySpec {
  readOnly: true;
  output: z.ZodType;
  column?: string;
  /** what the record shows while its column is null (a time not reached yet: '') */
  nullAs?: string;
  /** shown after createdAt and updatedAt (a data store's readyAt), where the record always had it */
  afterTimes?: true;
}

/**
 * An input of create alone that is no column of the record's own: the domain resolves it (a
 * campaign's data stores become its primary slot's). Its schema is the create body's, optional.
 */
export interface CreateOnlySpec {
  createOnly: true;
  input: z.ZodOptional;
  /** the command line's flag of create */
  flag: FlagSpec;
}

type AnySpec = FieldSpec | ReadOnlySpec | CreateOnlySpec;
type Fields = Record<string, AnySpec>;
/** the fields a client writes and a column holds */
type Stored<F extends Fields> = { [K in keyof F]: F[K] extends FieldSpec ? K : never }[keyof F];
/** the parts of the record the domain computes */
type Computed<F extends Fields> = {
  [K in keyof F]: F[K] extends { readOnly: true; column: string }
    ? never
    : F[K] extends ReadOnlySpec
      ? K
      : never;
}[keyof F];
type Shown<F extends Fields> = {
  [K in keyof F]: F[K] extends { output: z.ZodType } ? K : never;
}[keyof F];
type Given<F extends Fields> = {
  [K in keyof F]: F[K] extends { create: false }
    ? never
    : F[K] extends { input: z.ZodType }
      ? K
      : never;
}[keyof F];
/** the stored fields an update may change */
type Changed<F extends Fields> = {
  [K in Stored<F>]: F[K] extends { update: false } ? never : K;
}[Stored<F>];
/** createdAt and updatedAt, unless the record shows no times (null) */
type Times<T> = T extends z.ZodType ? { createdAt: T; updatedAt: T } : unknown;
type Of<S, P extends string> = S extends Record<P, infer T> ? T : never;
type RecordShape<F extends Fields, T extends z.ZodType | null> = { id: typeof recordId } & {
  [K in Shown<F>]: Of<F[K], 'output'>;
} & Times<T>;
type CreateShape<F extends Fields> = {
  [K in Given<F>]: F[K] extends { default: Value } | { create: { filled: string } }
    ? z.ZodOptional<Of<F[K], 'input'>>
    : Of<F[K], 'input'>;
};
/** a row's stored fields as a create body holds them */
type StoredBody<F extends Fields> = z.infer<
  z.ZodObject<{ [K in Stored<F>]: CreateShape<F>[K & keyof CreateShape<F>] }>
>;
type UpdateShape<F extends Fields> = { [K in Changed<F>]: z.ZodOptional<Of<F[K], 'input'>> };
type Values<F extends Fields> = { [K in Stored<F>]: z.infer<Of<F[K], 'input'>> };
type ComputedValues<F extends Fields> = { [K in Computed<F>]: z.infer<Of<F[K], 'output'>> };
type Row = Record<string, unknown>;
type Body = z.ZodObject<z.core.$ZodLooseShape, z.core.$strict>;

export interface Resource<F extends Fields, T extends z.ZodType | null = typeof isoTime> {
  /** the record's title in the API documents: 'Brand' */
  title: string;
  /** its store table */
  table: string;
  fields: F;
  /** the stored fields' names in declaration order (the bodies', the columns') */
  names: readonly (Stored<F> & string)[];
  /** the stored fields by name */
  stored: Readonly<Record<Stored<F> & string, FieldSpec>>;
  /** a create's other inputs by name, which the domain resolves */
  createOnly: Readonly<Record<string, CreateOnlySpec>>;
  /** the record's parts no client writes, by name: a column the domain keeps, or a part it computes */
  readOnly: Readonly<Record<string, ReadOnlySpec>>;
  /** the stored fields' columns, in the same order: what a create and an update write */
  columns: readonly string[];
  /** the columns of its table no declaration covers: id, the owner's, the numbering's, the times */
  systemColumns: readonly string[];
  /** every column of its table besides its system columns */
  storeColumns: readonly string[];
  /** the record the API answers: id, the fields and computed parts, createdAt, updatedAt */
  record: z.ZodObject<RecordShape<F, T>, z.core.$strict>;
  /** a create's body: stored fields without a default are required */
  createBody: z.ZodObject<CreateShape<F>, z.core.$strict>;
  /** an update's body: every stored field an update may change, optional; only the given ones change */
  updateBody: z.ZodObject<UpdateShape<F>, z.core.$strict>;
  /** a store row as the API's record, with the parts the domain computes */
  toRecord(
    row: object,
    ...computed: [Computed<F>] extends [never] ? [] : [ComputedValues<F>]
  ): z.infer<z.ZodObject<RecordShape<F, T>, z.core.$strict>>;
  /** a store row's stored fields as the API carries them, every one */
  values(row: object): Values<F>;
  /** a store row's stored fields as the create body that would write them, leaving out those at their default */
  toBody(row: object): StoredBody<F>;
  /** the column values of a create, in `columns` order, defaults filled in */
  createValues(input: Partial<Values<F>>): Bound[];
  /** the column values of an update, in `columns` order: the patch over the row as read */
  updateValues(row: object, patch: Partial<Values<F>>): Bound[];
}

/** A declaration as code over any resource reads it (snapshot checks, tests): without its field types. */
export interface AnyResource {
  title: string;
  table: string;
  names: readonly string[];
  stored: Readonly<Record<string, FieldSpec>>;
  createOnly: Readonly<Record<string, CreateOnlySpec>>;
  readOnly: Readonly<Record<string, ReadOnlySpec>>;
  columns: readonly string[];
  systemColumns: readonly string[];
  storeColumns: readonly string[];
  record: z.ZodType;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  values(row: object): Record<string, unknown>;
  toBody(row: object): object;
}

const isStored = (s: AnySpec): s is FieldSpec => 'column' in s && 'input' in s;

/** A field's schema in a create's body: optional where a default stands in, which the document states where asked. */
function createSchema(s: FieldSpec | CreateOnlySpec): z.ZodType {
  if (isStored(s) && s.create)
    return s.input.optional().meta({ description: `${s.flag?.help}; default ${s.create.filled}` });
  if (isStored(s) && s.bodyMeta) return s.input.meta(s.bodyMeta);
  if (!isStored(s) || !('default' in s)) return s.input;
  return s.showDefault ? s.input.optional().meta({ default: s.default }) : s.input.optional();
}

export function defineResource<
  const F extends Fields,
  T extends z.ZodType | null = typeof isoTime,
>(def: {
  /** the record's title in the API documents */
  title: string;
  /** the documents give the record no title of its own: it is a part of another's (a campaign's slot) */
  untitled?: true;
  table: string;
  fields: F;
  /** the record's id; default recordId, undescribed */
  id?: z.ZodType;
  /** createdAt and updatedAt as the record shows them; default isoTime; null: it shows no times */
  times?: T;
  /** columns the domain alone writes (a campaign's account, its ad-platform state): no field's */
  domainColumns?: readonly string[];
  /** the columns no declaration covers; default a workspace record's: id, seq, workspace_id, the times */
  systemColumns?: readonly string[];
  /** what the fields alone cannot say: a rule across fields, with its words in the document */
  refineCreate?: (body: Body) => Body;
  refineUpdate?: (body: Body) => Body;
}): Resource<F, T> {
  const t = fieldTable(def.fields, def.times === undefined ? isoTime : def.times);
  const { names, spec, pick } = t;
  const { record, createBody, updateBody } = schemasOf(def, t);
  const readOnlyColumns = t.all.flatMap((n) => {
    const s = def.fields[n]!;
    return 'readOnly' in s && s.column ? [s.column] : [];
  });
  return {
    title: def.title,
    table: def.table,
    fields: def.fields,
    names: names as (Stored<F> & string)[],
    stored: Object.fromEntries(names.map((n) => [n, spec(n)])) as Resource<F, T>['stored'],
    createOnly: pick(
      (s) => 'createOnly' in s,
      (_, s) => s as CreateOnlySpec,
    ),
    readOnly: pick(
      (s) => 'readOnly' in s,
      (_, s) => s as ReadOnlySpec,
    ),
    columns: names.map((n) => spec(n).column),
    systemColumns: def.systemColumns ?? ['id', 'seq', 'workspace_id', 'created_at', 'updated_at'],
    storeColumns: [
      ...names.map((n) => spec(n).column),
      ...readOnlyColumns,
      ...(def.domainColumns ?? []),
    ],
    record: record as unknown as Resource<F, T>['record'],
    createBody: (def.refineCreate?.(createBody) ?? createBody) as unknown as Resource<
      F,
      T
    >['createBody'],
    updateBody: (def.refineUpdate?.(updateBody) ?? updateBody) as unknown as Resource<
      F,
      T
    >['updateBody'],
    ...(rowMappingOf(t) as unknown as Pick<
      Resource<F, T>,
      'toRecord' | 'values' | 'toBody' | 'createValues' | 'updateValues'
    >),
  };
}

/** A declaration's fields as the derivations read them: by kind, and each value to and from its column. */
function fieldTable(fields: Fields, times: z.ZodType | null) {
  const all = Object.keys(fields);
  const names = all.filter((n) => isStored(fields[n]!));
  const spec = (n: string) => fields[n] as FieldSpec;
  const pick = <V>(keep: (s: AnySpec) => boolean, f: (name: string, s: AnySpec) => V) =>
    Object.fromEntries(all.filter((n) => keep(fields[n]!)).map((n) => [n, f(n, fields[n]!)]));
  return {
    all,
    names,
    spec,
    pick,
    times,
    /** a column's text as the field's value */
    read: (n: string, row: object): unknown => {
      const v = (row as Row)[spec(n).column];
      return spec(n).list ? (typeof v === 'string' && v ? JSON.parse(v) : []) : v;
    },
    /** a field's value as its column holds it */
    bind: (n: string, v: unknown): Bound => (spec(n).list ? JSON.stringify(v) : (v as Bound)),
    /** createdAt and updatedAt, unless the record shows no times */
    timeParts: (created: unknown, updated: unknown) =>
      times === null ? {} : { createdAt: created, updatedAt: updated },
    /** the record's parts before its times (false) or after them (true) */
    shown: (after: boolean) => (s: AnySpec) =>
      'output' in s && ('afterTimes' in s && s.afterTimes === true) === after,
  };
}
type FieldTable = ReturnType<typeof fieldTable>;

/** The record the API answers, and the create and update bodies, before the declaration's refinements. */
function schemasOf(
  def: { title: string; untitled?: true; fields: Fields; id?: z.ZodType },
  t: FieldTable,
) {
  const { pick, shown, timeParts } = t;
  const recordObject = z.strictObject({
    id: def.id ?? recordId,
    ...pick(shown(false), (_, s) => (s as ReadOnlySpec).output),
    ...timeParts(t.times, t.times),
    ...pick(shown(true), (_, s) => (s as ReadOnlySpec).output),
  });
  const record = def.untitled ? recordObject : recordObject.meta({ title: def.title });
  const given = (s: AnySpec) => 'input' in s && !(isStored(s) && s.create === false);
  // what a create must give leads its body (a slot's saved audience, before its optional name)
  const required = (s: AnySpec) => isStored(s) && !('default' in s || s.create);
  const createBody = z.strictObject({
    ...pick(
      (s) => given(s) && required(s),
      (_, s) => createSchema(s as FieldSpec),
    ),
    ...pick(
      (s) => given(s) && !required(s),
      (_, s) => createSchema(s as FieldSpec | CreateOnlySpec),
    ),
  });
  const updateBody = z.strictObject(
    pick(
      (s) => isStored(s) && s.update !== false,
      (_, s) => {
        const { input, bodyMeta } = s as FieldSpec;
        return bodyMeta ? input.optional().meta(bodyMeta) : input.optional();
      },
    ),
  );
  return { record, createBody, updateBody };
}

/** A store row as the record, the values and the body; and the column values a create or an update binds. */
function rowMappingOf(t: FieldTable) {
  const { names, spec, pick, read, bind, shown, timeParts } = t;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return {
    toRecord: (row: object, ...computed: unknown[]) => {
      const parts = (computed[0] ?? {}) as Record<string, unknown>;
      const r = row as Row;
      const part = (n: string, s: AnySpec) => {
        if (isStored(s)) return read(n, row);
        const { column, nullAs } = s as ReadOnlySpec;
        if (!column) return parts[n];
        return r[column] === null && nullAs !== undefined ? nullAs : r[column];
      };
      return {
        id: r.id,
        ...pick(shown(false), part),
        ...timeParts(r.created_at, r.updated_at),
        ...pick(shown(true), part),
      };
    },
    values: (row: object) => Object.fromEntries(names.map((n) => [n, read(n, row)])),
    toBody: (row: object) =>
      Object.fromEntries(
        names
          .filter((n) => !('default' in spec(n)) || !same(read(n, row), spec(n).default))
          .map((n) => [n, read(n, row)]),
      ),
    createValues: (input: object) =>
      names.map((n) =>
        bind(n, (input as Row)[n] === undefined ? spec(n).default : (input as Row)[n]),
      ),
    updateValues: (row: object, patch: object) =>
      names.map((n) =>
        (patch as Row)[n] === undefined
          ? ((row as Row)[spec(n).column] as Bound)
          : bind(n, (patch as Row)[n]),
      ),
  };
}

/** Every resource's name: what a person calls it, 1-160 characters, required on create. */
export const nameField = (noun: string) =>
  ({
    input: z.string().min(1).max(160),
    output: z.string(),
    column: 'name',
    label: 'Name',
    flag: { value: 'name', help: `${noun} name` },
  }) as const;

/** Every resource's description: free text up to 4,000 characters, empty unless given. */
export const descriptionField = () =>
  ({
    input: z.string().max(4000),
    output: z.string(),
    column: 'description',
    default: '',
    label: 'Description',
    flag: { value: 'text', help: 'description' },
  }) as const;
