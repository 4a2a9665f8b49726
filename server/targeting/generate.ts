/**
 * The targeting generator: a slot's data-store content in, targeting items out. Pure, offline and
 * deterministic: the same input gives the same output byte for byte (inputs are put in id order
 * first, so the order of videos, channels or comments does not matter; no clock, no randomness;
 * every sort has an explicit comparator with a tie-break on the text).
 *
 * What happens, in order:
 * 1. Boilerplate is found in the catalog itself (boilerplate.ts): lines repeated under a channel's
 *    videos or shared by channels, link lists, and sponsor reads told apart by their links. Those
 *    lines are not scored, nor a description's calls to action (calls.ts: "subscribe to my
 *    channel"); sponsors' names never become keywords, their domains never websites.
 * 2. Each document (a video: title, tags, description, comments; a channel: title, description,
 *    keywords) gets its language (lang.ts); a document too short to tell takes its channel's, then
 *    the store's. Keywords come only from text in the campaign's language, read with that
 *    language's stopwords; topics and segments from all the text, each in its own language's cues.
 *    When little or none of the text is in the campaign's language, `notice` says so (the slot's
 *    `error` carries it; the slot is still ready).
 * 3. Sections, each best first (the order is the rank), and where their items come from (`source`):
 *    - keywords (keywords.ts): phrases of the content scored against the background (analyzer.ts),
 *      only those a marketer would pay for, picked as a person lists them (select.ts). Source is
 *      the field that contributed most weight: "titles", "descriptions", "tags", "comments",
 *      "channels" (channel description and keywords); a saved audience's own keywords: "audience".
 *      EXACT for names and the campaign's own brand and products, BROAD for a multi-word topic of
 *      the taxonomy, PHRASE otherwise; audience keywords keep their own syntax ("…" PHRASE, […]
 *      EXACT). Any store size: a store of one video scores within itself.
 *    - topics, segments (topics.ts): taxonomy nodes with enough evidence in the content, the
 *      strongest branch first and in it the most specific node first (a parent after its
 *      children, only when they disagree); source "taxonomy", or "audience" when only the saved
 *      audience's topics/tags lifted the node.
 *    - websites (websites.ts): domains linked in channel and video descriptions (source "links"),
 *      the creators' own sites first, no sponsors, affiliates, shorteners or social networks; and
 *      the stores' YouTube channels as placements (source "channels"); channels linked from
 *      descriptions that are not in the stores are placements with source "links".
 * 4. The workspace's brands (brands.ts): another brand's names, products and site, and the names
 *    of the catalog's sponsors, are left out and listed in `excluded` with the reason.
 *
 * Nothing is invented: an empty corpus gives no items at all (the audience's keywords are only added
 * next to derived ones).
 */
import { Analyzer, type Doc, type Unit } from './analyzer.ts';
import { findBoilerplate, showLines, stripBoilerplate, type Boilerplate } from './boilerplate.ts';
import { brandCheck } from './brands.ts';
import { withoutCallsToAction } from './calls.ts';
import { channelNamesAsKeywords } from './channel-name.ts';
import { keywordItems } from './keywords.ts';
import {
  LANGUAGES,
  detectLanguage,
  isSupported,
  primaryTag,
  voteLanguage,
  type Lang,
} from './lang.ts';
import { mixFor } from './mix.ts';
import { featuredGuest, musicTitle, performanceCredit } from './music.ts';
import { cmpStr } from './order.ts';
import { cleanCommentSentences, dedupeKey } from './text.ts';
import { contentKeys } from './tokens.ts';
import { taxonomyItems } from './topics.ts';
import type {
  Corpus,
  CorpusChannel,
  CorpusComment,
  ExcludedItem,
  GenerateInput,
  TargetingItem,
} from './types.ts';
import { websiteItems } from './websites.ts';

export { orderSpecificFirst, type Scored } from './topics.ts';

/** Field weights: a word in a title says more about a video than a word in one comment. */
const WEIGHT = {
  title: 3,
  tags: 3,
  description: 1,
  comment: 0.5,
  channelDescription: 1.5,
  channelKeywords: 2,
  channelName: 1,
} as const;

/** A channel's description counts for topics as this share of its videos in the store (plus itself). */
const CHANNEL_TOPIC_SHARE = 0.5;
/**
 * A description's first lines are what YouTube shows under a video before "more": creators put what
 * the video is about there, and links, credits and social handles below. These lines (with the
 * title) are a document's lead.
 */
const LEAD_LINES = 3;
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
  const background = {
    channels: bg.channels.filter((c) => !corpusChannelIds.has(c.id)),
    videos: bg.videos.filter((v) => !corpusIds.has(v.id)),
  };
  const bp = findBoilerplate(corpus, background);
  const lang = primaryTag(input.campaign.language || 'en') || 'en';

  const docs = buildDocs(corpus, bp, lang);
  const languages = languageStats(docs);
  const focus = contentKeys(input.campaign.objective ?? '', lang);
  const analyzer = new Analyzer({ taxonomy: true, lang, focus });
  analyzer.addCorpus(docs);
  analyzer.addBackground(backgroundDocs(background));

  const seed = input.seed;
  const seedText = seed ? [...seed.topics, ...seed.tags].join(' | ') : '';
  const channels = [...corpus.channels, ...background.channels];
  const kw = isSupported(lang)
    ? keywordItems({ analyzer, input, seedText, mix, bp, lang, channels })
    : {
        items: [],
        excluded: [],
        brands: brandCheck(input.brands, bp, channels, analyzer, [], lang),
      };
  const { topics, segments } = taxonomyItems(analyzer, input, seedText, mix);
  const websites = websiteItems(corpus, mix, bp, kw.brands);

  const out: TargetingItem[] = [];
  const seen = new Set<string>();
  for (const item of [...kw.items, ...segments, ...topics, ...websites.items]) {
    const id = `${item.section}\u0000${item.text.toLowerCase()}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item);
  }
  return {
    items: out,
    excluded: [...kw.excluded, ...websites.excluded],
    notice: languageNotice(lang, languages, kw.items.length),
    languages,
  };
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
    .sort(
      (a, b) =>
        cmpStr(a.id, b.id) || cmpStr(a.title, b.title) || cmpStr(a.description, b.description),
    );
  const videos = (c.videos ?? [])
    .map((v) => ({
      ...v,
      id: v.id ?? '',
      channelId: v.channelId ?? '',
      title: v.title ?? '',
      description: v.description ?? '',
      tags: (v.tags ?? []).filter((t): t is string => typeof t === 'string'),
      comments: (v.comments ?? [])
        .map((cm) => ({
          ...cm,
          id: cm.id ?? '',
          text: cm.text ?? '',
          author: cm.author ?? '',
          likeCount: cm.likeCount || 0,
        }))
        .sort(byComment),
    }))
    .sort(
      (a, b) =>
        cmpStr(a.id, b.id) || cmpStr(a.title, b.title) || cmpStr(a.description, b.description),
    );
  return { channels: uniqueById(channels), videos: uniqueById(videos) };
}

function byComment(a: CorpusComment, b: CorpusComment): number {
  return (
    cmpStr(a.id, b.id) ||
    cmpStr(a.text, b.text) ||
    cmpStr(a.author, b.author) ||
    a.likeCount - b.likeCount
  );
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
 * comments), boilerplate lines dropped. A channel's name is a keyword only when its videos say it in
 * words (channel-name.ts): the channel itself is a placement. Comments go through the spam/boilerplate filter, and a
 * comment clearly in another language than its video is left out; a description line or comment
 * sentence seen before in this corpus (a copy-pasted or bot-repeated comment) counts once. Each
 * document gets its language: detected, or its channel's, the store's, the campaign's.
 */
function buildDocs(corpus: Corpus, bp: Boilerplate, campaignLang: Lang): SlotDoc[] {
  const seenLines = new Set<string>();
  const seenComments = new Set<string>();
  const descriptionUnits = (text: string, field: Unit['field'], weight: number): Unit[] => {
    const units: Unit[] = [];
    let lines = 0;
    for (const written of stripBoilerplate(text, bp).split('\n')) {
      let line = withoutCallsToAction(written);
      // a label's credit names the artists and the song, each whole (music.ts)
      const credit = performanceCredit(line);
      if (credit !== null) {
        for (const [i, name] of credit.names.entries()) {
          const work = i === credit.names.length - 1;
          units.push({
            text: name,
            field,
            weight,
            mode: 'none',
            name: true,
            ...(work && { work }),
          });
        }
        line = credit.rest;
      }
      const key = dedupeKey(line);
      if (!key) continue;
      const lead = lines++ < LEAD_LINES;
      if (key.length >= 16) {
        if (seenLines.has(key)) continue;
        seenLines.add(key);
      }
      units.push({ text: line, field, weight, mode: 'text', lead });
    }
    return units;
  };
  const docs: SlotDoc[] = [];
  const own = (units: Unit[]) => units.map((u) => u.text).join('\n');
  const videosOf = new Map<string, number>();
  for (const v of corpus.videos) videosOf.set(v.channelId, (videosOf.get(v.channelId) ?? 0) + 1);
  const named = channelNamesAsKeywords(corpus);
  const shows = showLines(corpus, bp, LEAD_LINES);
  for (const ch of corpus.channels) {
    const units = channelUnits(ch, descriptionUnits, named.get(ch.id));
    // a channel without a description (an import of videos alone): what its videos say of its
    // show, at their top, under "About" it or naming it, stands in for one, once (showLines)
    if (!ch.description.trim())
      for (const text of shows.get(ch.id) ?? [])
        units.push({
          text,
          field: 'channels',
          weight: WEIGHT.channelDescription,
          mode: 'text',
          lead: true,
        });
    const text = own(units);
    const doc = slotDoc(units, ch.id, text, campaignLang);
    // a channel's description says what all of its videos are about: its topics count for half of them
    doc.taxWeight = 1 + CHANNEL_TOPIC_SHARE * (videosOf.get(ch.id) ?? 0);
    docs.push(doc);
  }
  for (const v of corpus.videos) {
    const units: Unit[] = [];
    if (v.title) {
      // "Artist - Song (Official Video)": no format label, the song a name (music.ts)
      const music = musicTitle(v.title);
      units.push({
        text: music ?? v.title,
        field: 'titles',
        weight: WEIGHT.title,
        mode: 'text',
        lead: true,
        ...(music !== null && { parts: true }),
      });
      // a guest the title credits is a name, counted whole and once (the title counted its words)
      const guest = featuredGuest(v.title);
      if (guest !== null)
        units.push({
          text: guest,
          field: 'titles',
          weight: WEIGHT.title,
          mode: 'none',
          name: true,
        });
    }
    if (v.tags.length)
      units.push({
        text: v.tags.join(' | '),
        field: 'tags',
        weight: WEIGHT.tags,
        mode: 'none',
        whole: true,
      });
    units.push(...descriptionUnits(v.description, 'descriptions', WEIGHT.description));
    const text = own(units);
    const doc = slotDoc(units, v.channelId, text, campaignLang);
    docs.push(doc);
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
      const unit: Unit = {
        text,
        field: 'comments',
        weight: WEIGHT.comment * (1 + Math.min(1, Math.log10(1 + likes) / 3)),
        mode: 'text',
      };
      const voted = voteLanguage(text);
      if (voted) unit.lang = voted;
      units.push(unit);
    }
    // too little of the creator's own text to tell: the viewers' comments say what language it is read in
    if (!doc.lang) {
      const voted = voteLanguage(
        units
          .filter((u) => u.field === 'comments')
          .slice(0, 8)
          .map((u) => u.text)
          .join('\n'),
      );
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

function slotDoc(units: Unit[], channelId: string, text: string, campaignLang: Lang): SlotDoc {
  const doc: SlotDoc = { units, channelId, words: countWords(text) };
  const lang = detectLanguage(text, campaignLang);
  if (lang) doc.lang = lang;
  return doc;
}

function leader(m: Map<Lang, number> | undefined): Lang | null {
  if (!m || m.size === 0) return null;
  return [...m.entries()].sort((a, b) => b[1] - a[1] || cmpStr(a[0], b[0]))[0]![0];
}

function channelUnits(
  ch: CorpusChannel,
  descriptionUnits: (text: string, field: Unit['field'], weight: number) => Unit[],
  /** its name as its videos say it, when the name is a keyword (channel-name.ts) */
  keywordName: string | undefined,
): Unit[] {
  const units: Unit[] = [];
  // its name counts once, as a whole, and only when it is a keyword (channel-name.ts)
  if (keywordName !== undefined)
    units.push({
      text: keywordName,
      field: 'channels',
      weight: WEIGHT.channelName,
      mode: 'none',
      name: true,
    });
  units.push(...descriptionUnits(ch.description, 'channels', WEIGHT.channelDescription));
  const kw = parseChannelKeywords(ch.keywords);
  if (kw.length)
    units.push({
      text: kw.join(' | '),
      field: 'channels',
      weight: WEIGHT.channelKeywords,
      mode: 'none',
      whole: true,
    });
  return units;
}

/** Other catalog content: titles, tags and descriptions, for the document frequency of phrases. */
function backgroundDocs(bg: Corpus): Doc[] {
  const docs: Doc[] = [];
  for (const ch of bg.channels)
    docs.push({
      units: [
        { text: `${ch.title}\n${ch.description}`, field: 'channels', weight: 1, mode: 'none' },
      ],
    });
  for (const v of bg.videos)
    docs.push({
      units: [
        {
          text: `${v.title}\n${v.tags.join(' | ')}\n${v.description}`,
          field: 'descriptions',
          weight: 1,
          mode: 'none',
        },
      ],
    });
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
  return [...m.entries()]
    .map(([lang, s]) => ({ lang, ...s }))
    .sort((a, b) => b.words - a.words || cmpStr(a.lang, b.lang));
}

/** The slot's notice when the campaign's language has too little text in the stores. */
export function languageNotice(
  lang: Lang,
  languages: GenerateResult['languages'],
  keywords: number,
): string {
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
