/**
 * Crew credits in descriptions: the people who made the video behind the camera ("Edited by Mark
 * Potts", "Camera operator: Jasmine Putney", "Montage : Théo Meunier"). Their names are no topic of
 * the video and nobody searches for them, yet they became keywords ("michelle martin", "claire
 * wiley"). A credit line is told by its shape, a crew role and then names; the roles that can be
 * what a video is about are left out: a film's director and composer ("Directed by Guillermo del
 * Toro", "Music: Ilaiyaraaja"), the cast, hosts and guests, and "Camera" in any language, which
 * more often names the gear ("Caméra : GoPro Hero 5"). The list holds every language's roles, so
 * none may be a character in another ("Son - Austin Zajur" is a sketch's cast, not French sound).
 * Pure and deterministic.
 */

import { anyWordOf } from '../lib/regexp.ts';

/** Crew roles, in the languages read, as a credit line starts with them. */
// prettier-ignore
const ROLES = [
  'editor', 'editors', 'edited', 'editing', 'video editor', 'assistant editor', 'camera operator', 'camera operators', 'cameraman', 'camerawoman',
  'cinematographer', 'cinematography', 'director of photography', 'dop', 'dp', 'gaffer', 'key grip', 'grip', 'sound', 'sound design', 'sound mixer', 'sound engineer',
  'mix', 'mixed', 'mixing', 'mastering', 'mastered', 'mix and mastering', 'colorist', 'colourist', 'color grading', 'colour grading', 'grading',
  'producer', 'producers', 'produced', 'executive producer', 'senior producer', 'associate producer', 'co-producer', 'line producer', 'production assistant',
  'production manager', 'production coordinator', 'production designer', 'coordinator', 'script supervisor', 'writer', 'writers', 'written', 'script',
  'makeup', 'make-up', 'hair', 'wardrobe', 'stylist', 'costume', 'costumes', 'costume designer', 'thumbnail', 'thumbnails', 'graphics', 'motion graphics',
  'motion design', 'animation', 'animations', 'animator', 'animators', 'vfx', 'visual effects', 'post production', 'post-production', 'translator', 'translators',
  'first assistant director', 'assistant director', 'technical director', 'art director', 'videographer', 'videographers',
  'color', 'colour', 'pa', 'driver', 'drivers',
  'assistant camera', 'camera assistant', 'camera pa', 'assistant editors', 'colour assist', 'color assist', 'production supervisor',
  'post-production supervisor', 'post production supervisor', 'art assistant', 'technical assistant', 'mixage audio', 'mix audio', 'art assist', 'set design',
  'montage', 'monteur', 'monteuse', 'montée', 'cadreur', 'cadreuse', 'cadrage', 'étalonnage', 'mixage', 'prise de son', 'habillage', 'graphisme', 'sous-titres',
  'edición', 'editor de video', 'editado', 'editada', 'camarógrafo', 'fotografía', 'sonido', 'mezcla', 'producción', 'guion', 'guión',
  'edição', 'editado por', 'cinegrafista', 'som', 'mixagem', 'roteiro', 'produção',
  'schnitt', 'tonmischung', 'produktion', 'drehbuch',
];

const ROLE = anyWordOf(ROLES);
/** A rank before a role: "Senior Colour Assist", "Key Production Assistant", "Exec. Producer". */
const RANK = '(?:(?:senior|key|lead|head|chief|associate|executive|exec\\.?|assistant)\\s+)?';
/** Who helps in a role: "Art Assistant", "Wardrobe Supervisor", "Camera Operator". */
const AIDE =
  '(?:\\s+(?:assistant|assistants|assist|supervisor|coordinator|manager|operator|operators|pa))?';
/**
 * One or more roles ("Producer/Editor/Translator", "Mix & Mastering"), then "by" (or its kin) or a
 * colon or a dash, then the names: "Sound of Music" and "Hair tutorial" are no credits.
 */
const CREDIT = new RegExp(
  `^[^\\p{L}\\p{N}]*${RANK}${ROLE}${AIDE}(?:\\s*(?:/|&|,|\\+|and|et|y|e|und)\\s*${RANK}${ROLE}${AIDE})*(?:\\s+(?:by|par|por|von)(?:\\s*[:\\-–—|])?|\\s*[:\\-–—|])\\s*(.+)$`,
  'iu',
);
/** The names a credit gives fit in a few words; more is a sentence ("Editing this took a week…"). */
const MAX_NAME_WORDS = 10;

/** Whether a description line credits crew members. */
export function isCrewCredit(line: string): boolean {
  const m = CREDIT.exec(line);
  if (m === null) return false;
  const names = m[1]!;
  const words = names.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  // a credit names someone: a capital, a handle or a link, not running lowercase text ("sound on")
  return words > 0 && words <= MAX_NAME_WORDS && /[\p{Lu}@]|https?:/u.test(names);
}

/**
 * Where a video's pictures and music come from: a stock photo's credit, the photographer and the
 * agency ("Blake Little/Getty Images"), or a source given alone on its line ("via AudioBlocks",
 * "Via Audio Network"). The agency is no topic of the video ("getty images" was a keyword of three).
 * Told by the shape: a name, a slash, an agency named for what it gives (images, photos,
 * footage); or "via" and a name, nothing else on the line.
 */
const PHOTO_CREDIT =
  /^[^\p{L}\p{N}]*[\p{L}\p{N}][\p{L}\p{N}.' -]{0,40}\/\s*(?:\p{Lu}[\p{L}\p{N}]*\s+){0,2}(?:Images|Photos?|Pictures|Pics|Stock|Footage|Archives?)\s*$/u;
// no "i" flag: with it, \p{Lu} matches small letters too ("via ferrata dolomites")
const SOURCE_CREDIT =
  /^[^\p{L}\p{N}]*(?:via|Via|VIA)\s+\p{Lu}[\p{L}\p{N}]*(?:\s+\p{Lu}[\p{L}\p{N}]*){0,2}\s*$/u;

/** Whether a description line credits where a picture or a piece of music comes from. */
export function isMediaCredit(line: string): boolean {
  return PHOTO_CREDIT.test(line) || SOURCE_CREDIT.test(line);
}

/**
 * Stock music licensed for a video is credited in two lines, the cue's title and then its licence
 * ("SEARCH AND DESTROY" / "Licensed via Warner Chappell Production Music Inc."): the title names a
 * library track, no topic of the video ("tight buttocks", "attack dog hit a" were keywords). A
 * title is a few words on its own line; a sentence above a licence line is kept.
 */
const LICENCE_LINE = /^[^\p{L}\p{N}]*licensed\s+(?:via|by|from|through|under|courtesy\s+of)\s+\S/iu;
const CUE_TITLE_WORDS = 8;

/** Per line: whether it is a licence line of stock music or the title of the cue it licenses. */
export function licensedCueLines(lines: readonly string[]): boolean[] {
  const out = lines.map(() => false);
  for (const [i, line] of lines.entries()) {
    if (!LICENCE_LINE.test(line)) continue;
    out[i] = true;
    let j = i - 1;
    while (j >= 0 && !lines[j]!.trim()) j--;
    const title = j >= 0 ? lines[j]! : '';
    const words = title.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    if (
      words > 0 &&
      words <= CUE_TITLE_WORDS &&
      !/[.!?:]\s*$/u.test(title) &&
      !LICENCE_LINE.test(title)
    )
      out[j] = true;
  }
  return out;
}

/**
 * A list of guests names each with what they do ("- Soazig QUÉMÉNER, rédactrice en chef du service
 * politique de Marianne", "• Jane Doe, senior fellow at the Brookings Institution"): the person may
 * be what the video is about, their title and employer are not ("chef du service politique",
 * "institut de sondages" led a news show's list). Told by the shape of a list item: a bullet, a
 * name of capitalised words (surnames in capitals, as French writes them, and name particles), a
 * comma, and a role in small letters.
 */
const GUEST_ITEM =
  /^(\s*[-–—•*·►▪]\s*(?:\p{Lu}[\p{L}'’.-]*)(?:\s+(?:(?:de|du|des|da|di|van|von|der|le|la|el|al|bin|ben)\s+)?\p{Lu}[\p{L}'’.-]*){1,3})\s*,\s*\p{Ll}/u;

/** A list item's guest without their role ("- Soazig QUÉMÉNER"); any other line as it is. */
export function withoutGuestRole(line: string): string {
  const m = GUEST_ITEM.exec(line);
  return m ? m[1]! : line;
}
