/**
 * What the analyzer counts of one phrase (PhraseStat), what it hands on (PhraseCandidate, NodeScore)
 * and is asked (RankOptions), and how an occurrence is read: its shape, whether its capitals are
 * evidence of a name, its written forms. Pure and deterministic.
 */
import { cmpStr } from './order.ts';
import { CONTENT, NUMBER, STOP, WEAK, type WordInfo } from './tokens.ts';
import type { CueHit } from './taxonomy.ts';

/** Where a phrase was read, in the order the analyzer counts them. */
export const FIELDS = ['titles', 'descriptions', 'tags', 'comments', 'channels'] as const;
export type Field = (typeof FIELDS)[number];

export class PhraseStat {
  key: string;
  n: number;
  count = 0;
  /** BM25-saturated weighted term frequency, summed over slot documents */
  tf = 0;
  df = 0;
  bgDf = 0;
  lastDoc = -1;
  lastBgDoc = -1;
  cur = 0;
  capOcc = 0;
  lowOcc = 0;
  capDocs = 0;
  lastCapDoc = -1;
  fields = [0, 0, 0, 0, 0];
  /** occurrences written exactly as the key (no plural folded, no accent) */
  keySurf = 0;
  surfaces: Map<string, number> | null = null;
  caps: Map<string, number> | null = null;
  cue: CueHit[] | null;
  /** written as a whole: a tag, an entry of a channel's keywords */
  whole = 0;
  /** occurrences as a whole capitalised run of words in running text: a name */
  run = 0;
  /** SHAPE_* flags of its words */
  shape: number;
  /** occurrences right before an article or object pronoun: the last word is likely a verb */
  verbRight = 0;
  /**
   * occurrences that start with a verb or an adjective, or hold a verb (Analyzer.saysVerb): "se
   * réveille", "assez sympathique", "pour vérifier", "footballeurs portent"
   */
  verbal = 0;
  /** occurrences in running text that can / cannot be a German noun phrase (German nouns are capitalised) */
  capHead = 0;
  lowHead = 0;
  /** occurrences in a lead unit (a title, a description's opening lines) */
  lead = 0;
  /** occurrences in a document about the campaign's objective (Analyzer focus) */
  focus = 0;
  constructor(key: string, n: number, cue: CueHit[] | null, shape: number) {
    this.key = key;
    this.n = n;
    this.cue = cue;
    this.shape = shape;
  }
}

/** Shapes of a phrase that make it a phrase only when a person wrote it so (recurring, a tag, a name). */
const SHAPE_NUMBER_START = 1; // "18 grams", "5 modelle"
const SHAPE_COORDINATION = 2; // "dose and yield", "mezcal y mercados"
const SHAPE_PREPOSITION = 4; // "agua en colectivo", "départ des houches"
const SHAPE_PARTICLE_END = 8; // "fighting over"
export const SHAPE_PAST_END = 16; // "shoes tested"; alone: "tested"
/**
 * The shape a title's phrase may have (RankOptions.titleShapes): a preposition inside. A number first
 * is a count or a date's ("4 enfants", "2017 partie"), an "and" a list's.
 */
export const TITLE_SHAPES = SHAPE_PREPOSITION;

export function shapeOf(words: readonly WordInfo[], i: number, n: number): number {
  let shape = 0;
  // a capital letter designates a name ("X Factor"), it counts nothing
  if (n > 1 && words[i]!.kind === NUMBER && !words[i]!.upper) shape |= SHAPE_NUMBER_START;
  for (let k = i + 1; k < i + n - 1; k++) {
    if (words[k]!.kind !== STOP) continue;
    shape |= words[k]!.coordinator ? SHAPE_COORDINATION : SHAPE_PREPOSITION;
  }
  const last = words[i + n - 1]!;
  if (n > 1 && last.particle) shape |= SHAPE_PARTICLE_END;
  if (last.past) shape |= SHAPE_PAST_END;
  return shape;
}

export interface PhraseCandidate {
  key: string;
  /** display form: the most frequent spelling; names keep their capitals ("Salomon Speedcross") */
  text: string;
  words: number;
  score: number;
  count: number;
  df: number;
  bgDf: number;
  /** recurring capitalised name: capitalised in most informative occurrences, in ≥ 2 places */
  name: boolean;
  /** recurring multi-word phrase: ≥ 2 words in ≥ 3 documents (or every document of a small store), seen twice or more */
  recurring: boolean;
  /** a phrase as a person wrote it: recurring, or written as a whole (a tag, a name) */
  whole: boolean;
  /** written as a whole by a person: a tag, a channel keyword, a short title, a capitalised name */
  written: boolean;
  /** written on its own as a whole: a tag or a channel keyword that is this very phrase */
  alone: boolean;
  /** in fewer documents than the store's floor, kept because a person wrote it as a whole (RankOptions.writtenOnce) */
  once: boolean;
  /** the weight of the strongest cue of a specific taxonomy node (below the top level) it is; 0: none */
  cue: number;
  /** seen in a title */
  inTitle: boolean;
  /** occurrences in a title or a description's opening lines (Unit.lead); absent: none counted */
  lead?: number;
  /** share of its occurrences in documents about the campaign's objective; absent: none counted */
  focus?: number;
  source: Field;
}

/** What the analyzer counted of one phrase (by key). */
export interface PhraseEvidence {
  df: number;
  bgDf: number;
  count: number;
  /** occurrences capitalised / lowercase where capitalisation tells something */
  capOcc: number;
  lowOcc: number;
}

export interface NodeScore {
  node: number;
  /** mean per-document evidence, 0..1: the share of the slot's documents about this node */
  coverage: number;
  /** mean log-scaled evidence per document, unsaturated */
  weight: number;
  /** documents with any evidence */
  docs: number;
}

export interface RankOptions {
  /** minimum document frequency in the slot corpus (default 1 for a small store, else 2) */
  minDf?: number;
  /** content-word keys that raise a phrase's score (e.g. from the campaign objective) */
  boostKeys?: ReadonlySet<string>;
  boost?: number;
  /** more keys with their own factor (e.g. the saved audience's tags) */
  boostKeys2?: ReadonlySet<string>;
  boost2?: number;
  /** also phrases under the document-frequency floor that a person wrote as a whole (marked `once`) */
  writtenOnce?: boolean;
  /**
   * also a title's phrases of a shape that needs a person to have written it (TITLE_SHAPES): a title
   * is its creator's summary, and a compound with a preposition is how French or Spanish name a
   * thing ("machine à crêpes", "peur du dentiste") where English glues two nouns
   */
  titleShapes?: boolean;
}

export function isNameWord(w: WordInfo): boolean {
  return w.cap && !w.caseless && (w.kind === CONTENT || w.kind === WEAK);
}

/** A connector, or a short lowercase word, between two capitalised words of a name ("Rio de Janeiro", "Tour du Mont Blanc"). */
export function nameParticle(w: WordInfo, before: WordInfo, after: WordInfo): boolean {
  if (!isNameWord(before) || !isNameWord(after)) return false;
  return (w.kind === STOP && w.connector) || (w.kind !== NUMBER && !w.upper && w.low.length <= 3);
}

/**
 * A capitalised run that joins full names with "and" ("Calgary Flames and Detroit Red Wings",
 * "Conor McGregor and Ronda Rousey") is a list of names: each is a name, the run is none. Where a
 * side is one word ("Abercrombie & Fitch", "Rick and Morty") the run is the name of a pair.
 * Returns each name's [first, last] word, or null where the run is one name.
 */
export function namesOfList(
  words: readonly WordInfo[],
  start: number,
  end: number,
): [number, number][] | null {
  const names: [number, number][] = [];
  let from = start;
  let nameWords = 0;
  for (let k = start; k <= end + 1; k++) {
    const x = words[k];
    if (k <= end && !(x!.kind === STOP && x!.coordinator)) {
      if (isNameWord(x!)) nameWords++;
      continue;
    }
    if (nameWords < 2) return null;
    names.push([from, k - 1]);
    from = k + 1;
    nameWords = 0;
  }
  return names.length > 1 ? names : null;
}

export function byScore(
  a: { score: number; key: string },
  b: { score: number; key: string },
): number {
  return b.score - a.score || cmpStr(a.key, b.key);
}

export function hasLetters(key: string): boolean {
  return /\p{L}/u.test(key);
}

export function sameAsKey(words: readonly WordInfo[], i: number, n: number): boolean {
  for (let k = i; k < i + n; k++) if (words[k]!.low !== words[k]!.key) return false;
  return true;
}

export function lowSurface(words: readonly WordInfo[], i: number, n: number): string {
  let s = words[i]!.low;
  for (let k = i + 1; k < i + n; k++) s += ' ' + words[k]!.low;
  return s;
}

export function origSurface(words: readonly WordInfo[], i: number, n: number): string {
  let s = words[i]!.orig;
  for (let k = i + 1; k < i + n; k++) s += ' ' + words[k]!.orig;
  // an English possessive's "'s" is no part of the name; a word that keeps it in its key owns it ("Mam's")
  return words[i + n - 1]!.low.endsWith("'s") ? s : s.replace(/'s$/i, '');
}

/**
 * Capitalisation evidence of one occurrence: 1 when every content word is capitalised and at least
 * one of them is in an informative position, -1 when an informative content word is lowercase,
 * 0 when nothing can be told (sentence start, Title Case line, tag, or the occurrence is only part
 * of a longer capitalised name).
 */
export function capEvidence(
  words: readonly WordInfo[],
  inf: readonly boolean[],
  i: number,
  n: number,
): number {
  // part of a longer capitalised run ("Muir Trail" in "John Muir Trail"): evidence for the run, not this part
  if (i > 0 && extendsName(words[i - 1]!, inf[i - 1]!)) return 0;
  if (i + n < words.length && extendsName(words[i + n]!, inf[i + n]!)) return 0;
  let informative = false;
  let allCap = true;
  let anyAlpha = false;
  for (let k = i; k < i + n; k++) {
    const w = words[k]!;
    if (w.kind === STOP || w.caseless) continue;
    // "du" in "Tour du Mont Blanc", "da" in "Leonardo da Vinci": a short lowercase word inside a name
    if (k > i && k < i + n - 1 && nameParticle(w, words[k - 1]!, words[k + 1]!)) continue;
    anyAlpha = true;
    if (inf[k]) {
      informative = true;
      if (!w.cap) return -1;
    }
    if (!w.cap) allCap = false;
  }
  if (!anyAlpha || !informative) return 0;
  return allCap ? 1 : -1;
}

function extendsName(w: WordInfo, informative: boolean): boolean {
  return informative && w.cap && !w.caseless && (w.kind === CONTENT || w.kind === WEAK);
}

export function bestOf(m: Map<string, number>, fallback: string): string {
  let best = fallback;
  let bestN = -1;
  for (const [s, c] of m)
    if (c > bestN || (c === bestN && tieBefore(s, best))) [best, bestN] = [s, c];
  return best;
}

const SMALL_LETTER = /\p{Ll}/u;
/**
 * Between two spellings written as often, the one with small letters: capitals throughout are a
 * line's emphasis ("THE LATE LATE SHOW with JAMES CORDEN"), not how the name is spelt.
 */
function tieBefore(a: string, b: string): boolean {
  const lowA = SMALL_LETTER.test(a);
  const lowB = SMALL_LETTER.test(b);
  return lowA !== lowB ? lowA : cmpStr(a, b) < 0;
}

export function bestSurface(st: PhraseStat): string {
  if (!st.surfaces) return st.key;
  let best = st.key;
  let bestN = st.keySurf;
  for (const [s, c] of st.surfaces)
    if (c > bestN || (c === bestN && cmpStr(s, best) < 0)) [best, bestN] = [s, c];
  return best;
}
