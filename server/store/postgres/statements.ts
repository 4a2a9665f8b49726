/**
 * The port's SQL as Postgres runs it: the dialect's pieces, and each statement with its placeholders
 * numbered, its name as a prepared statement, and what it may change (for the change stamps).
 */
import type { QueryConfig, QueryResult } from 'pg';
import { ACCESS_TABLES, type SqlValue, type StoreDialect } from '../port.ts';
import { numberPlaceholders } from './placeholders.ts';

/** What the domain's SQL writes differently for Postgres. */
export const postgresDialect: StoreDialect = {
  name: 'postgres',
  jsonValues: (expr) => `(SELECT jsonb_array_elements_text((${expr})::jsonb))`,
  like: (expr, pattern) => `${expr} ILIKE ${pattern} ESCAPE '\\'`,
  skipLocked: ' FOR UPDATE SKIP LOCKED',
};

/** The table a statement changes, when it names one first (INSERT INTO t, UPDATE t, DELETE FROM t). */
const TARGET = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;
const ACCESS = new Set(ACCESS_TABLES);

/** A SELECT whose WITH changes rows (a data-modifying CTE): it counts as a change. */
const WRITES_IN_SELECT = /\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;

const MAX_PREPARED = 1000;

export interface Translated {
  name: string | undefined;
  text: string;
  /** a SELECT of it may change rows */
  writes: boolean;
  /** a change it makes may be to ACCESS_TABLES (it names one, or no single table) */
  access: boolean;
}

/** The `n`th statement a store has seen, translated; past MAX_PREPARED it is left unnamed. */
export function translate(sql: string, n: number): Translated {
  // SQL built at run time (a list of n placeholders) could prepare without end: past a bound, unnamed
  const target = TARGET.exec(sql)?.[1]?.toLowerCase();
  return {
    name: n <= MAX_PREPARED ? `adcli_${n}` : undefined,
    text: numberPlaceholders(sql),
    writes: WRITES_IN_SELECT.test(sql.replace(/\bfor\s+(no\s+key\s+)?update\b/gi, '')),
    access: target === undefined || ACCESS.has(target),
  };
}

export function config(t: Translated, params: SqlValue[]): QueryConfig {
  return t.name ? { name: t.name, text: t.text, values: params } : { text: t.text, values: params };
}

/** Whether a statement's answer says it changed rows (or may have: anything but a plain SELECT or DML of none). */
export function changedRows(r: QueryResult, t: Translated): boolean {
  switch (r.command) {
    case 'SELECT':
      return t.writes;
    case 'INSERT':
    case 'UPDATE':
    case 'DELETE':
    case 'MERGE':
      return (r.rowCount ?? 0) > 0;
    default:
      return true;
  }
}
