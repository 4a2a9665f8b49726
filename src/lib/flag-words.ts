/**
 * A refusal said with what the user typed: the API's field names as the flags that give them
 * (`endDate` → `--end-date`), and the API's patterns as words (`must match ^\d{4}-\d{2}-\d{2}$` →
 * `must be a date as YYYY-MM-DD (e.g. 2026-12-31)`). Used by the local checks (src/lib/validate.ts)
 * and for the server's 400s (src/lib/cli-words.ts), so a value refused locally or by the server reads
 * the same. With --json an API error stays the API's own.
 */

/** A phrase and how a command says it (String.replace's pattern and replacement). */
export type Rewrite = readonly [RegExp, string | ((match: string, ...groups: string[]) => string)];

/** API field → the flag that sets it (`{ endDate: '--end-date' }`). */
export type FlagsOf = Readonly<Record<string, string>>;

/** The flags a command reads into its body (commander's names → API fields) as FlagsOf: `endDate` → `--end-date`. */
export function flagsOf(flagFields: Readonly<Record<string, string>>): FlagsOf {
  return Object.fromEntries(
    Object.entries(flagFields).map(([flag, field]) => [
      field,
      `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    ]),
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The API's patterns (as its messages print them) in words. */
export const PATTERN_WORDS: readonly Rewrite[] = [
  [
    / must match \^\\d\{4\}-\\d\{2\}-\\d\{2\}\$/g,
    ' must be a date as YYYY-MM-DD (e.g. 2026-12-31)',
  ],
  [
    / must match \^\\d\{3\}-\?\\d\{3\}-\?\\d\{4\}\$/g,
    ' must be an account id as 123-456-7890 (adcli ads accounts lists them)',
  ],
  [
    / must match \^UC\[A-Za-z0-9_-\]\{22\}\$/g,
    ' must be a YouTube channel id: UC and 22 letters, digits, - or _',
  ],
  [
    / must match \^\[A-Za-z0-9_-\]\{11\}\$/g,
    ' must be a YouTube video id: 11 letters, digits, - or _',
  ],
];

/**
 * Rewrites naming `flags`' fields as their flags: a field (with its index, `locations[1]`) that
 * begins the message or one of its `; `-separated parts, and anywhere a field whose name could not
 * be an English word (camelCase: `budgetType`).
 */
export function flagRewrites(flags: FlagsOf): Rewrite[] {
  return Object.entries(flags).flatMap(([field, flag]): Rewrite[] => {
    const f = escapeRegExp(field);
    const out: Rewrite[] = [[new RegExp(`(^|; )${f}(?:\\[\\d+\\])?(?=[ :])`, 'g'), `$1${flag}`]];
    if (/[A-Z]/.test(field))
      out.push([new RegExp(`(?<![\\w.-])${f}(?:\\[\\d+\\])?(?![\\w-])`, 'g'), flag]);
    return out;
  });
}

/** A message with `flags`' fields said as flags and the API's patterns in words. */
export function inFlagWords(message: string, flags: FlagsOf = {}): string {
  let s = message;
  for (const [pattern, to] of [...flagRewrites(flags), ...PATTERN_WORDS])
    s = s.replace(pattern, to as string);
  return s;
}
