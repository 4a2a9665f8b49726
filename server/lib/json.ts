/** How deeply a JSON body may nest objects and arrays; the deepest real body (an import) uses 7. */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of objects and arrays in a JSON text, counted without parsing (so without
 * recursion); stops counting once past `limit`. Brackets inside strings do not count.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

/**
 * How deeply a value (from JSON.parse or a YAML document) nests objects and arrays, and about how
 * many bytes it takes as JSON (strings and keys counted without their escapes), walked without
 * recursion. A value met twice (a YAML alias) counts each time, as it would be written out; the walk
 * stops once past either limit, so it costs no more than the limits allow.
 */
export function measureValue(
  value: unknown,
  limits: { depth: number; bytes: number },
): { depth: number; bytes: number } {
  let depth = 0;
  let bytes = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, level] = stack.pop()!;
    if (v !== null && typeof v === 'object') {
      if (level > depth) depth = level;
      let items: unknown[];
      if (Array.isArray(v)) items = v;
      else {
        items = [];
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
          bytes += k.length + 3; // "key":
          items.push(x);
        }
      }
      bytes += 2 + Math.max(0, items.length - 1); // brackets and commas
      // the children are walked only while within the limits: each visit costs what it counts
      if (depth > limits.depth || bytes > limits.bytes) break;
      for (const x of items) stack.push([x, level + 1]);
    } else {
      bytes += typeof v === 'string' ? v.length + 2 : String(v).length;
      if (bytes > limits.bytes) break;
    }
  }
  return { depth, bytes };
}

/**
 * JSON with sorted keys, so two equal bodies give the same text whatever their key order. Written
 * without recursion (a deeply nested value cannot overflow the stack) for values from JSON.parse,
 * and the same text as JSON.stringify of the value with its objects' keys sorted (array-index keys
 * first in numeric order, as JavaScript orders an object's keys).
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // A stack of work: a value to write, or a piece of text to emit once the values before it are out.
  const stack: ({ v: unknown } | string)[] = [{ v: value }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const v = (item.v as { toJSON?: () => unknown } | null)?.toJSON
      ? (item.v as { toJSON: () => unknown }).toJSON()
      : item.v;
    if (v === null || typeof v !== 'object') {
      out.push(primitive(v));
      continue;
    }
    const work: ({ v: unknown } | string)[] = [];
    if (Array.isArray(v)) {
      work.push('[');
      v.forEach((x, i) => {
        if (i) work.push(',');
        // as JSON.stringify: undefined, functions and symbols in arrays are null
        work.push(
          x === undefined || typeof x === 'function' || typeof x === 'symbol' ? 'null' : { v: x },
        );
      });
      work.push(']');
    } else {
      work.push('{');
      let first = true;
      for (const k of sortedKeys(v as Record<string, unknown>)) {
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
        work.push(`${first ? '' : ','}${JSON.stringify(k)}:`, { v: x });
        first = false;
      }
      work.push('}');
    }
    for (let i = work.length - 1; i >= 0; i--) stack.push(work[i]!);
  }
  return out.join('');
}

function primitive(v: unknown): string {
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return 'null';
  if (typeof v === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
  return JSON.stringify(v);
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/** Keys sorted, array-index keys ("0", "10") first in numeric order: the order of Object.keys of a sorted copy. */
function sortedKeys(o: Record<string, unknown>): string[] {
  const keys = Object.keys(o).sort();
  const index = keys.filter((k) => ARRAY_INDEX.test(k) && Number(k) < 2 ** 32 - 1);
  if (!index.length) return keys;
  const rest = keys.filter((k) => !(ARRAY_INDEX.test(k) && Number(k) < 2 ** 32 - 1));
  return [...index.sort((a, b) => Number(a) - Number(b)), ...rest];
}

export function parseJsonArray<T = string>(text: string | null | undefined): T[] {
  return text ? (JSON.parse(text) as T[]) : [];
}
