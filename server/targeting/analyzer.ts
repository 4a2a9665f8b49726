/**
 * The phrase scorer of the targeting generator: phrases of a slot's documents counted (BM25-saturated
 * term frequency, document frequency, capitalisation, which field they come from), scored against
 * the background's document frequency (TF-IDF), and the taxonomy evidence per document. Pure and
 * deterministic: no clock, no randomness, explicit comparators everywhere.
 */
import {
  bridgeLinks,
  conjugatedBeforeObject,
  isAgentPreposition,
  governsVerb,
  isDegreeAdverb,
  isParticiple,
  isPluralVerb,
  isVerbClitic,
  opensClause,
  opensWithElidedArticle,
  startsCompoundTense,
  stopwordBeforePluralVerb,
  type Lang,
} from './lang.ts';
import {
  PhraseStat,
  SHAPE_PAST_END,
  TITLE_SHAPES,
  bestOf,
  bestSurface,
  byScore,
  capEvidence,
  hasLetters,
  isNameWord,
  lowSurface,
  nameParticle,
  namesOfList,
  origSurface,
  sameAsKey,
  shapeOf,
  type NodeScore,
  type PhraseCandidate,
  type PhraseEvidence,
  type RankOptions,
  FIELDS,
  type Field,
} from './phrase.ts';
import { noteNameUses, type NameUses } from './people.ts';
import { nameWindows } from './name-windows.ts';
import { taxonomyIndex, type CueHit, type TaxonomyIndex } from './taxonomy.ts';
import {
  CONTENT,
  MAX_PHRASE_CHARS,
  MAX_PHRASE_WORDS,
  STOP,
  isLinkArticle,
  opensName,
  phraseKey,
  tokenize,
  validName,
  validPhrase,
  validTitlePart,
  validWhole,
  validWork,
  type CaseMode,
  type WordInfo,
} from './tokens.ts';

export {
  byScore,
  type NodeScore,
  type PhraseCandidate,
  type PhraseEvidence,
  type RankOptions,
} from './phrase.ts';

/** Where text comes from; a keyword's source is the field that contributed most of its weight. */
export { FIELDS, type Field };
const TITLES = 0;
const COMMENTS = 3;

export interface Unit {
  text: string;
  field: Field;
  /** how much one occurrence counts: a title word more than a comment word */
  weight: number;
  /** whether capitalisation here is evidence of a name */
  mode: CaseMode;
  /** a list of phrases written as such, one per "|"-separated part (tags, a channel's keywords) */
  whole?: boolean;
  /** one name, counted only as a whole: its words are not phrases of their own (a channel's name) */
  name?: boolean;
  /** running text whose every part is a name written whole as well (a music title's artist and song) */
  parts?: boolean;
  /** with name: the title of a work (a song a label credits), a name whatever words it holds */
  work?: boolean;
  /** the unit's own language when it clearly differs from the document's (a comment): left out */
  lang?: Lang;
  /** a title, or a line of a description's opening (what a viewer sees before "more"): what the document is about */
  lead?: boolean;
}

export interface Doc {
  units: Unit[];
  /** the document's language (default: the analyzer's) */
  lang?: Lang;
  /** whether its phrases count for keywords (default true); false: taxonomy evidence only */
  keywords?: boolean;
  /** how many documents its taxonomy evidence speaks for (default 1; a channel's description speaks for its videos too) */
  taxWeight?: number;
}

/** BM25 parameters: k1 saturates repeated mentions within one document, b normalises for length. */
const K1 = 1.2;
const B = 0.5;
/** Score factors by phrase length: a lone common word is a poor keyword, a phrase a better one. */
const UNIGRAM_FACTOR = 0.6;
const MULTIWORD_BONUS = 0.4;
/** How much less a phrase counts when all of its weight comes from comments. */
const COMMENT_ONLY_PENALTY = 0.4;
/** A document's taxonomy evidence saturates at this much weight (e.g. one title mention of a two-word cue). */
const NODE_SATURATION = 3;
/** Longest phrase counted in running text of creators (titles, descriptions) and in comments. */
const MAX_N_CREATOR = 5;
const MAX_N_COMMENTS = 3;
/** Longest cue of the taxonomy, in words. */
export const MAX_CUE_WORDS = 4;
/**
 * A store of at most this many keyword documents is small: a phrase needs no second document (a
 * single video scores within itself), and one capitalised in two places of one video is a name.
 */
export const SMALL_STORE_DOCS = 5;

/**
 * Counts phrases over slot documents (term frequency, document frequency, capitalisation, which
 * field they come from), their document frequency over background documents, and taxonomy evidence
 * per document. Phrases are 1-5 words of creators' running text, 1-3 words of comments, and whole
 * tags and capitalised names up to 10 words; documents in another language than the analyzer's give
 * taxonomy evidence only (in their own language's cues).
 */
export class Analyzer {
  readonly stats = new Map<string, PhraseStat>();
  /** a lead line's windows across a preposition that joins no phrase ("vérité sur Disney"): compounds() reads them, rank() never */
  private readonly bridges = new Map<string, PhraseStat>();
  /** whether the slot is small enough for compounds (a store of one video: keywords.ts) */
  private bridging = false;
  /** keyword documents */
  docs = 0;
  /** documents with taxonomy evidence counted (keyword documents and the others) */
  taxDocs = 0;
  private taxWeight = 1;
  bgDocs = 0;
  readonly lang: Lang;
  private readonly tax: TaxonomyIndex | null;
  private readonly cues: Map<string, CueHit[]> | null;
  readonly nodeCoverage: Float64Array;
  /** evidence beyond saturation (log-scaled): breaks ties between nodes every document is about */
  readonly nodeWeight: Float64Array;
  readonly nodeDocs: Int32Array;
  private readonly acc: Float64Array;
  private readonly touchedNodes: number[] = [];
  /** the document's cue hits that count only beside their context's evidence, and their weights */
  private readonly pendingHits: { hit: CueHit; weight: number }[] = [];
  private readonly touched: PhraseStat[] = [];
  private intent = false;
  /** whether the unit being counted is a lead unit */
  private lead = false;
  /**
   * per word of the segment being read, where the next French verb after its plural subject
   * (isPluralVerb) stands, at or after it (the segment's length when none does); null when none does
   */
  private nextFinite: Int32Array | null = null;
  /**
   * the words of the topics the campaign's objective names (a cue of a specific node: "tent",
   * "espresso"; not "sell" or "awareness"), and every other word cue of those topics and the
   * topics under them: a document whose creators write one is about it. A politics show's video
   * that says "élection" and not "politique" is about the objective "l'actualité politique".
   */
  private readonly focusKeys: ReadonlySet<string> | null;
  /** keyword documents whose creators' text names a word of the objective */
  focusDocs = 0;
  private inFocus = false;
  /** how the store's text uses names, what tells a person's (people.ts): "Meek's", "star Liza Koshy" */
  readonly nameUses: NameUses = { possessive: new Set(), alone: new Set(), people: new Set() };

  constructor(opts: { taxonomy: boolean; lang?: Lang; focus?: ReadonlySet<string> }) {
    this.lang = opts.lang ?? 'en';
    this.tax = opts.taxonomy ? taxonomyIndex() : null;
    this.cues = this.tax ? this.tax.cuesFor(this.lang) : null;
    this.focusKeys = this.topicWords(opts.focus ?? new Set());
    const n = this.tax ? this.tax.nodes.length : 0;
    this.nodeCoverage = new Float64Array(n);
    this.nodeWeight = new Float64Array(n);
    this.nodeDocs = new Int32Array(n);
    this.acc = new Float64Array(n);
  }

  /** Adds the slot documents (all at once: BM25 needs the average length first). */
  addCorpus(docs: readonly Doc[]): void {
    const lengths = docs.map((d) => d.units.reduce((s, u) => s + u.text.length * u.weight, 0));
    const kw = docs.map((d, i) => (d.keywords === false ? 0 : lengths[i]!)).filter((l) => l > 0);
    this.bridging = kw.length <= SMALL_STORE_DOCS;
    const avg = kw.length ? kw.reduce((a, b) => a + b, 0) / kw.length || 1 : 1;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      if (lengths[i] === 0) continue;
      this.taxWeight = doc.taxWeight ?? 1;
      if (doc.keywords === false || (doc.lang !== undefined && doc.lang !== this.lang))
        this.addTaxonomyDoc(doc);
      else this.addDoc(doc, lengths[i]! / avg);
    }
  }

  private addDoc(doc: Doc, relLen: number): void {
    const d = this.docs++;
    this.taxDocs += this.taxWeight;
    this.intent = false;
    const segments = doc.units.map((u) => tokenize(u.text, u.mode, this.lang));
    const focus = this.focusKeys;
    this.inFocus =
      focus !== null &&
      doc.units.some(
        (u, k) =>
          u.field !== 'comments' &&
          segments[k]!.some((seg) => seg.words.some((w) => focus.has(w.key))),
      );
    if (this.inFocus) this.focusDocs++;
    for (const [k, unit] of doc.units.entries()) {
      const fieldIdx = FIELDS.indexOf(unit.field);
      const w = unit.weight;
      const maxN = fieldIdx === COMMENTS ? MAX_N_COMMENTS : MAX_N_CREATOR;
      const text = unit.mode === 'text';
      this.lead = unit.lead === true;
      for (const seg of segments[k]!) {
        const words = seg.words;
        const inf = seg.informative;
        const len = words.length;
        const names = text ? nameWindows(words, inf, this.lang) : null;
        this.nextFinite = text ? pluralVerbs(words, this.lang) : null;
        for (let i = 0; i < len && !unit.name; i++) {
          const wi = words[i]!;
          if (wi.intent) this.intent = true;
          // no phrase starts with a stopword, but the article a name opens with
          const opens = wi.kind === STOP && opensName(words, inf, i);
          if (wi.kind === STOP && !opens) continue;
          let key = '';
          for (let n = 1; n <= maxN && i + n <= len; n++) {
            const last = words[i + n - 1]!;
            key = n === 1 ? wi.key : key + ' ' + last.key;
            // an English past tense alone is no keyword ("tested") but is counted, for the
            // evidence of the phrases it is in ("mashed potatoes"): rank() leaves it out
            if (
              (validPhrase(words, i, n, opens) && !(text && names!.cut(i, n))) ||
              (n === 1 && wi.kind === CONTENT && wi.past)
            )
              this.occur(
                this.stat(key, n, words, i),
                words,
                inf,
                i,
                n,
                w,
                fieldIdx,
                d,
                capEvidence(words, inf, i, n),
                text,
              );
            // a stopword that joins nothing ends every longer phrase too (but the name's article
            // it starts with)
            if (
              last.kind === STOP &&
              n > 1 &&
              (!last.connector ||
                (words[i + n - 2]!.kind === STOP && !isLinkArticle(words, i + n - 1)))
            )
              break;
          }
        }
        if (text && this.lead && this.bridging && fieldIdx !== COMMENTS)
          this.bridgeWindows(words, inf, w, fieldIdx, d);
        if (text) this.nameRuns(words, inf, names!.personStarts, maxN, w, fieldIdx, d);
        if (text) noteNameUses(words, inf, this.nameUses);
        // a tag, a channel keyword, a title part of two or three words without a stopword: a phrase
        // as a person wrote it (a title's "Mezcal y mercados" or "Tagestour im Allgäu" is none)
        const title =
          fieldIdx === TITLES &&
          len >= 2 &&
          len <= 3 &&
          shapeOf(words, 0, len) === 0 &&
          validPhrase(words, 0, len);
        // a hashtag is a label its writer chose, as a tag is; so is a music title's song; a name
        // is one when written in one piece ("Parlons peu, mais Parlons" holds no "mais parlons")
        const whole = unit.work
          ? validWork(words)
          : unit.name && segments[k]!.length === 1
            ? validName(words)
            : unit.parts
              ? validTitlePart(words)
              : unit.whole || unit.name || seg.hashtag
                ? validWhole(words)
                : title;
        if (whole) {
          const key = phraseKey(words, 0, len);
          let st = this.stats.get(key);
          // counted above unless longer than the windows or holding a stopword a window may not
          if (!st || st.lastDoc !== d) {
            st ??= this.stat(key, len, words, 0);
            this.occur(st, words, inf, 0, len, w, fieldIdx, d, 0, text);
          }
          st.whole++;
        }
      }
    }
    // BM25 saturation per document
    const norm = K1 * (1 - B + B * relLen);
    for (const st of this.touched) {
      const c = st.cur;
      st.tf += (c * (K1 + 1)) / (c + norm);
      st.cur = 0;
      if (st.cue !== null) for (const hit of st.cue) this.evidence(hit, c);
    }
    this.touched.length = 0;
    this.closeTaxonomyDoc();
  }

  /** A document in another language: only its taxonomy evidence, matched with that language's cues. */
  private addTaxonomyDoc(doc: Doc): void {
    if (!this.tax) return;
    this.taxDocs += this.taxWeight;
    this.intent = false;
    const lang = doc.lang ?? this.lang;
    const cues = this.tax.cuesFor(lang);
    for (const unit of doc.units) {
      for (const seg of tokenize(unit.text, 'none', lang)) {
        const words = seg.words;
        const len = words.length;
        for (let i = 0; i < len; i++) {
          if (words[i]!.intent) this.intent = true;
          if (words[i]!.kind === STOP) continue;
          let key = '';
          for (let n = 1; n <= MAX_CUE_WORDS && i + n <= len; n++) {
            key = n === 1 ? words[i]!.key : key + ' ' + words[i + n - 1]!.key;
            const hits = cues.get(key);
            if (hits) for (const hit of hits) this.evidence(hit, unit.weight);
          }
        }
      }
    }
    this.closeTaxonomyDoc();
  }

  private evidence(hit: CueHit, weight: number): void {
    const tax = this.tax!;
    // a cue that counts only beside its context's own evidence waits for the document's end
    if (tax.nodes[hit.node]!.context >= 0) {
      this.pendingHits.push({ hit, weight });
      return;
    }
    this.apply(hit, weight);
  }

  private apply(hit: CueHit, weight: number): void {
    const tax = this.tax!;
    const c = weight * hit.weight;
    for (const r of tax.receivers[hit.node]!) {
      if (this.acc[r.node] === 0) this.touchedNodes.push(r.node);
      this.acc[r.node]! += c * r.factor;
    }
  }

  private closeTaxonomyDoc(): void {
    const tax = this.tax;
    if (!tax) return;
    // A place counts as much as the document says of its context, at most: "destination" once
    // beside "France" ten times is a little travel. Decided before any is applied, since a
    // place's own evidence reaches its context too.
    const pending = this.pendingHits;
    if (pending.length) {
      const room = new Map<number, number>();
      for (const { hit, weight } of pending) {
        const context = tax.nodes[hit.node]!.context;
        const left = room.get(context) ?? this.acc[context]!;
        const w = Math.min(weight * hit.weight, left);
        if (w <= 0) continue;
        room.set(context, left - w);
        this.apply({ node: hit.node, weight: 1 }, w);
      }
      pending.length = 0;
    }
    for (const node of this.touchedNodes) {
      let v = this.acc[node]!;
      if (tax.nodes[node]!.kind === 'in_market') v *= this.intent ? 1 : 0.6;
      this.nodeCoverage[node]! += this.taxWeight * Math.min(1, v / NODE_SATURATION);
      this.nodeWeight[node]! += this.taxWeight * Math.log1p(v);
      this.nodeDocs[node]!++;
      this.acc[node] = 0;
    }
    this.touchedNodes.length = 0;
  }

  /**
   * A lead line's windows across a bridge preposition (lang.ts, bridgeLinks): one to three words of
   * a phrase on each side ("polémique sur Squeezie", "incruste chez Julien Tanti"), counted apart
   * from the phrases, as rank() must never see them; in a small store only, where compounds are
   * read.
   */
  private bridgeWindows(
    words: readonly WordInfo[],
    inf: readonly boolean[],
    w: number,
    fieldIdx: number,
    d: number,
  ): void {
    const links = bridgeLinks(this.lang);
    if (links.length === 0) return;
    for (let p = 1; p < words.length - 1; p++) {
      const link = words[p]!;
      if (link.kind !== STOP || !links.includes(link.low)) continue;
      for (let a = 1; a <= 3 && p - a >= 0; a++) {
        const i = p - a;
        if (!validPhrase(words, i, a)) continue;
        for (let b = 1; b <= 3 && p + 1 + b <= words.length; b++) {
          if (!validPhrase(words, p + 1, b)) continue;
          const n = a + 1 + b;
          const key = phraseKey(words, i, n);
          if (this.stats.has(key)) continue;
          let st = this.bridges.get(key);
          if (st === undefined) {
            st = new PhraseStat(key, n, null, shapeOf(words, i, n));
            this.bridges.set(key, st);
          }
          this.occur(st, words, inf, i, n, w, fieldIdx, d, capEvidence(words, inf, i, n), true);
        }
      }
    }
  }

  private stat(key: string, n: number, words: readonly WordInfo[], i: number): PhraseStat {
    let st = this.stats.get(key);
    if (st === undefined) {
      st = new PhraseStat(
        key,
        n,
        this.cues !== null && n <= MAX_CUE_WORDS ? (this.cues.get(key) ?? null) : null,
        shapeOf(words, i, n),
      );
      this.stats.set(key, st);
    }
    return st;
  }

  /**
   * Whether the window of n words at i starts with a verb (after a clitic, an auxiliary or a word
   * that governs one: lang.ts) or an adjective (after an adverb of degree), or holds a French verb
   * after its plural subject or before its object's elided article (lang.ts): what someone does
   * or how something is, no topic.
   */
  private saysVerb(words: readonly WordInfo[], i: number, n: number): boolean {
    for (let k = i + 1; k < i + n; k++)
      if (
        words[k - 1]!.kind !== STOP &&
        conjugatedBeforeObject(words[k - 1]!.low, words[k]!.low, this.lang)
      )
        return true;
    const before = i > 0 ? words[i - 1]!.low : '';
    const first = words[i]!.low;
    if (
      isVerbClitic(before, this.lang) ||
      isDegreeAdverb(before, this.lang) ||
      (governsVerb(before, first, this.lang, i > 1 ? words[i - 2]!.low : '') &&
        !isNameAfter(words, i)) ||
      startsCompoundTense(before, first, this.lang)
    )
      return true;
    return this.nextFinite !== null && this.nextFinite[i]! < i + n;
  }

  /** Whether words[at] starts a passive's agent after a participle ("réalisé | par le", "par Kim"). */
  private beforeAgent(words: readonly WordInfo[], at: number): boolean {
    const agent = words[at + 1];
    return (
      agent !== undefined &&
      isAgentPreposition(words[at]!.low, this.lang) &&
      (agent.determiner || agent.cap) &&
      isParticiple(words[at - 1]!.low, this.lang)
    );
  }

  private occur(
    st: PhraseStat,
    words: readonly WordInfo[],
    inf: readonly boolean[],
    i: number,
    n: number,
    w: number,
    fieldIdx: number,
    d: number,
    ev: number,
    text: boolean,
  ): void {
    if (text) {
      const next = words[i + n];
      if (
        next !== undefined &&
        (next.determiner ||
          opensWithElidedArticle(next.low, this.lang) ||
          opensClause(next.low, this.lang) ||
          this.beforeAgent(words, i + n))
      )
        st.verbRight++;
      if (this.saysVerb(words, i, n)) st.verbal++;
      // a German noun phrase: capitalised head, nothing lowercase after a capitalised word ("ETFs legen Dividenden")
      let noun = words[i + n - 1]!.upper;
      for (let k = i + 1; k < i + n && noun; k++)
        if (words[k - 1]!.upper && !words[k]!.upper && words[k]!.kind !== STOP) noun = false;
      if (noun) st.capHead++;
      else st.lowHead++;
    }
    if (st.lastDoc !== d) {
      st.lastDoc = d;
      st.df++;
      this.touched.push(st);
    }
    st.count++;
    if (this.lead) st.lead++;
    if (this.inFocus) st.focus++;
    st.cur += w;
    st.fields[fieldIdx]! += w;
    if (sameAsKey(words, i, n)) st.keySurf++;
    else {
      const surf = lowSurface(words, i, n);
      const m = (st.surfaces ??= new Map());
      m.set(surf, (m.get(surf) ?? 0) + 1);
    }
    if (ev === 1) {
      st.capOcc++;
      if (st.lastCapDoc !== d) {
        st.lastCapDoc = d;
        st.capDocs++;
      }
      const form = origSurface(words, i, n);
      const m = (st.caps ??= new Map());
      m.set(form, (m.get(form) ?? 0) + 1);
    } else if (ev === -1) st.lowOcc++;
  }

  /** Whole capitalised runs ("Tour du Mont Blanc"): a name is counted whole, up to 10 words. */
  private nameRuns(
    words: readonly WordInfo[],
    inf: readonly boolean[],
    people: Int32Array,
    maxN: number,
    w: number,
    fieldIdx: number,
    d: number,
  ): void {
    const len = words.length;
    let start = -1;
    let end = -1;
    let informative = false;
    const count = (from: number, to: number) => {
      const n = to - from + 1;
      if (n < 2 || n > MAX_PHRASE_WORDS || !validPhrase(words, from, n)) return;
      let inform = false;
      for (let k = from; k <= to && !inform; k++) inform = inf[k]!;
      if (!inform) return;
      const key = phraseKey(words, from, n);
      const st = n > maxN ? this.stat(key, n, words, from) : this.stats.get(key);
      if (st) {
        if (n > maxN) this.occur(st, words, inf, from, n, w, fieldIdx, d, 1, true);
        st.run++;
      }
    };
    const close = () => {
      if (start >= 0 && informative) {
        // a sentence's first capital before a person's name is none of it ("Host Jamie Lorne")
        const person = people[end]!;
        if (person > start && isNameWord(words[person - 1]!)) start = person;
        const names = namesOfList(words, start, end);
        if (names === null) count(start, end);
        else for (const [from, to] of names) count(from, to);
      }
      start = -1;
      informative = false;
    };
    for (let k = 0; k < len; k++) {
      const x = words[k]!;
      if (isNameWord(x)) {
        if (start < 0) start = k;
        end = k;
        if (inf[k]) informative = true;
      } else if (
        start >= 0 &&
        k + 1 < len &&
        isNameWord(words[k + 1]!) &&
        nameParticle(x, words[k - 1]!, words[k + 1]!)
      ) {
        continue;
      } else close();
    }
    close();
  }

  /** Adds background documents: only their document frequency of phrases the slot has counts. */
  addBackground(docs: readonly Doc[]): void {
    for (const doc of docs) {
      const d = this.bgDocs++;
      for (const unit of doc.units) {
        for (const seg of tokenize(unit.text, 'none', this.lang)) {
          const words = seg.words;
          const len = words.length;
          for (let i = 0; i < len; i++) {
            if (words[i]!.kind === STOP) continue;
            let key = '';
            for (let n = 1; n <= MAX_N_CREATOR && i + n <= len; n++) {
              const last = words[i + n - 1]!;
              key = n === 1 ? words[i]!.key : key + ' ' + last.key;
              const st = this.stats.get(key);
              if (st !== undefined && st.lastBgDoc !== d) {
                st.lastBgDoc = d;
                st.bgDf++;
              }
              if (last.kind === STOP && !last.connector) break;
            }
          }
        }
      }
    }
  }

  /** The one-word cues of the specific topics the words cue, and of the topics under them. */
  private topicWords(words: ReadonlySet<string>): ReadonlySet<string> | null {
    const tax = this.tax;
    const cues = this.cues;
    if (!tax || !cues) return null;
    const topics = new Set<number>();
    for (const k of words)
      for (const h of cues.get(k) ?? []) if (tax.nodes[h.node]!.depth >= 2) topics.add(h.node);
    if (topics.size === 0) return null;
    const under = (node: number) => {
      for (let p = node; p >= 0; p = tax.nodes[p]!.parent) if (topics.has(p)) return true;
      return false;
    };
    const out = new Set<string>();
    for (const [key, hits] of cues)
      if (!key.includes(' ') && hits.some((h) => h.weight > 0 && under(h.node))) out.add(key);
    return out;
  }

  /** The weight of the strongest cue among hits of specific nodes (below the top level: "trip" only cues "/Travel"). */
  private specificCue(hits: readonly CueHit[] | null): number {
    let w = 0;
    if (hits && this.tax)
      for (const h of hits) if (this.tax.nodes[h.node]!.depth >= 2) w = Math.max(w, h.weight);
    return w;
  }

  /** What was counted of a phrase (by key); null when it was never counted. */
  evidenceOf(key: string): PhraseEvidence | null {
    const st = this.stats.get(key);
    return st
      ? { df: st.df, bgDf: st.bgDf, count: st.count, capOcc: st.capOcc, lowOcc: st.lowOcc }
      : null;
  }

  /** Whether the slot's text holds a phrase (by key), or a window across a bridge preposition. */
  holds(key: string): boolean {
    return this.stats.has(key) || this.bridges.has(key);
  }

  /** How often a phrase (by key) occurs in the slot; 0 when it was never counted. */
  countOf(key: string): number {
    return this.stats.get(key)?.count ?? 0;
  }

  /**
   * Scores phrases that recur (df ≥ minDf) or, in a small store, stand out within it: score = tf ×
   * idf × length factor × boosts, where idf = ln((1 + N) / (1 + df + bgDf)) + 1 over N = slot +
   * background documents, so a phrase common in the background scores lower than one specific to
   * the slot. A phrase of four or more words needs to be one a person wrote as such (recurring, a
   * tag, a name); a window of running text seen once is none. Sorted best first.
   */
  rank(opts: RankOptions = {}): PhraseCandidate[] {
    const small = this.docs <= SMALL_STORE_DOCS;
    const minDf = opts.minDf ?? (small ? 1 : 2);
    const out: PhraseCandidate[] = [];
    // phrases of three or more words and phrases mostly from comments need one more document once
    // there are enough documents: chatter repeats by chance more than titles and descriptions do
    const strictDf = this.docs >= 6 ? minDf + 1 : minDf;
    for (const st of this.stats.values()) {
      const written = st.whole > 0 || st.run > 0;
      const once = st.df < minDf;
      if (once && !(opts.writtenOnce && written)) continue;
      if (st.n === 1 && st.shape & SHAPE_PAST_END) continue;
      const total = st.fields[0]! + st.fields[1]! + st.fields[2]! + st.fields[3]! + st.fields[4]!;
      const whole = st.count >= 2 || written;
      if (st.n >= 4 && !whole) continue;
      // shapes that are a phrase only when a person wrote it so: a number first, a preposition or
      // a list's "and" inside, an English particle or past tense last. Written so: a tag, a name,
      // in two documents, or by the creator and a viewer alike (not a title echoed in its own
      // description)
      if (
        st.shape !== 0 &&
        !(
          (opts.titleShapes && st.fields[TITLES]! > 0 && (st.shape & TITLE_SHAPES) === st.shape) ||
          st.df >= 2 ||
          st.whole > 0 ||
          st.run > 0 ||
          (st.fields[COMMENTS]! > 0 && st.fields[COMMENTS]! < total)
        )
      )
        continue;
      if (this.endsInVerb(st)) continue;
      if (st.df < strictDf) {
        const mostlyComments = st.fields[COMMENTS]! * 2 > total;
        if (
          mostlyComments ||
          (st.n >= 3 && st.whole === 0 && st.run === 0 && !this.fixedExpression(st))
        )
          continue;
      }
      const c = this.candidate(st, opts, once);
      if (c !== null) out.push(c);
    }
    out.sort(byScore);
    return out;
  }

  /**
   * Compounds of two phrases that the store's titles or descriptions' opening lines write joined by
   * a preposition ("chapelet à Lourdes", "deck of cards"), among `keys`, scored as rank() scores
   * them, whatever their shape or document frequency: the caller's parts are listed keywords, whose
   * evidence stands for them. None from comments, nor one that ends in a verb where written, as
   * rank() reads it.
   */
  compounds(keys: ReadonlySet<string>, opts: RankOptions = {}): PhraseCandidate[] {
    const out: PhraseCandidate[] = [];
    for (const key of keys) {
      const st = this.stats.get(key) ?? this.bridges.get(key);
      if (!st || st.lead === 0) continue;
      if (this.endsInVerb(st) || st.fields[COMMENTS]! > 0) continue;
      const c = this.candidate(st, opts, false);
      if (c !== null) out.push(c);
    }
    out.sort(byScore);
    return out;
  }

  /** Whether a phrase of running text, not written whole, reads as what someone does where written. */
  private endsInVerb(st: PhraseStat): boolean {
    if (st.whole > 0) return false;
    // most occurrences right before an article or a pronoun: it ends in a verb ("inverter runs the")
    if (st.run === 0 && (st.verbRight + st.verbal) * 2 > st.count) return true;
    // German capitalises nouns: a phrase of running text ending in a lowercase word ends in a verb or adjective
    return this.lang === 'de' && st.capHead === 0 && st.lowHead > 0;
  }

  /** A counted phrase as rank() hands it on: its score, written form and evidence; null when too long to be a keyword. */
  private candidate(st: PhraseStat, opts: RankOptions, once: boolean): PhraseCandidate | null {
    const small = this.docs <= SMALL_STORE_DOCS;
    const N = this.docs + this.bgDocs;
    const recurringDf = Math.min(3, this.docs);
    const written = st.whole > 0 || st.run > 0;
    const total = st.fields[0]! + st.fields[1]! + st.fields[2]! + st.fields[3]! + st.fields[4]!;
    const whole = st.count >= 2 || written;
    const keys = st.key.split(' ');
    const idf = Math.log((1 + N) / (1 + st.df + st.bgDf)) + 1;
    let score = st.tf * idf;
    if (opts.boostKeys && keys.some((k) => opts.boostKeys!.has(k))) score *= opts.boost ?? 1.3;
    if (opts.boostKeys2 && keys.some((k) => opts.boostKeys2!.has(k))) score *= opts.boost2 ?? 1.2;
    const informative = st.capOcc + st.lowOcc;
    const name =
      st.capOcc >= 2 &&
      st.capDocs >= (small ? 1 : 2) &&
      st.capOcc >= 0.75 * informative &&
      hasLetters(st.key);
    // single words are weak keywords unless they are names; phrases a person wrote as such are
    // more specific; a two- or three-word window of running text seen once gets no bonus
    score *=
      st.n === 1
        ? name
          ? 1
          : UNIGRAM_FACTOR
        : whole
          ? 1 + MULTIWORD_BONUS * (Math.min(st.n, 4) - 1)
          : 1;
    // the creators' own words (titles, tags, descriptions, channel texts) are surer keywords than
    // phrases only viewers use in passing
    score *= 1 - COMMENT_ONLY_PENALTY * (total > 0 ? st.fields[COMMENTS]! / total : 0);
    const text = name ? bestOf(st.caps!, '') : bestSurface(st);
    if (text.length > MAX_PHRASE_CHARS) return null;
    let source = 0;
    for (let f = 1; f < FIELDS.length; f++) if (st.fields[f]! > st.fields[source]!) source = f;
    return {
      key: st.key,
      text,
      words: st.n,
      score,
      count: st.count,
      df: st.df,
      bgDf: st.bgDf,
      name,
      recurring: st.n >= 2 && st.df >= recurringDf && st.count >= 2,
      whole,
      written,
      alone: st.whole > 0,
      once,
      cue: this.specificCue(st.cue),
      inTitle: st.fields[TITLES]! > 0,
      lead: st.lead,
      focus: st.count ? st.focus / st.count : 0,
      source: FIELDS[source]!,
    };
  }

  /**
   * A phrase of three or more words whose shorter parts (mostly) occur only inside it, like "Pacific
   * Crest Trail": a fixed expression, kept even on two documents, since its parts are no keywords.
   */
  private fixedExpression(st: PhraseStat): boolean {
    const w = st.key.split(' ');
    const left = this.stats.get(w.slice(0, -1).join(' '));
    const right = this.stats.get(w.slice(1).join(' '));
    const most = Math.max(left?.count ?? 0, right?.count ?? 0);
    return st.count >= 0.7 * most;
  }

  /** Taxonomy evidence per node (only with { taxonomy: true }). */
  nodeScores(): NodeScore[] {
    const out: NodeScore[] = [];
    const n = this.taxDocs || 1;
    for (let i = 0; i < this.nodeCoverage.length; i++) {
      if (this.nodeDocs[i]! > 0)
        out.push({
          node: i,
          coverage: this.nodeCoverage[i]! / n,
          weight: this.nodeWeight[i]! / n,
          docs: this.nodeDocs[i]!,
        });
    }
    return out;
  }
}

/**
 * Per word of a segment, where the next French verb after its plural subject stands, at or after it
 * (the segment's length when none does): every window asks in one step. Null when none does.
 */
function pluralVerbs(words: readonly WordInfo[], lang: Lang): Int32Array | null {
  if (lang !== 'fr') return null;
  let out: Int32Array | null = null;
  for (let k = words.length - 1; k >= 1; k--) {
    const w = words[k]!;
    const prev = words[k - 1]!;
    if (
      (w.cap && !(shouted(w) && shouted(prev))) ||
      w.kind === STOP ||
      (prev.kind === STOP && !stopwordBeforePluralVerb(prev.low, lang)) ||
      !isPluralVerb(prev.low, w.low, lang)
    )
      continue;
    if (out === null) out = new Int32Array(words.length).fill(words.length);
    out[k] = k;
  }
  // each word points at the nearest verb at or after it
  if (out !== null)
    for (let k = words.length - 2; k >= 0; k--) out[k] = Math.min(out[k]!, out[k + 1]!);
  return out;
}

/**
 * A word in capitals, as a shouted title writes every word ("1% DES PERSONNES COMPRENNENT"): after
 * another, its capital says nothing of a name, and a verb is still one.
 */
function shouted(w: WordInfo): boolean {
  return w.orig.length > 1 && w.orig === w.orig.toUpperCase() && w.orig !== w.orig.toLowerCase();
}

/** A word capitalised after a lowercase one: a name in running text ("pour Pierre"), not a title's capitals. */
function isNameAfter(words: readonly WordInfo[], i: number): boolean {
  return words[i]!.cap && i > 0 && !words[i - 1]!.cap;
}
