/**
 * Music uploads title themselves "Artist - Song (Official Video)": "Sigrid - Strangers (Lyric
 * Video)", "Eminem - Walk On Water (Audio) ft. Beyoncé", "Columbine - Pierre, feuille, papier,
 * ciseaux (Clip Officiel)". The bracketed format is the platform's label, not what the song is
 * about ("lyric video", "clip officiel" were keywords), and each other part of the title is a name
 * written whole: the song ("walk on water", "strangers") or the artist, what listeners search for.
 * Pure and deterministic.
 */

/** The formats a music upload labels itself with, in brackets ("(Official Music Video)", "[AUDIO]"). */
const FORMAT =
  /[([]\s*(?:(?:official|officiel|officielle|oficial)\s+)?(?:music\s+video|lyrics?\s+video|video\s+lyrics?|lyrics?|video|vid[eé]o|audio|visuali[sz]er|clip|videoclip|clip\s+lyrics?)(?:\s+(?:official|officiel|officielle|oficial))?\s*[)\]]/giu;

/** A music title without its format label, or null when the title has none. */
export function musicTitle(title: string): string | null {
  FORMAT.lastIndex = 0;
  if (!FORMAT.test(title)) return null;
  FORMAT.lastIndex = 0;
  // a boundary where the label was: the parts on either side are names of their own
  return title
    .replace(FORMAT, ' | ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s|]+|[\s|]+$/g, '');
}
