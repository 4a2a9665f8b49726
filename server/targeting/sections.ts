/**
 * Sections of a description that are no text of the video, each under a heading of its own: what
 * the video was made with ("System Specs", "Mon setup :"), the music playing under it ("Music
 * credits:", "Musiques :"), the creator's partners and patrons ("Mes partenaires :", "Ils me font
 * confiance :", "Thanks to my Patrons:"), whom to write to for business ("Business inquiries:"), the
 * creator's accounts ("SNAPCHAT" over handles) and shop ("Boutique STICKERS !" over its link).
 * Pasted under every upload, they are told from the video's text by repetition in a channel's
 * store, never in a store of one video; the heading tells them there. Their words became keywords
 * ("mont roucous", "salon baby", "epidemic sound", "boutique stickers", "sponsorship requests").
 * An account given on one line keeps its handle, without the label of it ("pseudo"). Pure and
 * deterministic.
 */
import { URLISH } from './tokens.ts';

/** Whose a heading's list is: the creator's (a possessive of the languages read) or the channel's. */
const OWN =
  '(?:my|our|mon|ma|mes|notre|nos|mi|mis|nuestro|nuestra|nuestros|meu|minha|meus|nossa|nossos|mein|meine|unser|unsere)';

/**
 * What a video was made with: the creator's computer, camera or microphone, and the software it was
 * edited with. A bare "Specs:" or "Setup:" may be the reviewed product's or a tutorial's (the
 * heading names whose), and a list of materials ("Matériel :", "Ingredients") is what a craft or a
 * recipe is made of: the video's own text.
 */
const EQUIPMENT =
  `(?:${OWN}\\s+)?(?:pc|system|computer|gaming|streaming|recording|filming|camera|caméra|vlog|studio|youtube)\\s+` +
  '(?:specs?|setup|set-up|rig|gear|equipment|config|configuration)' +
  `|${OWN}\\s+(?:specs?|setup|set-up|rig|gear|equipment|config|configuration|équipement|equipamento|ausrüstung)` +
  // gear is the creator's whatever the heading says of it
  '|gear(?:\\s+(?:i\\s+use|used))?|(?:equipment|équipement|equipo|equipamento)\\s+(?:i\\s+use|used|utilisé|usado)' +
  // the software it was edited with
  '|(?:(?:video\\s+)?editing\\s+software|software\\s+(?:i\\s+use|used)|logiciels?\\s+(?:de\\s+montages?|utilisés?)|(?:software|programas?)\\s+de\\s+edición)';

/**
 * The music playing under the video, credited as such ("Music credits:", "Crédits musique :",
 * "Songs used", "Background music:"), or several pieces at once ("Musiques :"). "Song credits"
 * under a music video credit what the video is about: it is none.
 */
const MUSIC =
  '(?:(?:intro|outro|end|ending|background|screen|bgm)\\s+){0,2}(?:music|musics|songs|tracks)\\s+(?:credits?|creds?|used|list)' +
  '|(?:background|intro|outro|ending)\\s+(?:music|songs?|tracks?)' +
  '|(?:musiques?|música|músicas|musica|musicas|musik)\\s+(?:utilisées?|de\\s+fond|de\\s+la\\s+vidéo|utilizadas?|usadas?|verwendet)' +
  '|(?:crédits?|credits?|créditos)\\s+(?:musique|musiques|musicaux|music|musicales|música|musik)' +
  '|musiques|músicas|musicas|musics';

/**
 * The creator's partners, sponsors and patrons, and the thanks that lists them ("Mes partenaires
 * :", "Ils me font confiance :", "Huge thanks to the following Patrons for supporting me:"): the
 * list names companies and people who pay, no topic of the video.
 */
const PARTNERS =
  `(?:(?:${OWN}|the|les|official|officiels)\\s+)?(?:partners|sponsors|partenaires|patrocinadores|parceiros|sponsoren|patrons|tipeurs|mécènes)(?:\\s+(?:officiels|officiales))?` +
  '|ils\\s+(?:me|nous)\\s+(?:font\\s+confiance|soutiennent)|they\\s+(?:trust|support)\\s+(?:me|us)' +
  '|(?:(?:huge|big|special|many)\\s+)?(?:thanks|thank\\s+you|merci|gracias|obrigad[oa]|danke)\\s+(?:to\\s+|à\\s+|a\\s+)?' +
  `(?:(?:all\\s+)?(?:${OWN}|the\\s+following|the|tous\\s+mes|todos\\s+mis)\\s+)?(?:patrons|patreons|supporters|tipeurs|mécènes|sponsors|partners|partenaires|mecenas)` +
  '(?:\\s+(?:for|pour)\\s+(?:supporting|their\\s+support|leur\\s+soutien|me\\s+soutenir)(?:\\s+(?:me|us|the\\s+channel))?)?';

/** Whom to write to for business ("BUSINESS INQUIRES:", "Email for business inquiries only:"). */
const BUSINESS =
  '(?:(?:e-?mail|contact)\\s+(?:for|pour)\\s+)?(?:business|professional|sponsorship|collaboration|brand)\\s+(?:inquiries|enquiries|inquires|inquiry|enquiry|requests|contact|e-?mail)(?:\\s+only)?' +
  '|(?:contact|e-?mail)\\s+(?:pro|professionnel|business|presse|press)' +
  '|(?:pour\\s+)?(?:toutes?\\s+)?demandes?\\s+(?:pro|professionnelles?|de\\s+partenariats?)' +
  '|(?:contacto|contato)\\s+(?:comercial|profesional|profissional)';

/** The networks a creator has an account on, and the word for the account's name. */
const PLATFORM =
  '(?:snapchat|snap|instagram|insta|twitter|facebook|tiktok|twitch|discord|periscope|musical\\.?ly|tumblr|kik)';
const ACCOUNT_LABEL = "(?:pseudo|username|user\\s+name|handle|id|nom\\s+d'utilisateur|usuario)";
/** The creator's accounts, a network's name over them ("SNAPCHAT" / "► CARLA carlarosa7"). */
const ACCOUNTS = `(?:${OWN}\\s+)?${PLATFORM}(?:\\s+${ACCOUNT_LABEL})?`;

/**
 * "MUSIC" alone over a list credits the stock tracks under a video ("Mind The Gap" / "via Audio
 * Network"); on one line, "Music: Ilaiyaraaja" credits a film's or a song's composer, what the
 * video may be about, so the bare word heads a list only.
 */
const MUSIC_ALONE = '(?:music|musique|música|musica|musik)';
/** A heading: one of the kinds above, alone on its line but for marks around it ("♫", "|►", ":"). */
const HEADING = new RegExp(
  `^[^\\p{L}\\p{N}]*(?:${EQUIPMENT}|${MUSIC}|${MUSIC_ALONE}|${PARTNERS}|${BUSINESS}|${ACCOUNTS})[^\\p{L}\\p{N}]*$`,
  'iu',
);

/**
 * A heading that gives where its list comes from on its line ("♦ Musiques -
 * http://www.epidemicsound.com/ :" over "01 : Warped Energy 5 - Johannes Bornlöf"): the link is the
 * library or the partner, the list below is still the section. Not an account: a network's name and
 * a link is one account, not the heading of the lines below.
 */
const HEADING_WITH_SOURCE = new RegExp(
  `^[^\\p{L}\\p{N}]*(?:${EQUIPMENT}|${MUSIC}|${MUSIC_ALONE}|${PARTNERS})[^\\p{L}\\p{N}]*$`,
  'iu',
);

/** Whether a line heads a section's list: alone on its line, or with the list's source linked. */
function isHeading(line: string): boolean {
  const trimmed = line.trim();
  if (HEADING.test(trimmed)) return true;
  return holdsLink(trimmed) && HEADING_WITH_SOURCE.test(trimmed.replace(URLISH, ' '));
}

/**
 * A section given on one line, its heading and then what it lists ("Business Inquiries: For
 * sponsorship requests … contact me directly: https://…", "Music credits: Kevin MacLeod - Cold
 * Funk"). Not an account: a network's name before a colon heads what the video says of it as
 * often ("Twitter: Trump says…"), and a handle is often the channel's own name.
 */
const HEADED_LINE = new RegExp(
  `^[^\\p{L}\\p{N}]*(?:${EQUIPMENT}|${MUSIC}|${PARTNERS}|${BUSINESS})\\s*[:\\-–—]\\s*[\\p{L}\\p{N}]`,
  'iu',
);

/**
 * Where the music under a video comes from, said in a line of its own ("Royalty Free Music from
 * Epidemic Sound: https://…", "Music provided by NoCopyrightSounds."): a library, no topic of the
 * video ("epidemic sound" was a keyword). A longer line is a sentence about music.
 */
const MUSIC_SOURCE = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:(?:royalty[- ]free|copyright[- ]free|no[- ]copyright|stock|background)\\s+music' +
    '|music\\s+(?:provided|licensed|courtesy)\\s+(?:by|of|from)' +
    '|musique\\s+(?:libre\\s+de\\s+droits?|fournie\\s+par)|música\\s+(?:libre\\s+de\\s+derechos|sin\\s+copyright))(?![\\p{L}\\p{N}])',
  'iu',
);
const MUSIC_SOURCE_WORDS = 12;

/** Whether a line is a section of its own: a heading and its list on one line, or a music source. */
function isSectionLine(line: string): boolean {
  if (HEADED_LINE.test(line)) return true;
  if (!MUSIC_SOURCE.test(line)) return false;
  return wordsBesideLinks(line) <= MUSIC_SOURCE_WORDS;
}

/**
 * An account given on one line, a network and the account's name ("Snap: samzirah", "📌 INSTAGRAM
 * PSEUDO : Greed.yt", "Snapchat : angiemaman2.0 (nom d'utilisateur) : https://…"). The label of
 * what follows ("pseudo", "nom d'utilisateur") says where to find the creator and became a keyword;
 * the rest is read as it was. The handle alone on its line would read as a label the creator chose,
 * and it is often the channel's own name glued ("doozyprod", "princekader"), which uploaders tag.
 */
const ACCOUNT_LINE = new RegExp(
  `^[^\\p{L}\\p{N}]*${ACCOUNTS}\\s*[:\\-–—]\\s*@?[\\p{L}\\p{N}._-]+\\s*(?:\\([^)]*\\))?\\s*(?::\\s*\\S+)?[^\\p{L}\\p{N}]*$`,
  'iu',
);
const LABEL = new RegExp(
  `(?<=${PLATFORM})\\s+${ACCOUNT_LABEL}(?![\\p{L}\\p{N}])|\\s*\\([^)]*\\)`,
  'giu',
);

/** A line that gives one of the creator's accounts without the label of its name; any other as it is. */
export function withoutAccountLabel(line: string): string {
  return ACCOUNT_LINE.test(line.trim()) ? line.replace(LABEL, '') : line;
}

/** How many words a line says besides its links. */
function wordsBesideLinks(line: string): number {
  return line.replace(URLISH, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/** Whether a line holds a link. */
function holdsLink(line: string): boolean {
  URLISH.lastIndex = 0;
  return URLISH.test(line);
}

/** Whether a line holds links and no word besides (an arrow or a bullet at most). */
export function isLinkAlone(line: string): boolean {
  return line.match(URLISH) !== null && !/[\p{L}\p{N}]/u.test(line.replace(URLISH, ' '));
}

/**
 * A paragraph after a heading's list that is one more item of it: a line or two, each with a link
 * ("MONT ROUCOUS, l'eau pure… http://…"), as lists of partners and links are spaced out.
 */
const MAX_ITEM_LINES = 2;
/**
 * An item names a piece, a partner or an account in a few words; a line of more words that ends a
 * sentence, without a link, is the description's text going on after the list with no blank line.
 */
const PROSE_WORDS = 8;

/** Whether a line is running text rather than an item of a list. */
function isProse(line: string): boolean {
  if (holdsLink(line) || !/[.!?…]\s*$/u.test(line.trim())) return false;
  return wordsBesideLinks(line) >= PROSE_WORDS;
}

/**
 * Per line: whether it is a section's heading or one of its items. The list under a heading runs
 * to the next blank line (it may start after one) or the first sentence of running text, and on
 * over paragraphs that are items with links, to the first that is not.
 */
export function sectionLines(lines: readonly string[]): boolean[] {
  const out = lines.map(() => false);
  for (let i = 0; i < lines.length; i++) {
    if (isSectionLine(lines[i]!)) out[i] = true;
    if (!isHeading(lines[i]!)) continue;
    out[i] = true;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim()) j++;
    for (; j < lines.length && lines[j]!.trim() && !isProse(lines[j]!); j++) out[j] = true;
    for (;;) {
      let k = j;
      while (k < lines.length && !lines[k]!.trim()) k++;
      let end = k;
      while (end < lines.length && lines[end]!.trim()) end++;
      const item = lines.slice(k, end);
      if (!item.length || item.length > MAX_ITEM_LINES || !item.every(holdsLink)) break;
      if (item.some(isHeading)) break;
      for (let n = k; n < end; n++) out[n] = true;
      j = end;
    }
    i = j - 1;
  }
  return out;
}

/** The creator's shop, as creators link it: merchandise, a store, a boutique. */
const SHOP = '(?:merch|merchandise|store|shop|e-shop|eshop|boutique|tienda|loja|fanshop)';
/** A shop named as the creator's own or the channel's new or official one, however long the line. */
const OWN_SHOP = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${OWN}|new|official|nouvelle|officielle|nueva|oficial)\\s+(?:[\\p{L}\\p{N}]+\\s+)?${SHOP}(?![\\p{L}\\p{N}])`,
  'iu',
);
const ANY_SHOP = new RegExp(`(?<![\\p{L}\\p{N}])${SHOP}(?![\\p{L}\\p{N}])`, 'iu');
/** A caption that is a shop's name and little else ("Boutique STICKERS !", "NEW FF MERCHANDISE!!!"). */
const SHOP_CAPTION_WORDS = 6;

/**
 * Per line: whether it points to the creator's shop, a caption of a link on it or alone under it
 * ("Ma boutique de tshirts et goodies est disponible, profitez en" over its link). A shop without a
 * link is a place the video may be about ("a boutique in Lyon").
 */
export function shopLines(lines: readonly string[]): boolean[] {
  return lines.map((line, i) => {
    if (!ANY_SHOP.test(line)) return false;
    let next = i + 1;
    while (next < lines.length && !lines[next]!.trim()) next++;
    const linked = holdsLink(line) || (next < lines.length && isLinkAlone(lines[next]!));
    if (!linked) return false;
    if (OWN_SHOP.test(line)) return true;
    return wordsBesideLinks(line) <= SHOP_CAPTION_WORDS;
  });
}
