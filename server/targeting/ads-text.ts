/**
 * What an ad platform's keyword can hold. Google Ads refuses a keyword with any of the symbols
 * below (KEYWORD_HAS_INVALID_CHARS; its help lists them for keywords and negative keywords; U+0060
 * is the backtick) and reads none of a pictograph's, which is no letter of any language. A symbol
 * at a word's edge is punctuation around it ("Yahoo!", "(Official)", "Panic! At The Disco"): the
 * keyword is the words without it. One inside a word is part of how the word is spelt ("P!nk",
 * "f*ck"), which no keyword can write: no keyword then. Pure.
 */

const GOOGLE_ADS_REFUSES = '!@%^*()={};~\\u0060<>,?\\\\|';
const REFUSED_BY_GOOGLE_ADS = new RegExp(`[${GOOGLE_ADS_REFUSES}]`, 'u');
const REFUSED = new RegExp(
  `[${GOOGLE_ADS_REFUSES}\\p{Extended_Pictographic}\\u{FE0F}\\u{20E3}]`,
  'u',
);
const AT_EDGES = new RegExp(`^(?:${REFUSED.source})+|(?:${REFUSED.source})+$`, 'gu');
/** The pictographs an emoji sequence joins ("👨‍👩‍👧"), but its last: one pictograph to leave out. */
const JOINED = /(?:\p{Extended_Pictographic}\u{FE0F}?\u{200D})+(?=\p{Extended_Pictographic})/gu;

/** The keyword a text makes on an ad platform: its words without the symbols around them, or null. */
export function adsKeywordText(text: string): string | null {
  const words: string[] = [];
  for (const written of text.replace(JOINED, '').split(/\s+/u)) {
    const word = written.replace(AT_EDGES, '');
    if (REFUSED.test(word)) return null;
    if (word) words.push(word);
  }
  return words.length ? words.join(' ') : null;
}

/** Whether Google Ads refuses a keyword for one of the symbols it lists (KEYWORD_HAS_INVALID_CHARS). */
export function refusedByGoogleAds(keyword: string): boolean {
  return REFUSED_BY_GOOGLE_ADS.test(keyword);
}
