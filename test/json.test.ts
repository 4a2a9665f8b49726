/** server/lib/json.ts: the request fingerprint's canonical JSON and the depth bound of JSON bodies. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonDepth } from '../server/lib/json.ts';

/** The recursive definition: JSON.stringify with every object's keys sorted. */
function sortedStringify(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

describe('canonicalJson', () => {
  it('is JSON.stringify with sorted keys, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const parsed = JSON.parse(JSON.stringify(v));
        expect(canonicalJson(parsed)).toBe(sortedStringify(parsed));
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('orders keys as JavaScript does: array indexes first, numerically; __proto__ is an ordinary key', () => {
    const v = JSON.parse('{"b":1,"10":2,"2":3,"a":[1,{"z":1,"y":null}],"__proto__":4,"01":5}');
    expect(canonicalJson(v)).toBe(sortedStringify(v));
    expect(canonicalJson(v)).toBe(
      '{"2":3,"10":2,"01":5,"__proto__":4,"a":[1,{"y":null,"z":1}],"b":1}',
    );
  });

  it('does not overflow the stack on a value nested 100,000 levels deep', () => {
    const deep = JSON.parse('['.repeat(100_000) + '{"a":1}' + ']'.repeat(100_000));
    expect(canonicalJson(deep)).toBe('['.repeat(100_000) + '{"a":1}' + ']'.repeat(100_000));
  });
});

describe('jsonDepth', () => {
  it('counts nested objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{","b":"\\"[["}')).toBe(1);
    expect(jsonDepth('[[],[[]],[]]')).toBe(3);
  });

  it('stops counting past the limit', () => {
    expect(jsonDepth('['.repeat(1000), 64)).toBe(65);
  });

  it('agrees with a walk of the parsed value', () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object'
        ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonDepth(JSON.stringify(v))).toBe(depthOf(v));
      }),
      { numRuns: 1000, seed: 7 },
    );
  });
});
