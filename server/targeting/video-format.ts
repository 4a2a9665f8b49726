/**
 * What kind of video a title says it is, beside what it is of: "THE SHAPE OF WATER - Final
 * Trailer", "Kyle Kuzma Full Highlights 2017.11.15 vs 76ers", "TOP 14 - Résumé Agen-Paris",
 * "Huawei Mate 10 Pro : TEST COMPLET". Viewers search the two together ("shape of water trailer",
 * "kyle kuzma highlights"), and the format's word alone ("trailer") reaches every film. A closed
 * class per language, as music.ts's format labels are; and a match or a comparison, with its two
 * sides ("Small Truck VS Strong Wind"). Pure and deterministic.
 */
import type { Lang } from './lang.ts';

/** The formats, longest first: a title's "Teaser Trailer" is one. */
// prettier-ignore
const FORMATS: Partial<Record<Lang, readonly string[]>> = {
  en: ['teaser trailer', 'trailer', 'teaser', 'highlights', 'review', 'unboxing', 'interview', 'recap'],
  fr: ['bande annonce', 'bande-annonce', 'teaser', 'trailer', 'résumé', 'test', 'interview', 'critique'],
  es: ['tráiler', 'trailer', 'teaser', 'avance', 'resumen', 'reseña', 'entrevista'],
  de: ['trailer', 'teaser', 'highlights', 'test', 'interview', 'zusammenfassung'],
  pt: ['trailer', 'teaser', 'resumo', 'análise', 'entrevista'],
};

/** Words a title puts before a format that say which one, not what of: "Final Trailer", "la bande annonce". */
// prettier-ignore
const FORMAT_MODIFIERS = new Set([
  'official', 'officiel', 'officielle', 'oficial', 'final', 'new', 'nouvelle', 'nouveau', 'nuevo',
  'full', 'complet', 'complete', 'completo', 'cinematic', 'hd', '4k', 'vf', 'vostfr', 'vost', 'vo',
  'exclusif', 'première', 'premier', 'first', 'extended', 'the', 'a', 'la', 'le', "l'", 'el', 'der', 'die', 'o',
]);

/** What a title's parts are split at: a dash, a bar or a slash between spaces, a colon, brackets. */
const PARTS = /\s[-–—|/]\s|:\s|[()[\]]/u;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;

/**
 * The subject and the format of a title ("THE SHAPE OF WATER - Final Trailer" → ["THE SHAPE OF
 * WATER", "trailer"]), as the title writes the subject: the part before a part that opens with the
 * format, or the words of a part before it ("Kyle Kuzma Full Highlights …" → "Kyle Kuzma"). Null
 * for a title that names no format, or whose format opens it ("Interview : Marine Le Pen …").
 */
export function subjectAndFormat(title: string, lang: Lang): [string, string] | null {
  const formats = FORMATS[lang];
  if (formats === undefined) return null;
  const parts = title
    .split(PARTS)
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  for (let i = 0; i < parts.length; i++) {
    // a list of words ("( interview, malaise, réseaux sociaux )") is the title's tags, no label
    if (parts[i]!.includes(',')) continue;
    const words = parts[i]!.match(WORD) ?? [];
    const low = words.map((w) => w.toLowerCase());
    for (let at = 0; at < low.length; at++) {
      const format = formats.find((f) => {
        const fw = f.split(' ');
        return fw.every((w, j) => low[at + j] === w);
      });
      if (format === undefined) continue;
      let before = at;
      while (before > 0 && FORMAT_MODIFIERS.has(low[before - 1]!)) before--;
      const subject = before > 0 ? words.slice(0, before).join(' ') : i > 0 ? parts[i - 1]! : '';
      return subject ? [subject, format.replace('-', ' ')] : null;
    }
  }
  return null;
}

/** "vs", "vs." and "versus" between spaces: a French "contre" is as often "against" ("lutte contre"). */
const VERSUS = /\s(?:vs\.?|versus)\s/iu;

/**
 * The two sides of a title that pits one thing against another ("Arnold VS Megalodon", "Cheap vs
 * Expensive Cheeses", "2018 BMW M4 CS vs. 2018 Porsche 911 GTS"), each to its part's end
 * ("Cleveland Cavaliers vs Charlotte Hornets Full Game Highlights" → ["Cleveland Cavaliers",
 * "Charlotte Hornets Full Game Highlights"]). Viewers search the match or the comparison as the
 * title writes it ("cheap vs expensive"), and each side alone reaches anything about it. Null
 * without a "vs", or with two in a part.
 */
export function versusSides(title: string): [before: string, after: string] | null {
  for (const part of title.split(PARTS)) {
    const sides = part.split(VERSUS);
    if (sides.length !== 2) continue;
    const [before, after] = sides.map((s) => s.trim()) as [string, string];
    if (/[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after)) return [before, after];
  }
  return null;
}
