/**
 * The two schemas in step: SQLite's (server/store/sqlite/migrations.ts, cumulative) and Postgres's
 * (server/store/postgres/migrations.ts) are built and read back from each engine's catalog, and compared
 * table by table: columns (name, nullability, type family, default), primary keys, unique
 * constraints, other indexes, foreign keys with their ON DELETE. A difference fails naming it.
 * Postgres's own tables (PG_ONLY_TABLES: what replicas share that one SQLite process keeps beside its
 * store) are declared, and only those may be missing from SQLite.
 */
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { PG_ONLY_TABLES } from '../server/store/postgres/migrations.ts';
import { PostgresStore } from '../server/store/postgres/store.ts';
import { postgresOrSkip } from './helpers/postgres.ts';

const pg = await postgresOrSkip();

interface Column {
  type: 'integer' | 'real' | 'text' | 'blob' | string;
  notNull: boolean;
  default: string | null;
}
interface Table {
  columns: Record<string, Column>;
  primaryKey: string[];
  /** each unique constraint or index other than the primary key, as its column list */
  unique: string[];
  /** non-unique indexes: name → column list */
  indexes: Record<string, string>;
  /** foreign keys: "cols → table(cols) ON DELETE action" */
  foreignKeys: string[];
}
type Schema = Record<string, Table>;

function sqliteFamily(declared: string): string {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'integer';
  if (t.includes('CHAR') || t.includes('TEXT') || t.includes('CLOB')) return 'text';
  if (t.includes('BLOB') || t === '') return 'blob';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real';
  return `numeric (${declared})`;
}

function pgFamily(type: string): string {
  if (['bigint', 'integer', 'smallint'].includes(type)) return 'integer';
  if (['double precision', 'real', 'numeric'].includes(type)) return 'real';
  if (type === 'text') return 'text';
  if (type === 'bytea') return 'blob';
  return type;
}

/** A default as written, without Postgres's casts: `'[]'::text` is `'[]'`. */
function normalDefault(d: string | null): string | null {
  if (d === null) return null;
  return d.replace(/::[a-z ]+$/i, '').replace(/^\((.*)\)$/, '$1');
}

function readSqlite(): Schema {
  const store = SqliteStore.memory();
  try {
    const schema: Schema = {};
    const tables = store.allNow<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    for (const { name } of tables) {
      const cols = store.allNow<{
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }>(`PRAGMA table_info(${name})`);
      const table: Table = {
        columns: {},
        primaryKey: [],
        unique: [],
        indexes: {},
        foreignKeys: [],
      };
      for (const c of cols) {
        // a PRIMARY KEY column may hold NULL in SQLite (a quirk); both treat it as required
        table.columns[c.name] = {
          type: sqliteFamily(c.type),
          notNull: c.notnull === 1 || c.pk > 0,
          default: normalDefault(c.dflt_value),
        };
      }
      table.primaryKey = cols
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      for (const idx of store.allNow<{ name: string; unique: number; origin: string }>(
        `PRAGMA index_list(${name})`,
      )) {
        if (idx.origin === 'pk') continue;
        const columns = store
          .allNow<{ name: string; seqno: number }>(`PRAGMA index_info(${idx.name})`)
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name)
          .join(', ');
        if (idx.unique) table.unique.push(columns);
        else table.indexes[idx.name] = columns;
      }
      const fks = store.allNow<{
        id: number;
        seq: number;
        table: string;
        from: string;
        to: string;
        on_delete: string;
      }>(`PRAGMA foreign_key_list(${name})`);
      for (const id of new Set(fks.map((f) => f.id))) {
        const parts = fks.filter((f) => f.id === id).sort((a, b) => a.seq - b.seq);
        table.foreignKeys.push(
          `(${parts.map((p) => p.from).join(', ')}) → ${parts[0]!.table}(${parts.map((p) => p.to).join(', ')}) ON DELETE ${parts[0]!.on_delete}`,
        );
      }
      table.unique.sort();
      table.foreignKeys.sort();
      schema[name] = table;
    }
    return schema;
  } finally {
    store.closeNow();
  }
}

const PG_ON_DELETE: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

async function readPostgres(url: string): Promise<{ schema: Schema; collations: string[] }> {
  const store = await PostgresStore.open(url);
  try {
    const schema: Schema = {};
    const collations: string[] = [];
    const tables = await store.all<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    );
    for (const { name } of tables) {
      const table: Table = {
        columns: {},
        primaryKey: [],
        unique: [],
        indexes: {},
        foreignKeys: [],
      };
      const cols = await store.all<{
        name: string;
        type: string;
        nullable: string;
        dflt: string | null;
        identity: string;
        collation: string | null;
      }>(
        `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS dflt, is_identity AS identity, collation_name AS collation
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position`,
        name,
      );
      for (const c of cols) {
        table.columns[c.name] = {
          type: pgFamily(c.type),
          notNull: c.nullable === 'NO',
          default: normalDefault(c.dflt),
        };
        if (c.type === 'text' && c.collation !== 'C')
          collations.push(`${name}.${c.name} has collation ${c.collation ?? 'default'}, not "C"`);
      }
      // each index with its columns in order; constraints (pk, unique) have one too
      const indexes = await store.all<{
        name: string;
        isPrimary: boolean;
        isUnique: boolean;
        columns: string;
      }>(
        `SELECT ic.relname AS name, i.indisprimary AS "isPrimary", i.indisunique AS "isUnique",
                (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) AS columns
           FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
           JOIN pg_namespace ns ON ns.oid = t.relnamespace
          WHERE ns.nspname = 'public' AND t.relname = ?`,
        name,
      );
      for (const idx of indexes) {
        if (idx.isPrimary) table.primaryKey = idx.columns.split(', ');
        else if (idx.isUnique) table.unique.push(idx.columns);
        else table.indexes[idx.name] = idx.columns;
      }
      const fks = await store.all<{
        def: string;
        target: string;
        from: string;
        to: string;
        del: string;
      }>(
        `SELECT c.confrelid::regclass::text AS target, c.confdeltype AS del,
                (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS "from",
                (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS "to"
           FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid = ?::regclass`,
        name,
      );
      for (const f of fks)
        table.foreignKeys.push(
          `(${f.from}) → ${f.target}(${f.to}) ON DELETE ${PG_ON_DELETE[f.del] ?? f.del}`,
        );
      table.unique.sort();
      table.foreignKeys.sort();
      schema[name] = table;
    }
    return { schema, collations };
  } finally {
    await store.close();
  }
}

/** Every difference between the two, one line each; `pgOnly` tables are expected in Postgres alone. */
function differences(sqlite: Schema, postgres: Schema, pgOnly: readonly string[] = []): string[] {
  const out: string[] = [];
  const names = [...new Set([...Object.keys(sqlite), ...Object.keys(postgres), ...pgOnly])].sort();
  for (const name of names) {
    if (pgOnly.includes(name)) {
      if (sqlite[name]) out.push(`table ${name} is declared Postgres-only but SQLite has it`);
      if (!postgres[name])
        out.push(`table ${name} is declared Postgres-only but Postgres lacks it`);
      continue;
    }
    const s = sqlite[name];
    const p = postgres[name];
    if (!s || !p) {
      out.push(`table ${name} is only in ${s ? 'SQLite' : 'Postgres'}`);
      continue;
    }
    for (const col of [...new Set([...Object.keys(s.columns), ...Object.keys(p.columns)])]) {
      const a = s.columns[col];
      const b = p.columns[col];
      if (!a || !b) out.push(`column ${name}.${col} is only in ${a ? 'SQLite' : 'Postgres'}`);
      else {
        if (a.type !== b.type)
          out.push(`column ${name}.${col}: ${a.type} in SQLite, ${b.type} in Postgres`);
        if (a.notNull !== b.notNull)
          out.push(
            `column ${name}.${col}: ${a.notNull ? 'NOT NULL' : 'nullable'} in SQLite, ${b.notNull ? 'NOT NULL' : 'nullable'} in Postgres`,
          );
        if (a.default !== b.default)
          out.push(
            `column ${name}.${col}: default ${a.default} in SQLite, ${b.default} in Postgres`,
          );
      }
    }
    if (s.primaryKey.join() !== p.primaryKey.join())
      out.push(
        `table ${name}: primary key (${s.primaryKey.join(', ')}) in SQLite, (${p.primaryKey.join(', ')}) in Postgres`,
      );
    for (const u of s.unique)
      if (!p.unique.includes(u)) out.push(`table ${name}: unique (${u}) only in SQLite`);
    for (const u of p.unique)
      if (!s.unique.includes(u)) out.push(`table ${name}: unique (${u}) only in Postgres`);
    for (const idx of [...new Set([...Object.keys(s.indexes), ...Object.keys(p.indexes)])]) {
      if (s.indexes[idx] !== p.indexes[idx])
        out.push(
          `index ${idx} on ${name}: (${s.indexes[idx] ?? 'absent'}) in SQLite, (${p.indexes[idx] ?? 'absent'}) in Postgres`,
        );
    }
    for (const f of s.foreignKeys)
      if (!p.foreignKeys.includes(f)) out.push(`table ${name}: foreign key ${f} only in SQLite`);
    for (const f of p.foreignKeys)
      if (!s.foreignKeys.includes(f)) out.push(`table ${name}: foreign key ${f} only in Postgres`);
  }
  return out;
}

describe.skipIf(!pg)('the Postgres schema', () => {
  it('matches the SQLite schema: tables, columns, keys, constraints and indexes', async () => {
    const sqlite = readSqlite();
    const { schema: postgres, collations } = await readPostgres(await pg!.createDatabase());
    expect(Object.keys(sqlite).length).toBeGreaterThan(20);
    expect(differences(sqlite, postgres, PG_ONLY_TABLES)).toEqual([]);
    for (const name of PG_ONLY_TABLES)
      expect(Object.keys(postgres[name]!.columns).length, name).toBeGreaterThan(0);
    expect(collations).toEqual([]);
  });
});

describe('the schema comparison', () => {
  it('names a difference when there is one', () => {
    const sqlite = readSqlite();
    const altered: Schema = structuredClone(sqlite);
    delete altered.jobs!.columns.kind;
    altered.brands!.columns.name!.notNull = false;
    altered.workspaces!.unique = [];
    altered.fault_rules!.foreignKeys = ['(workspace_id) → workspaces(id) ON DELETE NO ACTION'];
    expect(differences(sqlite, altered)).toEqual([
      'column brands.name: NOT NULL in SQLite, nullable in Postgres',
      'table fault_rules: foreign key (workspace_id) → workspaces(id) ON DELETE CASCADE only in SQLite',
      'table fault_rules: foreign key (workspace_id) → workspaces(id) ON DELETE NO ACTION only in Postgres',
      'column jobs.kind is only in SQLite',
      'table workspaces: unique (slug) only in SQLite',
    ]);
  });

  it('allows the declared Postgres-only tables, and only those', () => {
    const sqlite = readSqlite();
    const postgres: Schema = structuredClone(sqlite);
    postgres.rate_windows = structuredClone(sqlite.jobs!);
    postgres.stray = structuredClone(sqlite.jobs!);
    expect(differences(sqlite, postgres, ['rate_windows', 'request_journal'])).toEqual([
      'table request_journal is declared Postgres-only but Postgres lacks it',
      'table stray is only in Postgres',
    ]);
    expect(differences(sqlite, sqlite, ['jobs'])).toEqual([
      'table jobs is declared Postgres-only but SQLite has it',
    ]);
  });
});
