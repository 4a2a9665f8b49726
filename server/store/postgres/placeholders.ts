/**
 * The port's placeholders in Postgres's numbering: `?` becomes `$1..$n` in order and `?N` becomes
 * `$N` (a bare `?` after `?N` numbers on from the largest so far, as SQLite does), outside string
 * literals, quoted identifiers and comments.
 */
export function numberPlaceholders(sql: string): string {
  return replacePlaceholders(sql, (n) => `$${n}`);
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
