/**
 * Text for a terminal or a pipe, made of spans: plain text that comes from anywhere (API data, files,
 * the user) and the style adcli gives it. Every span's text is escaped when it is made, so data can
 * never move the cursor, recolour, rewrite or reorder the screen; colour is applied after escaping,
 * by whoever writes the span (src/lib/output.ts). Display widths count columns, not code units.
 */
import { escapeControl } from './escape.ts';

export { escapeControl };

export type Style = 'bold' | 'gray' | 'red' | 'green' | 'yellow' | 'cyan';

/** Escaped text with the style adcli gives it. Make spans with span() (or bold(), gray()…), never by hand. */
export interface Span {
  readonly text: string;
  readonly style?: Style;
  readonly escaped: true;
}

/** Something to write on one line: plain values, spans, or a list of them read one after another. */
export type Text = string | number | boolean | null | undefined | Span | readonly Text[];

export const span = (text: string, style?: Style): Span => ({
  text: escapeControl(text),
  style,
  escaped: true,
});
export const bold = (text: string): Span => span(text, 'bold');
export const gray = (text: string): Span => span(text, 'gray');
export const red = (text: string): Span => span(text, 'red');
export const yellow = (text: string): Span => span(text, 'yellow');
export const cyan = (text: string): Span => span(text, 'cyan');

const isSpan = (t: Text): t is Span =>
  typeof t === 'object' && t !== null && !Array.isArray(t) && (t as Span).escaped === true;

/** The spans of a text, each escaped; null, undefined and '' give none. */
export function spansOf(t: Text): Span[] {
  if (t === null || t === undefined || t === '') return [];
  if (Array.isArray(t)) return t.flatMap((x: Text) => spansOf(x));
  if (isSpan(t)) return t.text ? [t] : [];
  return [span(String(t))];
}

/** The text of spans, without style (a pipe's view of them). */
export const plain = (spans: readonly Span[]): string => spans.map((s) => s.text).join('');

let stringWidth: ((s: string) => number) | undefined;

/**
 * Loads string-width, which costs about 20 ms of start-up (it builds an ICU segmenter as it loads):
 * only a terminal needs display widths, so main() loads it for terminals and a piped or --json run
 * never pays.
 */
export async function loadDisplayWidths(): Promise<void> {
  stringWidth ??= (await import('string-width')).default;
}

/** Columns a string takes on a terminal: wide (CJK) and emoji characters take two, combining marks none. */
export function displayWidth(s: string): number {
  // Printable ASCII is one column a character: no need for the grapheme rules.
  if (/^[\x20-\x7e]*$/.test(s)) return s.length;
  // Not loaded (no terminal): code points are a fair count for what only a pipe will see.
  return stringWidth ? stringWidth(s) : [...s].length;
}

export const widthOf = (spans: readonly Span[]): number =>
  spans.reduce((n, s) => n + displayWidth(s.text), 0);

let segmenter: Intl.Segmenter | undefined;
const graphemes = (s: string): Iterable<{ segment: string }> =>
  (segmenter ??= new Intl.Segmenter()).segment(s);

/**
 * Spans that fit `width` columns: as they are when they fit, otherwise cut where the text reaches
 * width - 1 and ended with `…` (in the style of the span that was cut). Never splits a character.
 */
export function cut(spans: readonly Span[], width: number): Span[] {
  if (widthOf(spans) <= width) return [...spans];
  if (width <= 0) return [];
  const out: Span[] = [];
  let room = width - 1;
  for (const s of spans) {
    let kept = '';
    for (const { segment } of graphemes(s.text)) {
      const w = displayWidth(segment);
      if (w > room) {
        out.push({ ...s, text: `${kept}…` });
        return out;
      }
      kept += segment;
      room -= w;
    }
    out.push(s);
  }
  return out;
}

/** A string of adcli's own (or already escaped) cut to `width` columns, ended with `…` when cut. */
export function cutText(text: string, width: number): string {
  return plain(cut([{ text, escaped: true }], width));
}
