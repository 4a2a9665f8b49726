/**
 * Two keyword extractors to compare adcli with, written from their papers, sharing nothing with
 * adcli's scorer but the stopword lists (the `stopword` package, as adcli) and the tokeniser's
 * notion of a word:
 *
 * - TF-IDF (Salton & Buckley 1988, "Term-weighting approaches in automatic text retrieval"): every
 *   1-3 word n-gram that neither starts nor ends with a stopword; weight = tf × log(N / df), tf the
 *   count in the store, df over the store's documents and the background's.
 * - YAKE (Campos et al. 2018/2020, "YAKE! Keyword extraction from single documents using multiple
 *   local features"): the store's text as one document; per word the five features casing,
 *   position, frequency, relatedness to context and spread over sentences, combined as
 *   S(w) = Rel·Pos / (Case + Freq/Rel + Diff/Rel); a candidate n-gram (1-3 words, no stopword at
 *   either end) scores Π S(w) / (TF(kw) · (1 + Σ S(w))), lower is better; near duplicates (a
 *   Levenshtein-based similarity over 0.9 to a better one) are dropped.
 */
import { isStopword, type Lang } from '../server/targeting/lang.ts';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const SENTENCE = /(?<=[.!?;:\n|])\s*/u;

export interface BaselineDoc {
  /** the document's texts: title, tags, description, comments */
  texts: string[];
}

function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

function stop(w: string, lang: Lang): boolean {
  const low = w.toLowerCase();
  return low.length < 2 || isStopword(low, lang) || /^\d+$/.test(low);
}

/** n-grams (1-3 words) of a word run that neither start nor end with a stopword. */
function grams(ws: string[], lang: Lang, each: (gram: string[], start: number) => void): void {
  for (let i = 0; i < ws.length; i++) {
    if (stop(ws[i]!, lang)) continue;
    for (let n = 1; n <= 3 && i + n <= ws.length; n++) {
      if (stop(ws[i + n - 1]!, lang)) continue;
      each(ws.slice(i, i + n), i);
    }
  }
}

/** Splits a text at sentence ends and at punctuation that no phrase crosses. */
function runs(text: string): string[][] {
  return text
    .replace(/https?:\/\/\S+|www\.\S+/g, ' | ')
    .split(/[.!?;:,()"\n|•]+/u)
    .map(words)
    .filter((r) => r.length > 0);
}

export function tfidf(
  store: BaselineDoc[],
  background: BaselineDoc[],
  lang: Lang,
  k: number,
): string[] {
  const df = new Map<string, number>();
  for (const doc of background)
    for (const key of docKeys(doc, lang)) df.set(key, (df.get(key) ?? 0) + 1);
  return tfidfAgainst(store, (key) => df.get(key) ?? 0, background.length, lang, k);
}

/** The distinct n-grams of a document, as TF-IDF counts its document frequency. */
export function docKeys(doc: BaselineDoc, lang: Lang): Set<string> {
  const seen = new Set<string>();
  for (const text of doc.texts)
    for (const run of runs(text)) grams(run, lang, (g) => seen.add(g.join(' ').toLowerCase()));
  return seen;
}

/** TF-IDF against a background given by its document frequencies (`bgDf`) and size (`bgN`). */
export function tfidfAgainst(
  store: BaselineDoc[],
  bgDf: (key: string) => number,
  bgN: number,
  lang: Lang,
  k: number,
): string[] {
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const doc of store) {
    const seen = new Set<string>();
    for (const text of doc.texts) {
      for (const run of runs(text)) {
        grams(run, lang, (g) => {
          const key = g.join(' ').toLowerCase();
          tf.set(key, (tf.get(key) ?? 0) + 1);
          seen.add(key);
        });
      }
    }
    for (const key of seen) df.set(key, (df.get(key) ?? 0) + 1);
  }
  const N = store.length + bgN;
  const scored = [...tf.entries()].map(([key, f]) => ({
    key,
    score: f * Math.log(N / ((df.get(key) ?? 0) + bgDf(key) || 1)),
  }));
  scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return scored.slice(0, k).map((s) => s.key);
}

interface WordStat {
  tf: number;
  tfUpper: number;
  tfAcronym: number;
  sentences: number[];
  left: Set<string>;
  right: Set<string>;
  leftCount: number;
  rightCount: number;
}

export function yake(store: BaselineDoc[], lang: Lang, k: number): string[] {
  // the store as one document, as YAKE reads a document: its sentences in order
  const sentences: string[][] = [];
  for (const doc of store)
    for (const text of doc.texts)
      for (const s of text.split(SENTENCE)) for (const r of runs(s)) sentences.push(r);
  const stats = new Map<string, WordStat>();
  const stat = (w: string): WordStat => {
    let s = stats.get(w);
    if (!s)
      stats.set(
        w,
        (s = {
          tf: 0,
          tfUpper: 0,
          tfAcronym: 0,
          sentences: [],
          left: new Set(),
          right: new Set(),
          leftCount: 0,
          rightCount: 0,
        }),
      );
    return s;
  };
  sentences.forEach((ws, si) => {
    ws.forEach((w, i) => {
      const low = w.toLowerCase();
      const s = stat(low);
      s.tf++;
      if (w.length > 1 && w === w.toUpperCase() && /\p{L}/u.test(w)) s.tfAcronym++;
      else if (i > 0 && /^\p{Lu}/u.test(w)) s.tfUpper++;
      if (s.sentences[s.sentences.length - 1] !== si) s.sentences.push(si);
      // co-occurrence window of one word on each side (YAKE's default window size)
      if (i > 0) {
        const l = ws[i - 1]!.toLowerCase();
        if (!stop(l, lang)) {
          s.left.add(l);
          s.leftCount++;
        }
      }
      if (i + 1 < ws.length) {
        const r = ws[i + 1]!.toLowerCase();
        if (!stop(r, lang)) {
          s.right.add(r);
          s.rightCount++;
        }
      }
    });
  });
  const valid = [...stats.entries()].filter(([w]) => !stop(w, lang));
  const tfs = valid.map(([, s]) => s.tf);
  const mean = tfs.reduce((a, b) => a + b, 0) / (tfs.length || 1);
  const sd = Math.sqrt(tfs.reduce((a, b) => a + (b - mean) ** 2, 0) / (tfs.length || 1));
  const maxTf = Math.max(1, ...tfs);
  const score = new Map<string, number>();
  for (const [w, s] of stats) {
    const tCase = Math.max(s.tfUpper, s.tfAcronym) / (1 + Math.log(s.tf));
    const median = s.sentences[Math.floor((s.sentences.length - 1) / 2)]!;
    const tPos = Math.log(Math.log(3 + median));
    const tFreq = s.tf / (mean + sd || 1);
    const wl = s.leftCount ? s.left.size / s.leftCount : 0;
    const wr = s.rightCount ? s.right.size / s.rightCount : 0;
    const tRel = 1 + (wl + wr) * (s.tf / maxTf);
    const tDiff = s.sentences.length / (sentences.length || 1);
    score.set(w, (tRel * tPos) / (tCase + tFreq / tRel + tDiff / tRel));
  }
  const cand = new Map<string, { tf: number; words: string[] }>();
  for (const ws of sentences) {
    grams(ws, lang, (g) => {
      const key = g.map((w) => w.toLowerCase()).join(' ');
      const c = cand.get(key);
      if (c) c.tf++;
      else cand.set(key, { tf: 1, words: key.split(' ') });
    });
  }
  const ranked = [...cand.entries()].map(([key, c]) => {
    let prod = 1;
    let sum = 0;
    for (const w of c.words) {
      const s = score.get(w) ?? 1;
      prod *= s;
      sum += s;
    }
    return { key, score: prod / (c.tf * (1 + sum)) };
  });
  ranked.sort((a, b) => a.score - b.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const out: string[] = [];
  for (const r of ranked) {
    if (out.length >= k) break;
    if (out.some((o) => similarity(o, r.key) > 0.9)) continue;
    out.push(r.key);
  }
  return out;
}

/** 1 − Levenshtein distance / the longer length (YAKE's "seqm"-style deduplication). */
function similarity(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (!m || !n) return 0;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++)
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return 1 - prev[n]! / Math.max(m, n);
}
