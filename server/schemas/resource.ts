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

/** what a column holds (booleans are stored as 0 and 1 by the store, never here) */
type Plain = string | number | null;

export interface FieldSpec {
  /** what a client may write: the type and bounds every surface checks */
  input: z.ZodType;
  /** what the record shows */
  output: z.ZodType;
  /** the store column */
  column: string;
  /** what a create stores when the field is not given; none: a create must give it */
  default?: Plain;
  /** the command line's flag: its value's name and help (bounds are added from the schema) */
  flag: { value: string; help: string };
}

type Fields = Record<string, FieldSpec>;
type RecordShape<F extends Fields> = { id: typeof recordId } & {
  [K in keyof F]: F[K]['output'];
} & {
  createdAt: typeof isoTime;
  updatedAt: typeof isoTime;
};
type CreateShape<F extends Fields> = {
  [K in keyof F]: F[K] extends { default: Plain } ? z.ZodOptional<F[K]['input']> : F[K]['input'];
};
type Values<F extends Fields> = { [K in keyof F]: z.infer<F[K]['input']> };
type Row = Record<string, unknown>;
/** column values, as a store statement binds them */
type Bound = Plain[];

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
  createValues(input: Partial<Values<F>>): Bound;
  /** the column values of an update, in `columns` order: the patch over the row as read */
  updateValues(row: Row, patch: Partial<Values<F>>): Bound;
}

export function defineResource<const F extends Fields>(def: {
  title: string;
  table: string;
  fields: F;
}): Resource<F> {
  const names = Object.keys(def.fields) as (keyof F & string)[];
  const each = <T>(f: (name: keyof F & string, spec: FieldSpec) => T) =>
    Object.fromEntries(names.map((n) => [n, f(n, def.fields[n]!)]));
  const record = z
    .strictObject({
      id: recordId,
      ...each((_, s) => s.output),
      createdAt: isoTime,
      updatedAt: isoTime,
    })
    .meta({ title: def.title }) as unknown as Resource<F>['record'];
  const column = (n: keyof F & string) => def.fields[n]!.column;
  return {
    title: def.title,
    table: def.table,
    fields: def.fields,
    names,
    columns: names.map(column),
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
        ...each((n) => row[column(n)]),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }) as ReturnType<Resource<F>['toRecord']>,
    toBody: (row) =>
      Object.fromEntries(
        names
          .filter(
            (n) => !('default' in def.fields[n]!) || row[column(n)] !== def.fields[n]!.default,
          )
          .map((n) => [n, row[column(n)]]),
      ) as ReturnType<Resource<F>['toBody']>,
    createValues: (input) =>
      names.map((n) => (input[n] === undefined ? def.fields[n]!.default : input[n]) as Plain),
    updateValues: (row, patch) =>
      names.map((n) => (patch[n] === undefined ? row[column(n)] : patch[n]) as Plain),
  };
}
