/**
 * The one wrapping of prose for a terminal: help, notices, hints, errors and the values of
 * key-value views are broken between words to the terminal's width, and never inside a word, a flag
 * or a command. A command line that the text suggests (`adcli targeting show ID --wait`, or a
 * `code span` of one) is one unit: where it does not fit on the line it is on, it goes on a line of
 * its own, indented, and the prose goes on under it; a command wider than even that stays whole, so
 * what a person copies is what runs (the terminal may fold it; a copy of a folded line is still one
 * line). A command named in a sentence (`adcli serve`) is never broken either, and moves to the
 * next line as a word does.
 *
 * Only a terminal gets wrapped text (as gh): piped, every message is the one line it was written as,
 * which the callers (src/lib/output.ts, src/main.ts) decide. Pure: spans in, lines of spans out. It
 * loads at start-up (help uses it): nothing is imported but the text model.
 */
import { displayWidth, type Span } from './text.ts';

export interface WrapOptions {
  /** columns of the first line already taken by what the caller wrote before the text (a label) */
  start?: number;
  /**
   * spaces before every line after the first; default the text's own leading spaces (a line
   * written indented goes on indented)
   */
  indent?: number;
}

/** A command suggested in prose goes on its own line this much deeper than the prose around it. */
export const COMMAND_INDENT = 2;

/**
 * The top-level commands of adcli (src/program.ts; test/terminal-width.test.ts keeps the two lists
 * the same): a suggested command starts with `adcli` and one of these.
 */
export const TOP_LEVEL = new Set([
  'campaigns',
  'workspace',
  'audiences',
  'data-stores',
  'brands',
  'targeting',
  'performance',
  'ads',
  'explore',
  'api',
  'auth',
  'profiles',
  'completion',
  'help',
  'serve',
  'mcp',
  'backend',
]);

/**
 * The flags of adcli that take no value (and `--json`, whose fields are never a plain word), `--no-X`
 * aside: a plain word after one of these is prose, after any other flag it is the flag's value
 * (`--profile work`). test/terminal-width.test.ts checks the list against the command tree.
 */
export const SWITCHES = new Set(
  'all csv debug drop dry-run follow help include-library json log-requests memory prune quiet read-only require-database version violations wait web with-token yes'
    .split(' ')
    .map((f) => `--${f}`),
);

/** Words that end a command's subcommand words: prose that follows a command, not part of it. */
const PROSE = new Set(
  'a an and as at by for from in is it its of on or that the then this to when with'.split(' '),
);

/** A word of the text, and the spaces before it (none counted before the first). */
interface Word {
  text: string;
  width: number;
  gap: number;
  /** its pieces in their styles, when the text is of more than one style */
  pieces?: Span[];
}

/** A line laid out: its indentation and its words (the first one's gap not written). */
interface Line {
  indent: number;
  words: Word[];
}

/** The words of one line of plain text; `lead`: its leading spaces. */
function wordsOf(text: string): { lead: number; words: Word[] } {
  const words: Word[] = [];
  let i = 0;
  while (text.charCodeAt(i) === 32) i++;
  const lead = i;
  while (i < text.length) {
    let gap = 0;
    while (text.charCodeAt(i) === 32) {
      i++;
      gap++;
    }
    if (i >= text.length) break;
    let j = text.indexOf(' ', i);
    if (j === -1) j = text.length;
    const word = text.slice(i, j);
    words.push({ text: word, width: displayWidth(word), gap: words.length ? gap : 0 });
    i = j;
  }
  return { lead, words };
}

/** The words of a line of spans of several styles, each word with its pieces. */
function wordsOfSpans(spans: readonly Span[]): { lead: number; words: Word[] } {
  let lead = 0;
  const words: Word[] = [];
  let current: Word | undefined;
  let gap = 0;
  for (const s of spans) {
    const text = s.text;
    let i = 0;
    while (i < text.length) {
      if (text.charCodeAt(i) === 32) {
        if (current) {
          words.push(current);
          current = undefined;
        }
        if (words.length === 0) lead++;
        else gap++;
        i++;
        continue;
      }
      let j = text.indexOf(' ', i);
      if (j === -1) j = text.length;
      const piece = text.slice(i, j);
      current ??= { text: '', width: 0, gap: words.length ? gap : 0, pieces: [] };
      gap = 0;
      current.pieces!.push({ text: piece, style: s.style, escaped: true });
      current.text += piece;
      current.width += displayWidth(piece);
      i = j;
    }
  }
  if (current) words.push(current);
  return { lead, words };
}

/** A word without what may follow it in a sentence: `show,` → `show`. */
const bare = (w: string) => w.replace(/[,;:.!?)]+$/, '');

/**
 * The command that starts at words[i], if one does: where it ends (the index after its last word),
 * and whether it is a command line to copy (it has arguments or flags) rather than a command's name
 * in a sentence (`adcli serve`). A command is `adcli`, one of its top-level commands and up to two
 * more subcommand words, then its arguments: flags and their values, ids, PLACEHOLDERS, numbers,
 * quoted words and redirections; it ends at punctuation after a word, at a `(`, or at a plain
 * lower-case word that is not a flag's value (prose). A `code span` in backquotes is one unit
 * whatever it holds, a command line when it is more than three words.
 */
function commandAt(words: readonly Word[], i: number): { end: number; line: boolean } | null {
  const first = words[i]!.text;
  if (first.charCodeAt(0) === 96 /* ` */) {
    let j = i;
    if (first.length === 1 || first.indexOf('`', 1) < 0)
      for (j = i + 1; j < words.length && !words[j]!.text.includes('`'); j++);
    return j < words.length && j > i ? { end: j + 1, line: j - i + 1 > 3 } : null;
  }
  if (first !== 'adcli' && first !== '(adcli') return null;
  let j = i + 1;
  const top = words[j]?.text;
  if (top === undefined || !TOP_LEVEL.has(bare(top))) return null;
  j++;
  if (bare(top) !== top) return { end: j, line: false };
  for (let sub = 0; sub < 2 && j < words.length; sub++) {
    const t = words[j]!.text;
    const b = bare(t);
    if (!/^[a-z][a-z0-9-]*$/.test(b) || PROSE.has(b)) break;
    j++;
    if (b !== t) return { end: j, line: false };
  }
  const path = j;
  while (j < words.length) {
    const t = words[j]!.text;
    const b = bare(t);
    const after = words[j - 1]!.text;
    const value =
      /^--?[a-z][\w-]*$/.test(after) && !SWITCHES.has(after) && !after.startsWith('--no-');
    if (t.startsWith('(') || (!value && (/^[a-z]+$/.test(b) || PROSE.has(b)))) break;
    if (/^(?:<|>|>>|\||2>)$/.test(t)) {
      j = Math.min(j + 2, words.length);
      continue;
    }
    const quote = /^["']/.exec(t)?.[0];
    if (quote && !(t.length > 1 && bare(t).endsWith(quote))) {
      let k = j + 1;
      while (k < words.length && !bare(words[k]!.text).endsWith(quote)) k++;
      j = Math.min(k, words.length - 1);
    }
    j++;
    if (bare(words[j - 1]!.text) !== words[j - 1]!.text) break;
  }
  return { end: j, line: j > path };
}

/**
 * Words laid out in lines of `width`, greedily: a command (commandAt) is one unit, never broken; a
 * command line that does not fit where it is goes on a line of its own, COMMAND_INDENT deeper, and
 * the text after it on the next; a command's name moves to the next line as a word does.
 */
function layout(words: readonly Word[], lead: number, width: number, opts: WrapOptions): Line[] {
  const indent = opts.indent ?? lead;
  const lines: Line[] = [];
  let line: Line = { indent: lead, words: [] };
  let used = (opts.start ?? 0) + lead;
  for (let i = 0; i < words.length;) {
    const command = commandAt(words, i);
    const k = command ? command.end : i + 1;
    let unit = words[i]!.width;
    for (let j = i + 1; j < k; j++) unit += words[j]!.gap + words[j]!.width;
    const gap = words[i]!.gap;
    const group = words.slice(i, k);
    if (line.words.length === 0) {
      line.words.push(...group);
      used += unit;
    } else if (used + gap + unit <= width) {
      line.words.push(...group);
      used += gap + unit;
    } else if (command?.line) {
      lines.push(line, { indent: indent + COMMAND_INDENT, words: group });
      line = { indent, words: [] };
      used = indent;
    } else {
      lines.push(line);
      line = { indent, words: group };
      used = indent + unit;
    }
    i = k;
  }
  if (line.words.length || lines.length === 0) lines.push(line);
  return lines;
}

/** A laid-out line as plain text. */
const textOf = (l: Line): string => {
  let out = ' '.repeat(l.indent);
  l.words.forEach((w, j) => (out += (j ? ' '.repeat(w.gap) : '') + w.text));
  return out;
};

/** Spans with the neighbours of one style joined: fewer colour codes on the wire. */
function joined(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    const last = out.at(-1);
    if (last && last.style === s.style) out[out.length - 1] = { ...last, text: last.text + s.text };
    else if (s.text) out.push(s);
  }
  return out;
}

/**
 * One line of text (no line breaks in it) as lines of at most `width` columns, broken between words.
 * The first line is the text's own (after `start` columns the caller has written); the others are
 * indented by `indent` (default the text's leading spaces). A word wider than a line stays whole on a
 * line of its own; a suggested command that does not fit where it is goes on its own line, indented
 * COMMAND_INDENT deeper, whole even when it is wider than the width.
 */
export function wrapSpans(spans: readonly Span[], width: number, opts: WrapOptions = {}): Span[][] {
  let total = opts.start ?? 0;
  for (const s of spans) total += displayWidth(s.text);
  if (total <= width) return [joined(spans)];
  const style = spans[0]?.style;
  if (spans.every((s) => s.style === style)) {
    const { lead, words } = wordsOf(spans.map((s) => s.text).join(''));
    return layout(words, lead, width, opts).map((l) => [{ text: textOf(l), style, escaped: true }]);
  }
  const { lead, words } = wordsOfSpans(spans);
  return layout(words, lead, width, opts).map((l) => {
    const out: Span[] = [];
    if (l.indent) out.push({ text: ' '.repeat(l.indent), escaped: true });
    l.words.forEach((w, j) => {
      const last = out.at(-1)?.style;
      if (j && w.gap) out.push({ text: ' '.repeat(w.gap), style: last, escaped: true });
      out.push(...w.pieces!);
    });
    return joined(out);
  });
}

/**
 * Plain text (adcli's own, line breaks kept) wrapped to `width`: its first line as wrapSpans wraps
 * it; each line after a line break starts a line of its own, at `indent` when it is given.
 */
export function wrapText(text: string, width: number, opts: WrapOptions = {}): string {
  const wrap = (l: string, o: WrapOptions) => {
    if ((o.start ?? 0) + displayWidth(l) <= width) return l;
    const { lead, words } = wordsOf(l);
    return layout(words, lead, width, o).map(textOf).join('\n');
  };
  if (!text.includes('\n')) return wrap(text, opts);
  return text
    .split('\n')
    .map((l, i) => {
      if (i === 0) return wrap(l, opts);
      if (opts.indent === undefined || l === '') return wrap(l, {});
      return ' '.repeat(opts.indent) + wrap(l, { start: opts.indent, indent: opts.indent });
    })
    .join('\n');
}
