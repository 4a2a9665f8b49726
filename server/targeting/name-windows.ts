/**
 * Which windows of a segment of running text cut a name, for the analyzer's phrases: a list's
 * names joined across "and", two people's joined by a word, words in small letters running into a
 * person's name, a window starting inside a name or running out of one, and what a headline says
 * a person does. Each is a property of how text writes names; the names are the keywords, their
 * cuts none. Pure and deterministic, computed once a segment.
 */
import {
  isGivenNameOrTitle,
  isHeadlineVerb,
  isPersonRun,
  isRole,
  isRoleBeforeName,
} from './people.ts';
import { isNameWord, nameParticle } from './phrase.ts';
import { NUMBER, type Lang, type WordInfo } from './tokens.ts';

/** A segment's names, and whether a window of it cuts one. */
export interface NameWindows {
  /** per word, where the person's full name it is in starts (-1 in none) */
  personStarts: Int32Array;
  /** whether words[i..i+n) cuts a name (no phrase, the name is) */
  cut(i: number, n: number): boolean;
}

export function nameWindows(
  words: readonly WordInfo[],
  inf: readonly boolean[],
  lang: Lang,
): NameWindows {
  const personStarts = personNameStarts(words, inf, lang);
  const said = saidOfPerson(words, personStarts, lang);
  const ends = nameRunEnds(words, inf);
  return {
    personStarts,
    cut: (i, n) =>
      cutsListOfNames(words, i, n) ||
      joinsTwoPeople(words, i, n) ||
      runsIntoPerson(personStarts, i, n) ||
      startsInsidePerson(personStarts, i, n) ||
      holdsVerbOfPerson(said, i, n) ||
      runsOutOfName(ends, i, n),
  };
}

/**
 * Whether a window of running text joins capitalised words across a list's "and" and cuts a name
 * at an end ("Jean-François Verzele et Jacques" of "… et Jacques Wehrlin"), or joins a given name
 * alone to a full name, on either side ("James and Kim Kardashian", "OJ Simpson and Jennifer": two
 * people, where a duo's names are a word each, "Tom and Jerry"): no phrase, the names are.
 * Capitals count even where a Title Case line makes them no evidence of a name.
 */
function cutsListOfNames(words: readonly WordInfo[], i: number, n: number): boolean {
  if (n < 3) return false;
  let and = -1;
  for (let k = i + 1; k < i + n - 1 && and < 0; k++) if (words[k]!.coordinator) and = k;
  if (and < 0) return false;
  const named = (k: number) => k >= 0 && k < words.length && isNameWord(words[k]!);
  if ((named(i + n - 1) && named(i + n)) || (named(i - 1) && named(i))) return true;
  const givenName = (k: number) => named(k) && isGivenNameOrTitle(words[k]!.orig);
  let full = 0;
  if (and === i + 1 && givenName(i)) for (let k = and + 1; k < i + n && named(k); k++) full++;
  else if (and === i + n - 2 && givenName(i + n - 1))
    for (let k = and - 1; k >= i && named(k); k--) full++;
  return full >= 2;
}

/**
 * Per word, where the person's full name it is in starts (-1 in none): a capitalised run of two
 * or three words that people.ts calls a person's, or that a role in small letters introduces
 * ("star Liza Koshy"). A sentence's first capital is no name's when the name's own capitals tell
 * ("Actor Terry Crews"), unless it is a given name itself ("Jean-Luc Mélenchon est…"). For the
 * windows below and the analyzer's nameRuns.
 */
function personNameStarts(
  words: readonly WordInfo[],
  inf: readonly boolean[],
  lang: Lang,
): Int32Array {
  const starts = new Int32Array(words.length).fill(-1);
  const linked = (k: number) =>
    isNameWord(words[k + 1]!) && (inf[k] || !inf[k + 1] || isGivenNameOrTitle(words[k]!.orig));
  for (let from = 0; from < words.length;) {
    if (!isNameWord(words[from]!)) {
      from++;
      continue;
    }
    let to = from;
    while (to + 1 < words.length && linked(to)) to++;
    // a Title Case headline capitalises the verb after the name: "Denzel Washington Wonders If…"
    if (to - from === 2 && isHeadlineVerb(words[to]!, lang)) to--;
    // a person's name is two or three words (people.ts), and no longer name's end ("Late
    // Night with Seth Meyers", not "Thanks to Eric Langlay")
    const tail =
      from >= 2 &&
      nameParticle(words[from - 1]!, words[from - 2]!, words[from]!) &&
      (inf[from - 2] || !inf[from]);
    if (
      !tail &&
      to - from >= 1 &&
      to - from <= 2 &&
      ((from > 0 && isRoleBeforeName(words[from - 1]!)) || isPersonRun(words, from, to + 1))
    )
      starts.fill(from, from, to + 1);
    else if (!tail) {
      // a role capitalised before a person's name, after another name: "CBS News Chairman Jeff
      // Fager", "Attorney General Jeff Sessions" (a show's name holds a person's whole: "The
      // Tonight Show Starring Jimmy Fallon"); or the place or office of a role in small letters
      // before the run: "le procureur de Paris François Molins", "the governor of California
      // Jerry Brown" (a place a name follows with no role before it is one name: "au Stade
      // Pierre Mauroy")
      const complement = afterRoleOf(words, from);
      for (let k = from + 1; k < to; k++) {
        if (to - k > 2 || !isGivenNameOrTitle(words[k]!.orig)) continue;
        if (!complement && !isRole(words[k - 1]!)) continue;
        if (!isPersonRun(words, k, to + 1)) continue;
        starts.fill(k, k, to + 1);
        break;
      }
    }
    from = to + 1;
  }
  return starts;
}

/** Words that join a role to what it is the role of: "procureur de", "ministre des", "mayor of the". */
// prettier-ignore
const ROLE_LINKS = new Set(['de', 'des', 'du', 'la', 'le', "l'", 'of', 'the', 'del', 'della', 'von', 'der']);

/** Whether the word at `from` follows a role in small letters and the words that link it ("ministre de l'"). */
function afterRoleOf(words: readonly WordInfo[], from: number): boolean {
  for (let k = from - 1, links = 0; k >= 0 && links <= 2; k--, links++) {
    const w = words[k]!;
    if (isRoleBeforeName(w)) return links > 0;
    if (w.cap || !ROLE_LINKS.has(w.low)) return false;
  }
  return false;
}

/**
 * Per word, whether it is a verb a headline says of the person named right before it ("Harry
 * Styles returns to…", "Thierry Ardisson répond à…"), or of another name ("Kesha performs"), for
 * holdsVerbOfPerson: as a prefix sum, so a window asks in one step.
 */
function saidOfPerson(words: readonly WordInfo[], people: Int32Array, lang: Lang): Int32Array {
  const sum = new Int32Array(words.length + 1);
  for (let k = 0; k < words.length; k++) {
    const before = k > 0 ? words[k - 1]! : undefined;
    const verb =
      before !== undefined &&
      people[k]! < 0 &&
      (people[k - 1]! >= 0
        ? isHeadlineVerb(words[k]!, lang)
        : isNameWord(before) && isHeadlineVerb(words[k]!, lang, false));
    sum[k + 1] = sum[k]! + (verb ? 1 : 0);
  }
  return sum;
}

/**
 * Whether a window holds a verb said of the person named before it ("harry styles returns",
 * "répond à squeezie", "wonders"): what a headline says someone does is no keyword; their name is.
 */
function holdsVerbOfPerson(said: Int32Array, i: number, n: number): boolean {
  return said[i + n]! > said[i]!;
}

/**
 * Whether a window of running text runs from words in small letters into a person's full name
 * ("presses Jeff Sessions", "inventor Bill Gates", "thanks to Eric Langlay"), or into part
 * of one ("investigate Hillary" of "… Hillary Clinton"): what runs into a name is a verb or a role
 * said of the person, no part of what anyone searches; the name is the keyword. A name with
 * capitals before it is a title's or a show's ("Late Night with Seth Meyers", "Les Reportages de
 * Vincent Lapierre") and stays whole (personNameStarts).
 */
function runsIntoPerson(personStarts: Int32Array, i: number, n: number): boolean {
  return n >= 2 && personStarts[i + n - 1]! > i;
}

/**
 * Whether a window of two or more words starts inside a person's full name ("luc lemoine" of
 * "Jean-Luc Lemoine", "bret passe en revue" of "Marc Antoine Le Bret passe en revue"): a cut of
 * the name, which is the keyword. A cut from the name's start may be a name of its own: a Title
 * Case line capitalises a verb ("Rick Santorum Speaks"), and a family name may be a given name
 * ("Larry David").
 */
function startsInsidePerson(personStarts: Int32Array, i: number, n: number): boolean {
  const start = personStarts[i]!;
  return n >= 2 && start >= 0 && start < i;
}

/**
 * Per word, the last word of the name it is inside of (-1 for a name's first word and outside
 * names): a run of two or more capitalised words, and numbers between or after them ("Mate 10
 * Pro", "Galaxy S8"), that capitalises a word mid-sentence. A run that opens on letters all in
 * capitals is an acronym's or a unit's, no name's ("DC DC charger", "NBA Finals"). For
 * runsOutOfName.
 */
function nameRunEnds(words: readonly WordInfo[], inf: readonly boolean[]): Int32Array {
  const ends = new Int32Array(words.length).fill(-1);
  for (let from = 0; from < words.length;) {
    if (!isNameWord(words[from]!) || !/\p{Ll}/u.test(words[from]!.orig)) {
      from++;
      continue;
    }
    let to = from;
    let told = inf[from]!;
    while (
      to + 1 < words.length &&
      (isNameWord(words[to + 1]!) || words[to + 1]!.kind === NUMBER)
    ) {
      to++;
      told ||= inf[to]!;
    }
    if (to > from && told) ends.fill(to, from + 1, to + 1);
    from = to + 1;
  }
  return ends;
}

/**
 * Whether a window starts inside a name and runs out of it ("pro de huawei" of "le Mate 10 Pro de
 * Huawei", "meyers weeknights" of "Seth Meyers weeknights"): a name's last words joined to what
 * follows it are no phrase anyone says. Inside the name, its parts stay ("kimmel live").
 */
function runsOutOfName(nameEnds: Int32Array, i: number, n: number): boolean {
  const end = nameEnds[i]!;
  return end >= 0 && i + n - 1 > end;
}

/**
 * Whether a window joins two people's full names with a word between them ("Nicolas Sarkozy à
 * Emmanuel Macron" of "de Nicolas Sarkozy à Emmanuel Macron", "Kim Kardashian and Kanye West"):
 * each is a keyword, the pair is none. A name with a person's in it stays ("Tour de France").
 */
function joinsTwoPeople(words: readonly WordInfo[], i: number, n: number): boolean {
  // a person's name is two or three words (people.ts): two of them and a word between
  if (n < 5 || n > 7) return false;
  const person = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (!isNameWord(words[k]!)) return false;
    return isPersonRun(words, from, to);
  };
  for (let k = i + 2; k <= i + 3 && k < i + n - 2; k++) {
    const w = words[k]!;
    if (
      (w.connector || w.coordinator) &&
      i + n - k - 1 <= 3 &&
      person(i, k) &&
      person(k + 1, i + n)
    )
      return true;
  }
  return false;
}
