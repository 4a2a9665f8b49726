/** Units of a duration, in ms. */
const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * A duration as people write it: `90s`, `25h`, `7d`, `1h30m`, `2w`, `500ms`, or ISO 8601 (`PT25H`,
 * `P7D`, `P1DT12H`). Returns ms, or null when the text is not a duration.
 */
export function parseDuration(text: string): number | null {
  const t = text.trim();
  const human = /^(?:(\d+(?:\.\d+)?)(ms|s|m|h|d|w))+$/i;
  if (human.test(t)) {
    let ms = 0;
    for (const [, n, unit] of t.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/gi))
      ms += Number(n) * UNITS[unit!.toLowerCase()]!;
    return Math.round(ms);
  }
  const iso = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(t);
  if (iso && t.length > 1 && !/T$/i.test(t)) {
    const [, w, d, h, m, s] = iso;
    return Math.round(
      Number(w ?? 0) * UNITS.w! +
        Number(d ?? 0) * UNITS.d! +
        Number(h ?? 0) * UNITS.h! +
        Number(m ?? 0) * UNITS.m! +
        Number(s ?? 0) * 1000,
    );
  }
  return null;
}

/** "1d 1h 30m", "45s", "250 ms": a duration for people (the sign is the caller's to say). */
export function formatDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 1000) return `${Math.round(abs)} ms`;
  const parts: string[] = [];
  let s = Math.round(abs / 1000);
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (s >= size) parts.push(`${Math.floor(s / size)}${unit}`);
    s %= size;
  }
  return parts.join(' ');
}
