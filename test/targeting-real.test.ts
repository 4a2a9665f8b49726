/**
 * Keywords from real YouTube text (issue 29): channels of the 2017-18 trending lists
 * (eval/data/trending-dev.json, CC0), built as a data-store import builds them, scored against a
 * catalog of the other channels of their language. Most real uploads show the API no tags, so the
 * generator must find its keywords in titles and descriptions: a channel's list is not starved,
 * every keyword is the creators' own words, and the uploaders' tags (the eval's labels) are never
 * in the store.
 */
import { describe, expect, it } from 'vitest';
import { corpusOfCase, loadTrending, type TrendingCase } from '../eval/trending.ts';
import { postalAddressLines } from '../server/targeting/addresses.ts';
import { isContactLine } from '../server/targeting/boilerplate.ts';
import { withoutCallsToAction } from '../server/targeting/calls.ts';
import {
  channelName,
  channelsNamedInProse,
  linkedPageNames,
} from '../server/targeting/channel-name.ts';
import {
  isCrewCredit,
  isMediaCredit,
  licensedCueLines,
  withoutGuestRole,
} from '../server/targeting/credits.ts';
import { disclaimerLines, withoutLegalNotice } from '../server/targeting/legal.ts';
import {
  bridgeLinks,
  compoundLinks,
  governsVerb,
  isConnector,
  isParticiple,
  isPluralVerb,
  isStopword,
  stopwordBeforePluralVerb,
  type Lang,
} from '../server/targeting/lang.ts';
import {
  artistAndSong,
  featuredGuest,
  musicTitle,
  performanceCredit,
} from '../server/targeting/music.ts';
import { subjectAndFormat, versusSides } from '../server/targeting/video-format.ts';
import { generate } from '../server/targeting/generate.ts';
import { scheduleLines } from '../server/targeting/schedule.ts';
import { sectionLines, shopLines, withoutAccountLabel } from '../server/targeting/sections.ts';
import { isPersonName } from '../server/targeting/people.ts';
import { bestOf } from '../server/targeting/phrase.ts';
import {
  CONTENT,
  NUMBER,
  STOP,
  WEAK,
  cleanText,
  preJoinHyphens,
  opensEnglishTitle,
  opensName,
  splitHashtag,
  tokenize,
  validName,
  validPhrase,
  validTitlePart,
  wordInfo,
} from '../server/targeting/tokens.ts';
import type { Corpus, GenerateInput } from '../server/targeting/types.ts';

/** Words of one language (`lang`), or [word, language] pairs. */
type Words = readonly (string | readonly [string, Lang])[];
const eachWord = (words: Words, lang: Lang) =>
  words.map((e) => (typeof e === 'string' ? ([e, lang] as const) : e));

/** Each word is of this kind as the tokenizer reads it; a failure names the word and its language. */
function expectKind(kind: number, words: Words, lang: Lang = 'en'): void {
  for (const [w, l] of eachWord(words, lang)) expect(wordInfo(w, l).kind, `${w} (${l})`).toBe(kind);
}

/** No word is of this kind as the tokenizer reads it. */
function expectNotKind(kind: number, words: Words, lang: Lang = 'en'): void {
  for (const [w, l] of eachWord(words, lang))
    expect(wordInfo(w, l).kind, `${w} (${l})`).not.toBe(kind);
}

/** A store generated alone, with no catalog behind it; an English campaign without objective unless told. */
const alone = (
  corpus: Corpus,
  campaign: Partial<GenerateInput['campaign']> = {},
): GenerateInput => ({
  corpus,
  background: { channels: [], videos: [] },
  seed: null,
  campaign: { objective: '', campaignType: null, language: 'en', ...campaign },
});

/** A store of one video, uploaded by a channel of this title when one is named. */
function oneVideo(
  v: { title: string; description: string; channel?: string },
  campaign: Partial<GenerateInput['campaign']> = {},
): GenerateInput {
  const channelId = 'UCoNeViDeO0000000000000a';
  const channels = v.channel
    ? [
        {
          id: channelId,
          title: v.channel,
          description: '',
          handle: '',
          keywords: '',
          country: '',
          subscribers: 0,
        },
      ]
    : [];
  const video = {
    id: 'onevideo001',
    channelId,
    title: v.title,
    description: v.description,
    tags: [],
    publishedAt: null,
    viewCount: 0,
    comments: [],
  };
  return alone({ channels, videos: [video] }, campaign);
}

/** A store of one French video, alone. */
const frenchVideo = (title: string, description: string) =>
  oneVideo({ title, description }, { language: 'fr' });

/** The keyword items generated for a store, best first. */
const keywordItemsOf = (input: GenerateInput) =>
  generate(input).items.filter((i) => i.section === 'keywords');

/** The keywords generated for a store, lowercase, best first. */
const keywordTextsOf = (input: GenerateInput) =>
  keywordItemsOf(input).map((i) => i.text.toLowerCase());

/** A French video's keywords hold `has`, and none matches `none`. */
function expectFrenchKeywords(title: string, description: string, has: string, none: RegExp) {
  expectKeywords(keywordTextsOf(frenchVideo(title, description)), has, none);
}

/** Each of `calls` is a call to action, dropped whole; each of `kept` is the video's text, kept whole. */
function expectCalls(calls: string[], kept: string[]) {
  for (const s of calls) expect(withoutCallsToAction(s), s).toBe('');
  for (const s of kept) expect(withoutCallsToAction(s), s).toBe(s);
}

/** An English video's keywords hold `has`, and none matches `none` when one is given. */
function expectEnglishKeywords(title: string, description: string, has: string, none?: RegExp) {
  expectKeywords(keywordTextsOf(oneVideo({ title, description })), has, none);
}

const cases = loadTrending();
/** A campaign objective about French politics, for the political show's cases. */
const POLITICS = 'Toucher les Français qui suivent l’actualité politique et internationale';

function background(c: TrendingCase): Corpus {
  // the other channels' single videos of the language: a catalog of other creators
  const others = cases
    .filter((o) => o.kind === 'video' && o.lang === c.lang && o.channel !== c.channel)
    .map(corpusOfCase);
  return {
    channels: others.flatMap((o) => o.channels),
    videos: others.flatMap((o) => o.videos),
  };
}

function keywordsOf(
  c: TrendingCase,
  corpus = corpusOfCase(c),
  bg = background(c),
  campaign: Partial<GenerateInput['campaign']> = {},
): string[] {
  const input: GenerateInput = {
    corpus,
    background: bg,
    seed: null,
    campaign: { objective: '', campaignType: null, language: c.lang, ...campaign },
  };
  return keywordItemsOf(input).map((i) => i.text);
}

/** A development case's keywords, by its id, lowercase, against the catalog of its language. */
const keywordsOfCase = (id: string) =>
  keywordsOf(cases.find((x) => x.id === id)!).map((k) => k.toLowerCase());

/** A development case's topics and segments, scored against its language's catalog. */
function topicsOf(id: string): string[] {
  const c = cases.find((x) => x.id === id)!;
  return generate({
    corpus: corpusOfCase(c),
    background: background(c),
    seed: null,
    campaign: { objective: '', campaignType: null, language: c.lang },
  })
    .items.filter((i) => i.section === 'topics' || i.section === 'segments')
    .map((i) => i.text);
}

/** A list holds `has`, and none of its keywords matches `none` when one is given. */
function expectKeywords(kws: readonly string[], has: string, none?: RegExp) {
  expect(kws).toContain(has);
  if (none) for (const k of kws) expect(k).not.toMatch(none);
}

/** A development case's EXACT keywords, lowercase, from its store or another corpus. */
const exactKeywordsOf = (c: TrendingCase, corpus = corpusOfCase(c)) =>
  generate({
    corpus,
    background: background(c),
    seed: null,
    campaign: { objective: '', campaignType: null, language: c.lang },
  })
    .items.filter((i) => i.section === 'keywords' && i.matchType === 'EXACT')
    .map((i) => i.text.toLowerCase());

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');

describe('keywords from channels without tags', () => {
  const channels = cases.filter((c) => c.kind === 'channel' && c.lang === 'fr');

  it('a store is built without the uploaders’ tags', () => {
    for (const c of channels) for (const v of corpusOfCase(c).videos) expect(v.tags).toEqual([]);
  });

  it('no channel gets none, under 10% fewer than 5, each keyword its creators’ own words', () => {
    let short = 0;
    for (const c of channels) {
      const corpus = corpusOfCase(c);
      const kws = keywordsOf(c, corpus);
      expect(kws.length, c.id).toBeGreaterThan(0);
      if (kws.length < 5) short++;
      // their channels' titles are theirs too: a short list ends with the channel's name
      const text = fold(
        [
          ...corpus.channels.map((ch) => ch.title),
          ...corpus.videos.map((v) => `${v.title}\n${v.description}`),
        ].join('\n'),
      );
      for (const k of kws)
        for (const w of fold(k).match(/[\p{L}\p{N}]+/gu) ?? [])
          expect(text.includes(w), `${c.id}: ${k}`).toBe(true);
    }
    expect(short / channels.length).toBeLessThan(0.1);
  });

  it('is deterministic: the same list whatever the order of the videos', () => {
    const c = channels[0]!;
    const corpus = corpusOfCase(c);
    const bg = background(c);
    const reversed = { ...corpus, videos: [...corpus.videos].reverse() };
    expect(keywordsOf(c, reversed, bg)).toEqual(keywordsOf(c, corpus, bg));
  });

  it('a channel whose descriptions are all links and footers still gets its titles’ words', () => {
    // gamepley: every description is the same links and calls to action (boilerplate), and the
    // titles are in capitals; before issue 29 the list was empty
    const c = cases.find((x) => x.id === 'channel:gamepley')!;
    const kws = keywordsOf(c).map(fold);
    expect(kws.length).toBeGreaterThanOrEqual(5);
    expect(kws.some((k) => k.includes('pierre croce'))).toBe(true); // a guest named in a title
    for (const k of kws) expect(k).not.toMatch(/^(abonne|chaine|youtube|facebook|twitter)$/);
  });
});

describe('French elisions', () => {
  const store = (title: string, description: string): GenerateInput =>
    oneVideo({ title, description, channel: 'Radio' }, { language: 'fr' });

  it('a pronoun, negation or conjunction elided before a verb starts no keyword; an article before a noun does', () => {
    const kws = keywordTextsOf(
      store(
        "C'est Canteloup : le matelot Macron qu'il imite",
        "C'est Canteloup qui imite Macron en matelot. L'histoire du sous-marin, c'est l'humour d'Europe 1 : qu'il pleuve ou qu'il vente, j'irai écouter l'histoire.",
      ),
    );
    expect(kws.length).toBeGreaterThan(0);
    for (const k of kws) expect(k, k).not.toMatch(/^(c'est|qu'il|j'irai)\b|\b(c'est|qu'il)$/);
    expect(kws.some((k) => k.includes('canteloup'))).toBe(true);
  });

  it('a word in "\'s" is a name as written, no possessive; an English contraction is a function word', () => {
    // French has no "'s" of its own: "Mam's" and "pin's" are borrowed as they are spelt
    expect(wordInfo("Mam's", 'fr').low).toBe("mam's");
    expect(wordInfo("Meek's", 'en').low).toBe('meek');
    expectKind(STOP, ["it's", "that's", "what's"], 'fr');
    const kws = keywordTextsOf(
      oneVideo(
        {
          title: 'Quand on est enceinte !',
          description:
            "Mam's fait le focus sur 5 problèmes que vivent parfois les femmes enceintes. Un pin's offert à nos abonnées.",
          channel: "Mam's",
        },
        { language: 'fr' },
      ),
    );
    expect(kws).toContain("mam's");
    expect(kws).not.toContain('mam');
    expect(
      kws.some((k) => /\bpin(?!')\b/u.test(k)),
      kws.join(' · '),
    ).toBe(false);
  });
});

describe('the fill of a short list', () => {
  it('never brings in another brand of the workspace, even one a title names once', () => {
    // a channel of more than 5 videos whose list holds a phrase of one title only: the fill's
    // (the first ranking needs two documents there); make that phrase another brand's name
    let found = 0;
    for (const c of cases.filter((x) => x.kind === 'channel' && x.videos.length > 5)) {
      const corpus = corpusOfCase(c);
      const bg = background(c);
      const input: GenerateInput = {
        corpus,
        background: bg,
        seed: null,
        campaign: { objective: '', campaignType: null, language: c.lang },
      };
      const kws = keywordItemsOf(input);
      const titles = corpus.videos.map((v) => fold(v.title));
      const once = kws.find(
        (k) => k.text.includes(' ') && titles.filter((t) => t.includes(fold(k.text))).length === 1,
      );
      if (!once) continue;
      const branded = keywordItemsOf({
        ...input,
        brands: { own: null, others: [{ name: once.text, website: '', description: '' }] },
      });
      for (const k of branded) expect(fold(k.text), c.id).not.toContain(fold(once.text));
      if (++found >= 3) break;
    }
    expect(found).toBeGreaterThan(0);
  });
});

describe('names, platforms and the objective', () => {
  const input = (objective: string): GenerateInput =>
    oneVideo(
      {
        title: 'Sourdough focaccia with rosemary and sea salt',
        description:
          'My sourdough focaccia, baked in a cast iron pan. I shot it with a Pixel phone and asked Google how long to proof it; Andy from the bakery says overnight. The Pixel camera loves focaccia. Andy approves. Follow me on Snapchat and Twitch, turn on notifications!',
        channel: 'Stacked Kitchen',
      },
      { objective, campaignType: 'SEARCH' },
    );
  const keywords = (objective: string) =>
    new Map(keywordItemsOf(input(objective)).map((i) => [i.text.toLowerCase(), i.matchType]));

  it('a one-word name is no EXACT keyword unless the objective names it', () => {
    const plain = keywords('Sell sourdough baking classes');
    const names = ['pixel', 'andy'].filter((n) => plain.has(n));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(plain.get(n), n).not.toBe('EXACT');
    const named = keywords('Sell Pixel phone cases to home bakers');
    expect(named.get('pixel')).toBe('EXACT');
  });

  it('a given name alone is no keyword unless the objective names it', () => {
    const show = (objective: string) =>
      keywordTextsOf(
        oneVideo(
          {
            title: 'Ellen Surprises a Superfan With a Car',
            description:
              'Ellen surprised a superfan in the audience. Ellen loves giveaways, and this car giveaway made the superfan cry.',
          },
          { objective },
        ),
      );
    expect(show('')).not.toContain('ellen');
    expect(show('')).toContain('car giveaway');
    expect(show('Sell tickets to a taping with Ellen')).toContain('ellen');
  });

  it('platform names and calls to action are no keywords', () => {
    const kws = [...keywords('').keys()];
    for (const k of kws) expect(k).not.toMatch(/\b(snapchat|twitch|notifications)\b/);
    expect(kws).toContain('sourdough focaccia');
  });
});

describe('one video: what its creator labelled', () => {
  const store = (title: string, description: string): GenerateInput =>
    oneVideo({ title, description, channel: 'Test Kitchen' });
  const keywords = (title: string, description: string) =>
    keywordTextsOf(store(title, description));

  it('a participle before a noun is part of the phrase ("mashed potatoes")', () => {
    const kws = keywords(
      'Andy Makes Ultra-Creamy Mashed Potatoes',
      'The fluffiest and easiest mashed potatoes ever: unpeeled potatoes absorb less moisture.',
    );
    expect(kws.some((k) => k.includes('mashed potatoes'))).toBe(true);
    expect(kws).not.toContain('mashed');
  });

  it('a hashtag of the description is a label, as a tag is', () => {
    const kws = keywords(
      'Our weekend in the mountains',
      'We packed the van and drove north. #VanLife #Thanksgiving',
    );
    expect(kws).toContain('van life');
    expect(kws).toContain('thanksgiving');
  });

  it('a CamelCase hashtag marks its words, a number among them too', () => {
    expect(splitHashtag('PitchPerfect3')).toBe('pitch perfect 3');
    expect(splitHashtag('TrailRunning')).toBe('trail running');
    expect(splitHashtag('sub4sub')).toBe('sub4sub');
  });

  it('a title alone keeps the campaign’s language against two function words of another', () => {
    // "pro" and "et" voted Czech: the video had no keyword at all
    const kws = keywordItemsOf(
      frenchVideo('Huawei Mate 10 Pro : TEST COMPLET et AVIS PERSONNEL', ''),
    );
    expect(kws.map((i) => fold(i.text))).toEqual(
      expect.arrayContaining(['huawei', 'test complet']),
    );
    // three function words of another language still tell it: no French keyword from Spanish
    const es = generate(frenchVideo('Qué hacer en Madrid con poco dinero', ''));
    expect(es.items.filter((i) => i.section === 'keywords')).toEqual([]);
    expect(es.notice).not.toBe('');
  });

  it('a capitalised compound with a function word inside is one name', () => {
    expect(preJoinHyphens("Lot-et-Garonne, Monclar-d'Agenais", 'fr')).toBe(
      "Lot\u2011et\u2011Garonne, Monclar\u2011d'Agenais",
    );
    // a pronoun after its verb, a lowercase expression, a plain compound: words of a phrase
    expect(preJoinHyphens('Vaut-il son prix ? un état-de-l’art, Jean-Luc', 'fr')).toBe(
      'Vaut il son prix ? un état de l’art, Jean Luc',
    );
    expect(preJoinHyphens('A State-of-the-art grinder in Stratford-upon-Avon')).toBe(
      'A State of the art grinder in Stratford\u2011upon\u2011Avon',
    );
    const kws = keywordItemsOf(
      frenchVideo(
        'Menace terroriste en Lot-et-Garonne',
        'Le maire témoigne. Le Lot-et-Garonne reste calme.',
      ),
    ).map((i) => i.text);
    expect(kws).toContain('Lot-et-Garonne');
    expect(kws.map(fold)).not.toContain('garonne');
  });

  it('a French day and its capitalised month, hyphenated, name what happened that day', () => {
    expect(preJoinHyphens('Deux ans après le 13-Novembre, le 1er-Mai', 'fr')).toBe(
      'Deux ans après le 13\u2011Novembre, le 1er\u2011Mai',
    );
    // a date as French writes one, and the same shape in another language, stay a date
    expect(preJoinHyphens('le 13-novembre, 13-Novembre', 'fr')).toBe(
      'le 13 novembre, 13\u2011Novembre',
    );
    expect(preJoinHyphens('Nov 13-November', 'en')).toBe('Nov 13 November');
    expectFrenchKeywords(
      '13-Novembre : sommes-nous mieux protégés ?',
      'Deux ans après le 13-Novembre, la menace terroriste reste élevée.',
      '13-novembre',
      /^(?:13|novembre)$/u,
    );
  });

  it('the word that gives a work its title is part of neither the work nor the name', () => {
    expectFrenchKeywords(
      'SALIF - MUFASA (Clip Officiel)',
      'Découvrez le clip de Salif intitulé Mufasa, maintenant disponible.',
      'mufasa',
      /intitulé/u,
    );
    expectKind(STOP, ['intitulé', 'intitulée', 'entitled', 'titulada'], 'fr');
  });

  it('a unit in small letters measures, it names nothing; in capitals it may', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'DESK TOUR : organisation du bureau',
        'Trombones de couleur - Multicolores 50 mm - 60 pcs\nBloc déco - 16 x 11 cm\nOn court les 10 km de Paris.',
      ),
    );
    for (const k of kws) expect(k, k).not.toMatch(/(?:^|\s)(?:mm|cm|pcs)(?:\s|$)/u);
    expectKind(STOP, ['mm', 'cm', 'pcs'], 'fr');
    // "CM Punk"; a race named by its distance
    expectNotKind(STOP, ['CM', 'km'], 'en');
  });

  it('a noun the stopword list holds ends a name in running text: "Stranger Things"', () => {
    const kws = keywords(
      'Kids Dance Battle',
      'The cast of Stranger Things, live with Jimmy. Things got wild, and the stuff we saw!',
    );
    expect(kws).toContain('stranger things');
    expect(kws).not.toContain('things');
    // a Title Case line's capitals say nothing: "10 Things You Need" names nothing
    const words = tokenize('10 Things You Need To Know', 'text', 'en')[0]!.words;
    expect(words.find((w) => w.low === 'things')!.kind).toBe(STOP);
  });

  it('a dotted host with a path is a link whatever its top-level domain', () => {
    // a shortener's code written without its scheme was a keyword ("bmxw9j")
    const words = (s: string) =>
      tokenize(s, 'text', 'fr').flatMap((seg) => seg.words.map((w) => w.orig));
    expect(words('Les infos : goo.gl/bmXW9J et Atlantic.lnk.to/Bright, po.st/bboxnomad4g')).toEqual(
      ['Les', 'infos', 'et'],
    );
    // no host: an abbreviation, a score, a unit
    expect(words('e.g. 7.5/10 km/h')).toEqual(['e.g', '7.5', '10', 'km', 'h']);
  });

  it('a date or an airing time is no keyword; a day that names something stays', () => {
    const kws = keywords(
      'Pumpkin Pie Wobble Test | Black Friday Baking',
      'In theaters December 15. New episodes every Thursday at 5pm EST, live on Sunday 9 November at 17h. Our pumpkin pie recipe for Black Friday. On tour Dec 1st, Oct 19th.',
    );
    expect(kws).toContain('pumpkin pie');
    expect(kws.some((k) => k.includes('black friday'))).toBe(true);
    for (const k of kws)
      expect(k).not.toMatch(
        /^(?:december|thursday|sunday|november|5pm|17h|est|dec|oct|1st|19th)\b|\b(?:december|november|est|dec|oct|1st|19th)$/,
      );
  });

  it('full names joined by "and" are a list, each name a keyword; a pair of one-word names is one', () => {
    const kws = keywords(
      'Calgary Flames and Detroit Red Wings Bench Brawl',
      'Matthew Tkachuk and Luke Witkowski dropped the gloves. Rick and Morty fans, Rick and Morty is back.',
    );
    for (const name of ['detroit red wings', 'matthew tkachuk', 'luke witkowski', 'rick and morty'])
      expect(kws).toContain(name);
    expect(kws.some((k) => k.includes('calgary flames'))).toBe(true);
    for (const k of kws) expect(k).not.toMatch(/(?:flames|tkachuk) and /);
  });

  it('no window of a list cuts a name: two episodes crediting the same crew', () => {
    // "Réalisation : Pascal Hendrick, Jean-François Verzele et Jacques Wehrlin", in both
    const both = cases.filter((c) => c.id === 'video:4KeoAM_6AIY' || c.id === 'video:6JqNitREfPk');
    expect(both).toHaveLength(2);
    const episodes = both.map(corpusOfCase);
    const corpus = {
      channels: [episodes[0]!.channels[0]!],
      videos: episodes.flatMap((c) => c.videos),
    };
    const kws = keywordsOf(both[0]!, corpus, { channels: [], videos: [] }).map((k) =>
      k.toLowerCase(),
    );
    expect(kws).toContain("c dans l'air");
    for (const k of kws) expect(k).not.toMatch(/ et jacques$/);
  });

  it('an irregular past tense is no keyword and ends none: "dinner table shook"', () => {
    expect(wordInfo('shook', 'en').past).toBe(true);
    // a noun or an adjective too: "the Met", "fell running"
    for (const w of ['met', 'fell', 'lost']) expect(wordInfo(w, 'en').past).toBe(false);
    const kws = keywords(
      'Thanksgiving Makeup Tutorial',
      'The dinner table shook when the presenters stood up and Bill Gates paid for dinner.',
    );
    for (const k of kws) expect(k).not.toMatch(/\b(?:shook|stood|paid)$/);
  });

  it('a participle used as a preposition ends a phrase: "including", "called"', () => {
    const kws = keywords(
      'Dollar Store Makeup Haul',
      'Six Academy Awards including Best Picture. I found a shop called Shopmissa.',
    );
    expect(kws.some((k) => k.includes('academy awards'))).toBe(true);
    for (const k of kws) expect(k).not.toMatch(/\b(?:including|called)\b/);
  });

  it('words that say nothing alone: "course" after "of" (a golf course is one), "wrong"', () => {
    for (const [title, description, kept, dropped] of [
      [
        'Golf Course Tips',
        'Play the golf course like a pro. And, of course, bring your clubs. Of course you can!',
        'golf course tips',
        'course',
      ],
      [
        'Everything Wrong With Wonder Woman In 14 Minutes Or Less',
        'What went wrong with the movie? Everything wrong, as always. Wonder Woman sins.',
        'wonder woman',
        'wrong',
      ],
    ] as const) {
      const kws = keywords(title, description);
      expect(kws).toContain(kept);
      expect(kws).not.toContain(dropped);
    }
  });

  it('a compound with a single letter is one word: "G-Eazy", "T-shirt", "B-roll"', () => {
    const kws = keywords(
      'G-Eazy - The Plan (Official Video)',
      'New music from G-Eazy. Exclusive G-Eazy footage and B-roll footage. Get the T-shirt.',
    );
    expect(kws).toEqual(expect.arrayContaining(['g-eazy', 'b-roll footage', 't-shirt']));
    expect(kws).not.toContain('eazy');
  });

  it('a mark inside a stage name is part of it: "P!nk", "Ke$ha"; chat abbreviations are none', () => {
    const kws = keywords(
      'P!nk - Barbies',
      "P!NK's new album Beautiful Trauma, with Ke$ha. I was rly rly sick tbh. Wow!Great.",
    );
    expect(kws).toContain('ke$ha');
    // "P!nk" stays one word, but no keyword: Google Ads refuses a "!" in one (ads-text.ts)
    for (const k of kws) expect(k).not.toMatch(/^(?:nk|ha)$|\b(?:rly|tbh)\b|!/);
  });

  it('a letter stretched four times is part of no keyword: "panier uuuuuultra longue distance"', () => {
    expectKind(STOP, ['uuuuuultra', 'partiiiiiiii', 'Soooooo'], 'fr');
    // German triples a letter in its compounds, never more
    expect(wordInfo('Schifffahrt', 'de').kind).toBe(CONTENT);
    const kws = keywordTextsOf(
      frenchVideo(
        'TOP 10 FFBB',
        'Au menu : un alley-oop, un panier uuuuuultra longue distance et un game winner.',
      ),
    );
    expect(kws).toContain('longue distance');
    for (const k of kws) expect(k).not.toMatch(/uuuu/u);
  });

  it('an abbreviated unit is part of no keyword: "1 tsp vanilla extract", "7 Rebs"; TBS is a network', () => {
    const kws = keywords(
      'Peach Macarons',
      'Ingredients:\n1 tsp peach essence\n3 tbsp cold water\n1 tsp peach essence\nWatch it on TBS.',
    );
    expect(kws).toContain('peach essence');
    for (const k of kws) expect(k).not.toMatch(/\b(?:tsp|tbsp)\b/);
    expect(isStopword('tbs', 'en')).toBe(false);
    // a box score's counts are units too
    const stats = keywords(
      'Jaylen Brown Full Highlights vs Warriors - 22 Pts, 7 Rebs, 2 Blks!',
      'Jaylen Brown Full Highlights vs Warriors - 22 Pts, 7 Rebs, 2 Blks!',
    );
    expect(stats.some((k) => k.includes('jaylen brown'))).toBe(true);
    for (const k of stats) expect(k).not.toMatch(/\b(?:pts|rebs|blks)\b/);
  });

  it('a capital letter alone designates, as a number does: "iPhone X", "X Factor"', () => {
    const kws = keywords(
      'iPhone X Review: The X Factor',
      'My iPhone X review. I watched The X Factor on my iPhone X.',
    );
    expect(kws).toContain('x factor');
    expect(kws.some((k) => k.startsWith('iphone x'))).toBe(true);
    // a letter that is a word of the language stays a function word; no letter is a keyword alone
    expect(wordInfo('A', 'en').kind).toBe(STOP);
    expect(wordInfo('Y', 'es').kind).toBe(STOP);
    expect(wordInfo('X', 'fr').kind).toBe(NUMBER);
    for (const k of kws) expect(k).not.toMatch(/^\p{L}$/u);
    // a letter before a full stop is an initial
    const cast = keywordTextsOf(
      oneVideo(
        {
          title: 'Los Increíbles 2',
          description:
            'Bob (voz original en inglés de Craig T. Nelson) afronta la heroica rutina diaria. Helen (voz original de Holly Hunter) es reclutada.',
        },
        { language: 'es' },
      ),
    );
    expect(cast).toContain('holly hunter');
    for (const k of cast) expect(k).not.toMatch(/\bcraig t$/);
  });

  it('a season or an episode code is a number, a part a number’s word: "S10", "Partie 02"', () => {
    expectKind(NUMBER, ['S10', 's02e05', 'EP10'], 'fr');
    const kws = keywordTextsOf(
      frenchVideo('Andi Mankolik S10 Episode 11 18-11-2017 Partie 02', 'Andi Mankolik, saison 10.'),
    );
    expect(kws).toContain('andi mankolik');
    for (const k of kws) expect(k).not.toMatch(/\bs10\b/);
    // a part of a series, as English "part" and "chapter": "partie 02", "capítulo 3"
    for (const k of kws) expect(k).not.toMatch(/\bpartie\b/);
    const es = keywordTextsOf(
      oneVideo(
        {
          title: 'Al Fondo Hay Sitio Capítulo 3 Parte 2',
          description: 'Al Fondo Hay Sitio, capítulo 3.',
        },
        { language: 'es' },
      ),
    );
    for (const k of es) expect(k).not.toMatch(/^(?:parte|capítulo)\b/);
  });

  it('a full stop typed without its space still ends a sentence; initials stay whole', () => {
    // "boda.Boda sin travesti" was one word "boda.boda" before a phrase
    expect(cleanText('Una boda.Boda sin travesti').text).toBe('Una boda. Boda sin travesti');
    for (const t of ['O.J. Simpson', 'the U.S. Army', 'a talk by Dr.Smith', 'version 2.Final'])
      expect(cleanText(t).text).toBe(t);
  });

  it('a title’s full stop before a name ends no sentence: "Dr. Phil", "St. Louis"', () => {
    const kws = keywords(
      'Dr. Phil Team Discovers Woman In Kenya',
      'Dr. Phil talks to Mr. Bean about the St. Louis Cardinals. Watch Dr. Phil episodes.',
    ).map((k) => k.toLowerCase());
    expect(kws).toContain('dr phil');
    expect(kws).toContain('mr bean');
    expect(kws).toContain('st louis cardinals');
    for (const k of kws) expect(k).not.toMatch(/^(?:phil|bean|louis)\b/);
    // only the title, capitalised, before a name: "my favourite prof. Great lectures" ends there
    for (const k of keywords(
      'Campus tour',
      'My favourite prof. Great lectures on organic chemistry.',
    ))
      expect(k.toLowerCase()).not.toMatch(/prof great/);
  });
});

describe('one video: what its title backs first', () => {
  it('a phrase of the description said once that shares no word of the title comes after', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Sourdough Bread for Beginners',
        description:
          'Host Jamie Lorne bakes with our partner Brightside Kitchens today. A lively sourdough starter and a long cold proof make the bread.\n\nThe studio kitchen tour is on our website.',
      }),
    );
    const host = kws.findIndex((k) => k.includes('jamie lorne'));
    expect(host).toBeGreaterThan(-1);
    for (const k of ['sourdough bread', 'sourdough', 'bread'])
      expect(kws.indexOf(k), k).toBeLessThan(host);
    // one said once that holds a title word stays where its score put it, before the host
    const backed = kws.filter((k) => /\b(?:sourdough|bread|beginners)\b/u.test(k));
    expect(kws.slice(0, backed.length)).toEqual(backed);
  });

  it('among the rest, a lone word said once comes after the phrases', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Pumpkin Pie Wobble Test',
        description:
          'Tonight we bake, and the crust turns golden. The filling sets slowly.\n\nRecorded in the old bakery kitchen on Main Street with a vintage stand mixer.',
      }),
    );
    // "bake" is the text's passing word; the phrases name things
    const bake = kws.indexOf('bake');
    expect(bake).toBeGreaterThan(-1);
    for (const k of ['crust turns golden', 'vintage stand mixer'])
      expect(kws.indexOf(k), k).toBeGreaterThan(-1);
    for (const k of ['crust turns golden', 'vintage stand mixer'])
      expect(kws.indexOf(k), k).toBeLessThan(bake);
  });
});

describe('one video: the other phrases of its title', () => {
  it('a French compound with a preposition is a keyword: "peur du dentiste"', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        "J'ai peur du dentiste",
        "Aujourd'hui je vous parle de ma peur du dentiste. Accrochez vous à votre dentier !",
      ),
    );
    expect(kws).toContain('peur du dentiste');
  });

  it('a title phrase overlapping a phrase the description says elsewhere cuts nothing', () => {
    // "grande peur" is the description's; the title never writes "grande peur du dentiste"
    const kws = keywordTextsOf(
      frenchVideo(
        "J'AI PEUR DU DENTISTE!!!! ANGIE LA CRAZY SERIE",
        "Aujourd'hui, je vous parle d'une de mes plus grande peur... LE DENTISTE. Accrochez vous à votre dentier !",
      ),
    );
    expect(kws).toContain('grande peur');
    expect(kws).toContain('peur du dentiste');
  });

  it('a part of a picked phrase that the creator says apart is one too, after it', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Meek Mill Outrage: Wendy Williams on the Las Vegas Hotel',
        description: 'Wendy talks about Meek Mill and the judge.',
      }),
    );
    expect(kws).toContain('meek mill outrage');
    expect(kws.indexOf('meek mill')).toBeGreaterThan(kws.indexOf('meek mill outrage'));
  });

  it('none cuts a listed phrase, repeats a word around a preposition or ends in a date', () => {
    const eiffel = keywordTextsOf(
      frenchVideo(
        'La tour Eiffel de nuit',
        'La tour Eiffel scintille chaque soir, vue du Trocadéro.',
      ),
    );
    expect(eiffel).toContain('tour eiffel');
    expect(eiffel).not.toContain('eiffel de nuit');
    const steps = keywordTextsOf(
      oneVideo(
        {
          title: 'Balkonkraftwerk anmelden: Schritt für Schritt',
          description: 'So meldest du dein Balkonkraftwerk beim Netzbetreiber an.',
        },
        { language: 'de' },
      ),
    );
    expect(steps).toContain('balkonkraftwerk anmelden');
    expect(steps).not.toContain('schritt für schritt');
    const game = keywordTextsOf(
      oneVideo({
        title: 'Kyle Kuzma Full Highlights 2017.11.15 vs 76ers',
        description: 'Kuzma scores 20 pts with 10 rebs.',
      }),
    );
    expect(game).toContain('full highlights');
    for (const k of game) expect(k).not.toMatch(/2017\.11\.15$/);
    // a model's number is no year
    const card = keywordTextsOf(
      oneVideo({
        title: 'Unboxing the Nvidia RTX 2070 graphics card',
        description: 'I test the new graphics card in ten games.',
      }),
    );
    expect(card).toContain('nvidia rtx 2070');
  });
});

describe('one video: two listed phrases joined as written', () => {
  it('a compound its text writes is listed right after the later of its parts', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'Chapelet du 15 novembre 2017',
        'Tous les jours à 15h30 (rediffusion autour de minuit), retransmission en direct du Chapelet depuis Lourdes, en partenariat avec les Sanctuaires.\nChapelet à Lourdes du 15/11/2017.',
      ),
    );
    const at = kws.indexOf('chapelet à lourdes');
    expect(at).toBe(Math.max(kws.indexOf('chapelet'), kws.indexOf('lourdes')) + 1);
    const eiffel = keywordTextsOf(
      frenchVideo(
        'La tour Eiffel de nuit',
        'La tour Eiffel scintille chaque soir, vue du Trocadéro.',
      ),
    );
    expect(eiffel).toContain('tour eiffel de nuit');
    expect(eiffel).toContain('vue du trocadéro');
    const cards = keywordTextsOf(
      oneVideo({
        title: 'Easy card trick tutorial',
        description: 'Learn an easy card trick with any deck of cards. The spectator picks a card.',
      }),
    );
    expect(cards.indexOf('deck of cards')).toBe(cards.indexOf('deck') + 1);
  });

  it('only a preposition joins: not English "to", which is an infinitive’s marker', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Bill Gates bought land in Arizona to build a smart city',
        description: 'The philanthropist and inventor bought land in Arizona to build a tech city.',
      }),
    );
    expect(kws).toContain('smart city');
    for (const k of kws) expect(k).not.toMatch(/ to /u);
    for (const lang of ['en', 'fr', 'es', 'pt', 'de', 'it', 'nl']) {
      for (const link of compoundLinks(lang)) expect(isConnector(link, lang), link).toBe(true);
      // the others are counted apart, across a stopword that joins no phrase
      for (const link of bridgeLinks(lang)) {
        expect(isConnector(link, lang), link).toBe(false);
        expect(isStopword(link, lang), link).toBe(true);
      }
    }
  });

  it('a Romance preposition that joins no phrase joins two listed ones: "vérité sur Disney"', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'Polémique sur Squeezie : Thierry Ardisson répond',
        'Thierry Ardisson répond à la polémique sur Squeezie après son interview.',
      ),
    );
    // the only window across "sur" listed is the compound of two listed phrases
    expect(kws).toContain('polémique');
    expect(kws).toContain('squeezie');
    expect(kws.filter((k) => / sur /u.test(k))).toEqual(['polémique sur squeezie']);
    // English glues a noun's complement before it: "brown butter cookies", no "… with brown butter"
    const cookies = keywordTextsOf(
      oneVideo({
        title: 'Chocolate chip cookies with brown butter',
        description: 'The best chocolate chip cookies with brown butter, chewy and soft.',
      }),
    );
    expect(cookies).toContain('brown butter');
    for (const k of cookies) expect(k).not.toMatch(/ with /u);
  });

  it('a preposition and its article written apart are one link: "fête de la musique"', () => {
    // French and Spanish join "de" to one article ("du", "del") and write the others apart
    const phrase = (text: string, lang: Lang) => {
      const words = tokenize(text, 'none', lang)[0]!.words;
      return validPhrase(words, 0, words.length);
    };
    expect(phrase('salon du livre', 'fr')).toBe(true);
    expect(phrase('fête de la musique', 'fr')).toBe(true);
    expect(phrase('tarte à la crème', 'fr')).toBe(true);
    expect(phrase('casa de la moneda', 'es')).toBe(true);
    // a preposition that takes every article apart, and English "of the", join no phrase so
    expect(phrase('sac pour la plage', 'fr')).toBe(false);
    expect(phrase('lord of the rings', 'en')).toBe(false);
    expect(
      keywordTextsOf(
        frenchVideo(
          'La fête de la musique à Lyon',
          'Concerts gratuits dans toute la ville pour la fête de la musique, place Bellecour.',
        ),
      ),
    ).toContain('fête de la musique');
    expect(
      keywordTextsOf(
        frenchVideo(
          'Le col de la Seigne à pied',
          "Étape du Tour du Mont-Blanc : on passe le col de la Seigne entre la France et l'Italie.",
        ),
      ),
    ).toContain('col de la seigne');
  });

  it('an English title keeps its article in another language: "The Voice", not "voice"', () => {
    const voice = keywordTextsOf(
      frenchVideo(
        'Les meilleurs moments de The Voice',
        "Revivez les auditions à l'aveugle de The Voice sur TF1 avec Mika et Florent Pagny.",
      ),
    );
    expect(voice).toContain('the voice');
    expect(voice).not.toContain('voice');
    const words = (text: string, lang: Lang) => tokenize(text, 'none', lang)[0]!.words;
    expect(opensEnglishTitle(words('The Mandalorian', 'es'), 0)).toBe(true);
    // in English it is the article it always is, and a small "the" opens no title
    expect(opensEnglishTitle(words('The Mandalorian', 'en'), 0)).toBe(false);
    expect(opensEnglishTitle(words('the best of', 'fr'), 0)).toBe(false);
  });

  it('a film named with its article is listed alone too, beside the title that holds it', () => {
    // the variant without its article ("prison bande annonce vf") is the same name: it blocks none
    const film = keywordTextsOf(
      frenchVideo(
        'THE PRISON Bande Annonce VF (2017)',
        'Découvrez la bande annonce du film THE PRISON réalisé par Na Hyun.\nTHE PRISON Bande Annonce VF',
      ),
    );
    expect(film).toContain('the prison');
    expect(film).not.toContain('prison');
    expect(film.indexOf('the prison')).toBeLessThan(10);
  });

  it('a Romance article capitalised in running text opens the name: "Le Grand Jury"', () => {
    const show = keywordTextsOf(
      frenchVideo(
        'Le meilleur du dimanche politique',
        "Ce dimanche, l'invitée de l'émission Le Grand Jury était la présidente du parti, interrogée sur le budget et les retraites.\nRetrouvez toutes les émissions Le Grand Jury sur notre chaîne.",
      ),
    );
    expect(show).toContain('le grand jury');
    expect(show).not.toContain('grand jury');
    // a Title Case title says it without the article: one name still, at the title's place
    const interview = keywordTextsOf(
      frenchVideo(
        'Interview : Marine Le Pen dans Le Grand Jury - Replay (19/11/17)',
        "Le 19 novembre 2017 à 12h, Marine Le Pen était l'invitée de l'émission Le Grand Jury sur RTL, en partenariat avec Le Figaro et LCI.",
      ),
    );
    expect(interview.slice(0, 2)).toEqual(['marine le pen', 'le grand jury']);
    expect(interview).not.toContain('grand jury');
    const segment = (text: string) => tokenize(text, 'text', 'fr')[0]!;
    const opensAt = (text: string, k: number) => {
      const s = segment(text);
      return opensName(s.words, s.informative, k);
    };
    expect(opensAt("l'émission Le Grand Jury", 1)).toBe(true);
    // a word in capitals, or an article in small letters, opens no name
    expect(opensAt('rejoignez LA SOUILLE maintenant', 1)).toBe(false);
    expect(opensAt('elle prépare la sauce tomate', 2)).toBe(false);
  });

  it('each part joins in its shortest listed form', () => {
    // "Indy Eka, candidate de Nouvelle Star interprète Here de Alessia Cara"
    const kws = keywordsOfCase('video:-uJYkZBc6t0');
    expect(kws).toContain('nouvelle star interprète');
    expect(kws).toContain('candidate de nouvelle star');
    expect(kws).not.toContain('candidate de nouvelle star interprète');
  });

  it('the noun of a locution is no keyword and joins nothing: "à propos des stéréotypes"', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'Les clichés gays (ft. Andrew Grey)',
        'Nous avons posé plusieurs questions à Andrew Grey à propos des stéréotypes et clichés gays.',
      ),
    );
    expect(kws).toContain('stéréotypes');
    for (const k of kws) expect(k).not.toMatch(/propos/u);
    // a noun that heads compounds of its own as often stays a word: "milieu de terrain"
    expect(
      keywordTextsOf(
        frenchVideo(
          'Le meilleur milieu de terrain du monde',
          'Analyse du rôle du milieu de terrain dans le football moderne.',
        ),
      ),
    ).toContain('milieu de terrain');
    // "en cas de", "au cas où", "en tout cas": a case names nothing of its own
    const elections = keywordTextsOf(
      frenchVideo(
        'Merkel : la patronne en danger',
        "La chancelière serait candidate en cas d'élections anticipées. En cas d'élections, les Verts hésitent.",
      ),
    );
    expect(elections.length).toBeGreaterThan(0);
    for (const k of elections) expect(k).not.toMatch(/\bcas\b/u);
  });

  it('a noun the stopword list holds joins a phrase said twice: "extrême droite"', () => {
    // "droite", "état", "personnes" are nouns the French stopword list holds (weak words)
    const kws = keywordTextsOf(
      frenchVideo(
        "Merkel : la crise politique s'aggrave",
        "Les députés d'extrême droite entrent au Bundestag. L'extrême droite y a 94 sièges, une crise politique sans précédent.",
      ),
    );
    expect(kws).toContain('extrême droite');
    expect(kws).not.toContain('droite');
  });
});

describe('the channel’s own name', () => {
  const keywords = (description: string, channel: string) =>
    keywordTextsOf(
      oneVideo({
        title: 'Bob Saget Hiccups Uncontrollably While Eating Spicy Wings',
        description,
        channel,
      }),
    );

  it('is a keyword, whole, when the video says it in words: a show its viewers search for', () => {
    const kws = keywords(
      'Bob Saget takes on the wings of death on Hot Ones. First We Feast is the home of Hot Ones.',
      'First We Feast',
    );
    expect(kws).toContain('first we feast');
    // counted as one name: its words are no keywords of their own
    expect(kws).not.toContain('feast');
  });

  it('is said in words, not in links, handles or addresses', () => {
    const named = (description: string) =>
      channelsNamedInProse(
        oneVideo({ title: 'Wings of death', description, channel: 'First We Feast' }).corpus,
      ).size;
    expect(named('Watch more First We Feast shows.')).toBe(1);
    expect(named('https://complex.example/first-we-feast/hot-ones')).toBe(0);
    expect(
      named('complex.example/first-we-feast · @first-we-feast · first-we-feast@complex.example'),
    ).toBe(0);
    // each mention by the words it spans: one in an address, another in prose on the same line
    expect(named('Mail first-we-feast@complex.example or watch First We Feast shows.')).toBe(1);
    expect(named('Mail hello@first we feast.')).toBe(0);
  });

  it('is a keyword when it is a person’s: the creator its viewers search for', () => {
    expect(keywords('The wings get hotter.', 'Doug DeMuro')).toContain('doug demuro');
  });

  it('closes a list short of the first page, before only the words said in passing; a full page stays', () => {
    // uploaders tag their channel's name; an ordinary phrase never said says less than the text,
    // but more than a lone word its description says once
    const short = keywords('The wings get hotter.', 'Morning Shot');
    expect(short.length).toBeLessThan(10);
    expect(short.slice(-2)).toEqual(['morning shot', 'hotter']);
    const full = keywords(
      'The wings get hotter. Comedian Bob Saget tries ghost pepper sauce, habanero hot sauce and ' +
        'Carolina Reaper chicken wings, talks about Full House, stand-up comedy tours and his ' +
        'Netflix special, and reviews buffalo sauce from a Brooklyn hot sauce shop.',
      'Morning Shot',
    );
    expect(full.length).toBeGreaterThanOrEqual(10);
    expect(full).not.toContain('morning shot');
  });

  it('is a keyword when said, with the number that tells it from others: "TOP 14"', () => {
    const rugby = (description: string) =>
      keywordTextsOf(
        oneVideo(
          {
            title: 'Résumé Agen-Paris: 29-13 - J11 - Saison 2017/2018',
            description,
            channel: 'TOP 14 - Officiel',
          },
          { language: 'fr' },
        ),
      );
    expect(rugby('Rejoignez la communauté du TOP 14 sur Facebook.')).toContain('top 14');
    // a word and a number that are no name said stay none: "top" alone is a weak word
    expect(
      keywordTextsOf(
        frenchVideo(
          'Résumé Agen-Paris: 29-13 - J11 - Saison 2017/2018',
          'Et retrouvez chaque lundi le TOP 5 des essais du week-end.',
        ),
      ),
    ).not.toContain('top 5');
    expect(validName(tokenize('TOP 14', 'none', 'fr')[0]!.words)).toBe(true);
    expect(validName(tokenize('top la', 'none', 'fr')[0]!.words)).toBe(false);
  });

  it('is said whole with its article, once: "Le Petit Journal", not "petit journal" again', () => {
    const show = (title: string, description: string, channel: string, language: string) =>
      keywordTextsOf(oneVideo({ title, description, channel }, { language }));
    const french = show(
      'Les pires moments de la semaine',
      'Retrouvez Le Petit Journal chaque soir sur Canal+ avec toute la rédaction.',
      'Le Petit Journal',
      'fr',
    );
    expect(french).toContain('le petit journal');
    expect(french).not.toContain('petit journal');
    const english = show(
      'The best moments of the week',
      'Watch The Daily Show every night on Comedy Central with the whole team.',
      'The Daily Show',
      'en',
    );
    expect(english.filter((k) => k.endsWith('daily show'))).toEqual(['the daily show']);
    // a Title Case title's window without the article is the same name, listed once
    const tour = show(
      'The Grand Tour Returns: Jeremy Clarkson And James May Hunt A Car Thief',
      'Jeremy Clarkson, Richard Hammond and James May are back. Watch The Grand Tour, only on Prime Video.',
      'The Grand Tour',
      'en',
    );
    expect(tour).toContain('the grand tour');
    expect(tour).not.toContain('grand tour');
    // a name in two pieces is said in them: "Parlons peu, mais Parlons" holds no "mais parlons"
    const parts = show(
      'Le zapping de la semaine',
      'Parlons peu, mais Parlons : le meilleur de la télé cette semaine.',
      'Parlons peu, mais Parlons',
      'fr',
    );
    expect(parts).not.toContain('mais parlons');
  });

  it('closes a short list whole, whatever words a person put inside it', () => {
    // a name is written as a whole, as a tag is: a function word inside it, even of another
    // language, does not make it a window of running text
    const french = (channel: string) =>
      keywordTextsOf(
        oneVideo(
          { title: 'Je trouve YouTube dommage', description: 'La saison 3 est ici.', channel },
          { language: 'fr' },
        ),
      );
    // after what the title backs, before "saison", said once in passing
    expect(french('Road to Saiyan').slice(-2)).toEqual(['road to saiyan', 'saison']);
    expect(french('Touche pas à mon poste').slice(-2)).toEqual([
      'touche pas à mon poste',
      'saison',
    ]);
  });

  it('is said without the platform’s labels: official, VEVO, its language', () => {
    for (const [title, name] of [
      ['OKLMofficial', 'OKLM'],
      ['M4 Official', 'M4'],
      ['TOP 14 - Officiel', 'TOP 14'],
      ['AlloCiné - la chaîne officielle', 'AlloCiné'],
      ['Troom Troom FR', 'Troom Troom'],
      ['EminemVEVO', 'Eminem'],
      // nor the marks a title shouts after it
      ['SERGY !!!', 'SERGY'],
      ['Touche pas à mon poste !', 'Touche pas à mon poste'],
      ['¡Hola Soy Germán!', 'Hola Soy Germán'],
      // nor a separator left at an end, line breaks, or characters no keyword can hold
      ['Nuréa TV –', 'Nuréa TV'],
      ['| Coffee Lab', 'Coffee Lab'],
      ['...Coffee\n\nLab', 'Coffee Lab'],
      ['Coffee\u202eLab\u200b', 'CoffeeLab'],
      ['Coffee Lab\ud800', 'Coffee Lab'],
      // names that only end like a label
      ['Hot Ones', 'Hot Ones'],
      ['Les Anges', 'Les Anges'],
      ['Disney Channel', 'Disney Channel'],
      ['Official', 'Official'],
    ] as const)
      expect(channelName(title)).toBe(name);
    const kws = keywords('Retrouvez Lacrim dans OKLM, la nouvelle émission rap.', 'OKLMofficial');
    expect(kws).toContain('oklm');
  });

  it('glued in one word, as a handle, is said glued or in the words its capitals mark', () => {
    // the band, said apart in the title; its words alone are no keywords
    const band = keywordTextsOf(
      oneVideo({
        title: 'Fall Out Boy - HOLD ME TIGHT OR DON’T',
        description: 'New single out now.',
        channel: 'FallOutBoyVEVO',
      }),
    );
    expect(band).toContain('fall out boy');
    expect(band).not.toContain('fall');
    // a creator named as a person; a brand its videos write glued stays glued
    expect(keywords('The wings get hotter.', 'MeganBatoon')).toContain('megan batoon');
    // (the channel's name may close the list as well, typed as its capitals mark it)
    const brand = keywordItemsOf(
      oneVideo({
        title: 'Bob Saget Hiccups Uncontrollably While Eating Spicy Wings',
        description: 'Top 10 des films de WatchMojo cette semaine.',
        channel: 'WatchMojo',
      }),
    )
      .filter((i) => i.source !== 'channels')
      .map((i) => i.text.toLowerCase());
    expect(brand).toContain('watchmojo');
    expect(brand).not.toContain('watch mojo');
    // closing a short list, a name its videos write glued (a handle) and never apart is a brand
    // spelled as one word: "YouTunes", not "You Tunes"
    const filled = (description: string) =>
      keywordItemsOf(
        oneVideo(
          { title: 'LE MONDE DE DISNEY ! Feat BOOSTEE (CLIP)', description, channel: 'YouTunes' },
          { language: 'fr' },
        ),
      )
        .filter((i) => i.source === 'channels')
        .map((i) => i.text.toLowerCase());
    expect(filled('Merci à tous !\nINSTAGRAM : JordanYoutunes')).toEqual(['youtunes']);
    expect(filled('Merci à tous !\nAbonne-toi à You Tunes, et à JordanYoutunes')).toEqual([
      'you tunes',
    ]);
    // a surname's particle stays on it: no "Mc" or "De" alone
    expect(keywords('The wings get hotter.', 'DougDeMuro')).toContain('doug demuro');
  });
});

describe('a list too short to serve', () => {
  it('gets the channel’s name; a list of its own only before what it says in passing', () => {
    // "Dropping And CATCHING A Paper Airplane At 2,000 Feet!" and links: three keywords
    const of = (id: string) => keywordsOf(cases.find((x) => x.id === id)!).map(fold);
    const tucker = of('video:Y6eKxjMA9ek');
    expect(tucker).toContain('tucker gott');
    // a glued title is typed apart, with its article, as a show is named ("Les Anges", not "anges")
    expect(of('video:CKPMAICRYuw')).toContain('the ellen show');
    // "Bill Gates Bought Land in Arizona to Build a Smart City" says enough: "12 news" comes after
    // all it says, before the description's lone words said once ("inventor", "philanthropist")
    const gates = of('video:9KIP-Ncp2jU');
    const news = gates.indexOf('12 news');
    expect(news).toBeGreaterThan(gates.indexOf('smart city'));
    expect(gates.slice(news + 1).length).toBeGreaterThan(0);
    for (const k of gates.slice(news + 1)) expect(k, k).not.toContain(' ');
    // a full first page of phrases gets no name
    expect(of('video:0KcvQpRdCzQ')).not.toContain('unbox therapy');
    // the title of the Facebook page the video links, after the channel's: "gamepley" is
    // Guillaume Pley's
    const pley = of('video:qDAW3V85tEk');
    expect(pley.indexOf('guillaume pley')).toBe(pley.indexOf('gamepley') + 1);
    expect(pley.indexOf('gamepley')).toBeGreaterThan(-1);
  });

  it('reads a linked Facebook page’s title from its address, not a username or a group', () => {
    expect(
      linkedPageNames(
        'Facebook : https://www.facebook.com/Guillaume-Pley-246330025378880/\n' +
          'https://www.facebook.com/BRUNO-Un-nouveau-message--1509546539352729/ ' +
          'facebook.com/pages/Nota-Bene/123456789012 https://www.facebook.com/Guillaume-Pley-246330025378880/',
      ),
    ).toEqual(['Guillaume Pley', 'BRUNO Un nouveau message', 'Nota Bene']);
    expect(
      linkedPageNames(
        'https://www.facebook.com/ptitdeliretv facebook.com/groups/123456789012345 ' +
          'facebook.com/profile.php?id=100012345678 facebook.com/SomeName/videos/1234567890123',
      ),
    ).toEqual([]);
  });
});

describe('a channel’s show line', () => {
  it('a sentence at the top of each video stands in for a channel without a description', () => {
    // "Tous les jours à 15h30 …, retransmission en direct du Chapelet depuis Lourdes": dropped from
    // every video as a template, the channel's list was "chapelet" alone
    const ktotv = cases.find((x) => x.id === 'channel:KTOTV')!;
    expect(keywordsOf(ktotv).map(fold)).toContain('lourdes');
    const rfm = cases.find((x) => x.id === 'channel:RFM France')!;
    expect(keywordsOf(rfm).map(fold)).toContain('marc antoine le bret');
    // a channel's own description says what its show is: the template stays out
    const described = corpusOfCase(ktotv);
    described.channels[0]!.description = 'La chaîne de télévision catholique.';
    expect(keywordsOf(ktotv, described).map(fold)).not.toContain('sanctuaires');
  });

  it('the paragraph under "About" the channel at each video’s foot stands in for one too', () => {
    // "About The Scran Line / … My name is Nick. I’m a pastry chef and graphic designer …"
    const scran = cases.find((x) => x.id === 'channel:The Scran Line')!;
    expect(keywordsOf(scran).map(fold)).toContain('pastry chef');
    // under another heading, and naming no channel, it is a template like any other, dropped
    const other = corpusOfCase(scran);
    for (const v of other.videos)
      v.description = v.description
        .replace(/^About The Scran Line$/mu, 'About the author')
        .replace(/you get The Scran Line!/u, 'you get this!');
    expect(keywordsOf(scran, other).map(fold)).not.toContain('pastry chef');
  });

  it('a template sentence that names the channel describes it, wherever it stands', () => {
    // "Each week night, THE LATE LATE SHOW with JAMES CORDEN throws the ultimate late night after
    // party with a mix of celebrity guests, edgy musical acts, games and sketches."
    const c = cases.find((x) => x.id === 'channel:The Late Late Show with James Corden')!;
    const topics = generate({
      corpus: corpusOfCase(c),
      background: background(c),
      seed: null,
      campaign: { objective: '', campaignType: null, language: 'en' },
    })
      .items.filter((i) => i.section === 'topics')
      .map((i) => i.text);
    expect(topics).toContain('/Arts & Entertainment/Humor');
  });

  it('a talk show is a TV show, a trailer a movie: each Google’s own topic path', () => {
    // "About Jimmy Kimmel Live: … ABC's late-night talk show."
    const kimmel = topicsOf('video:oMupq6zB1Tc');
    expect(kimmel).toContain('/Arts & Entertainment/TV & Video/TV Shows & Programs');
    expect(kimmel).toContain('TV Lovers');
    expect(kimmel).not.toContain('Movie Lovers');
    // a film studio's trailers
    const warner = topicsOf('channel:Warner Bros. Pictures');
    expect(warner).toContain('/Arts & Entertainment/Movies');
    expect(warner).not.toContain('TV Lovers');
  });

  it('a line over a link alone is the link’s caption, no show line', () => {
    // "Ma boutique de tshirts et goodies est disponible, profitez en" above the shop's link
    const kirby = cases.find((x) => x.id === 'channel:Kirby-54')!;
    const kws = keywordsOf(kirby).map(fold);
    expect(kws).toContain('ps vita');
    for (const word of ['boutique', 'goodies', 'tshirts']) expect(kws).not.toContain(word);
  });
});

describe('verbs', () => {
  it('a word right after a French subject or reflexive clitic is a verb, no keyword alone', () => {
    // "Le volcan Agung se réveille à Bali": "réveille" was a keyword
    const c = cases.find((x) => x.id === 'video:ma4X_CS908M')!;
    const kws = keywordsOf(c).map(fold);
    expect(kws).toContain('volcan agung');
    expect(kws).not.toContain('reveille');
  });

  it('nor does a phrase it starts, after "vous", "nous", "me" or "te" too', () => {
    const kws = keywordItemsOf(
      frenchVideo(
        'Comment j’accroche mon chapeau ?',
        'Si vous voulez savoir comment tenir un chapeau à moto, c’est ici. Vous souhaitez participer à une vidéo ? Nous pensons fondamentalement que le chapeau de paille est fait pour la moto.',
      ),
    ).map((i) => fold(i.text));
    expect(kws).toContain('chapeau');
    for (const verb of ['voulez', 'souhaitez', 'pensons'])
      expect(
        kws.filter((k) => k.startsWith(verb)),
        verb,
      ).toEqual([]);
  });

  it('after "l\'on" and "qu\'on", written in one piece, and a verb in "-ent" after "que"', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'Quand on est enceinte !',
        "Quel bonheur d'être enceinte ! C'est ce que l'on entend à chaque fois, mais ce n'est pas ainsi qu'on le vit. Les femmes enceintes le disent : c'est ce que l'on entend. Cinq problèmes que vivent parfois les femmes enceintes.",
      ),
    );
    expect(kws).toContain('enceinte');
    // "que" puts the verb before its subject
    for (const k of kws) expect(k).not.toMatch(/\b(?:entend|vivent)\b/u);
    expect(isPluralVerb('que', 'vivent', 'fr')).toBe(true);
    expect(isPluralVerb('que', 'récemment', 'fr')).toBe(false);
  });

  it('a French or Spanish participle before its agent ends in a verb: "film réalisé par"', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'THE PRISON Bande Annonce VF',
        'Un film réalisé par Na Hyun. Un crime aidé par les gardiens de la prison. Une série créée par la chaîne. Une bande annonce par jour, un film par semaine.',
      ),
    ).map(fold);
    expect(kws).toContain('bande annonce vf');
    for (const k of kws) expect(k).not.toMatch(/(?:realise|aide|creee)$/);
    // a noun before a "par" that says "per" ("un film par semaine") is no participle
    expect(isParticiple('réalisé', 'fr') && isParticiple('dirigida', 'es')).toBe(true);
    expect(isParticiple('film', 'fr') || isParticiple('jour', 'fr')).toBe(false);
  });

  it('French and Spanish everyday verbs are weak in their language only', () => {
    expect(wordInfo('changer', 'fr').kind).toBe(WEAK);
    expect(wordInfo('mira', 'es').kind).toBe(WEAK);
    // "game changer", "jazz ensemble", "Dale Earnhardt" are English phrases
    expectKind(CONTENT, ['changer', 'ensemble', 'dale', 'mira'], 'en');
  });

  it('the like button’s Spanish word is weak, as English "like" is: "Dale Me gusta"', () => {
    expect(wordInfo('gusta', 'es').kind).toBe(WEAK);
    // a description as the trending lists keep it: its lines glued to the links before them
    const kws = keywordTextsOf(
      oneVideo(
        {
          title: 'EEG El Gran Clásico - 12/06/2018 - 2/5',
          description:
            'Mira EEG El Gran Clásico por América tvgo.Mira los capítulos completos: http://bit.ly/17QTn7wDale Me gusta a América en Facebook: http://on.fb.me/1dmLCrtSigue a América Televisión en Twitter: http://bit.ly/1a1CupZ',
        },
        { language: 'es' },
      ),
    );
    expectKeywords(kws, 'gran clásico', /\bgusta\b/u);
  });

  it('a product’s model is no promotion code: "Kawasaki Z900", "Yamaha XJ6"', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'JE REFAIS DES PHOTOS ! #DÉFI',
        'Motos : Yamaha XJ6 et Kawasaki Z900\nLigne d’échappement : Ixrace et Akrapovic',
      ),
    );
    for (const model of ['yamaha xj6', 'kawasaki z900']) expect(kws).toContain(model);
  });

  it('yesterday, tomorrow and counts of time are weak in every language, as in English', () => {
    expectKind(WEAK, [
      ['hier', 'fr'],
      ['demain', 'fr'],
      ['heures', 'fr'],
      ['ans', 'fr'],
      ['mañana', 'es'],
      ['minutos', 'es'],
      ['amanhã', 'pt'],
      ['gestern', 'de'],
      ['stunden', 'de'],
    ]);
    expectKind(WEAK, ['yesterday', 'tomorrow', 'hours'], 'en');
    // a notice of an upload to come, and an age: the time words make no keyword of their own
    expectFrenchKeywords(
      'Le gros projet de PrinceKader',
      'Un gros projet à découvrir demain. Ma chienne a 3 ans, rouge merle.',
      'gros projet',
      /demain|\bans\b/u,
    );
  });

  it('a weak word written without its accents is still weak, outside English', () => {
    expectKind(WEAK, [
      ['chaine', 'fr'],
      ['decouvrir', 'fr'],
      ['premiere', 'fr'],
      ['increible', 'es'],
    ]);
    // an English word of its own, and a weak noun still ends a phrase ("zap de la semaine")
    expect(wordInfo('premiere', 'en').kind).toBe(CONTENT);
    // nor where the language writes the accent-free form as a word of its own: Spanish "ola" (a
    // wave) is no Portuguese "olá", "marco" (a frame) no Portuguese "março"
    expectKind(CONTENT, ['ola', 'marco'], 'es');
    expect(wordInfo('annee', 'fr').tailOk).toBe(true);
    const kws = keywordTextsOf(
      frenchVideo(
        'Zapping TV : le zap de la chaine C8',
        'Le zapping de la chaine. Abonnez-vous à la chaine !',
      ),
    );
    expect(kws.some((k) => k.includes('zap'))).toBe(true);
    expect(kws).not.toContain('chaine');
  });

  it('"en direct" and "en vivo" say live: weak words, as English "live" is', () => {
    expect(wordInfo('direct', 'fr').kind).toBe(WEAK);
    expect(wordInfo('vivo', 'es').kind).toBe(WEAK);
    expect(wordInfo('live', 'en').kind).toBe(WEAK);
    const kws = keywordTextsOf(
      frenchVideo('Le chapelet en direct de Lourdes', 'Le chapelet, en direct des sanctuaires.'),
    );
    expect(kws).toContain('chapelet');
    expect(kws).not.toContain('direct');
  });

  it('a welcome is a greeting in every language, as English "welcome" is', () => {
    expectKind(WEAK, [
      ['welcome', 'en'],
      ['bienvenue', 'fr'],
      ['bienvenidos', 'es'],
      ['willkommen', 'de'],
    ]);
    expectFrenchKeywords(
      'iPhone X : mon avis',
      'Bienvenue sur la chaîne ! Vous y trouverez des tests de smartphones.',
      'iphone x',
      /^bienvenue$/u,
    );
  });

  it('a release’s announcement words are the music platforms’ own: no keyword alone', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Fall Out Boy - HOLD ME TIGHT OR DON’T',
        description:
          "New single HOLD ME TIGHT OR DON'T out now - download/stream the song: https://label.example/holdmetight\n\n" +
          'MANIA out on January 19th - preorder the album now: https://label.example/mania\n\n' +
          'Directed by Brendan Walter and Mel Soria',
        channel: 'FallOutBoyVEVO',
      }),
    );
    expect(kws).toContain('fall out boy');
    for (const k of kws) expect(k).not.toMatch(/\b(?:single|album|download|stream|preorder)\b/);
    // weak, as "video" is: part of a phrase ("album review"), never one alone
    expect(wordInfo('album', 'en').kind).toBe(WEAK);
  });

  it('an upload’s quality label is the platform’s own word: no keyword alone', () => {
    expectFrenchKeywords(
      'France vs Allemagne 2-2 Résumé complet HD',
      'Tous les buts du match amical France Allemagne en HD. Full HD 1080p.',
      'france allemagne',
      /^(?:full )?hd$/u,
    );
    expect(wordInfo('HD', 'fr').kind).toBe(WEAK);
  });
});

describe('the viewer addressed', () => {
  it('a French verb of the "vous" form is part of no keyword; a capitalised surname in "-ez" is a name', () => {
    expect(wordInfo('visitez', 'fr').kind).not.toBe(CONTENT);
    expect(wordInfo('Lopez', 'fr').kind).toBe(CONTENT);
    // Spanish nouns end so too: "ajedrez", "rapidez"
    expect(wordInfo('ajedrez', 'es').kind).toBe(CONTENT);
    const kws = keywordTextsOf(
      frenchVideo(
        'Tirage oracle de la nouvelle lune',
        'Alors prenez soin de vous : découvrez le tirage, retrouvez Lucy Cavendish et Jennifer Lopez. Téléchargez l’application du tirage.',
      ),
    );
    expect(kws).toContain('tirage oracle');
    expect(kws).toContain('jennifer lopez');
    for (const k of kws)
      expect(k).not.toMatch(/(?:^|\s)(?:prenez|découvrez|retrouvez|téléchargez)(?:\s|$)/u);
  });

  it('the same calls said to one viewer are no keyword either: "Retrouve-moi", "regarde"', () => {
    expectFrenchKeywords(
      'Devinettes pour ton cerveau',
      'Réponds vite et regarde tes résultats ! Retrouve Carmine sur Instagram, profite de la vidéo.',
      'devinettes',
      /(?:^|\s)(?:regarde|retrouve|profite)(?:\s|$)/u,
    );
  });
});

describe('adverbs of manner', () => {
  it('a French adverb in "-ment", a Romance one in "-mente" and a future are part of no keyword', () => {
    expectKind(STOP, ['généralement', 'facilement', 'complètement', 'notamment', 'rarement'], 'fr');
    expect(wordInfo('rápidamente', 'es').kind).toBe(STOP);
    expect(wordInfo('veramente', 'it').kind).toBe(STOP);
    // nouns made of a verb end in "-ment" too, and a name in "-mente"
    expectKind(
      CONTENT,
      ['rangement', 'gouvernement', 'signalement', 'roulement', 'complément'],
      'fr',
    );
    expect(wordInfo('Clemente', 'es').kind).toBe(CONTENT);
    // a verb in the future is part of no keyword either; no noun ends so
    expectKind(STOP, ['tenteront', 'dévoileront', 'prendront'], 'fr');
    // its third person singular, and the irregular stems', written in small letters
    expectKind(STOP, ['fonctionnera', 'rendra', 'finira', 'pourra', 'verront', 'saura'], 'fr');
    // names written with their capital end so, and a few nouns
    expectKind(CONTENT, ['Samira', 'Sandra', 'Saura', 'camera', 'toundra'], 'fr');
    expectKind(STOP, ['darán', 'jugaremos'], 'es');
    expect(wordInfo('huracán', 'es').kind).toBe(CONTENT);
    expect(wordInfo('verão', 'pt').kind).toBe(CONTENT);
    const kws = keywordTextsOf(
      frenchVideo(
        'Crash test : une machine à crêpes',
        'Ce gadget est censé faire des crêpes facilement. Les produits sont généralement présentés comme révolutionnaires. Le boss fonctionnera-t-il ? Le centre ville pourra respirer.',
      ),
    );
    expect(kws).toContain('machine à crêpes');
    for (const k of kws) expect(k).not.toMatch(/ment(?:\s|$)|fonctionnera|pourra/u);
  });

  it('English prepositions of place the stopword list lacks are function words; "behind" is not', () => {
    expectKind(STOP, ['ahead', 'across', 'despite', 'amid', 'throughout', 'beneath'], 'en');
    expect(wordInfo('behind', 'en').kind).toBe(CONTENT);
  });

  it('English adverbs by their endings, and the modal "may", are function words', () => {
    expectKind(
      STOP,
      ['reportedly', 'officially', 'uncontrollably', 'seriously', 'surprisingly'],
      'en',
    );
    expectKind(CONTENT, ['family', 'daily', 'friendly', 'assembly', 'rally'], 'en');
    // the modal "may" in small letters; "May" the month or the name is a word
    expect(wordInfo('may', 'en').kind).toBe(STOP);
    expect(wordInfo('May', 'en').kind).toBe(CONTENT);
    // "The Justice Department is reportedly deciding…", "hiccups uncontrollably"
    expectKeywords(
      keywordTextsOf(
        oneVideo({
          title: 'Bob Saget hiccups uncontrollably while eating spicy wings',
          description:
            'The Justice Department is reportedly deciding on a special counsel. Bob Saget hiccups uncontrollably on Hot Ones while eating spicy wings.',
        }),
      ),
      'bob saget',
      /reportedly|uncontrollably/u,
    );
  });

  it('French adverbs of time, place and degree the list lacks are function words', () => {
    expectKind(
      STOP,
      ['jamais', 'autour', 'déjà', 'deja', 'presque', 'bientôt', 'vite', 'ensuite'],
      'fr',
    );
    // "rediffusion autour de minuit" gave "rediffusion autour"
    expectFrenchKeywords(
      'Le chapelet de Lourdes',
      'Rediffusion autour de minuit. Le chapelet, déjà certifié, ne finit jamais.',
      'chapelet',
      /autour|jamais|déjà/u,
    );
  });

  it('the present of venir, tenir and the commonest irregular verbs, and their imperfect, is part of no keyword', () => {
    expectKind(
      STOP,
      [
        'devient',
        'revient',
        'appartient',
        'obtiennent',
        'viens',
        'tient',
        'dis',
        'veut',
        // and their imperfect: "travail allait détruire", "voulait imposer tout"
        'allait',
        'voulait',
        'pouvaient',
      ],
      'fr',
    );
    // nouns that look like them stay words
    expectKind(
      CONTENT,
      ['entretiens', 'patient', 'quotient', 'ancien', 'gardien', 'mets', 'bois'],
      'fr',
    );
    expectFrenchKeywords(
      'Raiponce : le film qui appartient à Disney',
      'Le tournage de Raiponce appartient à l’histoire du studio. Un policier devient chef de gang.',
      'raiponce',
      /appartient|devient/u,
    );
  });

  it('a French phrase right before a subject pronoun ends in a conjunction or a verb', () => {
    // "respecter un maximum car ils font tout", "iPhone X vaut-il son prix ?"
    expectFrenchKeywords(
      'Soyez gentils avec vos parents',
      'Nos parents sont ce qu’on a de plus précieux au monde car ils nous ont donné la vie. Il faut les respecter un maximum car ils font tout pour nous. Le camping car de mes parents est garé devant la maison.',
      // "car" the noun stays
      'camping car',
      /maximum car|monde car/u,
    );
  });

  it('a French participle after "avoir" or "être" starts what someone did, no keyword', () => {
    // "Le dollar a perdu 92 % de sa valeur", "il m'a compilé tout ça"; "a peur" stays
    expectFrenchKeywords(
      'Le dollar a perdu 92 % de sa valeur',
      'Hugo a peur du dentiste. Le dollar a perdu 92 % de sa valeur, il m’a compilé tout ça.',
      'peur',
      /^(?:perdu|compilé)/u,
    );
  });

  it('an English word in "-ing" after "be" is what someone is doing, no keyword', () => {
    expectEnglishKeywords(
      'Living with vitiligo',
      'People keep wondering. I was reading about vitiligo treatments.',
      'vitiligo treatments',
      /^reading/u,
    );
  });

  it('what follows an adverb of degree is an adjective or a verb, no keyword', () => {
    // "une vidéo assez sympathique et agréable à regarder", "very different results"
    expectFrenchKeywords(
      'Réaction à une compilation de chiens',
      'On se retrouve pour une vidéo assez sympathique et agréable à regarder. Une réaction à une compilation de chiens très drôles.',
      'compilation de chiens',
      /^(?:sympathique|drôles)/u,
    );
    expectEnglishKeywords(
      'Why sourdough rises',
      'Two starters gave very different results. The rye starter rose faster.',
      'rye starter',
      /^different/u,
    );
  });

  it('a French word after "qui", or an infinitive after "pour" or a verb governing one, is a verb', () => {
    // "devinettes qui mettront ton cerveau", "pour vérifier", "vont embrouiller"
    expectFrenchKeywords(
      'Sept devinettes qui mettront ton cerveau à l’épreuve',
      'Ces devinettes vont embrouiller ton cerveau. Fais ce test pour vérifier ta logique : les devinettes qui mettront ton esprit à rude épreuve. Vérifier ses réponses, embrouiller ses amis, les devinettes mettront tout le monde d’accord.',
      'devinettes',
      /^(?:mettront|embrouiller|vérifier)/u,
    );
    // a name after "pour" stays one, capitalised in running text: "un cadeau surprise pour Booder"
    expectKeywords(
      keywordTextsOf(
        frenchVideo(
          'Un cadeau surprise pour Booder',
          "On a préparé un cadeau surprise pour Booder, l'humoriste. Le cadeau surprise pour Booder est une machine à crêpes.",
        ),
      ),
      'booder',
    );
    // a noun after "pour" or "sans" stays one: "pour enfants", "sans filtre"
    expect(governsVerb('pour', 'vérifier', 'fr')).toBe(true);
    expect(governsVerb('pour', 'enfants', 'fr')).toBe(false);
    expect(governsVerb('sans', 'filtre', 'fr')).toBe(false);
    expect(governsVerb('pour', 'comprender', 'es')).toBe(false);
    // in any tense: "la flexibilité qu'elle voulait imposer", "allait détruire les défenses"
    expectFrenchKeywords(
      'Loi travail : la flexibilité des salariés',
      "La flexibilité qu'elle voulait imposer allait détruire les défenses des salariés. La loi travail pourrait détruire les défenses des salariés.",
      'flexibilité',
      /^(?:imposer|détruire)/u,
    );
    expect(governsVerb('allait', 'détruire', 'fr') && governsVerb('savent', 'répondre', 'fr')).toBe(
      true,
    );
    // across its negation ("ne savent pas répondre"), and only there: "ne coûte pas cher"
    expect(governsVerb('pas', 'répondre', 'fr', 'savent')).toBe(true);
    expect(governsVerb('pas', 'cher', 'fr', 'coûte')).toBe(false);
    expectFrenchKeywords(
      'Énigmes auxquelles les adultes ne savent pas répondre',
      'Des énigmes pour enfants auxquelles les adultes ne savent pas répondre. Les adultes ne peuvent plus répondre.',
      'énigmes',
      /^répondre$/u,
    );
  });

  it('a French word in "-ent" after a plural noun is its verb, no keyword\'s end', () => {
    // "les chercheurs explosent", "les prochaines vidéos arrivent": an adjective there would take the "s"
    expectFrenchKeywords(
      'Les crampons des footballeurs',
      'Les footballeurs portent des crampons moulés. Sur terrain gras, les footballeurs portent des crampons vissés. Les crampons vissés tiennent mieux.',
      'crampons vissés',
      /portent$/u,
    );
    // an adverb in "-ment" and an adjective that agrees are no verbs: "vidéos récemment", "vidéos récentes"
    expect(isPluralVerb('vidéos', 'arrivent', 'fr')).toBe(true);
    expect(isPluralVerb('vidéos', 'récemment', 'fr')).toBe(false);
    expect(isPluralVerb('vidéos', 'récentes', 'fr')).toBe(false);
    expect(isPluralVerb('vidéo', 'arrivent', 'fr')).toBe(false);
  });

  it("a French verb before its object's elided article ends and breaks phrases; an infinitive stays", () => {
    // a noun there takes "de l'": "maillon de l'empire", never "maillon l'empire"
    const film = keywordTextsOf(
      frenchVideo(
        'THE PRISON Bande Annonce VF',
        "Les gardiens lui fournissent l'alibi parfait. Très vite, il devient un maillon de l'empire criminel.",
      ),
    );
    expect(film).toContain('alibi parfait');
    for (const k of film) expect(k).not.toMatch(/fournissent/u);
    const lessons = keywordTextsOf(
      frenchVideo(
        "Apprendre l'anglais en 30 jours",
        "Ma méthode pour apprendre l'anglais seul : apprendre l'anglais avec des séries.",
      ),
    );
    expect(lessons).toContain("apprendre l'anglais");
  });

  it('so is one after "gens", a noun the stopword lists hold, and after "les", its object', () => {
    expectFrenchKeywords(
      '5 énigmes pour enfants',
      'Seuls les génies trouvent la solution. Et seulement 17% des gens arrivent à résoudre la dernière : les énigmes et les comportements qui les rendent uniques.',
      'énigmes',
      /\b(?:arrivent|rendent)$/u,
    );
    // "leur" is a determiner of the singular: "leur client" is a noun
    expect(stopwordBeforePluralVerb('leur', 'fr')).toBe(false);
  });

  it('a word English weakens is a noun of its own in another language: French "couple"', () => {
    expect(wordInfo('couple', 'fr').kind).toBe(CONTENT);
    expect(wordInfo('couple', 'en').kind).toBe(WEAK);
    expect(wordInfo('mate', 'es').kind).toBe(CONTENT);
    expect(
      keywordTextsOf(
        frenchVideo('NOTRE PREMIÈRE DISPUTE DE COUPLE !!', 'On règle nos comptes à la Fury Room.'),
      ),
    ).toContain('dispute de couple');
  });

  it('the sign of a number is part of no keyword: "images du foot N°61"', () => {
    const kws = keywordTextsOf(
      frenchVideo(
        'Le best of des images du foot N°61',
        'Voici le best of des images du foot N°61 ! Et le zap foot nº 62 arrive.',
      ),
    );
    expect(kws.some((k) => k.includes('images du foot'))).toBe(true);
    for (const k of kws) expect(k).not.toMatch(/(?:^|\s)n[°º]?(?:\s|$)/u);
  });

  it('a French function word is one under a capital that drops its accent ("Etre" is "être")', () => {
    expectKind(STOP, ['Etre', 'Etait', 'Etaient'], 'fr');
    // a content word stays one, and English has no such rule
    expectKind(CONTENT, ['Ecole', 'Etats', "l'Europe"], 'fr');
    expect(wordInfo('Etre', 'en').kind).toBe(CONTENT);
    // a noun the stopword list holds is weak, with or without its accent ("l'Etat" is "l'état")
    expectKind(WEAK, ['état', 'Etat', "l'Etat"], 'fr');
  });

  it('a noun or an adjective the stopword lists hold is weak: part of a phrase, no keyword alone', () => {
    expectKind(WEAK, [
      ['personnes', 'fr'],
      ['droite', 'fr'],
      ['haut', 'fr'],
      ['estado', 'es'],
      ['lugar', 'es'],
      ['pessoas', 'pt'],
      ['menschen', 'de'],
    ]);
    // the singular "personne" is also "nobody": a function word
    expect(wordInfo('personne', 'fr').kind).toBe(STOP);
    const kws = keywordTextsOf(
      frenchVideo(
        'Fait-on assez de place aux personnes handicapées dans les médias ?',
        "Le chef de l'Etat répond. L'Etat aide les personnes handicapées, dit l'Etat.",
      ),
    );
    expect(kws).toContain('personnes handicapées');
    for (const k of kws) expect(k).not.toMatch(/^(?:personnes|l'etat|etat|état)$/);
    // a news show's channel writes "l'Etat" ten times: a weak word under its article, no keyword
    expect(keywordsOfCase("channel:C dans l'air")).not.toContain('etat');
    // in a shouted title, a verb after its plural subject is still a verb
    const shouted = keywordTextsOf(
      frenchVideo(
        'SEUL 1% DES PERSONNES COMPRENNENT COMMENT ILS FONT CA !!',
        'Le tour de magie que personne ne comprend, expliqué.',
      ),
    );
    for (const k of shouted) expect(k).not.toContain('comprennent');
  });
});

describe('calls to action', () => {
  it('a sentence asking for a subscription, a like or a follow is no text of the video', () => {
    expect(withoutCallsToAction('Subscribe to my channel! Today we hike the Colorado Trail.')).toBe(
      'Today we hike the Colorado Trail.',
    );
    expect(withoutCallsToAction('Click the bell icon to get notified')).toBe('');
    expect(withoutCallsToAction('Dale like y suscríbete para más recetas')).toBe('');
    expect(withoutCallsToAction('Abonne-toi à la chaîne')).toBe('');
    // joining a fan club is one ("join keith" was a keyword of "Join Keith's fan club: …")
    expect(withoutCallsToAction("Join Keith's fan club: https://keithurban.net/theville")).toBe('');
    // "follow" and "like" alone are ordinary words
    for (const s of ['Follow the trail to the lake.', 'It feels like home on the trail'])
      expect(withoutCallsToAction(s)).toBe(s);
  });

  it('a heading of links that names only what it asks to follow is a call too', () => {
    for (const s of [
      'Mes réseaux sociaux⬇️',
      'Réseaux Sociaux :',
      'Retrouvez-nous sur les réseaux sociaux :',
    ])
      expect(withoutCallsToAction(s)).toBe('');
    // a sentence about social media is text of the video
    const about = 'Les réseaux sociaux et la démocratie';
    expect(withoutCallsToAction(about)).toBe(about);
    // a heading that names the show keeps the show's name, not what kind of links follow
    expect(withoutCallsToAction('TPMP sur les réseaux sociaux :')).toBe('TPMP sur les :');
    expect(
      withoutCallsToAction(
        'Liens des produits sur le site internet : http://mavachou.fr Mon autre chaîne : https://www.youtube.com/user/x',
      ),
    ).toBe('des produits sur le : http://mavachou.fr Mon autre : https://www.youtube.com/user/x');
  });

  it('a sentence sending the viewer to a link is its caption; a place visited is not', () => {
    expectCalls(
      [
        'For tickets visit http://www.titanicmovie.com',
        'For more info on the game, or to opt in to the beta, head to https://worldofwarcraft.com',
        'Pour plus de recettes, rendez-vous sur www.marmiton.org',
        // the link on the next line
        'For more videos and articles visit:',
      ],
      ['This week we visit Lisbon and its tram 28.', 'Places we visit: Lisbon and Porto'],
    );
  });

  it('the like button as French creators name it is a call whatever the verb', () => {
    expectCalls(
      [
        'Donne à ma vidéo un pouce bleu, grâce à toi, elle sera mieux référencée',
        'Pour mettre un pouce bleu ⬆️',
        "N'hésite pas à laisser un pouce vers le haut si tu as apprécié cette vidéo",
      ],
      // a thumb is an ordinary word
      ["Il s'est cassé le pouce en escalade"],
    );
  });

  it('social media and a website are what a call asks to follow, in each language', () => {
    for (const s of [
      'Our Social Media:',
      'Join us on Social Media!',
      'Mes réseaux sociaux officiels :',
      'Site internet : princekader.fr',
      'Official website: https://example.com',
      'Síguenos en redes sociales',
    ])
      expect(withoutCallsToAction(s), s).toBe('');
    for (const s of [
      'Social media is changing how teens sleep.',
      'Our website redesign took six months',
    ])
      expect(withoutCallsToAction(s)).toBe(s);
    // a hashtag is a label of the video whatever sentence carries it
    expect(withoutCallsToAction('Follow #12StrongMovie on social media:')).toBe('#12StrongMovie');
  });

  it('a call typed after a full stop without its space goes alone: "tvgo.Suscríbete"', () => {
    expect(
      withoutCallsToAction(
        'Mira EEG El Gran Clásico por América tvgo.Suscríbete al canal oficial de EEG: http://bit.ly/x',
      ),
    ).toBe('Mira EEG El Gran Clásico por América tvgo.');
    // "Hit me with your suggestions in the comments below" asks for comments
    expect(withoutCallsToAction('Hit me with your best suggestions in the comments below.')).toBe(
      '',
    );
  });

  it('a call goes with its link whole; what follows the link is another sentence', () => {
    // the dots of "bit.ly" cut the call, and "ly/2woJAdD" became keywords ("ly", "2wojadd")
    expect(
      withoutCallsToAction('Abonne toi à la chaîne en cliquant ici : http://bit.ly/2woJAdD'),
    ).toBe('');
    expect(
      withoutCallsToAction(
        'Subscribe to my channel: https://youtube.com/c/x?sub=1 Version 2.5 of the Colorado Trail.',
      ),
    ).toBe('Version 2.5 of the Colorado Trail.');
  });

  it('none of their words becomes a keyword of a one-video store', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Destroying unbreakable phones in a hydraulic press',
        description:
          'Putting a rugged tablet in the hydraulic press.\nHit the bell icon and turn on notifications!\nSmash that thumbs up button and subscribe to the channel.',
      }),
    );
    expect(kws.length).toBeGreaterThan(0);
    for (const k of kws) expect(k).not.toMatch(/\b(bell|icon|thumbs?|button|notifications?)\b/);
  });
});

describe('music uploads', () => {
  it('a title’s format label is the platform’s: the title without it, its parts apart', () => {
    expect(musicTitle('Sigrid - Strangers (Lyric Video)')).toBe('Sigrid - Strangers');
    expect(musicTitle('[OFFICIAL VIDEO] Deck The Halls - Pentatonix')).toBe(
      'Deck The Halls - Pentatonix',
    );
    expect(musicTitle('Eminem - Walk On Water (Audio) ft. Beyoncé')).toBe(
      'Eminem - Walk On Water | ft. Beyoncé',
    );
    expect(
      musicTitle('Columbine - Pierre, feuille, papier, ciseaux (Clip Officiel)'),
    ).not.toBeNull();
    expect(musicTitle('Camila Cabello - Havana (Vertical Video) ft. Young Thug')).toBe(
      'Camila Cabello - Havana | ft. Young Thug',
    );
    // a version is no format, and a title without a label is no music title
    expect(musicTitle('Niall Horan - Too Much To Ask (Acoustic)')).toBeNull();
    expect(musicTitle('How to fix a bike (part 2)')).toBeNull();
  });

  it('a guest a title credits is a name, whole; a height is none', () => {
    expect(
      featuredGuest('Jason Derulo - Tip Toe feat. French Montana (Official Lyric Video)'),
    ).toBe('French Montana');
    expect(featuredGuest('LES CLICHÉS GAYS (ft. Andrew Grey)')).toBe('Andrew Grey');
    expect(featuredGuest('He is 6 ft tall')).toBeNull();
    // a title in capitals tells no name by its case: the credit does
    const kws = keywordTextsOf(
      frenchVideo(
        'LE MEILLEUR JEU ENTRE POTES FT. DANIIL LE RUSSE',
        'Le lien où on a acheté le frisbee poubelle.',
      ),
    );
    expect(kws).toContain('daniil le russe');
    expect(kws).not.toContain('russe');
    // the credit's mark is part of no keyword ("feat aurelien fontenoy" was one)
    const credited = keywordTextsOf(
      frenchVideo(
        'FOOTBALL VS VTT TRIAL (feat AURELIEN FONTENOY)',
        'Aurelien Fontenoy tente de mélanger football et VTT trial.',
      ),
    );
    expect(credited).toContain('aurelien fontenoy');
    for (const k of credited) expect(k).not.toMatch(/(^|\s)(ft|feat|featuring)(\s|$)/);
  });

  it('a song is named whole: an article first, a word no phrase ends in last', () => {
    const song = (title: string, description: string) =>
      keywordTextsOf(oneVideo({ title, description }));
    expect(
      song(
        'Paramore: Fake Happy [OFFICIAL VIDEO]',
        "Paramore's music video for 'Fake Happy' from the album, After Laughter.",
      ),
    ).toContain('fake happy');
    expect(
      song('G-Eazy - The Plan (Official Video)', 'Pre-order The Beautiful & Damned now.'),
    ).toContain('the plan');
    // a part that starts with a preposition or a credit's mark is no name of a work
    const bright = song(
      'Machine Gun Kelly, X Ambassadors & Bebe Rexha - Home (from Bright: The Album) [Music Video]',
      'Watch Bright on Netflix.',
    );
    expect(bright).toContain('machine gun kelly');
    for (const k of bright) expect(k).not.toMatch(/^(from|the album)\b/u);
    expect(validTitlePart(tokenize('The Plan', 'none', 'en')[0]!.words)).toBe(true);
    expect(validTitlePart(tokenize('from Bright', 'none', 'en')[0]!.words)).toBe(false);
  });

  it('the song is a keyword whole; the format label is none', () => {
    expectEnglishKeywords(
      'Eminem - Walk On Water (Official Video) ft. Beyoncé',
      'Music video by Eminem performing Walk On Water. The new album Revival is out December 15.',
      'walk on water',
      /\b(official|video)\b/,
    );
  });

  it('a label’s credit names the artists and the song, whole, whatever words the song holds', () => {
    const credit =
      'Music video by Selena Gomez, Marshmello performing Too Much To Ask. (C) 2017 Interscope Records';
    expect(performanceCredit(credit)).toEqual({
      names: ['Selena Gomez', 'Marshmello', 'Too Much To Ask'],
      rest: '(C) 2017 Interscope Records',
    });
    expect(performanceCredit('We loved performing it live. (C) us')).toBeNull();
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Fall Out Boy - HOLD ME TIGHT OR DON’T',
        description: `New single out now.\n${credit.replace('Too Much To Ask', 'HOLD ME TIGHT OR DON’T')}`,
      }),
    );
    expect(kws).toEqual(expect.arrayContaining(["hold me tight or don't", 'marshmello']));
    for (const k of kws) expect(k).not.toMatch(/\bperforming\b/);
  });

  it('a music video’s artist and song are searched together: listed joined, after both', () => {
    expect(artistAndSong('Eminem - Walk On Water (Audio) ft. Beyoncé')).toEqual([
      'Eminem',
      'Walk On Water',
    ]);
    expect(artistAndSong('[M4] Mon Frèro...(Audio officiel)')).toEqual(['M4', 'Mon Frèro']);
    // a Vevo channel's upload is a music video, labelled or not; a version is neither name
    expect(artistAndSong('Niall Horan - Too Much To Ask (Acoustic)', 'NiallHoranVEVO')).toEqual([
      'Niall Horan',
      'Too Much To Ask',
    ]);
    // a director credited after a separator marks a music video, and is no part of the song
    expect(artistAndSong('Salif - Mufasa | Dir. by Krysko Miller')).toEqual(['Salif', 'Mufasa']);
    expect(musicTitle('Salif - Mufasa | Dir. by Krysko Miller')).toBe(
      'Salif - Mufasa | Krysko Miller',
    );
    expect(musicTitle('How I directed by myself a short film')).toBeNull();
    expectKeywords(
      keywordTextsOf(
        frenchVideo(
          'Salif - Mufasa | Dir. by Krysko Miller',
          '- Découvrez le premier clip de Salif intitulé Mufasa maintenant disponible sur YouTube',
        ),
      ),
      'salif mufasa',
      /\bdir\b/u,
    );
    // a creator's channel titles its work with its own name first
    expect(
      artistAndSong(
        'Alan Walker - All Falls Down (Behind The Scenes)',
        'Alan Walker',
        'Alan Walker',
      ),
    ).toEqual(['Alan Walker', 'All Falls Down']);
    // another upload, or a title of three parts, is no artist and song
    expect(artistAndSong('Pumpkin Pie - You Suck at Cooking (episode 68)')).toBeNull();
    expect(
      artistAndSong(
        'Pumpkin Pie - You Suck at Cooking (episode 68)',
        'You Suck At Cooking',
        'You Suck At Cooking',
      ),
    ).toBeNull();
    expect(artistAndSong('Niall Horan - Too Much To Ask (Acoustic)')).toBeNull();
    expect(artistAndSong('Yxng Bane - Rihanna (Live) - dscvr ARTISTS', 'Vevo dscvr')).toBeNull();
    const kws = keywordTextsOf(
      oneVideo({ title: 'Keith Urban - Female (Official Audio)', description: 'Out now.' }),
    );
    expect(kws.slice(0, 3)).toEqual(['keith urban', 'female', 'keith urban female']);
    // a title of the same shape that is no music video joins nothing
    const show = keywordTextsOf(
      oneVideo({
        title: 'Pumpkin Pie - You Suck at Cooking (episode 68)',
        description: 'Pumpkin pie is the best pie.',
      }),
    );
    expect(show.some((k) => k.includes('pumpkin pie') && k.includes('cooking'))).toBe(false);
  });
});

describe('the kind of video a title says it is', () => {
  it('is joined to what the video is of, as viewers search the two', () => {
    expect(subjectAndFormat('THE SHAPE OF WATER - Final Trailer', 'en')).toEqual([
      'THE SHAPE OF WATER',
      'trailer',
    ]);
    expect(
      subjectAndFormat('Kyle Kuzma Full Highlights 2017.11.15 vs 76ers - 24 Pts, 7 Rebs!', 'en'),
    ).toEqual(['Kyle Kuzma', 'highlights']);
    expect(subjectAndFormat('TOP 14 - Résumé Agen-Paris: 29-13 - J11', 'fr')).toEqual([
      'TOP 14',
      'résumé',
    ]);
    expect(subjectAndFormat('THE PRISON Bande-Annonce VF (2017)', 'fr')).toEqual([
      'THE PRISON',
      'bande annonce',
    ]);
    // a title the format opens, or that names none, or a list of the title's tags, has no subject
    expect(
      subjectAndFormat(
        'THIERRY ARDISSON répond sur SQUEEZIE ( interview, malaise, twitter )',
        'fr',
      ),
    ).toBeNull();
    expect(subjectAndFormat('Interview : Marine Le Pen dans Le Grand Jury', 'fr')).toBeNull();
    expect(subjectAndFormat('How to fix a bike', 'en')).toBeNull();
    const kws = keywordTextsOf(
      oneVideo({
        title: 'THE SHAPE OF WATER - Final Trailer',
        description:
          'From master storyteller Guillermo del Toro comes The Shape of Water, an other-worldly fairy tale.',
      }),
    );
    // a subject the list holds in its last words: "mate 10 pro" of "Huawei Mate 10 Pro : TEST…"
    const huawei = keywordsOfCase('video:sc5uIiyWDVs');
    expect(huawei.indexOf('mate 10 pro test')).toBe(huawei.indexOf('mate 10 pro') + 1);
    expect(huawei.indexOf('mate 10 pro')).toBeGreaterThan(-1);
    // the name as the list holds it, right after it
    expect(kws.indexOf('shape of water trailer')).toBe(kws.indexOf('shape of water') + 1);
    expect(kws.indexOf('shape of water')).toBeGreaterThan(-1);
  });
});

describe('a title that pits one thing against another', () => {
  it('joins its two sides as the title writes them, as viewers search the match', () => {
    expect(versusSides('Arnold VS Megalodon')).toEqual(['Arnold', 'Megalodon']);
    expect(
      versusSides('Drop the Mic: Rob Gronkowski vs Gina Rodriguez - FULL BATTLE | TBS'),
    ).toEqual(['Rob Gronkowski', 'Gina Rodriguez']);
    expect(versusSides('2018 BMW M4 CS vs. 2018 Porsche 911 GTS - Head 2 Head Ep. 95')).toEqual([
      '2018 BMW M4 CS',
      '2018 Porsche 911 GTS',
    ]);
    // "contre" is as often "against": no versus
    expect(versusSides('Facebook lutte contre le revenge porn')).toBeNull();
    expect(versusSides('How to fix a bike')).toBeNull();
    const truckItems = keywordItemsOf(
      oneVideo({
        title: 'Small Truck VS Strong Wind',
        description: 'A small truck fights a strong wind on a bridge in Croatia.',
      }),
    );
    const truck = truckItems.map((i) => i.text);
    // two things, no name: matched as a phrase, as its sides are
    expect(truckItems.find((i) => i.text === 'small truck vs strong wind')?.matchType).toBe(
      'PHRASE',
    );
    expect(truck.indexOf('small truck vs strong wind')).toBeGreaterThan(
      Math.max(truck.indexOf('small truck'), truck.indexOf('strong wind')),
    );
    expect(truck.indexOf('small truck')).toBeGreaterThan(-1);
    // each side a listed phrase of whole words next to the "vs": "cheap", not the window before it
    const cheese = keywordsOfCase('video:lR-oJvKJyUY');
    expect(cheese).toContain('cheap vs expensive cheeses');
    for (const k of cheese) expect(k).not.toMatch(/guesses cheap vs/u);
    // a date is no side: "Kyle Kuzma Full Highlights 2017.11.15 vs 76ers"
    for (const k of keywordsOfCase('video:UC34HrZhfPM')) expect(k).not.toMatch(/ vs /u);
  });
});

describe('addresses, credits and legal notices', () => {
  it('a postal address on lines of its own is no text of the video; one in a sentence is', () => {
    // each line, and whether it is (part of) an address
    const lines: [string, boolean][] = [
      ['Send us mail or whatever you want here!', false],
      ['PO Box 232355', true],
      ['Las Vegas, NV 89105', true],
      ['', false],
      ['Korean Englishman', true],
      ['Box 51', true],
      ['1 Rockley Road', true],
      ['London', true],
      ['W14 0DJ', true],
      ['', false],
      ['Mon adresse postale :', true],
      ['CS 52072', true],
      ['81012 ALBI CEDEX', true],
      ['', false],
      // a street or a town alone is something else: a film, a city
      ['22 Jump Street', false],
      ['London', false],
      [
        'Pizza Choco Lab, 23 rue du Roi de Sicile, 75004 Paris (boutique éphémère), until Sunday.',
        false,
      ],
    ];
    expect(postalAddressLines(lines.map(([line]) => line))).toEqual(lines.map(([, is]) => is));
    // titles and products of the same shapes
    for (const line of [
      'PS4 1TB bundle',
      '3 Ways to Drive Safely',
      '2018 Toyota Camry',
      'BP 2019 results were strong',
      'CS 2020 Major highlights',
    ])
      expect(postalAddressLines([line])).toEqual([false]);
    // a street goes on to a capitalised town and its comma, not to any words before one
    const withTown = (line: string) => postalAddressLines([line, 'Valencia, CA 91355'])[0];
    expect(withTown('24307 Magic Mountain Pkwy Valencia, CA')).toBe(true);
    expect(withTown('2 guys on the road trip, part 3')).toBe(false);
  });

  it('crew credits are no text of the video; a director, a composer and the gear are', () => {
    for (const line of [
      'Edited by Mark Potts',
      'Camera operator: Jasmine Putney',
      'Producer/Editor/Translator: Hyemin Lim',
      '• Assistant Editor - Claire Wiley',
      'Montage : Théo Meunier',
      'Mix & Mastering : Alex Gopher',
      'Wardrobe Supervisor: Lindsay Hamilton',
      'Senior Colour Assist: Nate Seymour',
      'Videographer: Daniel Draca',
      'Exec. Producer: Robert H Dyar Jr.',
      'PA / Drivers: Gerard Giraldo, Maya Delany, Emily Lauer',
      'Executive Producer, Colour: Dee Allen',
    ])
      expect(isCrewCredit(line)).toBe(true);
    for (const line of [
      'Directed by Guillermo del Toro',
      'Music: Ilaiyaraaja',
      'Caméra : GoPro Hero 5',
      'Written and Directed by Josh and Ollie',
      'Sound of Music review',
      // a sketch's cast: "son" is French for sound
      'Son - Austin Zajur',
      'EDIT: the recipe is in the comments',
      'Colour: red and blue',
    ])
      expect(isCrewCredit(line)).toBe(false);
  });

  it('where the pictures and the music come from is no text of the video', () => {
    for (const line of ['Blake Little/Getty Images', 'leremy/Getty Images', 'via AudioBlocks'])
      expect(isMediaCredit(line)).toBe(true);
    // a slash between words, a source inside a sentence, a phrase that starts with "via"
    for (const line of [
      'Love/Hate Relationship',
      'iTunes/Apple Music: http://found.ee/IWHSeeYouAround',
      'We flew there via Paris',
      'Via ferrata in the Dolomites',
      'via ferrata dolomites',
    ])
      expect(isMediaCredit(line)).toBe(false);
    const kws = keywordTextsOf(
      oneVideo({
        title: 'I Tried Dollar Store Makeup',
        description:
          'Testing an entire everyday makeup routine from the online dollar store.\nBlake Little/Getty Images\nvia Audio Network',
      }),
    );
    expect(kws).toContain('dollar store makeup');
    for (const k of kws) expect(k).not.toMatch(/getty|audio network/);
  });

  it('a library music cue licensed for the video is no text of it, nor its licence', () => {
    const lines = [
      'Spy vs spy: we tried to disappear from a private investigator.',
      '',
      'MUSIC',
      'ATTACK DOG HIT A',
      'Licensed via Warner Chappell Production Music Inc.',
      'We went to the lake and it was great.',
      'Licensed via Audio Network',
    ];
    expect(licensedCueLines(lines)).toEqual([false, false, false, true, true, false, true]);
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Homemade Cinnamon Rolls',
        description:
          'Soft homemade cinnamon rolls with cream cheese icing.\n\nMUSIC\nBunch Of Fivers\nLicensed via Warner Chappell Production Music Inc.\nAfter Dark\nLicensed via Warner Chappell Production Music Inc.',
      }),
    );
    expect(kws).toContain('cinnamon rolls');
    for (const k of kws) expect(k).not.toMatch(/fivers|dark|warner|chappell/);
  });

  it('an article about the creator is no sponsor’s link; a vanity link in their name is', () => {
    const recipe = (link: string) =>
      keywordTextsOf(
        oneVideo({
          channel: 'Mayim Bialik',
          title: 'Thanksgiving Baking with Chad',
          description: `I am nuts for baking chocolate chip pumpkin cookies at this time of year. Click the link below for the recipe on GrokNation!\n\nRECIPE: ${link}`,
        }),
      );
    // a headline's slug under a section names the creator as its subject
    expect(recipe('http://groknation.example/food/thanksgiving-baking-mayim-bialik/')).toContain(
      'chip pumpkin cookies',
    );
    // the creator's name alone as the path is a sponsor's vanity link: the line that gives it goes
    for (const k of recipe('http://groknation.example/mayimbialik'))
      expect(k).not.toMatch(/cookies/);
  });

  it('what the video was made with, listed under a heading of its own, is no text of it', () => {
    const lines = [
      'Our new patch is live.',
      'System Specs',
      '',
      'Intel i7 6900K overclocked @ 4.6Ghz',
      'Case Fans: Corsair AF120 LED Blue Quiet Edition High Airflow 120mm Fan',
      '',
      'Thanks for watching!',
    ];
    expect(sectionLines(lines)).toEqual([false, true, false, true, true, false, false]);
    for (const heading of ['My gear:', 'Camera gear', 'Mon setup :', 'Logiciels de montages:'])
      expect(sectionLines([heading]), heading).toEqual([true]);
    // whose specs a bare heading gives is not said; materials and ingredients are the video's own
    for (const heading of ['Specs:', 'Setup:', 'Matériel :', 'Ingredients:', 'Gear review'])
      expect(sectionLines([heading]), heading).toEqual([false]);
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Overwatch News - Moira Launch Incoming!',
        description: `Moira launches next week with the new patch.\n\n${lines.slice(1).join('\n')}`,
      }),
    );
    expect(kws).toContain('moira launch incoming');
    for (const k of kws) expect(k).not.toMatch(/corsair|af120|intel|airflow/);
  });

  it('music, partners, patrons, business contacts and accounts under a heading are no text of it', () => {
    for (const heading of [
      'Music credits:',
      'MUSIC',
      'Crédits musique :',
      'Musiques :',
      '♫Background music♫',
      'Songs used:',
      '|► Mes Partenaires :',
      '♡Ils me font confiance :',
      'Huge thanks to the following Patrons for supporting me:',
      'BUSINESS INQUIRES:',
      'Email for business inquiries only:',
      'Contact pro :',
      'SNAPCHAT',
      // a heading and its list on one line, and where the music comes from
      'Business Inquiries: For sponsorship requests or business opportunities please contact me directly: https://goo.gl/Z2L6yM',
      'Music credits: Kevin MacLeod - Cold Funk',
      'Royalty Free Music from Epidemic Sound: https://goo.gl/jlJWJO',
      'Music provided by NoCopyrightSounds.',
    ])
      expect(sectionLines([heading]), heading).toEqual([true]);
    // a composer on one line, or a music video's "Song credits", may be what the video is about
    for (const line of [
      'Music: Ilaiyaraaja',
      'Twitter: Trump says the wall is coming',
      'We talk about how background music shapes the mood of a film and why composers love it.',
      'Song credits :',
      'Music by Zee Music Company',
      'Nos partenaires ont tous répondu présent',
      'Snapchat is losing users',
    ])
      expect(sectionLines([line]), line).toEqual([false]);
    // a list of partners spaced out, each with its link, runs to the first paragraph without one
    const partners = [
      '♡Ils me font confiance :',
      '',
      'PARENTS - Le site www.Parents.fr qui diffuse mes vidéos',
      '',
      'MONT ROUCOUS, l’eau des jeunes mamans - http://www.mont-roucous.com',
      '',
      'Merci à tous, on se retrouve pour parler de la peur du dentiste !',
    ];
    expect(sectionLines(partners)).toEqual([true, false, true, false, true, false, false]);
    // the text going on under a list without a blank line is no item of it
    expect(
      sectionLines([
        'Instagram',
        'https://instagram.com/mavachou',
        'Dans cette vidéo, je vous montre tous les cadeaux de Noël des enfants.',
      ]),
    ).toEqual([true, true, false]);
    const kws = keywordTextsOf(
      frenchVideo(
        "J'AI PEUR DU DENTISTE !",
        `Je vous parle de ma peur du dentiste.\n\n${partners.join('\n')}`,
      ),
    );
    expect(kws).toContain('peur du dentiste');
    for (const k of kws) expect(k).not.toMatch(/roucous|mamans|parents/);
  });

  it('a heading that links where its list comes from still heads the list', () => {
    const credits = [
      '♦ Musiques - http://www.epidemicsound.com/ :',
      '',
      'Intro : Industrial Dirt 1 - Andreas Jamsheree',
      '01 : Warped Energy 5 - Johannes Bornlöf',
      '02 : Calm Ocean 4 - Andreas Boldt',
      '',
      'Merci à tous !',
    ];
    expect(sectionLines(credits)).toEqual([true, false, true, true, true, false, false]);
    // a network and its link is one account, not a heading of the text under it
    expect(
      sectionLines([
        'Instagram : https://instagram.com/topfactory',
        'Le trou noir de notre galaxie',
      ]),
    ).toEqual([false, false]);
    const kws = keywordTextsOf(
      frenchVideo(
        '10 PHÉNOMÈNES SPATIAUX EXTERMINATEURS',
        `Découvrons ensemble 10 phénomènes spatiaux exterminateurs, du trou noir à la tempête solaire.\n\n${credits.join('\n')}`,
      ),
    );
    expect(kws).toContain('phénomènes spatiaux');
    for (const k of kws)
      expect(k).not.toMatch(/bornlöf|jamsheree|boldt|calm ocean|industrial dirt/);
  });

  it('an account given on one line has no label of its name', () => {
    expect(withoutAccountLabel('📌  INSTAGRAM PSEUDO : Greed.yt')).toBe('📌  INSTAGRAM : Greed.yt');
    expect(
      withoutAccountLabel(
        "♡Snapchat : angiemaman2.0 (nom d'utilisateur) : https://www.youtube.com/watch?v=zwhgMveTnh0",
      ),
    ).toBe('♡Snapchat : angiemaman2.0 : https://www.youtube.com/watch?v=zwhgMveTnh0');
    expect(withoutAccountLabel('Snap: samzirah')).toBe('Snap: samzirah');
    const said = 'Snapchat is losing users to Instagram';
    expect(withoutAccountLabel(said)).toBe(said);
    const kws = keywordTextsOf(
      frenchVideo(
        "J'AI PEUR DU DENTISTE !",
        "Je vous parle de ma peur du dentiste.\n\n♡Snapchat : angiemaman2.0 (nom d'utilisateur) : https://www.youtube.com/watch?v=zwhgMveTnh0",
      ),
    );
    expect(kws).toContain('peur du dentiste');
    for (const k of kws) expect(k).not.toMatch(/utilisateur|snapchat|pseudo/);
  });

  it('a line pointing to the creator’s shop is no text of the video; a shop without a link is', () => {
    const lines = [
      'Ma boutique de tshirts et goodies est disponible, profitez en',
      'http://rdbl.co/2xXNgDk',
      '📌  Boutique STICKERS !',
      'https://goo.gl/V4vbBy',
      'New Official Store',
      'https://www.gianthugs.com/collections/ryan',
      'Linus Tech Tips merchandise at http://www.designbyhumans.com/shop/LinusTechTips/',
      'Une boutique de jouets anciens à Lyon',
    ];
    expect(shopLines(lines)).toEqual([true, false, true, false, true, false, true, false]);
    const kws = keywordTextsOf(
      frenchVideo(
        'Une FAUSSE PS VITA',
        `Un jeu PS VITA pas cher.\n\n${lines.slice(0, 4).join('\n')}`,
      ),
    );
    expect(kws).toContain('fausse ps vita');
    for (const k of kws) expect(k).not.toMatch(/boutique|goodies|tshirts|stickers/);
  });

  it('a tour’s dates are no text of the video; a sentence that opens on a date is', () => {
    const lines = [
      'DEC 03 Tampa, FL @ 97X Next Big Thing',
      'DEC 05 Orlando, FL @ Dr. Phillips Center (SOLD OUT)',
      '',
      '07 JAN Barcelona, ES @ San Jordi Club',
      '19 JAN Manchester, UK @ Manchester Arena',
      'find Paramore on...',
      'Nov 12: we hike the ridge above the lake.',
    ];
    expect(scheduleLines(lines)).toEqual([true, true, false, true, true, false, false]);
    const c = cases.find((x) => x.id === 'video:w8vsuOXZBXc')!;
    const kws = keywordsOf(c).map(fold);
    expect(kws).toContain('paramore');
    for (const k of kws) expect(k).not.toMatch(/^(?:fl|sold|arena|glasgow|manchester)$/u);
  });

  it('a guest list keeps the guests and drops what they do', () => {
    expect(
      withoutGuestRole('- Soazig QUÉMÉNER, rédactrice en chef du service politique de Marianne'),
    ).toBe('- Soazig QUÉMÉNER');
    expect(withoutGuestRole('• Jane Doe, senior fellow at the Brookings Institution')).toBe(
      '• Jane Doe',
    );
    // prose, a list of things, a link list are as written
    for (const line of [
      'Linus Pauling, prix Nobel de la paix, a écrit sur la vitamine C',
      '- Tomatoes, onions and garlic',
      '- DJI Mavic Pro - http://amzn.to/2f6nL5E',
    ])
      expect(withoutGuestRole(line)).toBe(line);
    const kws = keywordTextsOf(
      frenchVideo(
        'Droite : qui reste ?',
        'La recomposition de la droite se poursuit avec un nouveau parti.\n\nInvités :\n' +
          '- Bruno JEUDY, rédacteur en chef du service politique de Paris Match\n' +
          '- Soazig QUÉMÉNER, rédactrice en chef du service politique de Marianne\n' +
          '- Brice TEINTURIER, directeur général délégué de l’institut de sondages IPSOS',
      ),
    );
    expect(kws).toContain('soazig quéméner');
    for (const k of kws) expect(k).not.toMatch(/service politique|rédact|institut|sondages/u);
  });

  it('a line that gives an e-mail address to write to is no text of the video', () => {
    for (const line of [
      'Business inquiries: lisa@flipmgmt.com',
      'Contact Pro ➡️ contact@samzirah.com (demande professionnelles uniquement)',
      'Envoyez vos courriers du coeur à sosmilla@nonstopreality.fr',
    ])
      expect(isContactLine(line)).toBe(true);
    // a sentence that names an address, and a handle, are text
    expect(
      isContactLine(
        'We asked the tax office at help@irs.example why the refund for small bakeries took eleven weeks to arrive',
      ),
    ).toBe(false);
    expect(isContactLine('Thanks to @joeygraceffa for joining me')).toBe(false);
  });

  it('a disclaimer, a waiver or a licence is no text of the video; a copyright line is up to its mark', () => {
    for (const line of [
      'Copyright Disclaimer Under Section 107 of the Copyright Act 1976,',
      'Licensed via Warner Chappell Production Music Inc.',
      '© 2017 Wisecrack, Inc.',
      'Tous droits réservés',
      'Musique sous licence Creative Commons',
      // a waiver of liability
      'JerryRigEverything assumes no liability for property damage or injury incurred as a result of any of the information contained in this video.',
    ])
      expect(withoutLegalNotice(line)).toBe('');
    expect(
      withoutLegalNotice(
        'Music video by Niall Horan performing Too Much To Ask. (C) 2017 Neon Haze Music Ltd under exclusive license to Capitol Records',
      ),
    ).toBe('Music video by Niall Horan performing Too Much To Ask.');
    // "license" and "licence" alone are other words
    for (const line of [
      'How to get your driver’s license in 3 steps',
      'Je suis en licence de psychologie à Lyon',
    ])
      expect(withoutLegalNotice(line)).toBe(line);
  });

  it('a sponsorship disclosure is no text of the video; the sentences around it are', () => {
    for (const line of [
      "Cette vidéo n'est pas sponsorisée, je ne suis pas affilié aux marques citées dans cette vidéo test et les points de vue exprimés sont les miens.",
      'PS : Certains liens présents dans la barre d’info peuvent être des liens affiliés :)',
      'FTC: This video is NOT sponsored!',
      'Thanks to Samsung for sponsoring this video!',
      'Disclaimer cause I love you guys: This video was not sponsored by any of the brands mentioned.',
      'Dieses Video enthält Werbung.',
    ])
      expect(withoutLegalNotice(line), line).toBe('');
    expect(
      withoutLegalNotice(
        'In this video I try outerwear from Nordstrom Rack. This video is sponsored by Nordstrom Rack! #ad',
      ),
    ).toBe('In this video I try outerwear from Nordstrom Rack.');
    expect(
      withoutLegalNotice('All artwork is my dad’s. Some links above are affiliate links.'),
    ).toBe('All artwork is my dad’s.');
    // "sponsor" alone, and a hashtag that starts with "ad", are other words
    for (const line of [
      'Thanks to our sponsors for the new trail maps.',
      'We hiked the #adirondacks today.',
    ])
      expect(withoutLegalNotice(line)).toBe(line);
  });

  it('a disclaimer runs on to the lines its sentence is wrapped to, and over the paragraph it heads', () => {
    const lines = [
      'Disclaimer:',
      '• Companies that claim rights to my videos are entitled to the',
      'monetisations and will earn a profit from my videos.',
      '',
      'Copyright Disclaimer Under Section 107 of the Copyright Act 1976,',
      'allowance is made for fair use for purposes such as criticism,',
      'comment, news reporting, teaching, scholarship, and research.',
      'No copyright infringement intended',
      'Song: Walk On Water by Eminem',
      'the best song of the year',
    ];
    expect(disclaimerLines(lines)).toEqual([
      true,
      true,
      true,
      false,
      true,
      true,
      true,
      true,
      // a line in capitals after one that says no more is text of the video again
      false,
      false,
    ]);
  });

  it('a disclaimer and a contact line under a short video give no keyword', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Cleveland Cavaliers vs Charlotte Hornets Full Game Highlights',
        description: [
          'Business inquiries: team@highlights.example',
          'Copyright Disclaimer Under Section 107 of the Copyright Act 1976, allowance is made for fair use for purposes such as criticism, comment, news reporting, teaching, scholarship, and research.',
        ].join('\n'),
      }),
    );
    expect(kws).toContain('charlotte hornets');
    for (const k of kws)
      expect(k).not.toMatch(/copyright|section|allowance|business|news reporting/);
  });

  it('none of their words, nor an upside-down word, becomes a keyword of a one-video store', () => {
    const kws = keywordTextsOf(
      oneVideo({
        title: 'Destroying unbreakable phones in a hydraulic press',
        description: [
          'Putting a rugged tablet and a brick phone in the hydraulic press.',
          'ǝuıɐɯǝs ǝʇʇǝɔ ɹǝɔɐld',
          '',
          'Camera operator: Jasmine Putney',
          'Edited by Michelle Martin',
          'Copyright Disclaimer Under Section 107 of the Copyright Act 1976, allowance is made for fair use.',
          'New album available now',
          '',
          'Send us stuff:',
          'PO Box 617',
          '24307 Magic Mountain Pkwy',
          'Valencia, CA 91355',
        ].join('\n'),
      }),
    );
    expect(kws).toContain('hydraulic press');
    for (const k of kws)
      expect(k).not.toMatch(
        /putney|michelle|camera|magic mountain|valencia|pkwy|\bbox\b|[ɐǝɹʇɯı]/u,
      );
  });
});

describe('a store mixing two channels', () => {
  const ch = (id: string, title: string) => ({
    id,
    title,
    handle: '',
    description: '',
    keywords: '',
    country: '',
    subscribers: 0,
  });
  const v = (id: string, channelId: string, title: string, description: string) => ({
    id,
    channelId,
    title,
    description,
    tags: [],
    publishedAt: null,
    viewCount: 0,
    comments: [],
  });
  const corpus: Corpus = {
    channels: [ch('UChike', 'Ridge Notes'), ch('UCcook', 'Pan Stories')],
    videos: [
      v(
        'h1',
        'UChike',
        'Pitching an ultralight tent on the Colorado Trail',
        'Ultralight backpacking on the Colorado Trail: my tent, sleeping pad and quilt for a thru hike.',
      ),
      v(
        'h2',
        'UChike',
        'Ultralight backpacking gear list for the John Muir Trail',
        'The ultralight tent, trekking poles and water filter I carry on the John Muir Trail.',
      ),
      v(
        'h3',
        'UChike',
        'Trekking poles as tent poles: ultralight backpacking trick',
        'A trekking pole tent saves weight on a thru hike of the Colorado Trail.',
      ),
      v(
        'h4',
        'UChike',
        'Rain in the tent: ultralight backpacking in storms',
        'How my ultralight tent held up in storms on the John Muir Trail, and the quilt stayed dry.',
      ),
      v(
        'c1',
        'UCcook',
        'Sourdough focaccia with rosemary and sea salt',
        'Sourdough focaccia baked in a cast iron pan with olive oil, rosemary and flaky sea salt. Sourdough starter tips.',
      ),
      v(
        'c2',
        'UCcook',
        'Cast iron pan pizza with sourdough starter',
        'Sourdough pizza in a cast iron pan: olive oil, mozzarella and a long cold proof of the sourdough starter.',
      ),
      v(
        'c3',
        'UCcook',
        'Sourdough starter from scratch in seven days',
        'Feeding a sourdough starter: flour, water and patience. Then bake sourdough focaccia in the cast iron pan.',
      ),
      v(
        'c4',
        'UCcook',
        'Olive oil cake baked in a cast iron pan',
        'Olive oil cake with lemon, baked in a cast iron pan; sourdough discard makes it tender.',
      ),
    ],
  };
  const keywords = (objective: string) => keywordTextsOf(alone(corpus, { objective }));
  const kitchen = /sourdough|cast iron|olive oil|focaccia|pizza|cake/;

  it('what the objective is about ranks first; the other channel’s words after all of it', () => {
    const plain = keywords('');
    expect(plain.slice(0, 3).some((k) => kitchen.test(k))).toBe(true);
    const kws = keywords('Sell ultralight tents to backpackers');
    const firstKitchen = kws.findIndex((k) => kitchen.test(k));
    expect(firstKitchen).toBeGreaterThan(3);
    for (const k of kws.slice(firstKitchen)) expect(k).toMatch(kitchen);
  });

  it('a store all about the objective’s topic is no mixed store, whichever of its words a video says', () => {
    // a political show: half its videos say "politique", the others "élection", "ministre", "député"
    const c = cases.find((x) => x.id === "channel:C dans l'air")!;
    const kws = keywordsOf(c, undefined, undefined, { objective: POLITICS }).map((k) =>
      k.toLowerCase(),
    );
    expect(kws.slice(0, 10)).toContain('emmanuel macron');
  });

  it('an objective of no topic ("grow awareness") changes no order', () => {
    expect(keywords('Grow brand awareness and sales')).toEqual(keywords(''));
  });
});

describe('people’s names', () => {
  it('a given name (or a title) and one or two words, or a family name in capitals, is a person’s name', () => {
    for (const n of [
      'Taylor Swift',
      'Jean-Luc Lemoine',
      'Donald Trump Jr',
      'President Trump',
      'Alexandre Calvez',
      'Séverine Jenny',
      'Karim Benzema',
      // French drops the accent of a capital
      'Edouard Philippe',
      'Gérald Darmanin',
      // a family name in capitals, whatever the given name
      'Soazig QUÉMÉNER',
      'Marine LE PEN',
      'Jean-Dominique MERCHET',
      // what a family or a station calls a person before their name
      'Tonton Séne',
      'Ministre Maal',
      'Uncle Roger',
      // four words after two given names, or with a particle in the family name
      'Marc Antoine Le Bret',
      'Jean Claude Van Damme',
    ])
      expect(isPersonName(n), n).toBe(true);
    for (const n of [
      'Colorado Trail',
      'Salomon Speedcross',
      'Tour du Mont Blanc',
      'Tour de France Femmes',
      'Louis Vuitton Spring Summer',
      'Taylor 314ce',
      'Bellator MMA',
      'Corsair RMX',
      'Team USA',
    ])
      expect(isPersonName(n), n).toBe(false);
  });

  it('a person a title names is listed whole, never the parts of the name', () => {
    // "Jean-claude Gaudin": no "claude gaudin" beside it; "Jean-Luc Lemoine": no "jean luc"
    const kws = keywordTextsOf(
      frenchVideo(
        "Dieudonné : La mairie de Marseille condamnée / Conseil d'état, Jean-claude Gaudin, CRIF",
        'Dieudonné à Marseille le 19 novembre 2017.',
      ),
    );
    expectKeywords(kws, 'jean claude gaudin', /^(claude gaudin|jean claude|gaudin)$/u);
    expectKeywords(keywordsOfCase('video:sIYfAtsu8Cg'), 'jean luc lemoine', /^jean luc$/u);
  });

  it('a role’s complement before a person’s name is no part of it', () => {
    // "le procureur de Paris François Molins", "the governor of California Jerry Brown"
    expectKeywords(
      keywordTextsOf(
        frenchVideo(
          'Menace terroriste : sommes-nous mieux protégés ?',
          'Une centaine de djihadistes sont sur la zone, selon le procureur de Paris François Molins.',
        ),
      ),
      'françois molins',
      /paris françois/u,
    );
    expectKeywords(
      keywordTextsOf(
        oneVideo({
          title: 'Wildfires reach the coast',
          description:
            'Evacuations were ordered by the governor of California Jerry Brown on Sunday.',
        }),
      ),
      'jerry brown',
      /california jerry/u,
    );
    // a place named after a person that a name follows directly is one name
    expect(
      keywordTextsOf(
        frenchVideo(
          'Lille - Nantes : le résumé',
          'Le match se joue au Stade Pierre Mauroy devant 40 000 supporters.',
        ),
      ),
    ).toContain('stade pierre mauroy');
  });

  it('a name written in capitals throughout and as spelt, as often, is shown as spelt', () => {
    // "THE LATE LATE SHOW with JAMES CORDEN throws…" beside "Watch The Late Late Show…"
    const forms = new Map([
      ['LATE LATE SHOW', 1],
      ['Late Late Show', 1],
    ]);
    expect(bestOf(forms, '')).toBe('Late Late Show');
    // more often in capitals, it is shown so: an acronym is spelt that way
    expect(
      bestOf(
        new Map([
          ['NBA', 3],
          ['Nba', 1],
        ]),
        '',
      ),
    ).toBe('NBA');
  });

  it('is no EXACT keyword unless the objective names the person; a place stays EXACT', () => {
    const matchTypes = (objective: string) =>
      new Map(
        keywordItemsOf(
          oneVideo(
            {
              title: 'A week on the trail',
              description:
                'Yesterday we hiked a long and dusty stretch of the Pacific Crest Trail with Taylor Swift, carrying heavy packs and cold water. Later we met Taylor Swift again near the trailhead of the Pacific Crest Trail, and talked about ultralight tents, quilts and stoves.',
            },
            { objective },
          ),
        ).map((i) => [i.text.toLowerCase(), i.matchType]),
      );
    const plain = matchTypes('');
    expect(plain.get('taylor swift')).toBe('PHRASE');
    expect(plain.get('pacific crest trail')).toBe('EXACT');
    expect(matchTypes('Reach fans of Taylor Swift').get('taylor swift')).toBe('EXACT');
  });

  it('a given name alone and a full name across "and", either way round, are two people', () => {
    // "James and Kim Kardashian", "James and Shemar Moore": the host and a guest
    const c = cases.find((x) => x.id === 'channel:The Late Late Show with James Corden')!;
    const kws = keywordsOf(c).map((k) => k.toLowerCase());
    expect(kws).toContain('kim kardashian');
    for (const k of kws) expect(k).not.toMatch(/^james and /u);
    // and the other way round: "if she has talked to OJ Simpson and Jennifer gives Kim a gift"
    const kimmel = cases.find((x) => x.id === 'channel:Jimmy Kimmel Live')!;
    for (const k of keywordsOf(kimmel).map((k) => k.toLowerCase()))
      expect(k).not.toMatch(/simpson and jennifer/u);
  });

  it('two people’s full names with a word between them are two keywords, not one', () => {
    // "de Nicolas Sarkozy à Emmanuel Macron", in a political show's description; the store alone,
    // as a new workspace's catalog holds it
    const c = cases.find((x) => x.id === "channel:C dans l'air")!;
    const alone: Corpus = { channels: [], videos: [] };
    const kws = keywordsOf(c, undefined, alone, { objective: POLITICS }).map((k) =>
      k.toLowerCase(),
    );
    expect(kws).toContain('emmanuel macron');
    for (const k of kws) expect(k).not.toMatch(/sarkozy à emmanuel/u);
  });

  it('words in small letters that run into a person’s name are no part of the keyword', () => {
    // "… inventor Bill Gates …", "Thanks to Eric Langlay", "probe Hillary Clinton"
    expectKeywords(keywordsOfCase('video:9KIP-Ncp2jU'), 'bill gates', /inventor bill/u);
    expectKeywords(keywordsOfCase('video:Xc4xYacTu-E'), 'eric langlay', /thanks/u);
    expectKeywords(keywordsOfCase('channel:MSNBC'), 'hillary clinton', /probe hillary/u);
    // a sentence that opens on a given name keeps the whole name ("Jean-Luc Mélenchon est…"),
    // and a series named after a person stays whole ("Les Reportages de Vincent Lapierre")
    expect(keywordsOfCase('video:MS7mI41rvdE')).toContain('jean luc mélenchon');
    expect(keywordsOfCase('channel:ERTV Officiel')).toContain('reportages de vincent lapierre');
  });

  it('a role capitalised between another name and a person’s ends the other name', () => {
    // "CBS News Chairman Jeff Fager", "Attorney General Jeff Sessions"
    expectKeywords(keywordsOfCase('video:QiIlcKiREUU'), 'jeff fager', /chairman/u);
    expectKeywords(keywordsOfCase('channel:MSNBC'), 'jeff sessions', /general jeff/u);
    // a show's name holds its host's whole: "The Tonight Show Starring Jimmy Fallon"
    expect(keywordsOfCase('video:9VH4yQrU_SY')).toContain('tonight show starring jimmy fallon');
  });

  it('a window that starts inside a person’s name is a cut of it, not a keyword', () => {
    // "Les 4/3 de Jean-Luc Lemoine", "Thierry Ardisson répond à Squeezie"
    expectKeywords(keywordsOfCase('video:sIYfAtsu8Cg'), 'jean luc lemoine', /^luc lemoine$/u);
    expectKeywords(keywordsOfCase('video:XkmRu1iHVD0'), 'thierry ardisson', /^ardisson répond$/u);
  });

  it('what a headline says a person does is no part of a keyword: the name is', () => {
    // "Thierry Ardisson répond à Squeezie", "Rick Santorum Speaks Out", "Harry Styles returns to…"
    expectKeywords(keywordsOfCase('video:XkmRu1iHVD0'), 'thierry ardisson', /répond/u);
    expectKeywords(keywordsOfCase('video:QOi1D6v-_D4'), 'rick santorum', /speaks/u);
    for (const k of keywordsOfCase('channel:The X Factor UK')) expect(k).not.toMatch(/returns/u);
    // after any name, the verbs no noun shares: "Kesha performs", "Kungs répond"
    expectKeywords(keywordsOfCase('channel:BBCRadio1VEVO'), 'kesha', /performs/u);
    expectKeywords(keywordsOfCase('channel:Guillaume Pley'), 'kungs', /répond|avoue/u);
  });

  it('a window that starts inside a name and runs out of it is no keyword', () => {
    // "J'ai passé un mois et demi avec le Mate 10 Pro de Huawei"
    expectKeywords(keywordsOfCase('video:sc5uIiyWDVs'), 'mate 10 pro', /^pro de huawei$/u);
    // letters in capitals open no name: "a DC-DC charger" leaves "dc charger" whole
    expectEnglishKeywords(
      'Our van electrical system: 400W solar, 300Ah lithium and a DC-DC charger',
      'Full walkthrough of the electrical system in our Sprinter van conversion. Four 100W solar panels feed a MPPT charge controller, a 300Ah lithium battery bank stores it, and a DC-DC charger tops up from the alternator while we drive.',
      'dc charger',
    );
  });

  it('a name the text writes by one of its words in the possessive is a person’s (Meek Mill)', () => {
    // "Meek" is in no list of given names: the text's "Meek's lawyers" tells a person
    const c = cases.find((x) => x.id === 'channel:Wendy Williams')!;
    const exact = (corpus: Corpus) => exactKeywordsOf(c, corpus);
    const corpus = corpusOfCase(c);
    expect(corpus.videos.some((v) => v.description.includes("Meek's"))).toBe(true);
    expect(exact(corpus)).not.toContain('meek mill');
    // without the possessive nothing tells a person from a product: the name stays EXACT
    const without: Corpus = {
      ...corpus,
      videos: corpus.videos.map((v) => ({
        ...v,
        description: v.description.replace("Meek's lawyers", 'the lawyers'),
      })),
    };
    expect(exact(without)).toContain('meek mill');
  });

  it('a name whose family name the text writes alone, or said after a role, is a person’s', () => {
    const of = (id: string) => exactKeywordsOf(cases.find((x) => x.id === id)!);
    // "Vladimir Poutine …", then "Poutine a félicité…"
    expect(of('channel:RT France')).not.toContain('vladimir poutine');
    // "Stranger Things stars Gaten Matarazzo and Joe Keery"
    expect(of('channel:WIRED')).not.toContain('gaten matarazzo');
    // a show's, a competition's and a product's names stay EXACT though a word of them is alone
    // ("The X Factor stage", "France" beside "Coupe de France", "iPhone" beside "iPhone X")
    expect(of('channel:The X Factor UK')).toContain('x factor');
    expect(of('channel:Fédération Française de Football')).toContain('coupe de france');
    expect(of('channel:iJustine')).toContain('iphone x');
  });

  it('after a role in small letters, or beside a person across "and", a name is a person’s', () => {
    const types = (description: string) =>
      new Map(
        keywordItemsOf(
          oneVideo({
            title: 'Backstage at the studio',
            description: `${description} We walked the Pacific Crest Trail with Mira Castellane and talked about ultralight tents. Later we walked the Pacific Crest Trail again with Mira Castellane, who loves tents.`,
          }),
        ).map((i) => [i.text.toLowerCase(), i.matchType]),
      );
    const role = types('Today the comedian Mira Castellane joins us.');
    expect(role.get('mira castellane')).toBe('PHRASE');
    // and the role is no part of a keyword
    for (const k of role.keys()) expect(k).not.toMatch(/comedian mira/u);
    expect(
      types('This week we welcome our friends Mira Castellane and Taylor Swift to the studio.').get(
        'mira castellane',
      ),
    ).toBe('PHRASE');
    // nothing says so: a name of two unknown words is a product's or a place's as often
    expect(types('We welcome Mira Castellane.').get('mira castellane')).toBe('EXACT');
  });
});

describe('text in a language the generator does not read', () => {
  it('a function word of a script no language read is written in is a stopword; its numbers stay', () => {
    expectNotKind(CONTENT, ['في', 'من', 'и', '的'], 'fr');
    expect(wordInfo('10', 'en').kind).not.toBe(wordInfo('في', 'en').kind);
  });

  it('a word of another script than the campaign language’s is none of its keywords', () => {
    // Hangul in an English text, Cyrillic in a French one; Russian reads Cyrillic, English accents
    expect(wordInfo('편의점', 'en').kind).not.toBe(CONTENT);
    expect(wordInfo('магазин', 'fr').kind).not.toBe(CONTENT);
    expect(wordInfo('магазин', 'ru').kind).toBe(CONTENT);
    expect(wordInfo('café', 'en').kind).toBe(CONTENT);
    // a Korean upload with an English summary: its English keywords, none in Hangul
    const kws = keywordsOf(cases.find((x) => x.id === 'video:c-UH1QiCEC4')!);
    expect(kws.map((k) => k.toLowerCase())).toContain('korean convenience store cooking challenge');
    for (const k of kws) expect(k).not.toMatch(/\p{Script=Hangul}/u);
  });
});

describe('the language of a channel’s uploads', () => {
  it('a description that repeats its title reads as its channel’s other uploads do', () => {
    // three NBA highlights; "State" is an Italian function word, and the first upload says it twice
    const kws = keywordsOfCase('channel:MLG Highlights');
    expect(kws).toContain('golden state warriors');
    expect(kws).toContain('boston celtics');
    for (const k of kws) expect(k).not.toMatch(/^york knicks/);
  });
});

describe('topics', () => {
  it('a game a sport plays is no video game: NBA highlights and a footballer’s interview', () => {
    for (const id of ['channel:MLG Highlights', 'video:eS3WpAgTHrs']) {
      const paths = topicsOf(id);
      expect(paths, id).not.toContain('/Games/Video Games');
      expect(paths, id).not.toContain('Gamers');
    }
    expect(topicsOf('channel:MLG Highlights')).toContain('/Sports/Team Sports');
  });
});

describe('chat words', () => {
  it('interjections the web writes in any language are no words: "lol", "mdr", "oui"', () => {
    expectNotKind(CONTENT, [
      ['lol', 'fr'],
      ['mdr', 'fr'],
      ['oui', 'fr'],
      ['yes', 'es'],
    ]);
    // "OK Google" is a product's call outside English
    expect(wordInfo('ok', 'fr').kind).toBe(CONTENT);
    // "ça" as the web writes it without its cedilla ("il m'a compilé tout ca")
    expect(wordInfo('ca', 'fr').kind).not.toBe(CONTENT);
  });

  it('expletives are no words in any language: a player quoted swearing', () => {
    expectNotKind(CONTENT, [
      ['fuckin', 'en'],
      ['shit', 'fr'],
      ['putain', 'fr'],
      ['mierda', 'es'],
      ['caralho', 'pt'],
      ['scheiße', 'de'],
    ]);
    const list = keywordsOfCase('video:yZGSIpcAfEo');
    expect(list).toContain('willie reed');
    expect(list).not.toContain('fuckin');
  });
});
