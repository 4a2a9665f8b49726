/**
 * Legal notices in descriptions: fair-use disclaimers, waivers of liability, music licences,
 * copyright lines ("Copyright Disclaimer Under Section 107 of the Copyright Act 1976", "Licensed via
 * Warner Chappell Production Music Inc.", "Tous droits réservés") and the sponsorship disclosures
 * advertising law asks of creators ("This video is not sponsored", "Cette vidéo n'est pas
 * sponsorisée, je ne suis pas affilié aux marques citées"). Creators paste them under videos about
 * anything, and their words became keywords ("copyright statute", "exclusive license", "droits
 * réservés", "marques citées", "disclaimer cause"). A notice is told by the legal terms it uses, in
 * the languages read; "license" and "licence" alone are other words too (a driver's license, a
 * French degree), so only their legal phrases count. Pure and deterministic.
 */

import { anyWordOf } from '../lib/regexp.ts';
import { sentencesOf } from './sentences.ts';

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
 * What a sponsorship disclosure says, in the languages read: whether the video is paid for, whether
 * its links pay the creator, whose opinions it gives. The disclosure is a sentence of its own
 * ("Brrr, it's cold out here. … This video is sponsored by Nordstrom Rack!"), so only that sentence
 * goes; a sponsor it names is no keyword of the video either. "sponsor" alone is other words too
 * ("our sponsors", a sponsor's read that names the product), so only the disclosing phrases count.
 */
// prettier-ignore
const DISCLOSURE_TERMS = [
  'not sponsored', 'is sponsored', 'was sponsored', 'sponsored by', 'for sponsoring', 'paid promotion', 'paid partnership', 'affiliate link',
  'affiliate links', 'not affiliated', 'opinions are my own', 'opinions are our own', 'opinions are mine', 'views are my own',
  'opinions expressed', 'views expressed', '#ad', '#sponsored',
  // the participle says it in French whatever the sentence: "vidéo sponsorisée", "non sponsorisé"
  'sponsorisé', 'sponsorisée', 'sponsorisés', 'sponsorisées', 'placement de produit', 'placements de produits',
  'partenariat rémunéré', 'communication commerciale', 'lien affilié', 'liens affiliés', "lien d'affiliation",
  "liens d'affiliation", 'pas affilié', 'pas affiliée', 'points de vue exprimés', 'avis sont les miens',
  'patrocinado por', 'patrocinada por', 'no está patrocinado', 'não é patrocinado', 'vídeo patrocinado', 'video patrocinado',
  'enlace de afiliado', 'enlaces de afiliado', 'link de afiliado', 'links de afiliado', 'opiniones son mías', 'opiniões são minhas',
  'gesponsert', 'bezahlte werbung', 'unbezahlte werbung', 'enthält werbung', 'produktplatzierung', 'affiliate-link', 'affiliate-links',
];
const DISCLOSURE = new RegExp(anyWordOf(DISCLOSURE_TERMS), 'iu');

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

/**
 * A description line without its legal notice: '' for a disclaimer, without its sentences of
 * disclosure, the text before a copyright mark.
 */
export function withoutLegalNotice(line: string): string {
  const apostrophes = (text: string) => text.replace(/[\u2018\u2019]/g, "'");
  if (DISCLAIMER.test(apostrophes(line))) return '';
  const rest = DISCLOSURE.test(apostrophes(line))
    ? sentencesOf(line)
        .filter((s) => !DISCLOSURE.test(apostrophes(s)))
        .join('')
        .trim()
    : line;
  const m = HOLDER.exec(apostrophes(rest));
  return m === null ? rest : rest.slice(0, m.index).trimEnd();
}
