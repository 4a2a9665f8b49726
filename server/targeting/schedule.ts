/**
 * A tour's or a season's dates under a video ("DEC 03 Tampa, FL @ 97X Next Big Thing", "07 JAN
 * Barcelona, ES @ San Jordi Club", "Sat 12 Nov – Lyon, Halle Tony Garnier"): where the act plays
 * next, not what the video is about. Their cities, state codes and venues became keywords of a
 * music video ("fl", "glasgow", "manchester arena", "sold"). Told by shape: three or more lines in a
 * row (blank lines between them allowed) that each open on a date, a day and a month's name or a
 * day and month in figures. A sentence that opens on a date stands alone, or beside one other. Pure
 * and deterministic.
 */

/** Months as the languages read write them, whole and abbreviated. */
// prettier-ignore
const MONTHS = [
  'jan', 'january', 'janv', 'janvier', 'enero', 'ene', 'januar', 'feb', 'february', 'févr', 'fevr', 'février', 'fevrier',
  'febrero', 'februar', 'mar', 'march', 'mars', 'marzo', 'märz', 'apr', 'april', 'avr', 'avril', 'abril', 'may', 'mai',
  'mayo', 'jun', 'june', 'juin', 'junio', 'juni', 'jul', 'july', 'juil', 'juillet', 'julio', 'juli', 'aug', 'august',
  'août', 'aout', 'agosto', 'sep', 'sept', 'september', 'septembre', 'septiembre', 'oct', 'october', 'octobre', 'octubre',
  'oktober', 'nov', 'november', 'novembre', 'noviembre', 'dec', 'december', 'déc', 'décembre', 'decembre', 'diciembre',
  'dic', 'dezember', 'dez',
];
const MONTH = `(?:${MONTHS.join('|')})`;
/** A weekday before the date ("Sat", "Samedi", "Sáb."), then the date. */
const DAY_NAME = '(?:\\p{L}{3,9}\\.?,?\\s+)?';
const DAY = '\\d{1,2}(?:st|nd|rd|th|er)?';
const DATE_FIRST = new RegExp(
  `^[^\\p{L}\\p{N}]*${DAY_NAME}(?:${MONTH}\\.?\\s+${DAY}|${DAY}\\s+${MONTH}\\.?|\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?)(?![\\p{L}\\p{N}])`,
  'iu',
);
/** Fewer dated lines in a row are sentences that open on a date ("Nov 12: we hike the ridge"). */
const MIN_SCHEDULE_LINES = 3;

/** Per line: whether it is a date of a tour's or a season's schedule. */
export function scheduleLines(lines: readonly string[]): boolean[] {
  const out = lines.map(() => false);
  let run: number[] = [];
  const close = () => {
    if (run.length >= MIN_SCHEDULE_LINES) for (const i of run) out[i] = true;
    run = [];
  };
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    if (DATE_FIRST.test(line)) run.push(i);
    else close();
  }
  close();
  return out;
}
