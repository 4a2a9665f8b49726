/** Deterministic ordering: the same order on every machine and locale. */

/** Compares strings by code unit: the same on every machine and locale. */
export function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
