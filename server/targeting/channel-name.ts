/**
 * When a channel's own name is a keyword. The channel is a placement already (websites.ts); its name
 * is a keyword too when its videos say the name in words, in a title or a description's prose: the
 * channel is then a show or a brand that its viewers know and search by that name ("Hot Ones",
 * "First We Feast", "Touche pas à mon poste"). A name found only in links, handles and addresses
 * ("rouelibre.example", "@malapronta") says nothing of the kind, and most channels are named with an
 * ordinary phrase of their language ("Roue Libre", "Mala Pronta") that would reach content about
 * anything. A channel named as a person ("Doug DeMuro", "Tyler Oakley") is its creator, whom its
 * viewers search by name, said or not. A title glued as a handle ("FallOutBoyVEVO") may be said
 * in the words its capitals mark ("Fall Out Boy"). Any channel's name closes a list short of the
 * first page (keywords.ts, channelNameFill), and so does a linked Facebook page's title.
 */
import { escapeRegExp } from '../lib/regexp.ts';
import { isPersonName } from './people.ts';
import { dedupeKey } from './text.ts';
import type { Corpus } from './types.ts';

/** What marks a written word as a link, a host, a handle or an address: a dot inside, a slash, an at sign. */
const ADDRESS = /[/@]|[\p{L}\p{N}_-]\.[\p{L}\p{N}_-]/u;
const SPACE = /\s/u;

interface Name {
  /** its longest word: a line without it cannot hold the name */
  longest: string;
  /** its words in order, anything but letters and digits between them, a whole word at each end */
  pattern: RegExp;
}

/**
 * What a channel's title adds to its name for the platform: that it is the official channel, its
 * language, its music label's account ("TOP 14 - Officiel", "M4 Official", "Troom Troom FR",
 * "AlloCiné - la chaîne officielle", "NiallHoranVEVO"). Videos say the name without them.
 * "Channel" and "TV" stay: they are part of names ("Disney Channel", "HUM TV").
 */
const LABEL_PART =
  /\s*(?:[-–—|:]\s*)?(?:(?:la|the)\s+)?(?:cha[iî]ne\s+officielle|official\s+channel|canal\s+oficial)\s*$/iu;
const LABEL_WORD =
  /(?:\s*[-–—|:(]\s*|\s+)(?:officiel|officielle|official|oficial|vevo|fr|en|es|français|francais|español)\)?\s*$/iu;
/** A label glued to the name: "OKLMofficial", "EminemVEVO", "BBCRadio1VEVO". */
const GLUED_LABEL =
  /(?<=[\p{L}\p{N}])(?:VEVO|Vevo|official|Official|OFFICIAL|officiel|Officiel|OFFICIEL)$/u;

/**
 * A title written as one word in CamelCase, as handles are: its videos may say it glued, as a brand
 * ("WatchMojo", "AlloCiné"), or its capitals may mark words they say apart ("FallOutBoy" → "Fall
 * Out Boy", "MeganBatoon"). A word in capitals stays whole ("HigaTV" → "Higa TV").
 */
const GLUED_WORDS = /^\p{Lu}[\p{L}\p{N}]*\p{Ll}\p{Lu}[\p{L}\p{N}]*$/u;

/**
 * Exclamation and question marks a title shouts around its name ("SERGY !!!", "¡Hola Soy Germán!"),
 * and a separator left at either end ("Nuréa TV –", "| Coffee Lab"): no part of a name, and not
 * a word of a keyword.
 */
const SHOUT = /^[\s¡¿.…\-–—|:·•]+|[\s!?¡¿…\-–—|:·•]+$/gu;

/**
 * Characters that are no part of a written name: controls, format characters but the joiners that
 * scripts and emoji need (U+200C, U+200D), private-use code points and unpaired surrogates.
 */
const INVISIBLE = /[\p{Cc}\p{Co}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/gu;

/** A channel's name as its videos say it: its title without the platform's labels, or the title. */
export function channelName(title: string): string {
  // one line, one space between words, no invisible or broken characters: an import may carry a
  // title's line breaks, a direction override or half of a surrogate pair, no keyword can
  const line = title.replace(/\s+/gu, ' ').replace(INVISIBLE, '').trim();
  let name = line;
  for (let before = ''; before !== name;) {
    before = name;
    name = name
      .replace(SHOUT, '')
      .replace(LABEL_PART, '')
      .replace(LABEL_WORD, '')
      .replace(GLUED_LABEL, '')
      .trim();
  }
  return /[\p{L}\p{N}]/u.test(name) ? name : line;
}

/**
 * A Facebook page's address for a page without a username: its title, its words hyphenated, then
 * its number ("facebook.com/Guillaume-Pley-246330025378880", "facebook.com/pages/Nota-Bene/123…").
 * Facebook writes the title its owner gave the page; a username ("facebook.com/ptitdeliretv") is
 * a handle, and says nothing of the words.
 */
const FACEBOOK_PAGE =
  /facebook\.com\/(?:pg\/|pages\/)?(\p{L}[\p{L}\p{N}.']*(?:-+[\p{L}\p{N}.']+)*)-*[-/]\d{8,20}(?![\p{L}\p{N}])/giu;

/** Facebook's own paths before a number: a group's, an event's, a post's, no page's title. */
const FACEBOOK_PATHS = new Set([
  'groups',
  'events',
  'photos',
  'videos',
  'notes',
  'posts',
  'story',
  'permalink',
  'watch',
  'media',
  'reel',
  'gaming',
  'marketplace',
]);

/**
 * The titles of the Facebook pages a text links, in order, once each: a creator links their own
 * page, titled with their name or their show's ("Guillaume Pley" under the channel "gamepley"),
 * which closes a short list as the channel's name does (keywords.ts, channelNameFill).
 */
export function linkedPageNames(text: string): string[] {
  if (!text.includes('facebook.com/')) return [];
  const out = new Map<string, string>();
  for (const m of text.matchAll(FACEBOOK_PAGE)) {
    const name = m[1]!.replace(/-+/gu, ' ').trim();
    const key = name.toLowerCase();
    if (!FACEBOOK_PATHS.has(key) && !out.has(key)) out.set(key, name);
  }
  return [...out.values()];
}

/**
 * A channel's name as a person types it, given the lines its channel and videos write: a title
 * glued as a handle in the words its capitals mark ("TheEllenShow": "The Ellen Show"), unless those
 * lines write it glued (a handle, an address, a word: "JordanYoutunes", "twitter.com/ParodyWorld31")
 * and never apart. Then it is a brand spelled as one word, and typed so ("YouTunes", not "You
 * Tunes"). A person's name is typed apart ("Megan Batoon").
 */
export function channelNameTyped(title: string, lines: Iterable<string>): string {
  const ways = spellings(channelName(title));
  if (ways.length === 1) return ways[0]!;
  const [glued, apart] = ways as [string, string];
  if (isPersonName(apart)) return apart;
  const gluedKey = glued.toLowerCase();
  const apartName = nameOf(apart);
  let writtenGlued = false;
  for (const line of lines) {
    const lower = line.toLowerCase();
    if (apartName !== null && lower.includes(apartName.longest)) {
      apartName.pattern.lastIndex = 0;
      if (apartName.pattern.test(lower)) return apart;
    }
    writtenGlued ||= lower.includes(gluedKey);
  }
  return writtenGlued ? glued : apart;
}

/** How videos may write a channel's name: as its title does, and a glued title's words apart. */
function spellings(name: string): string[] {
  return GLUED_WORDS.test(name) ? [name, gluedWords(name)] : [name];
}

/** Where a glued title's next word starts: a capital after a small letter, or before one. */
const WORD_START = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** "FallOutBoy" → "Fall Out Boy"; a name's particle of two letters stays on it ("McDonald", "LeBron"). */
function gluedWords(name: string): string {
  const words: string[] = [];
  let particle = '';
  for (const part of name.split(WORD_START)) {
    if (part.length <= 2 && /^\p{Lu}\p{Ll}?$/u.test(part)) particle += part;
    else {
      words.push(particle + part);
      particle = '';
    }
  }
  if (particle) words.push(particle);
  return words.join(' ');
}

function nameOf(title: string): Name | null {
  const words = dedupeKey(title).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  const escaped = words.map(escapeRegExp);
  return {
    longest: words.reduce((a, b) => (b.length > a.length ? b : a)),
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])${escaped.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`,
      'gu',
    ),
  };
}

/** Whether a line says the name outside links, handles and addresses. */
function saysName(line: string, name: Name): boolean {
  const lower = line.toLowerCase();
  if (!lower.includes(name.longest)) return false;
  let words: WrittenWords | null = null;
  name.pattern.lastIndex = 0;
  for (let m = name.pattern.exec(lower); m !== null; m = name.pattern.exec(lower)) {
    // the written words the match spans, from the space before it to the space after it
    words ??= writtenWords(lower);
    if (!words.addressAmong(m.index, m.index + m[0].length - 1)) return true;
  }
  return false;
}

interface WrittenWords {
  /** whether a word from the one at `from` to the one at `to` (character offsets) is an address */
  addressAmong(from: number, to: number): boolean;
}

/**
 * A line's words as written (between spaces), read once: each match of a name asks about the words
 * it spans, and reading them again for each match made a long run of the name's word between marks
 * ("x@x@x@…", one word of thousands of matches) quadratic.
 */
function writtenWords(line: string): WrittenWords {
  const wordAt = new Int32Array(line.length);
  const addressesBefore = [0];
  let word = 0;
  for (let i = 0; i < line.length;) {
    if (SPACE.test(line[i]!)) {
      wordAt[i++] = word;
      continue;
    }
    let end = i;
    while (end < line.length && !SPACE.test(line[end]!)) end++;
    wordAt.fill(word, i, end);
    addressesBefore.push(addressesBefore[word]! + (ADDRESS.test(line.slice(i, end)) ? 1 : 0));
    word++;
    i = end;
  }
  return {
    addressAmong: (from, to) => addressesBefore[wordAt[to]! + 1]! > addressesBefore[wordAt[from]!]!,
  };
}

/** Whether a line says a channel's name (of its title) in words, outside links and handles. */
export function namesChannel(title: string): (line: string) => boolean {
  const ways = spellings(channelName(title)).flatMap((text) => nameOf(text) ?? []);
  return (line) => ways.some((name) => saysName(line, name));
}

/** The corpus' channels whose videos name them in words: id → the name, as they write it. */
export function channelsNamedInProse(corpus: Corpus): Map<string, string> {
  const names = new Map<string, { text: string; name: Name }[]>();
  for (const ch of corpus.channels) {
    const ways = spellings(channelName(ch.title)).flatMap((text) => {
      const name = nameOf(text);
      return name ? [{ text, name }] : [];
    });
    if (ways.length) names.set(ch.id, ways);
  }
  const named = new Map<string, string>();
  for (const v of corpus.videos) {
    const ways = names.get(v.channelId);
    if (ways === undefined || named.has(v.channelId)) continue;
    // a name is written on one line
    for (const line of `${v.title}\n${v.description}`.split('\n')) {
      const said = ways.find((w) => saysName(line, w.name));
      if (said) {
        named.set(v.channelId, said.text);
        break;
      }
    }
  }
  return named;
}

/** The corpus' channels whose name is a keyword: id → the name (channelName). */
export function channelNamesAsKeywords(corpus: Corpus): Map<string, string> {
  const named = channelsNamedInProse(corpus);
  for (const ch of corpus.channels) {
    if (named.has(ch.id)) continue;
    const person = spellings(channelName(ch.title)).find(isPersonName);
    if (person !== undefined) named.set(ch.id, person);
  }
  return named;
}
