/**
 * "Did you mean": the known word nearest to a misspelt or misremembered one. Used to word errors
 * (an unknown body field, an unknown code), never to accept input: what is refused stays refused.
 */

/** Damerau-Levenshtein (optimal string alignment) distance, giving up above `limit`. */
export function distance(a: string, b: string, limit: number): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let min = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      min = Math.min(min, d);
    }
    rows.push(row);
    if (i > 0 && min > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}

/** The words of a field name: `dailyBudget`, `daily_budget` and `daily-budget` are all [daily, budget]. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The known field an unknown one most likely meant, or undefined when none is close: the same name
 * in another case or spelling (`ads_status` → `adsStatus`), a slip of a letter or two (`budgt` →
 * `budget`), or a name that holds a known one as a word (`dailyBudget` → `budget`, `campaignName` →
 * `name`). Among several, the one with the longest name wins (the most specific).
 */
export function nearestName(unknown: string, known: readonly string[]): string | undefined {
  const squash = (s: string) => words(s).join('');
  const u = squash(unknown);
  if (!u) return undefined;
  const same = known.find((k) => squash(k) === u);
  if (same) return same;
  const slips = u.length < 4 ? 0 : u.length < 8 ? 1 : 2;
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = distance(u, squash(k), slips);
    if (d <= slips && (!best || d < best.d)) best = { name: k, d };
  }
  if (best) return best.name;
  const mine = words(unknown);
  const holding = known
    .filter((k) => {
      const theirs = words(k);
      return within(theirs, mine) || within(mine, theirs);
    })
    .sort((a, b) => b.length - a.length);
  return holding[0];
}

/**
 * Whether the words `a` appear together, in order, among the words `b`; words of fewer than four
 * letters in all (`id`) say too little to suggest anything by.
 */
function within(a: string[], b: string[]): boolean {
  if (a.join('').length < 4 || a.length > b.length) return false;
  for (let i = 0; i + a.length <= b.length; i++) if (a.every((w, j) => b[i + j] === w)) return true;
  return false;
}
