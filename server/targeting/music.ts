/**
 * What titles and labels' credits say of music and guests. Music uploads title themselves
 * "Artist - Song (Official Video)": "Sigrid - Strangers (Lyric Video)", "Eminem - Walk On Water
 * (Audio) ft. Beyoncé", "Columbine - Pierre, feuille, papier, ciseaux (Clip Officiel)". The
 * bracketed format is the platform's label, not what the song is about ("lyric video", "clip
 * officiel" were keywords), and each other part of the title is a name written whole: the song
 * ("walk on water", "strangers") or the artist, what listeners search for. Pure and deterministic.
 */
import { dedupeKey } from './text.ts';

/**
 * The formats a music upload labels itself with, in brackets ("(Official Music Video)", "[AUDIO]",
 * "(Vertical Video)").
 */
const FORMAT =
  /[([]\s*(?:(?:official|officiel|officielle|oficial)\s+)?(?:music\s+video|lyrics?\s+video|vertical\s+video|video\s+lyrics?|lyrics?|video|vid[eé]o|audio|visuali[sz]er|clip|videoclip|clip\s+lyrics?)(?:\s+(?:official|officiel|officielle|oficial))?\s*[)\]]/giu;

/**
 * A music video's director, credited after a separator in its title ("Salif - Mufasa | Dir. by
 * Krysko Miller", "(Réal. par …)", "- Directed by …"): a clip names its director, other uploads
 * hardly ever do. The mark is a label, as a format is; the director's name after it is a name of
 * its own.
 */
const DIRECTOR_MARK =
  /(?:[|/([]|\s[-–—]) ?(?:dir\.?|directed|réal\.?|réalisé|realizado|dirigido) (?:by|par|por)(?![\p{L}\p{N}])/giu;
/** The credit to the title's end (a title with one space between words). */
const DIRECTOR_CREDIT = new RegExp(`${DIRECTOR_MARK.source}.*$`, 'iu');

/** A music title without its format label and its director's mark, or null when it has neither. */
export function musicTitle(title: string): string | null {
  const line = title.replace(/\s+/gu, ' ');
  // a boundary where the label was: the parts on either side are names of their own
  const parts = line.replace(FORMAT, ' | ').replace(DIRECTOR_MARK, ' | ');
  if (parts === line) return null;
  return parts.replace(/\s+/g, ' ').replace(/^[\s|]+|[\s|]+$/g, '');
}

/**
 * The guest a title credits ("Tip Toe feat. French Montana", "LE MEILLEUR JEU ENTRE POTES FT.
 * DANIIL LE RUSSE", "LES CLICHÉS GAYS (ft. Andrew Grey)"): a name, written whole, up to the end of
 * its part of the title. Null when the title credits none; "6 ft" is a height.
 */
const FEATURING =
  /(?<![\p{L}\p{N}]|\d\s?)(?:ft|feat|featuring)(?:\.|(?![\p{L}\p{N}]))\s*([^()[\]|\-–—:!?,]+)/iu;
/** A guest's name is a few words; more is the rest of a sentence. */
const MAX_GUEST_WORDS = 4;

export function featuredGuest(title: string): string | null {
  const m = FEATURING.exec(title);
  if (m === null) return null;
  const guest = m[1]!.trim();
  const words = guest.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return words > 0 && words <= MAX_GUEST_WORDS ? guest : null;
}

/**
 * The credit a record label's upload opens or ends its description with: "Music video by Niall
 * Horan performing Too Much To Ask. (C) 2017 Capitol Records". It names the artists and the song,
 * each a name written whole ("niall horan performing" was a keyword); the line's sentence is no
 * running text. The song ends where the label's copyright mark starts, or with the line.
 */
const PERFORMANCE = /^\s*music video by (.+?) performing (.+?)\.?\s*(?=\([CP]\)|[©℗]|$)/iu;

export function performanceCredit(line: string): { names: string[]; rest: string } | null {
  const m = PERFORMANCE.exec(line);
  if (m === null) return null;
  const artists = m[1]!.split(/\s*,\s*/u).filter(Boolean);
  return { names: [...artists, m[2]!.trim()], rest: line.slice(m[0].length) };
}

/** What separates a music title's artist from its song: a dash, a bar or a colon between spaces. */
const ARTIST_SONG = /^(.+?)\s*(?:\s[-–—|]\s|:\s)\s*(.+)$/u;
/** The artist a title puts first in brackets: "[M4] Mon Frèro". */
const BRACKETED_ARTIST = /^\[([^\]]+)\]\s*(.+)$/u;

/** A channel of Vevo's, which distributes music videos only: "EminemVEVO", "Vevo dscvr". */
const VEVO_CHANNEL = /vevo(?![\p{Ll}])/u;

/**
 * A title without the versions and notes in brackets at its end ("(Acoustic)", "(Live)"), read
 * back from the end one group at a time: a pattern for all of them backtracks over every group.
 */
function withoutTrailingBrackets(title: string): string {
  let end = title.length;
  for (;;) {
    while (end > 0 && title[end - 1] === ' ') end--;
    if (title[end - 1] !== ')' && title[end - 1] !== ']') break;
    let open = end - 2;
    while (open >= 0 && !'()[]'.includes(title[open]!)) open--;
    if (open < 0 || (title[open] !== '(' && title[open] !== '[')) break;
    end = open;
  }
  return title.slice(0, end).trimEnd();
}

/**
 * The two names of a music upload's title, as written: "Eminem - Walk On Water (Audio) ft.
 * Beyoncé" → ["Eminem", "Walk On Water"], "[M4] Mon Frèro...(Audio officiel)" → ["M4", "Mon
 * Frèro"]. Listeners search a song by both ("eminem walk on water"). A music upload labels its
 * format (musicTitle), credits its director ("| Dir. by …") or is a Vevo channel's; a creator's
 * own channel titles a work with its name first ("Alan Walker - All Falls Down", "SQUEEZIE -
 * FREESTYLE DE L'AUTODÉRISION"). A version in brackets at the end ("(Acoustic)") is neither name.
 * Null for another upload, or a title that is not two names: a third part, or a bracket left
 * inside.
 */
export function artistAndSong(
  title: string,
  channelTitle = '',
  /** the channel's name as its videos say it (channel-name.ts) */
  channelName = '',
): [string, string] | null {
  // one space between words first: the patterns below read a run of spaces again from each start
  const line = title.replace(/\s+/gu, ' ').trim();
  const credit = DIRECTOR_CREDIT.exec(line);
  const music =
    credit !== null || musicTitle(line) !== null || VEVO_CHANNEL.test(channelTitle.toLowerCase());
  if (!music && !channelName) return null;
  const named = credit === null ? line : line.slice(0, credit.index);
  const guest = FEATURING.exec(named);
  const bare = withoutTrailingBrackets(
    (guest === null ? named : named.slice(0, guest.index))
      .replace(FORMAT, ' ')
      .replace(/ +/gu, ' ')
      .trim(),
  );
  const m = BRACKETED_ARTIST.exec(bare) ?? ARTIST_SONG.exec(bare);
  if (m === null) return null;
  const names = [m[1]!, m[2]!].map((s) => s.replace(/^[\s.…!?¡¿]+|[\s.…!?¡¿]+$/gu, ''));
  if (names.some((s) => !/[\p{L}\p{N}]/u.test(s) || /[()[\]|–—:]|\s-\s/u.test(s))) return null;
  // a creator's own channel titles a work with its name first: "Alan Walker - All Falls Down"
  if (!music && dedupeKey(names[0]!) !== dedupeKey(channelName)) return null;
  return names as [string, string];
}
