/**
 * The sentences of a description's line, as written: the rules that drop a sentence (a call to
 * action, a sponsorship disclosure) keep the rest of the line around it. Pure and deterministic.
 */

/**
 * A sentence ends at these marks (and at a line's end); a link is whole, and a full stop before a
 * lowercase letter or a digit is inside a host or a number ("bit.ly", "Node.js", "2.45"), not at a
 * sentence's end: cutting there dropped a call and kept the rest of its link ("ly/2woJAdD"). One
 * before a capital ends a sentence typed without its space ("l'actualité.Plus de photos"): no 'i'
 * flag, with which \p{Ll} matches capitals too.
 */
const SENTENCE =
  /(?:(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/|[Ww]{3}\.)\S+|[^.!?…►▶➜➡•|]|\.(?=[\p{Ll}\p{N}]))+[.!?…►▶➜➡•|]*/gu;
/**
 * A link ends its sentence too: what follows it is another ("Subscribe: http://… New video every
 * Friday"). The space is looked for first: looking back from every character read a long run
 * again each time.
 */
const AFTER_LINK = /(?=\s)(?<=(?:https?:\/\/|www\.)\S+)/giu;

/**
 * The sentences of a line, each with the space before it: joined, they give the line back, less
 * any marks that stand before its first sentence.
 */
export function sentencesOf(line: string): string[] {
  return line.split(AFTER_LINK).flatMap((part) => part.match(SENTENCE) ?? []);
}
