/**
 * Legal notices in descriptions: fair-use disclaimers, waivers of liability, music licences and
 * copyright lines ("Copyright Disclaimer Under Section 107 of the Copyright Act 1976", "Licensed via
 * Warner Chappell Production Music Inc.", "Tous droits réservés"). Creators paste them under videos about anything, and their
 * words became keywords ("copyright statute", "exclusive license", "droits réservés"). A notice is
 * told by the legal terms it uses, in the languages read; "license" and "licence" alone are other
 * words too (a driver's license, a French degree), so only their legal phrases count.
 * Pure and deterministic.
 */

import { anyWordOf } from '../lib/regexp.ts';

/** Terms of a disclaimer or a licence: the whole line is legal text. */
// prettier-ignore
const DISCLAIMER_TERMS = [
  'fair use', 'free use guideline', 'section 107', 'copyright act', 'copyright disclaimer', 'copyright infringement', 'copyright statute',
  'copyright strikes', 'copyright strike', 'no copyright', 'creative commons', 'standard youtube license', 'standard youtube licence',
  'utilisation équitable', 'usage équitable', "droit d'auteur", "droits d'auteur", 'licence youtube standard',
  'uso justo', 'uso legítimo', 'derechos de autor', 'direitos autorais', 'urheberrecht',
  // a waiver of liability: "JerryRigEverything assumes no liability for property damage …"
  'no liability', 'not liable', 'not be held liable', 'not responsible for any', 'at your own risk', 'décline toute responsabilité',
  'à vos risques et périls', 'bajo su propia responsabilidad',
];
const DISCLAIMER = new RegExp(
  [
    anyWordOf(DISCLAIMER_TERMS),
    // a licence given to a work: "licensed via Audio Network"
    '(?<![\\p{L}])licen[cs]ed\\s+(?:via|to|under|by|from)(?![\\p{L}])',
    '(?<![\\p{L}])(?:sous\\s+licence|bajo\\s+licencia)(?![\\p{L}])',
  ].join('|'),
  'iu',
);

/**
 * The marks of a copyright line. What comes before the mark is the creator's ("Music video by
 * Eminem performing Walk On Water. (C) 2017 Aftermath Records"); from the mark on it is the holder
 * and the rights.
 */
const HOLDER = new RegExp(
  [
    '[©℗]',
    // the copyright sign typed as a letter, before a year
    '\\(c\\)\\s*(?:19|20)\\d\\d',
    anyWordOf([
      'copyright',
      'all rights reserved',
      'tous droits réservés',
      'droits réservés',
      'todos los derechos reservados',
      'derechos reservados',
      'direitos reservados',
      'alle rechte vorbehalten',
    ]),
    '(?<![\\p{L}])under\\s+(?:an?\\s+)?(?:exclusive\\s+|non-exclusive\\s+)?licen[cs]e(?![\\p{L}])',
  ].join('|'),
  'iu',
);

/** A heading alone on its line that opens a disclaimer's paragraph ("Disclaimer:", "AVERTISSEMENT -"). */
const DISCLAIMER_HEADING =
  /^[^\p{L}\p{N}]*(?:copyright\s+|legal\s+)?(?:disclaimer|avertissement|aviso\s+legal|haftungsausschluss)\s*[:\-–—]?[^\p{L}\p{N}]*$/iu;
/** A line that ends its sentence; one that does not runs on to a next line in lowercase. */
const SENTENCE_END = /[.!?…]["'»”)\]]*\s*$/u;
const STARTS_LOWER = /^[^\p{L}\p{N}]*\p{Ll}/u;

/**
 * Which lines of a description belong to a disclaimer: a line with its terms, the lines its
 * sentence runs on to when the text is wrapped by hand ("…Copyright Act 1976," then "comment, news
 * reporting, teaching, scholarship, and research."), and the paragraph a "Disclaimer:" heading
 * opens, up to a blank line.
 */
export function disclaimerLines(lines: readonly string[]): boolean[] {
  const out = lines.map(() => false);
  let headed = false;
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) {
      headed = false;
      continue;
    }
    if (DISCLAIMER_HEADING.test(line)) headed = true;
    const runOn =
      i > 0 && out[i - 1]! && !SENTENCE_END.test(lines[i - 1]!) && STARTS_LOWER.test(line);
    out[i] = headed || runOn || DISCLAIMER.test(line.replace(/[\u2018\u2019]/g, "'"));
  }
  return out;
}

/** A description line without its legal notice: '' for a disclaimer, the text before a copyright mark. */
export function withoutLegalNotice(line: string): string {
  const text = line.replace(/[\u2018\u2019]/g, "'");
  if (DISCLAIMER.test(text)) return '';
  const m = HOLDER.exec(text);
  return m === null ? line : line.slice(0, m.index).trimEnd();
}
