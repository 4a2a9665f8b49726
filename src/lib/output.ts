import { Chalk } from 'chalk';
import type { IOStreams } from './iostreams.ts';
import { renderTable, renderTsv, type Column } from './table.ts';
import {
  cut,
  escapeControl,
  plain,
  span,
  spansOf,
  type Span,
  type Style,
  type Text,
} from './text.ts';
import { wrapSpans } from './wrap.ts';

export {
  bold,
  cyan,
  escapeControl,
  gray,
  red,
  span,
  yellow,
  type Span,
  type Text,
} from './text.ts';
export type { Column } from './table.ts';
export { wrapText } from './wrap.ts';

/**
 * Everything adcli writes for people goes through here: only data to stdout; notices, warnings and
 * progress to stderr. Text from the API is escaped (src/lib/text.ts) before it is styled, on every
 * path: tables, tab-separated rows, CSV, field lines, plain lines and notices. JSON goes through
 * printJson (--json fields and --jq: src/lib/json-output.ts).
 *
 * Every line fits the terminal: tables are fitted (src/lib/table.ts); prose (notices, hints,
 * warnings, plain lines, the values of field lines) is wrapped between words (src/lib/wrap.ts), a
 * suggested command never broken; progress is cut to one line. Piped, nothing is wrapped or cut.
 * What people read on stdout (tables, field lines, plain lines) goes through the pager on a terminal
 * (IOStreams.startPager: PAGER, ADCLI_PAGER, default `less -FRX`), never piped and never JSON.
 */

/**
 * Styles a span when colour is on for that stream. The IO seam decides (TTY, NO_COLOR, FORCE_COLOR,
 * CLICOLOR_FORCE, TERM=dumb) and sets chalk's level: 0, or 1 since adcli's palette is the 16 basic
 * colours and bold, which every level above 0 writes alike; chalk's own detection is never asked.
 */
const chalks = { off: new Chalk({ level: 0 }), on: new Chalk({ level: 1 }) };
const painter = (on: boolean) => {
  const chalk = on ? chalks.on : chalks.off;
  return (s: Span) => (s.style ? chalk[s.style](s.text) : s.text);
};
const paintOut = (io: IOStreams) => painter(io.colorEnabled());
const paintErr = (io: IOStreams) => painter(io.colorEnabledStderr());

/**
 * The width prose on stdout (or stderr) is wrapped to: the terminal's, and none at all when piped
 * (as gh, a script gets each line as it was written). For src/lib/wrap.ts's wrapText.
 */
export function proseWidth(io: IOStreams, stream: 'stdout' | 'stderr' = 'stdout'): number {
  const tty = stream === 'stdout' ? io.isStdoutTTY() : io.isStderrTTY();
  return tty ? io.terminalWidth() : Infinity;
}

/** A text as it is written to stdout: escaped, and styled when colour is on. */
export function paint(io: IOStreams, ...parts: Text[]): string {
  return spansOf(parts).map(paintOut(io)).join('');
}

/**
 * Lines of spans as they are written on a terminal `width` wide: each wrapped between words (its
 * continuation lines as indented as it is, and under the text of a `• ` item).
 */
function wrapped(lines: readonly Span[][], width: number, paintIt: (s: Span) => string): string {
  return lines
    .flatMap((l) => {
      const item = /^( *)[•*-] /.exec(plain(l).slice(0, 16));
      return wrapSpans(l, width, item ? { indent: item[0].length } : {});
    })
    .map((l) => l.map(paintIt).join(''))
    .join('\n');
}

/** One line on stdout (on a terminal: wrapped to its width, through the pager). */
export function line(io: IOStreams, ...parts: Text[]): void {
  if (!io.isStdoutTTY()) {
    io.stdout.write(paint(io, ...parts) + '\n');
    return;
  }
  io.startPager();
  io.stdout.write(wrapped([spansOf(parts)], io.terminalWidth(), paintOut(io)) + '\n');
}

/**
 * Parts to lines: the line breaks in a plain string part are adcli's own (a message of two lines);
 * every part is escaped, and takes `style` unless it has its own.
 */
function linesOf(parts: readonly Text[], style?: Style): Span[][] {
  const out: Span[][] = [[]];
  for (const p of parts) {
    if (typeof p === 'string') {
      p.split('\n').forEach((piece, i) => {
        if (i) out.push([]);
        if (piece) out.at(-1)!.push(span(piece, style));
      });
    } else out.at(-1)!.push(...spansOf(p).map((s) => (style && !s.style ? { ...s, style } : s)));
  }
  if (out.length > 1 && out.at(-1)!.length === 0) out.pop();
  return out;
}

/**
 * Lines on stderr: on a terminal wrapped to its width, and while the pager shows stdout, into the
 * pager after what it shows (on the screen they would land in the middle of it).
 */
const writeErr = (io: IOStreams, parts: readonly Text[], style?: Style) => {
  const lines = linesOf(parts, style);
  if (!io.isStderrTTY()) {
    io.stderr.write(lines.map((l) => l.map(paintErr(io)).join('')).join('\n') + '\n');
    return;
  }
  const text = wrapped(lines, io.terminalWidth(), paintErr(io)) + '\n';
  (io.isPaging() ? io.stdout : io.stderr).write(text);
};

/** Lines on stderr for people, whether or not it is a terminal: what a write did, why nothing was done. */
export function say(io: IOStreams, ...parts: Text[]): void {
  writeErr(io, parts);
}

/** A warning on stderr, yellow on a terminal. */
export function warn(io: IOStreams, ...parts: Text[]): void {
  writeErr(io, parts, 'yellow');
}

/** A hint on stderr, gray on a terminal: said to scripts too (a list that stopped before its end). */
export function hint(io: IOStreams, ...parts: Text[]): void {
  writeErr(io, parts, 'gray');
}

/** A notice for people: stderr, gray, and only on a terminal (scripts get clean streams). */
export function notice(io: IOStreams, ...parts: Text[]): void {
  if (io.isStderrTTY()) writeErr(io, parts, 'gray');
}

/**
 * Progress on a terminal's stderr, on one line that the next progress overwrites; none clears it.
 * Cut to the width (with `…`), never wrapped: a wrapped line could not be overwritten.
 */
export function progress(io: IOStreams, text?: string): void {
  if (!io.isStderrTTY() || io.isPaging()) return;
  if (text === undefined) return void io.stderr.write('\r\u001b[K');
  const fitted = cut([span(text, 'gray')], io.terminalWidth() - 1);
  io.stderr.write(`\r${fitted.map(paintErr(io)).join('')}\u001b[K`);
}

/** JSON on stdout (declared beside --json FIELDS and --jq, which apply to it). */
export { printJson, printJsonLine } from './json-output.ts';

const STATUS_COLORS: Record<string, Style> = {
  ready: 'green',
  ENABLED: 'green',
  done: 'green',
  loading: 'yellow',
  generating: 'yellow',
  collecting: 'yellow',
  PAUSED: 'yellow',
  error: 'red',
  REMOVED: 'red',
  draft: 'gray',
  not_generated: 'gray',
};

/** A status in its colour (nothing when there is none). */
export function statusText(s: string | null | undefined): Span | null {
  return s ? span(s, STATUS_COLORS[s]) : null;
}

/**
 * A table (src/lib/table.ts): on a terminal, a header line and columns fitted to its width (the
 * widest text column cut with `…`, optional columns dropped when narrow); piped, one tab-separated
 * row a line, nothing cut, coloured or headed, so `cut` and `awk` work. No rows: on a terminal
 * `empty` on stderr (as gh does), piped nothing at all.
 */
export function table(
  io: IOStreams,
  head: readonly (string | Column)[],
  rows: readonly (readonly Text[])[],
  opts: { empty?: string; header?: boolean; indent?: number } = {},
): void {
  if (rows.length === 0) {
    if (io.isStdoutTTY()) say(io, opts.empty ?? 'Nothing to show.');
    return;
  }
  const cells = rows.map((r) => r.map((v) => spansOf(v)));
  if (!io.isStdoutTTY()) {
    io.stdout.write(renderTsv(cells, paintOut(io)).join('\n') + '\n');
    return;
  }
  io.startPager();
  const columns = head.map((h) => (typeof h === 'string' ? { header: h } : h));
  const shown = cells.map((r) => r.map((c) => (c.length ? c : [span('-')])));
  const indent = ' '.repeat(opts.indent ?? 0);
  const lines = renderTable(columns, shown, io.terminalWidth() - indent.length, paintOut(io), {
    header: opts.header,
  });
  io.stdout.write(lines.map((l) => indent + l).join('\n') + '\n');
}

/** A value that takes several lines on a terminal (piped: one, its parts joined by `; `). */
export interface Lines {
  lines: readonly Text[];
}
export const lines = (...texts: Text[]): Lines => ({ lines: texts });
const isLines = (v: Text | Lines): v is Lines =>
  typeof v === 'object' && v !== null && 'lines' in v;

/**
 * Label and value lines for one record: aligned on a terminal, tab-separated when piped. On a
 * terminal a long value is wrapped between words, its lines under the value column.
 */
export function fields(io: IOStreams, pairs: readonly (readonly [string, Text | Lines])[]): void {
  const tty = io.isStdoutTTY();
  const w = Math.max(...pairs.map(([k]) => k.length));
  const paintIt = paintOut(io);
  if (tty) io.startPager();
  const width = io.terminalWidth();
  for (const [k, v] of pairs) {
    const values = (isLines(v) ? v.lines : [v]).map((t) => spansOf(t)).filter((s) => s.length);
    if (!tty) {
      io.stdout.write(`${k}\t${values.map(plain).join('; ') || '-'}\n`);
      continue;
    }
    const label = paintIt(span(k.padEnd(w), 'gray'));
    const [first = [span('-')], ...more] = values;
    [first, ...more].forEach((l, i) => {
      const [head, ...rest] = wrapSpans(l, width, { start: w + 2, indent: w + 2 });
      const text = [head!, ...rest].map((s) => s.map(paintIt).join(''));
      text[0] = `${i ? ' '.repeat(w + 2) : `${label}  `}${text[0]}`;
      io.stdout.write(text.join('\n') + '\n');
    });
  }
}

/** A CSV cell: numbers as they are; text escaped, kept from a spreadsheet's formulas, quoted when it must be. */
function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  // A cell starting like a formula is data, not something for a spreadsheet to run (OWASP's advice).
  const text = escapeControl(/^[=+\-@]/.test(v) ? `'${v}` : v);
  return /[",]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV (RFC 4180): a header row, then one row a line; the same on a terminal and piped. */
export function printCsv(
  io: IOStreams,
  head: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): void {
  io.stdout.write([head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n');
}
