/**
 * The targeting generator: a slot's data-store content in, targeting items out. Pure, offline and
 * deterministic: the same input gives the same output byte for byte (inputs are put in id order
 * first, so the order of videos, channels or comments does not matter; no clock, no randomness;
 * every sort has an explicit comparator with a tie-break on the text).
 *
 * Sections and where their items come from (`source`):
 * - keywords: phrases of the content, scored against the background (see text.ts). Source is the
 *   field that contributed most weight: "titles", "descriptions", "tags", "comments", "channels"
 *   (channel title, description and keywords); a saved audience's own keywords: "audience".
 *   Match type by evidence: EXACT for recurring names (capitalised in running text across ≥ 2
 *   documents: brands, products, places), PHRASE for multi-word phrases recurring in ≥ 3
 *   documents, BROAD otherwise; audience keywords keep their own syntax ("…" PHRASE, […] EXACT).
 * - topics, segments (affinity and in-market): taxonomy nodes with enough evidence in the content;
 *   source "taxonomy", or "audience" when only the saved audience's topics/tags lifted the node over
 *   the threshold.
 * - websites: domains linked in channel and video descriptions (source "links"), and the stores'
 *   YouTube channels as placements (source "channels"); channels linked from descriptions that are
 *   not in the stores are placements with source "links".
 *
 * Nothing is invented: an empty corpus gives no items at all (the audience's keywords are only added
 * next to derived ones).
 */
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
import type { Corpus, CorpusChannel, CorpusComment, GenerateInput, MatchType, TargetingItem } from './types.ts';

/** Field weights: a word in a title says more about a video than a word in one comment. */
const WEIGHT = {
  title: 3,
  tags: 2,
  description: 1,
  comment: 0.5,
  channelTitle: 2,
  channelDescription: 1.5,
  channelKeywords: 2,
} as const;

/** A node is kept when this share of the slot's documents is about it (and at least 2 documents). */
const TOPIC_MIN_COVERAGE = 0.15;
const SEGMENT_MIN_COVERAGE = 0.15;
/** A saved audience's topics and tags multiply matching nodes' coverage (and add a little). */
const SEED_NODE_FACTOR = 1.5;
const SEED_NODE_BONUS = 0.05;
/** Nodes the campaign objective names are lifted a little. */
const OBJECTIVE_NODE_FACTOR = 1.2;
/** At most this many of a saved audience's own keywords are added. */
const MAX_AUDIENCE_KEYWORDS = 10;

export function generateTargeting(input: GenerateInput): TargetingItem[] {
  const mix = mixFor(input.campaign.campaignType);
  const corpus = normalizeCorpus(input.corpus);
  const corpusIds = new Set(corpus.videos.map((v) => v.id));
  const corpusChannelIds = new Set(corpus.channels.map((c) => c.id));
  const bg = normalizeCorpus(input.background ?? { channels: [], videos: [] });
  const background = { channels: bg.channels.filter((c) => !corpusChannelIds.has(c.id)), videos: bg.videos.filter((v) => !corpusIds.has(v.id)) };

  const docs = buildDocs(corpus);
  const analyzer = new Analyzer({ taxonomy: true });
  analyzer.addCorpus(docs);
  analyzer.addBackground(buildDocs(background));

  const seed = input.seed;
  const seedText = seed ? [...seed.topics, ...seed.tags].join(' | ') : '';
  const keywords = keywordItems(analyzer, input, seedText, mix);
  const { topics, segments } = taxonomyItems(analyzer, input, seedText, mix);
  const websites = websiteItems(corpus, mix);

  const out: TargetingItem[] = [];
  const seen = new Set<string>();
  for (const item of [...keywords, ...segments, ...topics, ...websites]) {
    const id = `${item.section}\u0000${item.text.toLowerCase()}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item);
  }
  return out;
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

/**
 * One document per channel (title, description, keywords) and per video (title, tags, description,
 * comments). Comments go through the spam/boilerplate filter; a description line or comment
 * sentence seen before in this corpus (a creator's footer under every video, a copy-pasted or
 * bot-repeated comment) counts once.
 */
function buildDocs(corpus: Corpus): Doc[] {
  const seenLines = new Set<string>();
  const seenComments = new Set<string>();
  const descriptionUnits = (text: string, field: Unit['field'], weight: number): Unit[] => {
    const units: Unit[] = [];
    for (const line of text.split(/\r?\n/)) {
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
  const docs: Doc[] = [];
  for (const ch of corpus.channels) docs.push({ units: channelUnits(ch, descriptionUnits) });
  for (const v of corpus.videos) {
    const units: Unit[] = [];
    if (v.title) units.push({ text: v.title, field: 'titles', weight: WEIGHT.title, mode: 'text' });
    if (v.tags.length) units.push({ text: v.tags.join(' | '), field: 'tags', weight: WEIGHT.tags, mode: 'none' });
    units.push(...descriptionUnits(v.description, 'descriptions', WEIGHT.description));
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
      units.push({ text, field: 'comments', weight: WEIGHT.comment * (1 + Math.min(1, Math.log10(1 + likes) / 3)), mode: 'text' });
    }
    docs.push({ units });
  }
  return docs;
}

function channelUnits(ch: CorpusChannel, descriptionUnits: (text: string, field: Unit['field'], weight: number) => Unit[]): Unit[] {
  const units: Unit[] = [];
  if (ch.title) units.push({ text: ch.title, field: 'channels', weight: WEIGHT.channelTitle, mode: 'text' });
  units.push(...descriptionUnits(ch.description, 'channels', WEIGHT.channelDescription));
  const kw = parseChannelKeywords(ch.keywords);
  if (kw.length) units.push({ text: kw.join(' | '), field: 'channels', weight: WEIGHT.channelKeywords, mode: 'none' });
  return units;
}

// ---------------------------------------------------------------- keywords

function keywordItems(analyzer: Analyzer, input: GenerateInput, seedText: string, mix: CampaignTypeMix): TargetingItem[] {
  if (mix.keywords <= 0) return [];
  const seeds = input.seed ? parseSeedKeywords(input.seed.keywords) : [];
  const cands = analyzer.rank({
    boostKeys: contentKeys(input.campaign.objective),
    boost: 1.3,
    boostKeys2: contentKeys(seedText),
    boost2: 1.2,
  });
  const seedSlots = Math.min(seeds.length, MAX_AUDIENCE_KEYWORDS, Math.floor(mix.keywords / 3));
  const picked = selectPhrases(cands, mix.keywords - seedSlots, fitsKeywordLimits);
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
    const key = keyOf(s.text);
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
  return c.text.length <= 80 && c.text.split(/\s+/).length <= 10;
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
    if (!s || s.length > 80 || s.split(' ').length > 10) continue;
    out.push({ text: s, matchType });
  }
  return out;
}

// ---------------------------------------------------------------- topics and segments

interface Scored {
  node: TaxonomyNode;
  coverage: number;
  /** coverage without the saved audience's lift */
  own: number;
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
  const minDocs = Math.min(2, analyzer.docs);
  const scored = new Map<number, Scored>();
  for (const s of analyzer.nodeScores()) {
    if (s.docs < minDocs) continue;
    let own = s.coverage;
    if (objectiveNodes.has(s.node)) own *= OBJECTIVE_NODE_FACTOR;
    const coverage = seedNodes.has(s.node) ? own * SEED_NODE_FACTOR + SEED_NODE_BONUS : own;
    scored.set(s.node, { node: tax.nodes[s.node]!, coverage, own });
  }
  const pick = (kinds: string[], min: number): Scored[] => {
    const qualified = new Map<number, Scored>();
    for (const [i, s] of scored) if (kinds.includes(s.node.kind) && s.coverage >= min) qualified.set(i, s);
    const out: Scored[] = [];
    for (const s of qualified.values()) {
      const kids = s.node.children.map((c) => qualified.get(c)).filter((x): x is Scored => x !== undefined);
      const maxKid = kids.reduce((m, k) => Math.max(m, k.coverage), 0);
      // a parent is worth listing when it sums up several children, has evidence of its own, or is
      // a declared mid-level topic ("/Sports/Running & Walking" above "…/Trail Running")
      const useful =
        kids.length === 0 ||
        kids.length >= 2 ||
        s.coverage - maxKid >= 2 * min ||
        (s.node.declared && s.node.kind === 'topic' && s.node.depth >= 2);
      if (useful) out.push(s);
    }
    return out.sort(byCoverage);
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

  // segments: half the room for each kind, the rest to whichever has more, then best first
  const affinity = pick(['affinity'], SEGMENT_MIN_COVERAGE);
  const inMarket = pick(['in_market'], SEGMENT_MIN_COVERAGE);
  const half = Math.floor(mix.segments / 2);
  const chosen = [...affinity.slice(0, half), ...inMarket.slice(0, mix.segments - half)];
  const rest = [...affinity.slice(half), ...inMarket.slice(mix.segments - half)].sort(byCoverage);
  for (const s of rest) {
    if (chosen.length >= mix.segments) break;
    chosen.push(s);
  }
  const segments = chosen.sort(byCoverage).map((s) => item(s, 'segments', SEGMENT_MIN_COVERAGE));
  return { topics, segments };
}

function nodeIndex(kind: string, path: string): number {
  const tax = taxonomyIndex();
  for (const i of tax.byName.get(path.toLowerCase()) ?? []) if (tax.nodes[i]!.kind === kind && tax.nodes[i]!.path === path) return i;
  return -1;
}

/** Best first; on equal coverage the more specific node, then the path. */
function byCoverage(a: Scored, b: Scored): number {
  return b.coverage - a.coverage || b.node.depth - a.node.depth || cmpStr(a.node.path, b.node.path);
}

// ---------------------------------------------------------------- websites

interface DomainCount {
  domain: string;
  docs: number;
  channels: Set<string>;
}

function websiteItems(corpus: Corpus, mix: CampaignTypeMix): TargetingItem[] {
  const domains = new Map<string, DomainCount>();
  const linkedChannels = new Map<string, number>();
  const mention = (text: string, channelId: string) => {
    for (const d of extractDomains(text)) {
      let c = domains.get(d);
      if (!c) domains.set(d, (c = { domain: d, docs: 0, channels: new Set() }));
      c.docs++;
      c.channels.add(channelId);
    }
    for (const id of extractChannelIds(text)) linkedChannels.set(id, (linkedChannels.get(id) ?? 0) + 1);
  };
  for (const ch of corpus.channels) mention(ch.description, ch.id);
  for (const v of corpus.videos) mention(v.description, v.channelId);

  const domainItems: TargetingItem[] = [...domains.values()]
    .sort((a, b) => b.channels.size - a.channels.size || b.docs - a.docs || cmpStr(a.domain, b.domain))
    .slice(0, mix.domains)
    .map((d) => ({ section: 'websites', label: d.domain, text: d.domain, matchType: '', source: 'links' }));

  const channelItems: TargetingItem[] = [];
  if (mix.channels > 0) {
    const videosPer = new Map<string, number>();
    for (const v of corpus.videos) if (v.channelId) videosPer.set(v.channelId, (videosPer.get(v.channelId) ?? 0) + 1);
    const known = new Map(corpus.channels.map((c) => [c.id, c]));
    const own: { id: string; title: string; videos: number; subscribers: number }[] = [];
    for (const c of corpus.channels) own.push({ id: c.id, title: c.title || c.handle || c.id, videos: videosPer.get(c.id) ?? 0, subscribers: c.subscribers || 0 });
    for (const [id, n] of videosPer) if (!known.has(id)) own.push({ id, title: id, videos: n, subscribers: 0 });
    own.sort((a, b) => b.videos - a.videos || b.subscribers - a.subscribers || cmpStr(a.id, b.id));
    for (const c of own) channelItems.push({ section: 'websites', label: c.title, text: channelUrl(c.id), matchType: '', source: 'channels' });
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

