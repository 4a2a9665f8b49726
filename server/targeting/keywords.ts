/**
 * The keywords section: phrases of the slot's content scored against the background (analyzer.ts),
 * kept only when a marketer would pay for them, picked as a person would list them (select.ts), best
 * first, with Google Ads' match types; a saved audience's own keywords after them. Pure and
 * deterministic.
 *
 * What is kept:
 * - a name (capitalised where capitals tell something, in two places: a brand, a product, a place);
 * - a single word only when it is specific to the store against the catalog (far more frequent here
 *   than in the background; in a store of one video, rare in the catalog) and says what the store
 *   is about: a tag or channel keyword of its own, a cue of a specific topic of our taxonomy, or in
 *   a store of one video a title word (any word its creator wrote twice, or once when the video
 *   has only a line or two); never a stopword of the language (the `stopwords-iso` list, English
 *   included: "made", "done", "early"), nor a word that only its accents tell from one ("té", tea,
 *   is "te" to an ad platform, which matches accent variants as the same keyword);
 * - a phrase with a word specific to the store, written as a whole by a person (a tag, a channel
 *   keyword, a short title, a name) or recurring across documents; a window of running text only
 *   with two words that carry meaning, one of them the store's own vocabulary (its tags, channel
 *   keywords, names and cues), or in a store of one video both specific: "five fixes" or "honest
 *   numbers" say nothing about the store;
 * - never another brand of the workspace, its products or a sponsor (brands.ts): those are listed in
 *   `excluded`, with the reason.
 * Tags and names seen in one document count too (below the document-frequency floor of larger
 * stores), so a small store is not starved; they rank by their own, lower, evidence.
 * A list still short of 10 (most real uploads show no tags) is filled, after those, from what the
 * creators put first: phrases of the titles and the descriptions' opening lines, no word of YouTube
 * text in general, a lone word only when a title says it and the creator wrote it again (or as a
 * name); still short, what a title or an opening line says once (fillFromLead).
 * A store of one video also lists its title's other phrases that the picking left out as parts of a
 * pick ("mate 10 pro" beside "huawei mate 10 pro"), none cutting a listed phrase (withTitleVariants),
 * and lists what its title backs before a description's asides said once (titleFirst), and two
 * listed phrases its text writes joined by a preposition joined as well ("chapelet à Lourdes",
 * "deck of cards": withCompounds).
 *
 * Match types: EXACT for names of two or more words, names the objective gives, and the
 * campaign's own brand and products (a one-word name or a person's is PHRASE: matchTypeOf); BROAD for a multi-word
 * topic (a phrase that is one of our taxonomy's cues, seen in more than one place: "trail running");
 * PHRASE for the other specific phrases and words.
 */
import { SMALL_STORE_DOCS, type Analyzer, type PhraseCandidate } from './analyzer.ts';
import type { Boilerplate } from './boilerplate.ts';
import { adsKeywordText } from './ads-text.ts';
import { brandCheck, type BrandCheck } from './brands.ts';
import { channelName, channelNameTyped, linkedPageNames } from './channel-name.ts';
import {
  articleLinks,
  bridgeLinks,
  compoundLinks,
  isStopword,
  LISTED_NOUNS,
  opensWithNameArticle,
  withoutAccents,
  type Lang,
} from './lang.ts';
import { isoStopwords } from './libs.ts';
import type { CampaignTypeMix } from './mix.ts';
import { artistAndSong } from './music.ts';
import { cmpStr } from './order.ts';
import {
  isGivenName,
  isGivenNameOrTitle,
  isPersonByUse,
  isPersonName,
  type NameUses,
} from './people.ts';
import { addsOnlyFiller, overlapMerge, selectPhrases, subKeys } from './select.ts';
import {
  CONTENT,
  MAX_PHRASE_CHARS,
  NUMBER,
  MAX_PHRASE_WORDS,
  contentKeys,
  keyOf,
  tokenize,
  nameKeyOf,
  wholeKeyOf,
  withoutLeadingElision,
  wordInfo,
} from './tokens.ts';
import type {
  CorpusChannel,
  CorpusVideo,
  ExcludedItem,
  GenerateInput,
  MatchType,
  TargetingItem,
} from './types.ts';
import { subjectAndFormat, versusSides } from './video-format.ts';

/** At most this many of a saved audience's own keywords are added. */
const MAX_AUDIENCE_KEYWORDS = 10;
/** A word is specific to the store when its share of the store's documents is this many times its share of the background's. */
const SPECIFIC_LIFT = 3;
/** A store of at most this many keyword documents is one video (and its channel): its title words are its labels. */
const TINY_STORE_DOCS = 2;
/** A store of one video whose creator wrote at most this many different words (of meaning) is a short upload. */
const SPARSE_WORDS = 20;
/**
 * In such a store every word is frequent (one document of one or two), so a single word is specific
 * only when it is rare in the catalog: in at most this share of the background's documents, or in
 * one of them (in a catalog of a few hundred videos or fewer, one other creator's use of a word is
 * chance, not a sign that everyone writes it).
 */
const TINY_BACKGROUND_SHARE = 0.005;
/** The campaign's own brand and products rank a little higher. */
const OWN_BRAND_BOOST = 1.3;
/** At most this many keywords are listed as excluded. */
const MAX_EXCLUDED = 25;
/** A window of running text of three or more words seen once is rarely how a person says it. */
const LOOSE_WINDOW_FACTOR = 0.6;
/** In a store of one video a title word is a label: it counts about as much as a phrase. */
const TITLE_WORD_FACTOR = 1.6;
/**
 * YAKE's position feature, for a store of one video: a window of running text seen once, and only
 * below a description's opening lines (Unit.lead), is more often a credit, a disclaimer or a shop
 * list ("copyright infringement", "coupon codes") than what the video is about.
 */
const BELOW_FOLD_FACTOR = 0.5;
/**
 * A list shorter than this is filled from the titles and descriptions' opening lines: Google Ads'
 * guidance is 5-20 keywords per ad group, and a store whose creators wrote no tags (most real
 * uploads show none to the API's readers, or few) leaves the contrastive scoring with little.
 */
const FILL_TO = 10;
/**
 * A phrase found in more than this share of the catalog's other videos is a word of YouTube text in
 * general (news, official, full, music video), not what this store is about: no filler. One in 20
 * is far above any topic's share of a mixed catalog and below the share of the platform's own words.
 */
const FILL_BACKGROUND_SHARE = 0.05;
/**
 * A word of YouTube text in general is one many creators write: in a small catalog (a few dozen
 * videos), one or two other videos that have it are a share of several per cent and say nothing of
 * the sort.
 */
const MIN_COMMON_VIDEOS = 2;
/**
 * A lone word of one or two letters is an abbreviation or a function word the stopword lists miss
 * ("tv", "ft", "ep"); kept only as a name (capitalised in two places: "EA").
 */
const FILL_MIN_CHARS = 3;
/** A title's variant is at most this long: a longer window of a title is the title, cut anywhere. */
const MAX_VARIANT_WORDS = 4;
/** A side of a versus title is a name or a thing of a few words ("bmw m4 cs", "charlotte hornets"). */
const MAX_SIDE_WORDS = 3;
/**
 * A compound's part is at most this long (withCompounds): with the preposition and the other part,
 * a longer one reads as a clause of its sentence, not as the name of a thing.
 */
const MAX_PART_WORDS = 3;
/**
 * What a person reads first of a list, and what Google Ads shows an ad group's keywords by: ten. A
 * list shorter than that after all its text gives ends with its channel's name (channelNameFill).
 */
const FIRST_PAGE = 10;

export interface KeywordInput {
  analyzer: Analyzer;
  input: GenerateInput;
  seedText: string;
  mix: CampaignTypeMix;
  bp: Boilerplate;
  lang: Lang;
  /** channels of the slot and the background, for the names in exclusions' reasons */
  channels: readonly CorpusChannel[];
}

export function keywordItems(k: KeywordInput): {
  items: TargetingItem[];
  excluded: ExcludedItem[];
  brands: BrandCheck;
} {
  const { analyzer, input, seedText, mix, bp, lang } = k;
  const objectiveKeys = contentKeys(input.campaign.objective, lang);
  const ranked = analyzer.rank({
    boostKeys: objectiveKeys,
    boost: 1.3,
    boostKeys2: contentKeys(seedText, lang),
    boost2: 1.2,
    writtenOnce: true,
  });
  const brands = brandCheck(input.brands, bp, k.channels, analyzer, ranked, lang);
  if (mix.keywords <= 0) return { items: [], excluded: [], brands };
  const seeds = input.seed ? parseSeedKeywords(input.seed.keywords) : [];
  const worth = keepWorthy(analyzer, ranked, lang);

  // brands: another one's (and the fragments only seen inside it) is left out and said so; ours leads
  const own = new Set<string>();
  const out = new Map<string, string>();
  const excluded: ExcludedItem[] = [];
  for (const c of ranked) {
    const verdict = brands.keyword(c);
    if (verdict === null) continue;
    if (verdict.own) own.add(c.key);
    else out.set(c.key, verdict.reason);
  }
  for (const c of ranked) {
    const reason = out.get(c.key);
    if (reason === undefined || c.words < 2) continue;
    for (const sub of subKeys(c.key))
      if (!out.has(sub) && c.count >= 0.7 * analyzer.countOf(sub)) out.set(sub, reason);
  }
  const cands: PhraseCandidate[] = [];
  for (const c of ranked) {
    if (!worth(c) || lonePersonWord(c, objectiveKeys)) continue;
    const reason = out.get(c.key);
    if (reason !== undefined) {
      if (
        excluded.length < MAX_EXCLUDED &&
        !excluded.some((e) => e.text.toLowerCase() === c.text.toLowerCase())
      )
        excluded.push({ section: 'keywords', text: c.text, reason });
      continue;
    }
    let score = c.score;
    if (own.has(c.key)) score *= OWN_BRAND_BOOST;
    if (c.words >= 3 && !c.written && !c.name && c.count < 2) score *= LOOSE_WINDOW_FACTOR;
    if (c.words === 1 && c.inTitle && analyzer.docs <= TINY_STORE_DOCS) score *= TITLE_WORD_FACTOR;
    if (analyzer.docs <= TINY_STORE_DOCS && !c.lead && !c.written && !c.name && c.count < 2)
      score *= BELOW_FOLD_FACTOR;
    cands.push(score === c.score ? c : { ...c, score });
  }
  rankObjectiveFirst(analyzer, cands);
  cands.sort((a, b) => b.score - a.score || cmpStr(a.key, b.key));

  const seedSlots = Math.min(seeds.length, MAX_AUDIENCE_KEYWORDS, Math.floor(mix.keywords / 3));
  const picked = selectPhrases(
    cands,
    mix.keywords - seedSlots,
    () => true,
    (key) => analyzer.countOf(key),
    { heads: analyzer.docs <= TINY_STORE_DOCS },
  );
  // the fill reads phrases the first ranking did not (seen once): another brand's is left out too
  const barred = (c: PhraseCandidate) => {
    if (out.has(c.key)) return true;
    const verdict = brands.keyword(c);
    return verdict !== null && !verdict.own;
  };
  const fillTo = Math.min(FILL_TO, mix.keywords - seedSlots);
  if (picked.length < fillTo)
    picked.push(...fillFromLead(k, objectiveKeys, picked, fillTo - picked.length, barred, false));
  // still short: the store has hardly anything but its titles (a video of one line and a few
  // links, a channel whose descriptions are all footers), and a title is written once; what its
  // titles and descriptions' opening lines say once fills it too, after the rest
  if (picked.length < fillTo)
    picked.push(...fillFromLead(k, objectiveKeys, picked, fillTo - picked.length, barred, true));
  const { list: derived, passingFrom } =
    analyzer.docs <= TINY_STORE_DOCS && picked.length > 0
      ? titleFirst(
          k,
          objectiveKeys,
          withTitleVariants(k, objectiveKeys, picked, mix.keywords - seedSlots, barred),
        )
      : { list: picked, passingFrom: picked.length };
  // the channel's name closes a list short of the first page, and comes before a video's passing
  // words wherever they reach into it
  const room =
    derived.length === 0
      ? 0
      : derived.length < FIRST_PAGE
        ? FIRST_PAGE - derived.length
        : passingFrom < FIRST_PAGE
          ? 1
          : 0;
  const named =
    room > 0
      ? [
          ...derived.slice(0, passingFrom),
          ...channelNameFill(k, derived, room, barred),
          ...derived.slice(passingFrom),
        ]
      : derived;
  const listed = oneNamePerArticle(
    analyzer.docs <= TINY_STORE_DOCS && named.length > 0
      ? withTitleJoins(
          k,
          withCompounds(k, objectiveKeys, named, mix.keywords - seedSlots, barred),
          mix.keywords - seedSlots,
          barred,
        )
      : named,
    lang,
  );
  if (listed.length === 0) return { items: [], excluded, brands }; // no derived keywords: no audience keywords on their own either
  const items: TargetingItem[] = listed.flatMap((c) => {
    const text = adsKeywordText(withoutLeadingElision(c.text, lang));
    if (text === null) return [];
    const item: TargetingItem = {
      section: 'keywords',
      label: text,
      text,
      matchType: matchTypeOf(c, own.has(c.key), objectiveKeys, analyzer.nameUses),
      source: c.source,
    };
    return [item];
  });
  const have = new Set(listed.map((c) => c.key));
  const haveText = new Set(items.map((i) => i.text.toLowerCase()));
  let added = 0;
  for (const s of seeds) {
    if (added >= seedSlots) break;
    const key = keyOf(s.text, lang);
    if ((key !== null && have.has(key)) || haveText.has(s.text.toLowerCase())) continue;
    if (key !== null) have.add(key);
    haveText.add(s.text.toLowerCase());
    items.push({
      section: 'keywords',
      label: s.text,
      text: s.text,
      matchType: s.matchType,
      source: 'audience',
    });
    added++;
  }
  return { items, excluded, brands };
}

/**
 * A name listed with the article it opens with and without it ("le grand jury" of a description's
 * "l'émission Le Grand Jury", "grand jury" of a Title Case title whose capitals tell nothing) is
 * one name: it is listed once, as written with its article, at the better of the two places.
 */
function oneNamePerArticle(listed: readonly PhraseCandidate[], lang: Lang): PhraseCandidate[] {
  const at = new Map(listed.map((c, i) => [c.key, i]));
  const place = new Map<PhraseCandidate, number>();
  const dropped = new Set<string>();
  for (const [i, c] of listed.entries()) {
    const space = c.key.indexOf(' ');
    if (space < 0 || !opensWithNameArticle(c.key.slice(0, space), lang)) continue;
    const bare = at.get(c.key.slice(space + 1));
    if (bare === undefined) continue;
    dropped.add(listed[bare]!.key);
    place.set(c, Math.min(i, bare));
  }
  if (dropped.size === 0) return [...listed];
  return listed
    .map((c, i) => ({ c, i: place.get(c) ?? i }))
    .filter(({ c }) => !dropped.has(c.key))
    .sort((a, b) => a.i - b.i)
    .map(({ c }) => c);
}

/**
 * A store of one video: two listed phrases that its title or a description's opening lines write
 * joined by a preposition are listed joined too, right after the later of them ("chapelet" and
 * "Lourdes": "chapelet à Lourdes"; "deck" and "cards": "deck of cards"). French and Spanish name a
 * thing with a preposition where English glues two nouns ("machine à crêpes", "tour Eiffel de
 * nuit", "vérité sur Disney"), and a viewer searches the compound as written; each part alone
 * reaches anything about it. The prepositions are lang.ts's compoundLinks and bridgeLinks.
 * Each part joins in its shortest listed form ("candidate de Nouvelle Star", not "… Nouvelle Star
 * interprète"), a channel's name closing a short list in none, and a compound the list holds, or a
 * fragment of a listed phrase, is not added again. After the first page (FIRST_PAGE), a compound
 * adds reach, not evidence: it goes to the end of the list, within the list's length.
 */
function withCompounds(
  k: KeywordInput,
  objectiveKeys: ReadonlySet<string>,
  listed: readonly PhraseCandidate[],
  max: number,
  excluded: (c: PhraseCandidate) => boolean,
): PhraseCandidate[] {
  const { analyzer, lang } = k;
  const parts = listed.filter(
    (c) => (c.lead ?? 0) > 0 && c.source !== 'channels' && c.words <= MAX_PART_WORDS,
  );
  const links = [...compoundLinks(lang), ...articleLinks(lang), ...bridgeLinks(lang)];
  const joined = new Map<string, { left: PhraseCandidate; right: PhraseCandidate }>();
  for (const left of parts)
    for (const right of parts) {
      if (left === right || ` ${left.key} `.includes(` ${right.key} `)) continue;
      if (` ${right.key} `.includes(` ${left.key} `)) continue;
      for (const link of links) {
        const key = `${left.key} ${link} ${right.key}`;
        if (analyzer.holds(key)) joined.set(key, { left, right });
      }
    }
  if (joined.size === 0) return [...listed];
  const found = analyzer
    .compounds(new Set(joined.keys()), { boostKeys: objectiveKeys, boost: 1.3 })
    .filter(
      (c) =>
        c.words <= MAX_PHRASE_WORDS &&
        !excluded(c) &&
        !listed.some((p) => ` ${p.key} `.includes(` ${c.key} `)),
    );
  // the shortest form of each part: no compound that another one found extends
  const shortest = found.filter(
    (c) => !found.some((o) => o !== c && c.key.startsWith(`${o.key} `)),
  );
  const out = [...listed];
  const after: PhraseCandidate[] = [];
  for (const c of shortest) {
    const { left, right } = joined.get(c.key)!;
    const later = Math.max(out.indexOf(left), out.indexOf(right));
    if (later < FIRST_PAGE) out.splice(later + 1, 0, c);
    else after.push(c);
  }
  return [...out, ...after].slice(0, Math.max(max, listed.length));
}

/**
 * A store of one video: what its title names joined as viewers search it, right after the later
 * of the listed keywords it joins. A music video's artist and song, or a creator's name and work,
 * both listed ("eminem walk on water", "m4 mon frèro": the song's name alone, "female", reaches
 * anything; music.ts), a listed subject with the kind of video the title says it is ("shape of
 * water trailer", "kyle kuzma highlights", "top 14 résumé"), and the two listed sides of a match
 * or a comparison ("small truck vs strong wind", "cheap vs expensive cheeses"; both
 * video-format.ts). A name written whole. After the first page it goes to the end of the list,
 * within the list's length.
 */
function withTitleJoins(
  k: KeywordInput,
  listed: readonly PhraseCandidate[],
  max: number,
  excluded: (c: PhraseCandidate) => boolean,
): PhraseCandidate[] {
  const out = [...listed];
  const keyOfName = (text: string) => nameKeyOf(text, k.lang) ?? wholeKeyOf(text, k.lang);
  // a name listed without the article its title writes ("shape of water" of "THE SHAPE OF WATER")
  const at = (text: string) => {
    const key = keyOfName(text);
    if (key === null) return -1;
    const space = key.indexOf(' ');
    const bare =
      space > 0 && opensWithNameArticle(key.slice(0, space), k.lang) ? key.slice(space + 1) : null;
    return out.findIndex((c) => c.key === key || c.key === bare);
  };
  // a subject listed whole, or the listed phrase of two words or more it ends with ("mate 10
  // pro" of "Huawei Mate 10 Pro", which the list holds apart from "huawei")
  const subjectAt = (text: string) => {
    const whole = at(text);
    const key = keyOfName(text);
    if (whole >= 0 || key === null) return whole;
    let best = -1;
    for (const [i, c] of out.entries())
      if (c.words >= 2 && key.endsWith(` ${c.key}`) && (best < 0 || c.words > out[best]!.words))
        best = i;
    return best;
  };
  // a side of a versus title: the longest listed phrase of its words next to the "vs", whole
  // words as written ("small truck" of "Small Truck VS Strong Wind", "cheap" of "Cheese Expert
  // Guesses Cheap"; "store" is no side of "Store-bought")
  const sideAt = (text: string, where: 'ends' | 'opens') => {
    const words = text.split(/\s+/u);
    for (let m = Math.min(words.length, MAX_SIDE_WORDS); m >= 1; m--) {
      const i = at((where === 'ends' ? words.slice(-m) : words.slice(0, m)).join(' '));
      if (i >= 0) return i;
    }
    return -1;
  };
  const channels = new Map(k.input.corpus.channels.map((ch) => [ch.id, ch.title]));
  for (const v of k.input.corpus.videos) {
    const joins: { parts: number[]; suffix?: string; link?: string }[] = [];
    const channel = channels.get(v.channelId) ?? '';
    const music = artistAndSong(v.title, channel, channel && channelName(channel));
    if (music !== null) joins.push({ parts: music.map(at) });
    const format = subjectAndFormat(v.title, k.lang);
    if (format !== null) joins.push({ parts: [subjectAt(format[0])], suffix: format[1] });
    const sides = versusSides(v.title);
    if (sides !== null)
      joins.push({ parts: [sideAt(sides[0], 'ends'), sideAt(sides[1], 'opens')], link: 'vs' });
    for (const { parts, suffix = '', link } of joins) {
      if (parts.some((i) => i < 0)) continue;
      // as the list writes each ("hold me tight or don't" of "HOLD ME TIGHT OR DON’T")
      const named = parts.map((i) => out[i]!.text).join(link === undefined ? ' ' : ` ${link} `);
      const text = adsKeywordText(suffix ? `${named} ${suffix}` : named);
      const key = text === null ? null : keyOfName(text);
      if (text === null || key === null || out.some((c) => c.key === key)) continue;
      if (text.length > MAX_PHRASE_CHARS || key.split(' ').length > MAX_PHRASE_WORDS) continue;
      const later = Math.max(...parts);
      const c: PhraseCandidate = {
        ...out[later]!,
        key,
        text,
        words: key.split(' ').length,
        // a match of two things ("small truck vs strong wind") is a name only between two names
        name: link === undefined || parts.every((i) => out[i]!.name),
        whole: true,
        written: true,
        source: 'titles',
      };
      if (excluded(c)) continue;
      if (later < FIRST_PAGE) out.splice(later + 1, 0, c);
      else out.push(c);
    }
  }
  return out.slice(0, Math.max(max, listed.length));
}

/**
 * The names of the store's channels, closing a list still short of the first page: a video whose
 * words are almost all links and calls (a music video, a gaming clip, a show's upload) is still its
 * channel's, and a channel is what its viewers search for by name; uploaders tag their own
 * channel's name more often than any other word (six in ten of the trending uploads do). After
 * everything the text gives: a channel named with an ordinary phrase of its language ("Roue
 * Libre") says less of the store than its own words (channel-name.ts). But before the lone words
 * a video's description says once in passing (titleFirst), even in a full first page: such a word
 * holds a tag one time in ten, the name six times in ten. Nor for a list of none: a
 * store with no text in the campaign's language gets no keywords (generate.ts says so). The channel
 * with the most of the store's videos first, then the Facebook pages its videos link, by the title
 * their address writes (linkedPageNames: a creator's own, "Guillaume Pley" of "gamepley"); never a
 * name the list holds, nor another brand's.
 */
function channelNameFill(
  k: KeywordInput,
  picked: readonly PhraseCandidate[],
  room: number,
  excluded: (c: PhraseCandidate) => boolean,
): PhraseCandidate[] {
  const { input, lang } = k;
  const videos = new Map<string, CorpusVideo[]>();
  for (const v of input.corpus.videos) {
    const of = videos.get(v.channelId);
    if (of) of.push(v);
    else videos.set(v.channelId, [v]);
  }
  const count = (id: string) => videos.get(id)?.length ?? 0;
  const channels = [...input.corpus.channels].sort(
    (a, b) => count(b.id) - count(a.id) || cmpStr(a.id, b.id),
  );
  const have = new Set(picked.map((c) => c.key));
  const out: PhraseCandidate[] = [];
  // what a channel writes, to tell how it spells its name (channelNameTyped)
  function* linesOf(channel: CorpusChannel): Generator<string> {
    yield channel.description;
    for (const v of videos.get(channel.id) ?? []) yield* [v.title, v.description];
  }
  // the channels' titles, then the titles of the pages their videos link (the creator's own),
  // read only while the list has room: a store of thousands of videos needs one name
  function* titles(): Generator<[title: string, lines: Iterable<string>]> {
    for (const ch of channels) yield [ch.title, linesOf(ch)];
    for (const v of input.corpus.videos)
      for (const page of linkedPageNames(v.description)) yield [page, [v.description]];
  }
  for (const [title, lines] of titles()) {
    if (out.length >= room) break;
    // the words an ad platform takes ("Ozzy Man Reviews (OMR)": "Ozzy Man Reviews OMR"; "P!nk":
    // none), within a keyword's bounds as the API counts them: a title may be longer
    const text = adsKeywordText(channelNameTyped(title, lines));
    if (text === null) continue;
    // as its videos say it, its article too ("The Ellen Show", "Les Anges": "anges" is no show)
    const key = nameKeyOf(text, lang);
    if (key === null || have.has(key)) continue;
    if (text.length > MAX_PHRASE_CHARS || text.split(' ').length > MAX_PHRASE_WORDS) continue;
    const c: PhraseCandidate = {
      key,
      text,
      words: key.split(' ').length,
      score: 0,
      count: 0,
      df: 0,
      bgDf: 0,
      name: false,
      recurring: false,
      whole: true,
      written: true,
      alone: true,
      once: true,
      cue: 0,
      inTitle: false,
      source: 'channels',
    };
    if (excluded(c)) continue;
    have.add(key);
    out.push(c);
  }
  return out;
}

/**
 * More keywords for a short list, from what the creators put first: the titles and the opening
 * lines of descriptions (Unit.lead), as YAKE weighs a word by its position. A phrase of one to three
 * words of the creators' text, seen once is enough (a title says it once), that is no word of
 * YouTube text in general (FILL_BACKGROUND_SHARE) and no stopword; title phrases first, then by
 * score. None is a fragment of a picked phrase, a picked phrase with filler added, or a sliding
 * window over one. They rank after the picked keywords: the contrastive scoring's are surer.
 */
function fillFromLead(
  k: KeywordInput,
  /** the objective's content-word keys (keywordItems has them) */
  objectiveKeys: ReadonlySet<string>,
  picked: readonly PhraseCandidate[],
  room: number,
  excluded: (c: PhraseCandidate) => boolean,
  /** also what a title or an opening line says once (the last resort of a store with almost no text) */
  once: boolean,
): PhraseCandidate[] {
  const { analyzer, lang } = k;
  const stop = isoStopwordSet(lang);
  const common = commonIn(analyzer);
  const ranked = analyzer.rank({
    minDf: 1,
    boostKeys: objectiveKeys,
    boost: 1.3,
    writtenOnce: true,
  });
  const have = new Map<string, PhraseCandidate>(picked.map((c) => [c.key, c]));
  const pool = ranked.filter((c) => {
    if (have.has(c.key) || excluded(c) || !c.lead || c.source === 'comments') return false;
    if (lonePersonWord(c, objectiveKeys)) return false;
    if (c.words > 3 && !c.written) return false;
    if (c.text.length > MAX_PHRASE_CHARS || common(c.key)) return false;
    const content = contentWords(c.key, lang);
    if (content.length === 0 || content.every(common)) return false;
    if (c.words === 1) {
      const written = c.text.toLowerCase();
      if (stop.has(c.key) || stop.has(written) || isStopword(written, lang)) return false;
      const plain = withoutAccents(written);
      if (plain !== written && (stop.has(plain) || isStopword(plain, lang))) return false;
      if (c.key.length < FILL_MIN_CHARS && !c.name) return false;
      // a lone word is a label when the creator put it in a title and wrote it again (a title's
      // verbs and adjectives are said once: "choose", "easy"), or capitalised it as a name
      return c.name || once || (c.inTitle && c.count >= 2);
    }
    // a phrase the creator put in a title, or twice in what comes first
    return c.name || c.inTitle || c.lead >= 2 || once;
  });
  pool.sort(
    (a, b) => Number(b.inTitle) - Number(a.inTitle) || b.score - a.score || cmpStr(a.key, b.key),
  );
  const floor = picked.reduce((m, c) => Math.min(m, c.score), Infinity);
  const out: PhraseCandidate[] = [];
  for (const c of pool) {
    if (out.length >= room) break;
    const fits = [...have.values()].every((p) => {
      if (p.words > c.words && ` ${p.key} `.includes(` ${c.key} `)) return false; // a fragment
      if (c.words >= 2 && (overlapMerge(p.key, c.key) ?? overlapMerge(c.key, p.key)) !== null)
        return false; // a sliding window over it
      return true;
    });
    if (!fits || (c.words >= 2 && addsOnlyFiller(c.key, have))) continue;
    const score = Number.isFinite(floor) ? floor * (1 - (out.length + 1) / (room + 2)) : c.score;
    const item = { ...c, score };
    have.set(c.key, item);
    out.push(item);
  }
  return out;
}

/** Whether a phrase is a word of YouTube text in general: in more of the catalog's videos than a topic's share. */
function commonIn(analyzer: Analyzer): (key: string) => boolean {
  const bgMax = Math.max(FILL_BACKGROUND_SHARE * analyzer.bgDocs, MIN_COMMON_VIDEOS);
  return (key) => {
    if (analyzer.bgDocs === 0) return false;
    const e = analyzer.evidenceOf(key);
    return e !== null && e.bgDf > bgMax;
  };
}

/**
 * A store of one video: its title's other phrases of two to four words ("mate 10 pro" beside "huawei
 * mate 10 pro", "peur du dentiste" beside "dentiste"), which the picking left out as parts of a
 * picked one. A title is its creator's summary, and viewers search a video by any of its phrases; a
 * keyword is matched on its own, so each reaches searches the others do not. A variant the creator
 * also wrote apart from the picks that hold it has a second mention of its own: it ranks with the
 * picks a title, a name or a second mention backs, before a window of running text seen once.
 * One seen only inside a pick adds reach, not evidence: it comes after the first page of picks
 * (FIRST_PAGE), though still before the description's asides once titleFirst has ordered the list.
 * None cuts a listed phrase in two where the title writes them together ("eiffel de nuit" beside
 * "tour eiffel" of "La tour Eiffel de nuit"; "peur du dentiste" beside the description's "grande
 * peur" cuts nothing) or a listed name ("gun kelly" inside "machine gun kelly"), nor ends in a date
 * or a part's code (endsInDateOrCode). The list keeps its length limit: a full one gives its
 * weakest picks' places to them.
 */
function withTitleVariants(
  k: KeywordInput,
  objectiveKeys: ReadonlySet<string>,
  picked: readonly PhraseCandidate[],
  limit: number,
  excluded: (c: PhraseCandidate) => boolean,
): PhraseCandidate[] {
  const { analyzer, lang } = k;
  const common = commonIn(analyzer);
  const have = new Set(picked.map((c) => c.key));
  // a pick that opens with a name's article is the same name without it (oneNamePerArticle)
  for (const c of picked) {
    const space = c.key.indexOf(' ');
    if (space > 0 && opensWithNameArticle(c.key.slice(0, space), lang))
      have.add(c.key.slice(space + 1));
  }
  const listed = picked.filter((c) => c.words >= 2).map((c) => c.key);
  const names = picked
    .filter((c) => c.words >= 2 && (c.name || (c.written && isPersonName(c.text))))
    .map((c) => ` ${c.key} `);
  // the titles' runs of word keys, to tell where two phrases overlap in the title itself
  const titleRuns = k.input.corpus.videos.flatMap((v) =>
    tokenize(v.title, 'none', lang).map((seg) => ` ${seg.words.map((w) => w.key).join(' ')} `),
  );
  const cutsInTitle = (a: string, b: string) => {
    const merged = overlapMerge(a, b);
    if (merged === null) return false;
    // one inside the other, overlapping on a repeated word ("dil ek" of "ek dil ek jaan")
    if (` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `)) return true;
    return titleRuns.some((run) => run.includes(` ${merged} `));
  };
  const said: PhraseCandidate[] = [];
  const more: PhraseCandidate[] = [];
  const ranked = analyzer.rank({
    minDf: 1,
    boostKeys: objectiveKeys,
    boost: 1.3,
    writtenOnce: true,
    titleShapes: true,
  });
  for (const c of ranked) {
    if (!c.inTitle || c.words < 2 || c.words > MAX_VARIANT_WORDS || have.has(c.key)) continue;
    if (excluded(c) || c.text.length > MAX_PHRASE_CHARS || common(c.key)) continue;
    const words = c.key.split(' ');
    const content = contentWords(c.key, lang);
    if (content.length === 0 || content.every(common) || endsInDateOrCode(c.key, lang)) continue;
    // "schritt für schritt", "paso a paso": a word, a preposition and the word again says how, not what
    if (words.length === 3 && words[0] === words[2]) continue;
    // a person's given names without the family name ("jean luc" of "Jean-Luc Lemoine")
    if (c.text.split(/[\s-]+/u).every(isGivenName)) continue;
    if (listed.some((p) => cutsInTitle(p, c.key) || cutsInTitle(c.key, p))) continue;
    const inside = picked.reduce(
      (n, p) => (` ${p.key} `.includes(` ${c.key} `) ? n + analyzer.countOf(p.key) : n),
      0,
    );
    const apart = analyzer.countOf(c.key) > inside;
    if (!apart) {
      if (names.some((n) => n.includes(` ${c.key} `))) continue;
      // a part of another variant, or one more word on it, adds nothing unless said on its own
      const nested = (v: PhraseCandidate) =>
        ` ${v.key} `.includes(` ${c.key} `) || ` ${c.key} `.includes(` ${v.key} `);
      if (said.some(nested) || more.some(nested)) continue;
    }
    (apart ? said : more).push(c);
    listed.push(c.key);
  }
  const weak = (c: PhraseCandidate) => !c.inTitle && !c.name && !c.written && c.count < 2;
  const at = picked.findIndex(weak);
  const strong = at < 0 ? picked.length : at;
  const page = Math.max(strong, Math.min(picked.length, FIRST_PAGE));
  const out = [
    ...picked.slice(0, strong),
    ...said,
    ...picked.slice(strong, page),
    ...more,
    ...picked.slice(page),
  ];
  return out.slice(0, limit);
}

/**
 * A store of one video: what its title backs first, in the order the list had, then the rest in
 * theirs. A title is its creator's summary of the video, so a keyword that holds one of its words
 * (or one of the objective's) is about what the video is; so is a phrase the description says twice.
 * A description's phrase said once that shares no word with them is about something the title does
 * not name (a host, a sponsor, a shop, a credit, a side topic), and a lone word recurs by chance, as
 * YAKE reads a text from its top. On real uploads the first hold a tag about half the time, the
 * others about one time in six. Among those others, a phrase names a thing ("vintage stand mixer")
 * where a lone word the description says once is as often its passing vocabulary ("bake",
 * "rapide", "répondre"): the lone words come last.
 */
function titleFirst(
  k: KeywordInput,
  objectiveKeys: ReadonlySet<string>,
  listed: readonly PhraseCandidate[],
): { list: PhraseCandidate[]; passingFrom: number } {
  const title = new Set<string>();
  for (const v of k.input.corpus.videos) for (const w of contentKeys(v.title, k.lang)) title.add(w);
  // a channel's store without a video has no title to go by
  if (title.size === 0) return { list: [...listed], passingFrom: listed.length };
  const words = new Set([...title, ...objectiveKeys]);
  const backed = (c: PhraseCandidate) =>
    (c.words >= 2 && c.count >= 2) || c.key.split(' ').some((w) => words.has(w));
  const aside = listed.filter((c) => !backed(c));
  const passing = (c: PhraseCandidate) => c.words === 1 && c.count < 2 && !c.written;
  const first = [...listed.filter(backed), ...aside.filter((c) => !passing(c))];
  return { list: [...first, ...aside.filter(passing)], passingFrom: first.length };
}

/**
 * A date, a year or a code of a series' part ("2017.11.15", "2017", "S10", "J11"): when the video
 * came out or where it stands in a series, not what it is about. A model's number stays ("mate 10",
 * "iphone 15", "gtx 1080", "rtx 2070"): a year is one of 1900-2039.
 */
function endsInDateOrCode(key: string, lang: Lang): boolean {
  const last = key.slice(key.lastIndexOf(' ') + 1);
  if (/^(?:19\d\d|20[0-3]\d)(?:\D\d{1,2}){0,2}$|^\d{1,2}\D\d{1,2}\D\d{2,4}$/.test(last))
    return true;
  return /\p{L}/u.test(last) && wordInfo(last, lang).kind === NUMBER;
}

/** A given name or a title alone ("jennifer", "Dr"), unless the objective names it. */
function lonePersonWord(c: PhraseCandidate, objectiveKeys: ReadonlySet<string>): boolean {
  return c.words === 1 && !objectiveKeys.has(c.key) && isGivenNameOrTitle(c.text);
}

/**
 * In a store that mixes documents about the campaign's objective (their creators name a topic of it,
 * Analyzer focus) with others (two channels, one of them about it), what the objective's documents
 * say ranks first: the other phrases keep their order among themselves, scaled below the lowest of
 * those. A phrase is the objective's when most of its occurrences are in its documents.
 */
function rankObjectiveFirst(analyzer: Analyzer, cands: PhraseCandidate[]): void {
  if (analyzer.focusDocs === 0 || analyzer.focusDocs >= analyzer.docs) return;
  const apart = (c: PhraseCandidate) => (c.focus ?? 0) * 2 < 1;
  let low = Infinity;
  let high = 0;
  for (const c of cands) {
    if (apart(c)) high = Math.max(high, c.score);
    else low = Math.min(low, c.score);
  }
  if (!Number.isFinite(low) || high < low) return;
  const scale = (0.9 * low) / high;
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i]!;
    if (apart(c)) cands[i] = { ...c, score: c.score * scale };
  }
}

/** Whether a candidate is a keyword a marketer would pay for (the rules in this file's comment). */
function keepWorthy(
  analyzer: Analyzer,
  ranked: readonly PhraseCandidate[],
  lang: Lang,
): (c: PhraseCandidate) => boolean {
  const tiny = analyzer.docs <= TINY_STORE_DOCS;
  const small = analyzer.docs <= SMALL_STORE_DOCS;
  const stop = isoStopwordSet(lang);
  const specificCache = new Map<string, boolean>();
  const specific = (key: string): boolean => {
    let v = specificCache.get(key);
    if (v === undefined) {
      const e = analyzer.evidenceOf(key);
      v =
        e !== null &&
        (analyzer.bgDocs === 0 ||
          e.bgDf === 0 ||
          e.df / analyzer.docs >= SPECIFIC_LIFT * (e.bgDf / analyzer.bgDocs));
      specificCache.set(key, v);
    }
    return v;
  };
  // a store of one short upload ("my dog catching a frisbee at the park"): every word of it is a label
  const sparse =
    tiny && ranked.filter((c) => c.words === 1 && c.source !== 'comments').length <= SPARSE_WORDS;
  // the store's own vocabulary: words of its tags, channel keywords, short titles, names and cues
  const vocabulary = new Set<string>();
  for (const c of ranked) {
    if (c.written || c.name || c.cue >= 1)
      for (const w of contentWords(c.key, lang)) vocabulary.add(w);
  }
  return (c) => {
    if (c.text.length > MAX_PHRASE_CHARS || c.words > MAX_PHRASE_WORDS) return false;
    if (c.name) return true;
    if (c.words === 1) {
      const written = c.text.toLowerCase();
      if ((stop.has(c.key) || stop.has(written)) && c.cue === 0) return false;
      // Google Ads matches accent variants as close variants: "té" (tea) would serve on "te" (you)
      const plain = withoutAccents(written);
      if (plain !== written && (stop.has(plain) || isStopword(plain, lang))) return false;
      if (tiny ? c.bgDf > Math.max(TINY_BACKGROUND_SHARE * analyzer.bgDocs, 1) : !specific(c.key))
        return false;
      return (
        c.alone ||
        c.cue >= 1 ||
        (tiny && (c.inTitle || (c.source !== 'comments' && (sparse || c.count >= 2))))
      );
    }
    const content = contentWords(c.key, lang);
    // a name counted only whole (a channel's) has no words of its own to judge: it is their evidence
    if (
      !content.some(specific) &&
      !(content.every((w) => analyzer.evidenceOf(w) === null) && specific(c.key))
    )
      return false;
    if (c.written || (c.recurring && !small)) return true;
    // a word the stopword list holds is a weak word but a noun or an adjective ("extrême droite",
    // "personnes âgées", "gran clásico"): beside one content word, a phrase said twice names a thing
    const listedNoun = content.length === 1 && tiny && c.count >= 2 && withListedNoun(c.key, lang);
    if (content.length < 2 && !listedNoun) return false;
    // one video has no vocabulary beyond its title: its creator's two-word phrases of specific words
    if (tiny) return c.source !== 'comments' && content.every(specific);
    return content.some((w) => vocabulary.has(w));
  };
}

/** Whether a phrase holds a noun or an adjective of the language's stopword list (lang.ts). */
function withListedNoun(key: string, lang: Lang): boolean {
  return key.split(' ').some((w) => LISTED_NOUNS[lang]?.has(w) === true);
}

const contentCache = new Map<string, string[]>();
function contentWords(key: string, lang: Lang): string[] {
  const id = `${lang}:${key}`;
  let out = contentCache.get(id);
  if (out === undefined) {
    out = key.split(' ').filter((w) => wordInfo(w, lang).kind === CONTENT && !isStopword(w, lang));
    if (contentCache.size > 100_000) contentCache.clear();
    contentCache.set(id, out);
  }
  return out;
}

const isoSets = new Map<Lang, ReadonlySet<string>>();
/** `stopwords-iso`'s list of a language, for single words only: "made", "done", "early" are no keyword on their own. */
function isoStopwordSet(lang: Lang): ReadonlySet<string> {
  let set = isoSets.get(lang);
  if (!set)
    isoSets.set(lang, (set = new Set((isoStopwords()[lang] ?? []).map((w) => w.toLowerCase()))));
  return set;
}

/**
 * EXACT for the campaign's own brand and products and for names of two or more words (a product,
 * a place: "Tour du Mont Blanc"); a name of one word, or a person's ("Taylor Swift", or "Meek Mill"
 * when the text writes "Meek's", "Vladimir Poutine" when it writes "Poutine" alone: people.ts),
 * only when the objective names it. A lone capitalised word is as often a platform, another
 * company or a first name ("Google", "Andy") as what the store is about, and EXACT on it would
 * serve only on searches of that word alone.
 */
function matchTypeOf(
  c: PhraseCandidate,
  own: boolean,
  objective: ReadonlySet<string>,
  uses: NameUses,
): MatchType {
  const named = c.key.split(' ').every((w) => objective.has(w));
  const person = isPersonName(c.text) || isPersonByUse(c.key, c.text, uses);
  if (own || (c.name && (named || (c.words >= 2 && !person)))) return 'EXACT';
  if (c.words >= 2 && c.cue >= 1 && !c.once) return 'BROAD';
  return 'PHRASE';
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
