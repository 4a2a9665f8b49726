import pg from 'pg';
import type { SqlValue } from '../port.ts';

/**
 * The port's placeholders in Postgres's numbering: `?` becomes `$1..$n` in order and `?N` becomes
 * `$N` (a bare `?` after `?N` numbers on from the largest so far, as SQLite does), outside string
 * literals, quoted identifiers and comments.
 */
export function numberPlaceholders(sql: string): string {
  return replacePlaceholders(sql, (n) => `$${n}`);
}

/**
 * The statement with its values written in as literals, for a statement sent with others in one
 * round trip (the simple query protocol takes no parameters). Each value is a quoted literal of
 * unknown type, as a parameter is, so the server infers its type from the context the same way:
 * `'12'` is a number where a number goes. A placeholder with no value is an error, as it is for a
 * prepared statement.
 */
export function inlineValues(sql: string, params: readonly SqlValue[]): string {
  return replacePlaceholders(sql, (n) => {
    if (n > params.length)
      throw new Error(`the statement has placeholder ?${n} but ${params.length} values`);
    return literal(params[n - 1]!);
  });
}

/** A value as an SQL literal of unknown type (NULL for null), quoted by pg's own escapeLiteral. */
export function literal(v: SqlValue): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return pg.escapeLiteral(v);
  if (typeof v === 'number' || typeof v === 'bigint') return `'${String(v)}'`;
  return pg.escapeLiteral(
    `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`,
  );
}

function replacePlaceholders(sql: string, valueOf: (n: number) => string): string {
  let out = '';
  let largest = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      // a literal or quoted identifier; a doubled quote inside is an escaped one
      let j = i + 1;
      for (;;) {
        const k = sql.indexOf(c, j);
        if (k === -1) {
          j = sql.length;
          break;
        }
        if (sql[k + 1] === c) j = k + 2;
        else {
          j = k + 1;
          break;
        }
      }
      out += sql.slice(i, j);
      i = j;
    } else if (c === '-' && sql[i + 1] === '-') {
      const k = sql.indexOf('\n', i);
      const j = k === -1 ? sql.length : k;
      out += sql.slice(i, j);
      i = j;
    } else if (c === '/' && sql[i + 1] === '*') {
      const k = sql.indexOf('*/', i + 2);
      const j = k === -1 ? sql.length : k + 2;
      out += sql.slice(i, j);
      i = j;
    } else if (c === '?') {
      let j = i + 1;
      while (j < sql.length && sql[j]! >= '0' && sql[j]! <= '9') j++;
      const n = j > i + 1 ? Number(sql.slice(i + 1, j)) : largest + 1;
      largest = Math.max(largest, n);
      out += valueOf(n);
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
