/**
 * What an uploaded snapshot file must be before a row of it is read: an undamaged SQLite database of
 * adcli's schema, exactly. The file is the caller's, so it is trusted for values only: no trigger,
 * view or table of its own, every column by adcli's exact name (SQLite's names are case-insensitive,
 * so `WORKSPACE_ID` would answer for `workspace_id`), every value of the type adcli declares, and no
 * key that adcli keeps unique twice. The reference is the schema this adcli makes for a new store.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { openUntrustedFile, type SqliteFile } from '../store/sqlite/detached.ts';
import { ApiError, invalid } from '../lib/errors.ts';
import { migrations } from '../store/sqlite/migrations.ts';
import { SqliteStore } from '../store/sqlite/store.ts';
import { SNAPSHOT_TABLES, type Row, type SnapshotTable } from './snapshot-tables.ts';

/** SQLite's file header: every database file starts with these 16 bytes. */
const SQLITE_MAGIC = 'SQLite format 3\0';

/** The file is an SQLite database of adcli's schema that this adcli can read, undamaged. */
export function checkFile(file: string): void {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== SQLITE_MAGIC)
    throw invalid('the snapshot is not an SQLite database (adcli backend snapshot save makes one)');
  let db: SqliteFile | undefined;
  try {
    db = openUntrustedFile(file);
    const hasTable = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (!hasTable)
      throw invalid(
        'the snapshot is an SQLite database but not an adcli store (it has no schema_migrations table)',
      );
    const v = Number(
      (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null })
        .v ?? 0,
    );
    if (v > migrations.length) {
      throw invalid(
        `the snapshot was written by a newer adcli (schema ${v}; this adcli reads up to ${migrations.length}); upgrade adcli`,
      );
    }
    const ok = (db.prepare('PRAGMA quick_check').get() as { quick_check: string }).quick_check;
    if (ok !== 'ok') throw invalid(`the snapshot is damaged: ${ok}`);
    // adcli's schema has none of these, and the file is migrated in place next: nothing of the file's runs
    const foreign = db
      .prepare(
        "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL%') LIMIT 1",
      )
      .get() as { type: string; name: string } | undefined;
    if (foreign)
      throw invalid(
        `the snapshot has a ${foreign.type === 'table' ? 'virtual table' : foreign.type} ${shown(foreign.name)}, which adcli's schema does not: it was not written by adcli`,
      );
    for (const table of SNAPSHOT_TABLES) {
      if (
        !db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table.name)
      ) {
        if (table.name === 'fault_rules' || table.name === 'workspace_clocks') continue; // older schemas: migrated below
        throw invalid(`the snapshot has no table ${table.name}: it is not a whole adcli store`);
      }
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw invalid(`the snapshot cannot be read as an adcli store: ${(e as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * A value of the type adcli's column declares, whatever type the file's own column declares (SQLite
 * keeps any value in any column): text without NUL, a safe whole number, a finite number, and NULL
 * only where adcli allows it. The first problem, naming its column, or null.
 */
export function typeProblem(row: Row, columns: readonly Column[]): string | null {
  for (const c of columns) {
    const v = row[c.name];
    if (v === null || v === undefined) {
      if (c.notNull && !c.pk) return `${c.name} must not be NULL`;
      continue;
    }
    if (c.type === 'TEXT' && (typeof v !== 'string' || v.includes('\0')))
      return `${c.name} must be text (without NUL characters)`;
    if (c.type === 'INTEGER' && !Number.isSafeInteger(v))
      return `${c.name} must be a whole number from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;
    if (c.type === 'REAL' && !(typeof v === 'number' && Number.isFinite(v)))
      return `${c.name} must be a finite number`;
  }
  return null;
}

export interface Column {
  name: string;
  /** the declared type: TEXT, INTEGER or REAL in adcli's schema */
  type: string;
  notNull: boolean;
  /** its place in the primary key, 0 when it is not part of it */
  pk: number;
}

interface Table {
  columns: Column[];
  /** the columns that order it: its primary key, or all of them */
  key: string[];
  /** each unique index's columns, the primary key's included */
  unique: string[][];
}

/** A table's columns as SQLite declares them in `db` (names by parameter: a crafted name is only data). */
function tableOf(db: SqliteFile, table: string): Table {
  const columns = (
    db
      .prepare('SELECT name, type, "notnull" AS required, pk FROM pragma_table_info(?)')
      .all(table) as { name: string; type: string; required: number; pk: number }[]
  ).map((c) => ({ name: c.name, type: c.type.toUpperCase(), notNull: c.required === 1, pk: c.pk }));
  const key = columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const unique = (
    db.prepare('SELECT name FROM pragma_index_list(?) WHERE "unique" = 1').all(table) as {
      name: string;
    }[]
  ).map((index) =>
    (
      db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(index.name) as {
        name: string | null;
      }[]
    ).map((c) => c.name ?? ''),
  );
  if (key.length && !unique.some((u) => u.join() === key.join())) unique.push(key);
  return { columns, key: key.length ? key : columns.map((c) => c.name), unique };
}

let adcliSchema: Map<string, Table> | undefined;

/** Every table of adcli's schema as this version makes a new store, by exact name: made once. */
function schemaOfThisAdcli(): Map<string, Table> {
  if (adcliSchema) return adcliSchema;
  const fresh = new SqliteStore(':memory:');
  try {
    adcliSchema = new Map(tablesIn(fresh.db).map((name) => [name, tableOf(fresh.db, name)]));
  } finally {
    fresh.closeNow();
  }
  return adcliSchema;
}

export function adcliColumns(table: string): Table {
  const spec = schemaOfThisAdcli().get(table);
  if (!spec) throw new Error(`${table} is no table of adcli's schema`);
  return spec;
}

/** The file's own tables (SQLite's internal ones, such as sqlite_sequence, left out). */
function tablesIn(db: SqliteFile): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/**
 * The migrated file's schema is adcli's: no table adcli does not have, and each table a snapshot
 * reads with adcli's columns exactly, by case-sensitive name (SQLite's names are not, so a column
 * `WORKSPACE_ID` would answer for `workspace_id`). Anything else is a 400 naming table and column.
 */
export function checkSchema(db: SqliteFile): void {
  const ours = schemaOfThisAdcli();
  for (const name of tablesIn(db)) {
    if (name === 'snapshot_meta') {
      const columns = tableOf(db, name).columns.map((c) => c.name);
      if (columns.join() !== 'name,value')
        throw invalid(
          `the snapshot's table snapshot_meta must have the columns name and value, not ${columns.map(shown).join(', ')}`,
        );
    } else if (!ours.has(name)) {
      throw invalid(
        `the snapshot has a table ${shown(name)} that adcli's schema does not have; nothing was loaded`,
      );
    }
  }
  for (const table of SNAPSHOT_TABLES) {
    const theirs = tableOf(db, table.name).columns.map((c) => c.name);
    const expected = adcliColumns(table.name).columns.map((c) => c.name);
    const extra = theirs.find((c) => !expected.includes(c));
    if (extra !== undefined)
      throw invalid(
        `the snapshot's table ${table.name} has a column ${shown(extra)} that adcli's schema does not have (column names are exact); nothing was loaded`,
      );
    const missing = expected.find((c) => !theirs.includes(c));
    if (missing !== undefined)
      throw invalid(
        `the snapshot's table ${table.name} has no column ${missing}; nothing was loaded`,
      );
  }
}

/**
 * No two of the workspace's rows of a table share a key that adcli's schema keeps unique (the
 * workspace columns, all the caller's once loaded, left out of the comparison): a 400 naming the key.
 */
export function checkUnique(db: SqliteFile, table: SnapshotTable, source: string): void {
  for (const index of adcliColumns(table.name).unique) {
    const columns = index.filter(
      (c) => !table.workspaceColumns.includes(c) && !(table.renumber && c === 'seq'),
    );
    if (index.includes('seq') && table.renumber) continue;
    const notNull = columns.map((c) => ` AND ${quoted(c)} IS NOT NULL`).join('');
    const group = columns.length ? ` GROUP BY ${columns.map(quoted).join(', ')}` : '';
    const twice = db
      .prepare(
        `SELECT ${[...columns.map(quoted), 'COUNT(*) AS n'].join(', ')} FROM ${table.name} WHERE (${table.where})${notNull}${group} HAVING COUNT(*) > 1 LIMIT 1`,
      )
      .get(source) as Row | undefined;
    if (twice) {
      const what = columns.length
        ? columns.map((c) => `${c} ${shown(String(twice[c]))}`).join(', ')
        : 'the workspace';
      throw invalid(
        `the snapshot's table ${table.name} holds two rows for ${what}, which adcli keeps unique; nothing was loaded`,
      );
    }
  }
}

/** An SQL identifier in double quotes: the names quoted are adcli's own, so this only keeps keywords apart. */
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A name from the file, for a message: cut short, its control characters escaped by JSON. */
const shown = (name: string) => JSON.stringify(name.slice(0, 60));
