/**
 * Picking phrases as a person would list them: no fragments of longer phrases, no sliding-window
 * overlaps, no longer phrase that only adds filler, a word beside phrases that hold it only when it
 * stands on its own. Pure and deterministic.
 */
import { byScore, type PhraseCandidate } from './analyzer.ts';
import { CONTENT, tokenize } from './tokens.ts';

/** Contiguous shorter sub-phrases of a key ("a b c" → "a b", "b c", "a", "b", "c"), longest first. */
export function subKeys(key: string): string[] {
  const w = key.split(' ');
  const out: string[] = [];
  for (let len = w.length - 1; len >= 1; len--)
    for (let s = 0; s + len <= w.length; s++) out.push(w.slice(s, s + len).join(' '));
  return out;
}

/**
 * The phrase two keys make when the end of one is the start of the other ("income driven
 * repayment" + "driven repayment plans" → "income driven repayment plans"); null when they do not
 * overlap that way or one holds the other.
 */
export function overlapMerge(a: string, b: string): string | null {
  const x = a.split(' ');
  const y = b.split(' ');
  for (let k = Math.min(x.length, y.length) - 1; k >= 1; k--) {
    let same = true;
    for (let j = 0; j < k && same; j++) if (x[x.length - k + j] !== y[j]) same = false;
    if (same) return [...x, ...y.slice(k)].join(' ');
  }
  return null;
}

/**
 * Picks phrases best first, as a person would list them:
 * - a part of a longer phrase written as a whole (recurring, a tag, a name) that mostly occurs
 *   inside it ("speedcross" inside "salomon speedcross", "led grow" inside "led grow lights": the
 *   longer one counted ≥ 70% as often) is left to the longer one: no fragments;
 * - a longer phrase that only adds weak words, numbers or stopwords to a picked shorter one
 *   ("trail running video" after "trail running") is dropped, and so is a window seen once that
 *   would push out a picked part of it seen more often ("flaky sea salt" beside "sea salt");
 * - two phrases that overlap as sliding windows of the same text ("income driven repayment",
 *   "driven repayment plans") are not both taken: the second only when they mostly occur apart;
 * - a phrase (often one word) that stands inside picked longer ones is kept only when it earns its
 *   place on its own: a third of its occurrences (and two) outside them; with `heads`, also a word
 *   inside two or more picked phrases, which it heads ("quilt" beside "featherpeak quilt" and
 *   "backpacking quilt").
 */
export function selectPhrases(
  cands: readonly PhraseCandidate[],
  limit: number,
  accept: (c: PhraseCandidate) => boolean = () => true,
  countOf?: (key: string) => number,
  opts: { heads?: boolean } = {},
): PhraseCandidate[] {
  const byKey = new Map<string, PhraseCandidate>();
  for (const c of cands) byKey.set(c.key, c);
  const count = (key: string) => countOf?.(key) ?? byKey.get(key)?.count ?? 0;
  const dominated = new Set<string>();
  for (const c of cands) {
    if (c.words < 2 || !c.whole || !accept(c)) continue;
    for (const sub of subKeys(c.key)) {
      const s = byKey.get(sub);
      if (s && c.count >= 0.7 * s.count) dominated.add(sub);
    }
  }
  const picked = new Map<string, PhraseCandidate>();
  /** sub-phrase key → picked phrases that hold it */
  const holders = new Map<string, PhraseCandidate[]>();
  /** whether a picked phrase earns its place beside the picked phrases that hold it (and `extra`) */
  const standsAlone = (s: PhraseCandidate, extra?: PhraseCandidate): boolean => {
    const held = [...(holders.get(s.key) ?? []), ...(extra ? [extra] : [])];
    if (held.length === 0) return true;
    if (opts.heads && s.words === 1 && held.length >= 2) return true;
    const inside = held.reduce((n, h) => n + h.count, 0);
    const alone = s.count - inside;
    return alone >= 2 && alone * 3 >= s.count;
  };
  // another pass while a pick changed what stands alone
  let removed = true;
  while (removed) {
    removed = false;
    for (const c of cands) {
      if (picked.size >= limit) break;
      if (picked.has(c.key) || dominated.has(c.key) || !accept(c)) continue;
      if (c.words >= 2 && addsOnlyFiller(c.key, picked)) continue;
      if (!standsAlone(c)) continue;
      let overlaps = false;
      for (const p of picked.values()) {
        const merged = overlapMerge(p.key, c.key) ?? overlapMerge(c.key, p.key);
        if (merged !== null && count(merged) >= 0.5 * Math.min(c.count, p.count)) {
          overlaps = true;
          break;
        }
      }
      if (overlaps) continue;
      // a window seen once does not push out a picked part of it seen more often ("flaky sea
      // salt" once beside "sea salt" twice): it only adds a word to it
      const pushesOut = (sub: string) => {
        const s = picked.get(sub);
        return s !== undefined && s.count > c.count && !standsAlone(s, c);
      };
      if (c.words >= 2 && c.count < 2 && !c.written && subKeys(c.key).some(pushesOut)) continue;
      picked.set(c.key, c);
      for (const sub of subKeys(c.key)) {
        const list = holders.get(sub);
        if (list) list.push(c);
        else holders.set(sub, [c]);
        // a word passed over may now head two picked phrases: look again
        if (opts.heads && list?.length === 2 && !picked.has(sub) && byKey.has(sub)) removed = true;
        // a picked shorter phrase that no longer stands alone beside this one makes room
        const s = picked.get(sub);
        if (s && !standsAlone(s)) {
          picked.delete(sub);
          // a word may come back once it heads two picked phrases
          if (!opts.heads || s.words > 1) dominated.add(sub);
          removed = true;
        }
      }
    }
  }
  return [...picked.values()].sort(byScore);
}

/** Whether a phrase only adds weak words, numbers or stopwords to a picked shorter one. */
export function addsOnlyFiller(key: string, picked: ReadonlyMap<string, unknown>): boolean {
  const w = key.split(' ');
  for (let start = 0; start < w.length; start++) {
    for (let end = start + 1; end <= w.length; end++) {
      if (end - start === w.length) continue;
      if (!picked.has(w.slice(start, end).join(' '))) continue;
      const rest = [...w.slice(0, start), ...w.slice(end)];
      if (rest.every((k) => !isContentKey(k))) return true;
    }
  }
  return false;
}

function isContentKey(key: string): boolean {
  const segs = tokenize(key, 'none');
  return segs.some((s) => s.words.some((w) => w.kind === CONTENT));
}
