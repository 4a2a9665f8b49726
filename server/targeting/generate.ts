/**
 * The targeting generator: a slot's data-store content in, targeting items out. Pure, offline and
 * deterministic: the same input gives the same output byte for byte (inputs are put in id order
 * first, so the order of videos, channels or comments does not matter; no clock, no randomness;
 * every sort has an explicit comparator with a tie-break on the text).
 *
 * What happens, in order:
 * 1. Boilerplate is found in the catalog itself (boilerplate.ts): lines repeated under a channel's
 *    videos or shared by channels, link lists, and sponsor reads told apart by their links. Those
 *    lines are not scored; sponsors' names never become keywords, their domains never websites.
 * 2. Each document (a video: title, tags, description, comments; a channel: title, description,
 *    keywords) gets its language (lang.ts); a document too short to tell takes its channel's, then
 *    the store's. Keywords come only from text in the campaign's language, read with that
 *    language's stopwords; topics and segments from all the text, each in its own language's cues.
 *    When little or none of the text is in the campaign's language, `notice` says so (the slot's
 *    `error` carries it; the slot is still ready).
 * 3. Sections and where their items come from (`source`):
 *    - keywords: phrases of the content, scored against the background (text.ts). Source is the
 *      field that contributed most weight: "titles", "descriptions", "tags", "comments", "channels"
 *      (channel title, description and keywords); a saved audience's own keywords: "audience".
 *      Match type by evidence: EXACT for recurring names (capitalised in running text in two
 *      places: brands, products, places), PHRASE for multi-word phrases recurring in ≥ 3 documents
 *      (every document of a small store), BROAD otherwise; audience keywords keep their own syntax
 *      ("…" PHRASE, […] EXACT). Any store size: a store of one video scores within itself.
 *    - topics, segments (affinity and in-market): taxonomy nodes with enough evidence in the
 *      content, the most specific first (a parent before its children only when they disagree);
 *      source "taxonomy", or "audience" when only the saved audience's topics/tags lifted the node.
 *    - websites: domains linked in channel and video descriptions (source "links"), the creators'
 *      own sites first, no sponsors, affiliates, shorteners or social networks; and the stores'
 *      YouTube channels as placements (source "channels"); channels linked from descriptions that
 *      are not in the stores are placements with source "links".
 *
 * Nothing is invented: an empty corpus gives no items at all (the audience's keywords are only added
 * next to derived ones).
 */
import { findBoilerplate, stripBoilerplate, type Boilerplate } from './boilerplate.ts';
import { LANGUAGES, detectLanguage, isSupported, primaryTag, voteLanguage, type Lang } from './lang.ts';
import { mixFor, type CampaignTypeMix } from './mix.ts';
import { taxonomyIndex, nodeLabel, type TaxonomyNode } from './taxonomy.ts';
import {
  Analyzer,
  cleanCommentSentences,
  cmpStr,
  contentKeys,
  dedupeKey,
  extractChannelIds,
  extractDomains,
  keyOf,
  matchTaxonomy,
  selectPhrases,
  type Doc,
  type PhraseCandidate,
  type Unit,
} from './text.ts';
import { MAX_PHRASE_CHARS, MAX_PHRASE_WORDS } from './tokens.ts';
import type { Corpus, CorpusChannel, CorpusComment, ExcludedItem, GenerateInput, MatchType, TargetingItem } from './types.ts';

/** Field weights: a word in a title says more about a video than a word in one comment. */
const WEIGHT = {
  title: 3,
  tags: 3,
  description: 1,
  comment: 0.5,
  channelDescription: 1.5,
  channelKeywords: 2,
} as const;

/** A node is kept when this share of the slot's documents is about it (and at least 2 documents, in a store of more than 3). */
const TOPIC_MIN_COVERAGE = 0.15;
const SEGMENT_MIN_COVERAGE = 0.15;
/** Children disagree when the runner-up has at least this share of the best child's coverage: the parent leads. */
const CHILDREN_DISAGREE = 0.6;
/** A channel's description counts for topics as this share of its videos in the store (plus itself). */
const CHANNEL_TOPIC_SHARE = 0.5;
/** A saved audience's topics and tags multiply matching nodes' coverage (and add a little). */
const SEED_NODE_FACTOR = 1.5;
const SEED_NODE_BONUS = 0.05;
/** Nodes the campaign objective names are lifted a little. */
const OBJECTIVE_NODE_FACTOR = 1.2;
/** At most this many of a saved audience's own keywords are added. */
const MAX_AUDIENCE_KEYWORDS = 10;
/** Below this share of the words, the campaign's language has "little text" in the stores. */
const LITTLE_TEXT_SHARE = 0.3;

export interface GenerateResult {
  /** each section's items best first (the order is the rank) */
  items: TargetingItem[];
  /** what was left out on purpose (another brand of the workspace, a sponsor) */
  excluded: ExcludedItem[];
  /** what a person should know about the result (little text in the campaign's language); '' if nothing */
  notice: string;
  /** words per detected language, most first */
  languages: { lang: Lang; words: number; docs: number }[];
}

export function generateTargeting(input: GenerateInput): TargetingItem[] {
  return generate(input).items;
}

export function generate(input: GenerateInput): GenerateResult {
  const mix = mixFor(input.campaign.campaignType);
  const corpus = normalizeCorpus(input.corpus);
  const corpusIds = new Set(corpus.videos.map((v) => v.id));
  const corpusChannelIds = new Set(corpus.channels.map((c) => c.id));
  const bg = normalizeCorpus(input.background ?? { channels: [], videos: [] });
  const background = { channels: bg.channels.filter((c) => !corpusChannelIds.has(c.id)), videos: bg.videos.filter((v) => !corpusIds.has(v.id)) };
  const bp = findBoilerplate(corpus, background);
  const lang = primaryTag(input.campaign.language || 'en') || 'en';

  const docs = buildDocs(corpus, bp, lang);
  const languages = languageStats(docs);
  const analyzer = new Analyzer({ taxonomy: true, lang });
  analyzer.addCorpus(docs);
  analyzer.addBackground(backgroundDocs(background));

  const seed = input.seed;
  const seedText = seed ? [...seed.topics, ...seed.tags].join(' | ') : '';
  const keywords = isSupported(lang) ? keywordItems(analyzer, input, seedText, mix, bp, lang) : [];
  const { topics, segments } = taxonomyItems(analyzer, input, seedText, mix);
  const websites = websiteItems(corpus, mix, bp);

  const out: TargetingItem[] = [];
  const seen = new Set<string>();
  for (const item of [...keywords, ...segments, ...topics, ...websites]) {
    const id = `${item.section}\u0000${item.text.toLowerCase()}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item);
  }
  return { items: out, excluded: [], notice: languageNotice(lang, languages, keywords.length), languages };
}

// ---------------------------------------------------------------- input

/**
 * Sorted by id (ties broken by content), duplicates by id dropped, comments sorted too; missing
 * strings and lists (from loosely typed callers) read as empty.
 */
function normalizeCorpus(c: Corpus): Corpus {
  const channels = (c.channels ?? [])
    .map((ch) => ({
      ...ch,
      id: ch.id ?? '',
      title: ch.title ?? '',
      description: ch.description ?? '',
      handle: ch.handle ?? '',
      keywords: ch.keywords ?? '',
      subscribers: ch.subscribers || 0,
    }))
    .sort((a, b) => cmpStr(a.id, b.id) || cmpStr(a.title, b.title) || cmpStr(a.description, b.description));
  const videos = (c.videos ?? [])
    .map((v) => ({
      ...v,
      id: v.id ?? '',
      channelId: v.channelId ?? '',
      title: v.title ?? '',
      description: v.description ?? '',
      tags: (v.tags ?? []).filter((t): t is string => typeof t === 'string'),
      comments: (v.comments ?? [])
        .map((cm) => ({ ...cm, id: cm.id ?? '', text: cm.text ?? '', author: cm.author ?? '', likeCount: cm.likeCount || 0 }))
        .sort(byComment),
    }))
    .sort((a, b) => cmpStr(a.id, b.id) || cmpStr(a.title, b.title) || cmpStr(a.description, b.description));
  return { channels: uniqueById(channels), videos: uniqueById(videos) };
}

function byComment(a: CorpusComment, b: CorpusComment): number {
  return cmpStr(a.id, b.id) || cmpStr(a.text, b.text) || cmpStr(a.author, b.author) || a.likeCount - b.likeCount;
}

function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const out: T[] = [];
  for (const it of items) if (out.length === 0 || out[out.length - 1]!.id !== it.id) out.push(it);
  return out;
}

/** `hiking "thru hike" "Pacific Crest Trail"` → ["hiking", "thru hike", "Pacific Crest Trail"] */
export function parseChannelKeywords(s: string): string[] {
  const out: string[] = [];
  const re = /"([^"]+)"|(\S+)/g;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const k = (m[1] ?? m[2] ?? '').trim();
    if (k) out.push(k);
  }
  return out;
}

interface SlotDoc extends Doc {
  channelId: string;
  /** words of the document's own text (not comments), for the language statistics */
  words: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

function countWords(text: string): number {
  WORD.lastIndex = 0;
  let n = 0;
  while (WORD.exec(text) !== null) n++;
  return n;
}

/**
 * One document per channel (description, keywords) and per video (title, tags, description,
 * comments), boilerplate lines dropped. A channel's name is no keyword: the channel itself is a
 * placement (websites), and its name would target searches for the creator. Comments go through the spam/boilerplate filter, and a
 * comment clearly in another language than its video is left out; a description line or comment
 * sentence seen before in this corpus (a copy-pasted or bot-repeated comment) counts once. Each
 * document gets its language: detected, or its channel's, the store's, the campaign's.
 */
function buildDocs(corpus: Corpus, bp: Boilerplate, campaignLang: Lang): SlotDoc[] {
  const seenLines = new Set<string>();
  const seenComments = new Set<string>();
  const descriptionUnits = (text: string, field: Unit['field'], weight: number): Unit[] => {
    const units: Unit[] = [];
    for (const line of stripBoilerplate(text, bp).split('\n')) {
      const key = dedupeKey(line);
      if (!key) continue;
      if (key.length >= 16) {
        if (seenLines.has(key)) continue;
        seenLines.add(key);
      }
      units.push({ text: line, field, weight, mode: 'text' });
    }
    return units;
  };
  const docs: SlotDoc[] = [];
  const own = (units: Unit[]) => units.map((u) => u.text).join('\n');
  const videosOf = new Map<string, number>();
  for (const v of corpus.videos) videosOf.set(v.channelId, (videosOf.get(v.channelId) ?? 0) + 1);
  for (const ch of corpus.channels) {
    const units = channelUnits(ch, descriptionUnits);
    const text = own(units);
    const doc = slotDoc(units, ch.id, text);
    // a channel's description says what all of its videos are about: its topics count for half of them
    doc.taxWeight = 1 + CHANNEL_TOPIC_SHARE * (videosOf.get(ch.id) ?? 0);
    docs.push(doc);
  }
  for (const v of corpus.videos) {
    const units: Unit[] = [];
    if (v.title) units.push({ text: v.title, field: 'titles', weight: WEIGHT.title, mode: 'text' });
    if (v.tags.length) units.push({ text: v.tags.join(' | '), field: 'tags', weight: WEIGHT.tags, mode: 'none', whole: true });
    units.push(...descriptionUnits(v.description, 'descriptions', WEIGHT.description));
    const text = own(units);
    docs.push(slotDoc(units, v.channelId, text));
    const doc = docs[docs.length - 1]!;
    for (const c of v.comments) {
      const sentences = cleanCommentSentences(c.text, c.author);
      if (sentences === null) continue;
      // copy-pasted text counts once: drop sentences already seen in this corpus
      const fresh: string[] = [];
      for (const sentence of sentences) {
        const key = dedupeKey(sentence);
        if (!key) continue;
        if (key.length >= 16) {
          if (seenComments.has(key)) continue;
          seenComments.add(key);
        }
        fresh.push(sentence);
      }
      if (fresh.length === 0) continue;
      const text = fresh.join(' ');
      const likes = Math.max(0, c.likeCount || 0);
      const unit: Unit = { text, field: 'comments', weight: WEIGHT.comment * (1 + Math.min(1, Math.log10(1 + likes) / 3)), mode: 'text' };
      const voted = voteLanguage(text);
      if (voted) unit.lang = voted;
      units.push(unit);
    }
    // too little of the creator's own text to tell: the viewers' comments say what language it is read in
    if (!doc.lang) {
      const voted = voteLanguage(units.filter((u) => u.field === 'comments').slice(0, 8).map((u) => u.text).join('\n'));
      if (voted) doc.lang = voted;
    }
    doc.units = units;
  }
  // documents too short to tell: their channel's language, the store's, the campaign's
  const byChannel = new Map<string, Map<Lang, number>>();
  const store = new Map<Lang, number>();
  for (const d of docs) {
    if (!d.lang) continue;
    const m = byChannel.get(d.channelId) ?? new Map<Lang, number>();
    byChannel.set(d.channelId, m);
    m.set(d.lang, (m.get(d.lang) ?? 0) + d.words + 1);
    store.set(d.lang, (store.get(d.lang) ?? 0) + d.words + 1);
  }
  const storeLang = leader(store) ?? campaignLang;
  for (const d of docs) {
    if (!d.lang) d.lang = leader(byChannel.get(d.channelId)) ?? storeLang;
    // comments in another language than their video's say nothing in it
    d.units = d.units.filter((u) => u.lang === undefined || u.lang === d.lang);
  }
  return docs;
}

function slotDoc(units: Unit[], channelId: string, text: string): SlotDoc {
  const doc: SlotDoc = { units, channelId, words: countWords(text) };
  const lang = detectLanguage(text);
  if (lang) doc.lang = lang;
  return doc;
}

function leader(m: Map<Lang, number> | undefined): Lang | null {
  if (!m || m.size === 0) return null;
  return [...m.entries()].sort((a, b) => b[1] - a[1] || cmpStr(a[0], b[0]))[0]![0];
}

function channelUnits(ch: CorpusChannel, descriptionUnits: (text: string, field: Unit['field'], weight: number) => Unit[]): Unit[] {
  const units: Unit[] = [];
  units.push(...descriptionUnits(ch.description, 'channels', WEIGHT.channelDescription));
  const kw = parseChannelKeywords(ch.keywords);
  if (kw.length) units.push({ text: kw.join(' | '), field: 'channels', weight: WEIGHT.channelKeywords, mode: 'none', whole: true });
  return units;
}

/** Other catalog content: titles, tags and descriptions, for the document frequency of phrases. */
function backgroundDocs(bg: Corpus): Doc[] {
  const docs: Doc[] = [];
  for (const ch of bg.channels) docs.push({ units: [{ text: `${ch.title}\n${ch.description}`, field: 'channels', weight: 1, mode: 'none' }] });
  for (const v of bg.videos) docs.push({ units: [{ text: `${v.title}\n${v.tags.join(' | ')}\n${v.description}`, field: 'descriptions', weight: 1, mode: 'none' }] });
  return docs;
}

function languageStats(docs: readonly SlotDoc[]): GenerateResult['languages'] {
  const m = new Map<Lang, { words: number; docs: number }>();
  for (const d of docs) {
    if (d.words === 0) continue;
    const s = m.get(d.lang!) ?? { words: 0, docs: 0 };
    s.words += d.words;
    s.docs++;
    m.set(d.lang!, s);
  }
  return [...m.entries()].map(([lang, s]) => ({ lang, ...s })).sort((a, b) => b.words - a.words || cmpStr(a.lang, b.lang));
}

/** The slot's notice when the campaign's language has too little text in the stores. */
export function languageNotice(lang: Lang, languages: GenerateResult['languages'], keywords: number): string {
  const total = languages.reduce((n, l) => n + l.words, 0);
  if (total === 0) return '';
  const mine = languages.find((l) => l.lang === lang);
  const others = languages.filter((l) => l.lang !== lang).map((l) => l.lang);
  const rest = others.length ? `; the rest is in ${others.slice(0, 3).join(', ')}` : '';
  if (!isSupported(lang)) {
    return `keywords are not generated in ${lang} (the campaign's language): adcli reads ${LANGUAGES.join(', ')}${rest}; topics, segments and websites come from all the text`;
  }
  if (!mine) {
    return `the data stores hold no text in ${lang} (the campaign's language)${rest}: no keywords were generated; topics, segments and websites come from all the text`;
  }
  const share = mine.words / total;
  if (share >= LITTLE_TEXT_SHARE) return '';
  const pct = Math.round(share * 100);
  return `little of the data stores' text is in ${lang} (the campaign's language): ${mine.words} of ${total} words (${pct}%, ${mine.docs} of ${languages.reduce((n, l) => n + l.docs, 0)} documents)${rest}; the ${keywords} keywords come from that text only`;
}


// ---------------------------------------------------------------- keywords

function keywordItems(analyzer: Analyzer, input: GenerateInput, seedText: string, mix: CampaignTypeMix, bp: Boilerplate, lang: Lang): TargetingItem[] {
  if (mix.keywords <= 0) return [];
  const seeds = input.seed ? parseSeedKeywords(input.seed.keywords) : [];
  const cands = analyzer.rank({
    boostKeys: contentKeys(input.campaign.objective, lang),
    boost: 1.3,
    boostKeys2: contentKeys(seedText, lang),
    boost2: 1.2,
    bannedWords: bp.sponsorWords,
  });
  const seedSlots = Math.min(seeds.length, MAX_AUDIENCE_KEYWORDS, Math.floor(mix.keywords / 3));
  const picked = selectPhrases(cands, mix.keywords - seedSlots, fitsKeywordLimits, (k) => analyzer.countOf(k));
  if (picked.length === 0) return []; // no derived keywords: no audience keywords on their own either
  const items: TargetingItem[] = picked.map((c) => ({
    section: 'keywords',
    label: c.text,
    text: c.text,
    matchType: matchTypeOf(c),
    source: c.source,
  }));
  const have = new Set(picked.map((c) => c.key));
  const haveText = new Set(picked.map((c) => c.text.toLowerCase()));
  let added = 0;
  for (const s of seeds) {
    if (added >= seedSlots) break;
    const key = keyOf(s.text, lang);
    if ((key !== null && have.has(key)) || haveText.has(s.text.toLowerCase())) continue;
    if (key !== null) have.add(key);
    haveText.add(s.text.toLowerCase());
    items.push({ section: 'keywords', label: s.text, text: s.text, matchType: s.matchType, source: 'audience' });
    added++;
  }
  return items;
}

function matchTypeOf(c: PhraseCandidate): MatchType {
  if (c.name) return 'EXACT';
  if (c.recurring) return 'PHRASE';
  return 'BROAD';
}

function fitsKeywordLimits(c: PhraseCandidate): boolean {
  return c.text.length <= MAX_PHRASE_CHARS && c.text.split(/\s+/).length <= MAX_PHRASE_WORDS;
}

/** An audience keyword in ad-platform syntax: `[exact]`, `"phrase"`, or broad. */
function parseSeedKeywords(list: string[]): { text: string; matchType: MatchType }[] {
  const out: { text: string; matchType: MatchType }[] = [];
  for (const raw of list) {
    let s = (raw ?? '').trim();
    let matchType: MatchType = 'BROAD';
    if (/^\[.*\]$/.test(s)) {
      matchType = 'EXACT';
      s = s.slice(1, -1);
    } else if (/^".*"$/.test(s)) {
      matchType = 'PHRASE';
      s = s.slice(1, -1);
    }
    s = s.replace(/\s+/g, ' ').trim();
    if (!s || s.length > MAX_PHRASE_CHARS || s.split(' ').length > MAX_PHRASE_WORDS) continue;
    out.push({ text: s, matchType });
  }
  return out;
}

// ---------------------------------------------------------------- topics and segments

export interface Scored {
  node: TaxonomyNode;
  coverage: number;
  /** coverage without the saved audience's lift */
  own: number;
  /** unsaturated evidence, for ties */
  weight: number;
}

function taxonomyItems(analyzer: Analyzer, input: GenerateInput, seedText: string, mix: CampaignTypeMix): { topics: TargetingItem[]; segments: TargetingItem[] } {
  const tax = taxonomyIndex();
  const seedNodes = new Set<number>();
  if (input.seed) {
    for (const s of [...input.seed.topics, ...input.seed.tags]) {
      const exact = tax.byName.get(s.trim().toLowerCase());
      if (exact) for (const i of exact) seedNodes.add(i);
    }
    if (seedText) for (const m of matchTaxonomy(seedText, { minScore: 1, limit: 20 })) seedNodes.add(nodeIndex(m.kind, m.path));
  }
  const objectiveNodes = new Set<number>();
  if (input.campaign.objective) {
    for (const m of matchTaxonomy(input.campaign.objective, { minScore: 1, limit: 20 })) objectiveNodes.add(nodeIndex(m.kind, m.path));
  }
  // a small store's evidence may sit in one document; a larger one needs it in two
  const minDocs = analyzer.taxDocs <= 3 ? 1 : 2;
  const scored = new Map<number, Scored>();
  for (const s of analyzer.nodeScores()) {
    if (s.docs < minDocs) continue;
    let own = s.coverage;
    if (objectiveNodes.has(s.node)) own *= OBJECTIVE_NODE_FACTOR;
    const coverage = seedNodes.has(s.node) ? own * SEED_NODE_FACTOR + SEED_NODE_BONUS : own;
    scored.set(s.node, { node: tax.nodes[s.node]!, coverage, own, weight: s.weight });
  }
  const pick = (kinds: string[], min: number): Scored[] => {
    const qualified = new Map<number, Scored>();
    for (const [i, s] of scored) if (kinds.includes(s.node.kind) && s.coverage >= min) qualified.set(i, s);
    return orderSpecificFirst(qualified, min);
  };
  const item = (s: Scored, section: 'topics' | 'segments', min: number): TargetingItem => ({
    section,
    label: nodeLabel(s.node),
    text: s.node.path,
    matchType: '',
    source: s.own >= min ? 'taxonomy' : 'audience',
  });

  const topics = pick(['topic'], TOPIC_MIN_COVERAGE)
    .slice(0, mix.topics)
    .map((s) => item(s, 'topics', TOPIC_MIN_COVERAGE));

  // segments: half the room for each kind, the rest to whichever has more, in each kind's order
  const affinity = pick(['affinity'], SEGMENT_MIN_COVERAGE);
  const inMarket = pick(['in_market'], SEGMENT_MIN_COVERAGE);
  const half = Math.floor(mix.segments / 2);
  const chosen = new Set([...affinity.slice(0, half), ...inMarket.slice(0, mix.segments - half)]);
  const rest = [...affinity.slice(half), ...inMarket.slice(mix.segments - half)].sort(byCoverage);
  for (const s of rest) {
    if (chosen.size >= mix.segments) break;
    chosen.add(s);
  }
  // interleave by rank: the best of each kind first
  const ranked = [...affinity, ...inMarket].filter((s) => chosen.has(s));
  const rank = new Map<Scored, number>();
  affinity.forEach((s, i) => rank.set(s, i));
  inMarket.forEach((s, i) => rank.set(s, i));
  ranked.sort((a, b) => rank.get(a)! - rank.get(b)! || byCoverage(a, b));
  const segments = ranked.map((s) => item(s, 'segments', SEGMENT_MIN_COVERAGE));
  return { topics, segments };
}

/**
 * Orders qualified nodes so that the most specific node the evidence supports comes first:
 * - a node is listed when it is one of ours (not a path prefix that only groups its children, like
 *   "/Travel/Destinations") and adds something: it has no qualified child, its children
 *   disagree (two or more, the runner-up at CHILDREN_DISAGREE of the best), or it has evidence of
 *   its own beyond its best child's (by twice the threshold);
 * - best first, but a node's qualified descendants come right before it; subtrees rank by the
 *   best node they list, so a child that beats its parent's other branches leads.
 */
export function orderSpecificFirst(qualified: ReadonlyMap<number, Scored>, min: number): Scored[] {
  const kidsOf = (s: Scored) =>
    s.node.children
      .map((c) => qualified.get(c))
      .filter((x): x is Scored => x !== undefined)
      .sort(byCoverage);
  const disagree = (kids: Scored[]) => kids.length >= 2 && kids[1]!.coverage >= CHILDREN_DISAGREE * kids[0]!.coverage;
  const listed = new Set<Scored>();
  for (const s of qualified.values()) {
    const kids = kidsOf(s);
    const maxKid = kids.length ? kids[0]!.coverage : 0;
    if (!s.node.declared) continue; // "/Travel/Destinations" only groups its children
    if (kids.length === 0 || disagree(kids) || s.coverage - maxKid >= 2 * min) listed.add(s);
  }
  // a subtree ranks by the best node it lists (a group like "/Travel/Destinations" by its best destination)
  const bestCache = new Map<Scored, Scored | null>();
  const best = (s: Scored): Scored | null => {
    if (bestCache.has(s)) return bestCache.get(s)!;
    let b: Scored | null = listed.has(s) ? s : null;
    for (const k of kidsOf(s)) {
      const kb = best(k);
      if (kb && (!b || byCoverage(kb, b) < 0)) b = kb;
    }
    bestCache.set(s, b);
    return b;
  };
  const byBest = (x: Scored, y: Scored) => {
    const bx = best(x);
    const by = best(y);
    return bx && by ? byCoverage(bx, by) || byCoverage(x, y) : bx ? -1 : by ? 1 : byCoverage(x, y);
  };
  const out: Scored[] = [];
  const done = new Set<Scored>();
  const emit = (s: Scored) => {
    if (done.has(s)) return;
    done.add(s);
    for (const k of kidsOf(s).sort(byBest)) emit(k);
    if (listed.has(s)) out.push(s);
  };
  for (const s of [...qualified.values()].sort(byBest)) {
    // start from the top of a qualified chain, so children are placed beside their parent
    let top = s;
    for (let p = qualified.get(top.node.parent); p !== undefined; p = qualified.get(p.node.parent)) top = p;
    emit(top);
  }
  return out;
}

function nodeIndex(kind: string, path: string): number {
  const tax = taxonomyIndex();
  for (const i of tax.byName.get(path.toLowerCase()) ?? []) if (tax.nodes[i]!.kind === kind && tax.nodes[i]!.path === path) return i;
  return -1;
}

/** Best first; on equal coverage the stronger evidence, the more specific node, then the path. */
function byCoverage(a: Scored, b: Scored): number {
  return b.coverage - a.coverage || b.weight - a.weight || b.node.depth - a.node.depth || cmpStr(a.node.path, b.node.path);
}

// ---------------------------------------------------------------- websites

interface DomainCount {
  domain: string;
  docs: number;
  channels: Set<string>;
}

function websiteItems(corpus: Corpus, mix: CampaignTypeMix, bp: Boilerplate): TargetingItem[] {
  const domains = new Map<string, DomainCount>();
  const linkedChannels = new Map<string, number>();
  const mention = (text: string, channelId: string) => {
    for (const d of extractDomains(text)) {
      if (bp.sponsorDomains.has(d)) continue;
      let c = domains.get(d);
      if (!c) domains.set(d, (c = { domain: d, docs: 0, channels: new Set() }));
      c.docs++;
      c.channels.add(channelId);
    }
    for (const id of extractChannelIds(text)) linkedChannels.set(id, (linkedChannels.get(id) ?? 0) + 1);
  };
  for (const ch of corpus.channels) mention(ch.description, ch.id);
  for (const v of corpus.videos) mention(v.description, v.channelId);

  const own = (d: DomainCount) => (bp.ownDomains.has(d.domain) ? 1 : 0);
  const domainItems: TargetingItem[] = [...domains.values()]
    .sort((a, b) => own(b) - own(a) || b.channels.size - a.channels.size || b.docs - a.docs || cmpStr(a.domain, b.domain))
    .slice(0, mix.domains)
    .map((d) => ({ section: 'websites', label: d.domain, text: d.domain, matchType: '', source: 'links' }));

  const channelItems: TargetingItem[] = [];
  if (mix.channels > 0) {
    const videosPer = new Map<string, number>();
    for (const v of corpus.videos) if (v.channelId) videosPer.set(v.channelId, (videosPer.get(v.channelId) ?? 0) + 1);
    const known = new Map(corpus.channels.map((c) => [c.id, c]));
    const ownChannels: { id: string; title: string; videos: number; subscribers: number }[] = [];
    for (const c of corpus.channels) ownChannels.push({ id: c.id, title: c.title || c.handle || c.id, videos: videosPer.get(c.id) ?? 0, subscribers: c.subscribers || 0 });
    for (const [id, n] of videosPer) if (!known.has(id)) ownChannels.push({ id, title: id, videos: n, subscribers: 0 });
    ownChannels.sort((a, b) => b.videos - a.videos || b.subscribers - a.subscribers || cmpStr(a.id, b.id));
    for (const c of ownChannels) channelItems.push({ section: 'websites', label: c.title, text: channelUrl(c.id), matchType: '', source: 'channels' });
    const linked = [...linkedChannels.entries()].filter(([id]) => !known.has(id) && !videosPer.has(id));
    linked.sort((a, b) => b[1] - a[1] || cmpStr(a[0], b[0]));
    for (const [id] of linked) channelItems.push({ section: 'websites', label: `YouTube channel ${id}`, text: channelUrl(id), matchType: '', source: 'links' });
  }
  const channels = channelItems.slice(0, mix.channels);
  return mix.channelsFirst ? [...channels, ...domainItems] : [...domainItems, ...channels];
}

function channelUrl(id: string): string {
  return `https://www.youtube.com/channel/${id}`;
}
