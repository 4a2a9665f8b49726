import { invalid } from '../lib/errors.ts';
import type { Store } from '../store/port.ts';

/** Opaque keyset cursors: newest first, by the monotonic row sequence. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`s:${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return Number.MAX_SAFE_INTEGER;
  const m = /^s:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw invalid('cursor is not valid: pass the nextCursor of the previous page unchanged');
  return Number(m[1]);
}

/** SQL LIKE pattern for "name contains text", with the text's own wildcards escaped. */
export function containsPattern(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

export interface PageQuery {
  name?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Rows were fetched with LIMIT limit+1: the extra row only says there is a next page. */
export function toPage<R extends { seq: number }, T>(
  rows: R[],
  limit: number,
  map: (rows: R[]) => T[],
) {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  return {
    data: map(pageRows),
    nextCursor: more ? encodeCursor(pageRows[pageRows.length - 1]!.seq) : null,
  };
}

/** One page of a workspace table, newest first, optionally filtered by name. */
export function selectPage<R extends { seq: number }>(
  store: Store,
  table: string,
  scopeSql: string,
  scopeParams: (string | number)[],
  q: PageQuery,
): Promise<R[]> {
  const where = [scopeSql, 'seq < ?'];
  const params: (string | number)[] = [...scopeParams, decodeCursor(q.cursor)];
  if (q.name) {
    where.push(store.dialect.like('name', '?'));
    params.push(containsPattern(q.name));
  }
  params.push(q.limit + 1);
  return store.all<R>(
    `SELECT * FROM ${table} WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`,
    ...params,
  );
}
