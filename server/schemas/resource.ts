/**
 * A resource declared once: each field a client writes, with its schema (type and bounds), its store
 * column, what a create stores when it is not given, and its command-line flag. Everything else is
 * derived from that one table, as drizzle derives types from a table definition: the record the API
 * answers, the create and update bodies, the row mapping, the SQL column lists, and what fixtures
 * export and snapshots check (a row read back as the body that would have written it). A field added
 * here reaches every surface; the CLI's flags come through `npm run generate`.
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
}

export interface FieldSpec {
  /** what a client may write: the type and bounds every surface checks */
  input: z.ZodType;
  /** what the record shows */
  output: z.ZodType;
  /** the store column; a list is kept as a JSON array in it */
  column: string;
  /** a list of strings (JSON text in its column) */
  list?: true;
  /** what a create stores when the field is not given; none: a create must give it */
  default?: Value;
  /** what `adcli <noun> get` calls it */
  label: string;
  /** the command line's flag of create and update */
  flag: FlagSpec;
}

type Fields = Record<string, FieldSpec>;
type RecordShape<F extends Fields> = { id: typeof recordId } & {
  [K in keyof F]: F[K]['output'];
} & {
  createdAt: typeof isoTime;
  updatedAt: typeof isoTime;
};
type CreateShape<F extends Fields> = {
  [K in keyof F]: F[K] extends { default: Value } ? z.ZodOptional<F[K]['input']> : F[K]['input'];
};
type Values<F extends Fields> = { [K in keyof F]: z.infer<F[K]['input']> };
type Row = Record<string, unknown>;

export interface Resource<F extends Fields> {
  /** the record's title in the API documents: 'Brand' */
  title: string;
  /** its store table */
  table: string;
  fields: F;
  /** the fields' names in declaration order (the record's, the bodies', the columns') */
  names: readonly (keyof F & string)[];
  /** the fields' store columns, in the same order */
  columns: readonly string[];
  /** the record the API answers: id, the fields, createdAt, updatedAt */
  record: z.ZodObject<RecordShape<F>, z.core.$strict>;
  /** a create's body: fields without a default are required */
  createBody: z.ZodObject<CreateShape<F>, z.core.$strict>;
  /** an update's body: every field optional, only the given ones change */
  updateBody: z.ZodObject<{ [K in keyof F]: z.ZodOptional<F[K]['input']> }, z.core.$strict>;
  /** a store row as the API's record */
  toRecord(row: Row): z.infer<z.ZodObject<RecordShape<F>, z.core.$strict>>;
  /** a store row as the create body that would write it, leaving out fields at their default */
  toBody(row: Row): z.infer<z.ZodObject<CreateShape<F>, z.core.$strict>>;
  /** the column values of a create, in `columns` order, defaults filled in */
  createValues(input: Partial<Values<F>>): Bound[];
  /** the column values of an update, in `columns` order: the patch over the row as read */
  updateValues(row: Row, patch: Partial<Values<F>>): Bound[];
}

/** A declaration as code over any resource reads it (snapshot checks, tests): without its field types. */
export interface AnyResource {
  title: string;
  table: string;
  fields: Readonly<Record<string, FieldSpec>>;
  names: readonly string[];
  columns: readonly string[];
  record: z.ZodType;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  toRecord(row: Row): object;
  toBody(row: Row): object;
}

export function defineResource<const F extends Fields>(def: {
  title: string;
  table: string;
  fields: F;
}): Resource<F> {
  const names = Object.keys(def.fields) as (keyof F & string)[];
  const spec = (n: keyof F & string) => def.fields[n]!;
  const each = <T>(f: (name: keyof F & string, spec: FieldSpec) => T) =>
    Object.fromEntries(names.map((n) => [n, f(n, spec(n))]));
  /** a column's text as the field's value */
  const read = (n: keyof F & string, row: Row): unknown => {
    const v = row[spec(n).column];
    return spec(n).list ? (typeof v === 'string' && v ? JSON.parse(v) : []) : v;
  };
  /** a field's value as its column holds it */
  const bind = (n: keyof F & string, v: unknown): Bound =>
    spec(n).list ? JSON.stringify(v) : (v as Bound);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const record = z
    .strictObject({
      id: recordId,
      ...each((_, s) => s.output),
      createdAt: isoTime,
      updatedAt: isoTime,
    })
    .meta({ title: def.title }) as unknown as Resource<F>['record'];
  return {
    title: def.title,
    table: def.table,
    fields: def.fields,
    names,
    columns: names.map((n) => spec(n).column),
    record,
    createBody: z.strictObject(
      each((_, s) => ('default' in s ? s.input.optional() : s.input)),
    ) as unknown as Resource<F>['createBody'],
    updateBody: z.strictObject(
      each((_, s) => s.input.optional()),
    ) as unknown as Resource<F>['updateBody'],
    toRecord: (row) =>
      ({
        id: row.id,
        ...each((n) => read(n, row)),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }) as ReturnType<Resource<F>['toRecord']>,
    toBody: (row) =>
      Object.fromEntries(
        names
          .filter((n) => !('default' in spec(n)) || !same(read(n, row), spec(n).default))
          .map((n) => [n, read(n, row)]),
      ) as ReturnType<Resource<F>['toBody']>,
    createValues: (input) =>
      names.map((n) => bind(n, input[n] === undefined ? spec(n).default : input[n])),
    updateValues: (row, patch) =>
      names.map((n) =>
        patch[n] === undefined ? (row[spec(n).column] as Bound) : bind(n, patch[n]),
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
