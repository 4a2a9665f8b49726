/**
 * Postal addresses in descriptions: where to send fan mail ("PO Box 610 / Middletown, NY 10940",
 * "Mon adresse postale : / CS 52072 / 81012 ALBI CEDEX"). They are written on lines of their own,
 * name a town the video is not about, and their words became keywords ("pkwy valencia", "albi
 * cedex", "b2n 7b8"). A line is an address by the shapes postal systems give addresses, not by any
 * place's name; an address inside a sentence (a shop's, an event's) is prose and stays.
 * Pure and deterministic.
 */

/** A line of more words than this is a sentence, whatever it holds: an address line is short. */
const MAX_ADDRESS_WORDS = 12;
/** Nor is a line longer than this (twelve long words and their commas): a cheap test first. */
const MAX_ADDRESS_CHARS = 120;

/** Post office boxes, in the languages read. */
const BOX =
  /(?<![\p{L}\p{N}])(?:p\.?\s?o\.?\s?box|post office box|boîte postale|boite postale|apartado de correos|apartado postal|postfach|caixa postal|casilla de correo)(?![\p{L}])/iu;
/** French business boxes, alone on their line ("BP 34", "CS 52072"); "BP 2019 results" is none. */
const FRENCH_BOX = /^[^\p{L}\p{N}]*(?:b\.?\s?p\.?|cs)\s?\d{1,5}[^\p{L}\p{N}]*$/iu;

/** A US town line ("Encino, CA 91436"): a comma, a state's two capitals, a ZIP code. */
const US_TOWN = /,\s*[A-Z]{2}\.?\s+\d{5}(?:-\d{4})?(?!\d)/;

/** A Canadian postcode ("B2N 7B8"): letter, digit, letter, digit, letter, digit. */
const CA_POSTCODE = /(?<![\p{L}\p{N}])[A-Z]\d[A-Z]\s?\d[A-Z]\d(?![\p{L}\p{N}])/u;
/**
 * A British postcode ends its line, after a comma or alone ("London, SW1A 1AA"): its shape is also
 * a console and its disk ("PS4 1TB").
 */
const UK_POSTCODE = /(?:^|,)[^\p{L}\p{N}]*[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}[^\p{L}\p{N}]*$/u;

/**
 * A continental town line: a five-digit postcode, then the town and nothing else ("75004 Paris",
 * "27110 Crosville-la-Vieille", "81012 ALBI CEDEX", "28001 Madrid"). Four digits would be a year
 * ("2018 Toyota Camry").
 */
const POSTCODE_TOWN =
  /^[^\p{L}\p{N}]*(?:[A-Z]{1,2}-)?\d{5}\s+\p{Lu}[\p{L}'’.-]*(?:[\s-]+[\p{L}'’.]+){0,4}(?:\s+\d{1,2})?[^\p{L}\p{N}]*$/u;
/** A town line has the postcode, the town's name in a few words, perhaps a CEDEX number. */
const MAX_TOWN_LINE_WORDS = 6;

/**
 * A street line: a house number, then a street of a kind only addresses name. In English the kind
 * comes last, and the line ends there or goes on to a suite or a town and its comma ("24307 Magic
 * Mountain Pkwy Valencia, CA"): "3 Ways to Drive Safely" and "10 Best Road Trips" are titles.
 */
// prettier-ignore
const STREET_KINDS = asWritten(['street', 'st', 'avenue', 'ave', 'boulevard', 'blvd', 'road', 'rd', 'parkway', 'pkwy', 'drive', 'dr', 'lane', 'ln', 'highway', 'hwy']);
const SUITE = asWritten(['suite', 'ste', 'unit', 'apt']);
// no "i" flag: with it, \p{Lu} matches small letters too, and any words before a comma were a town
const STREET_EN = new RegExp(
  `^[^\\p{L}\\p{N}]*\\d{1,6}[a-zA-Z]?,?\\s+(?:[\\p{L}'’.-]+\\s+){1,4}(?:${STREET_KINDS})\\.?` +
    `(?=\\s*(?:$|,|#|\\d|(?:${SUITE})\\b|(?:\\p{Lu}[\\p{L}'’.-]*\\s*){1,3},))`,
  'u',
);
const STREET_ROMANCE =
  /^[^\p{L}\p{N}]*\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|chemin|allée|impasse|quai|route|calle|c\/|avenida|avda\.?|paseo|rua|travessa|straße|strasse)(?![\p{L}])/iu;

/** A word as lowercase, capitalised or in capitals: "street|Street|STREET". */
function asWritten(words: readonly string[]): string {
  return words.flatMap((w) => [w, w[0]!.toUpperCase() + w.slice(1), w.toUpperCase()]).join('|');
}

/** A line that only says an address follows ("Mailing address:", "Mon adresse postale :"). */
const HEADING =
  /^[^\p{L}\p{N}]*(?:(?:my|our|the|mon|notre|mi|nuestra)\s+)?(?:fan\s?mail|mail to|send mail to|mailing address|postal address|mail address|adresse postale|adresse|dirección postal|direccion postal|endereço)(?:\s+\p{L}+){0,3}\s*:?[^\p{L}\p{N}]*$/iu;

/** Lines an address is made of that are something else alone: "Box 51", "Truro, NS", "London". */
const SMALL_BOX = /^[^\p{L}\p{N}]*box\s*#?\d+[^\p{L}\p{N}]*$/iu;
const TOWN_STATE = /^[^\p{L}\p{N}]*\p{Lu}[\p{L} .'’-]*,\s*[A-Z]{2}\.?[^\p{L}\p{N}]*$/u;
const CAPITALISED =
  /^[^\p{L}\p{N}]*\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}[^\p{L}\p{N}]*$/u;

const DIGIT = /\d/;

/**
 * How sure a line's shape makes it an address: sure for a box, a postcode or a town line; a part of
 * one for a street, a town or a short name.
 */
function addressShape(line: string): 'sure' | 'part' | null {
  if (line.length > MAX_ADDRESS_CHARS) return null;
  const words = line.match(/[\p{L}\p{N}]+/gu);
  if (words === null || words.length > MAX_ADDRESS_WORDS) return null;
  // most lines have no digit, and every postcode and house number has one
  const digits = DIGIT.test(line);
  if (BOX.test(line) || HEADING.test(line)) return 'sure';
  if (
    digits &&
    (FRENCH_BOX.test(line) ||
      US_TOWN.test(line) ||
      CA_POSTCODE.test(line) ||
      UK_POSTCODE.test(line) ||
      (words.length <= MAX_TOWN_LINE_WORDS && POSTCODE_TOWN.test(line)))
  )
    return 'sure';
  if (digits && (STREET_EN.test(line) || STREET_ROMANCE.test(line) || SMALL_BOX.test(line)))
    return 'part';
  if (TOWN_STATE.test(line) || (words.length <= 3 && CAPITALISED.test(line))) return 'part';
  return null;
}

/**
 * Which lines of a description are a postal address. A street, a town or a short name alone is one
 * only in a block with a sure line of the address (a box, a postcode, a heading): "22 Jump Street"
 * on its own is a film, "London" a city.
 */
export function postalAddressLines(lines: readonly string[]): boolean[] {
  const shape = lines.map((l) => (l.trim() ? addressShape(l) : null));
  const out = shape.map((s) => s === 'sure');
  // an address is a block of lines with no blank between: walk outwards from every sure line
  for (let i = 0; i < lines.length; i++) {
    if (shape[i] !== 'sure') continue;
    for (let j = i - 1; j >= 0 && shape[j] === 'part'; j--) out[j] = true;
    for (let j = i + 1; j < lines.length && shape[j] === 'part'; j++) out[j] = true;
  }
  return out;
}
