/** Building regular expressions from lists of words. */

/** A text that matches itself literally inside a regular expression. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern source that matches any of the words or phrases as a whole (no letter or digit right
 * before or after), the longest first so that "turn on" wins over "turn".
 */
export function anyWordOf(words: readonly string[]): string {
  const alternatives = words
    .slice()
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;
}
