/** JSON with sorted keys, so two equal bodies give the same text whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
      : v,
  );
}

export function parseJsonArray<T = string>(text: string | null | undefined): T[] {
  return text ? (JSON.parse(text) as T[]) : [];
}
