import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import type { IOStreams } from './iostreams.ts';

/** Only data goes to stdout; spinners, progress and notices go to stderr. */

const chalks = new WeakMap<IOStreams, { out: ChalkInstance; err: ChalkInstance }>();
function chalksOf(io: IOStreams) {
  let pair = chalks.get(io);
  if (!pair) {
    pair = { out: new Chalk({ level: io.colorEnabled() ? 1 : 0 }), err: new Chalk({ level: io.colorEnabledStderr() ? 1 : 0 }) };
    chalks.set(io, pair);
  }
  return pair;
}
/** chalk for stdout: no colour when piped or NO_COLOR is set */
export const c = (io: IOStreams): ChalkInstance => chalksOf(io).out;
/** chalk for stderr */
export const ce = (io: IOStreams): ChalkInstance => chalksOf(io).err;

export function printJson(io: IOStreams, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, io.isStdoutTTY() ? 2 : 0) + '\n');
}

const STATUS_COLORS: Record<string, 'green' | 'yellow' | 'red' | 'gray' | 'cyan'> = {
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

export function status(io: IOStreams, s: string | null | undefined): string {
  if (!s) return '-';
  const color = STATUS_COLORS[s];
  return color ? c(io)[color](s) : s;
}

/**
 * A table on a terminal (sensible widths, long cells wrapped); piped, one tab-separated row a line
 * with nothing truncated or coloured, so `cut` and `awk` work.
 */
export function table(io: IOStreams, head: string[], rows: (string | number | null | undefined)[][], opts: { widths?: (number | null)[] } = {}): void {
  const cells = rows.map((r) => r.map((v) => (v === null || v === undefined || v === '' ? '-' : String(v))));
  if (!io.isStdoutTTY()) {
    io.stdout.write(cells.map((r) => r.map((v) => v.replace(/[\t\n\r]+/g, ' ')).join('\t')).join('\n') + (cells.length ? '\n' : ''));
    return;
  }
  const cols = io.terminalWidth();
  const widths = opts.widths ?? [];
  const t = new Table({
    head: head.map((h) => c(io).bold(h)),
    style: { head: [], border: io.colorEnabled() ? ['gray'] : [] },
    // A rule under the header only: lines between every row make long lists hard to scan.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    wordWrap: true,
    wrapOnWordBoundary: true,
    ...(widths.length ? { colWidths: widths.map((w) => (w === null ? null : Math.min(w, cols))) as number[] } : {}),
  });
  t.push(...cells);
  io.stdout.write(t.toString() + '\n');
}

/** Label and value lines for one record: aligned on a terminal, tab-separated when piped. */
export function fields(io: IOStreams, pairs: [string, string | number | null | undefined][]): void {
  const tty = io.isStdoutTTY();
  const w = Math.max(...pairs.map(([k]) => k.length));
  for (const [k, v] of pairs) {
    const value = v === null || v === undefined || v === '' ? '-' : String(v);
    io.stdout.write(tty ? `${c(io).gray(k.padEnd(w))}  ${value}\n` : `${k}\t${value}\n`);
  }
}

const NAMED_CONTROLS: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text from the API made safe for a terminal or a pipe: control characters (C0, DEL, C1) are written
 * as escapes (a newline as backslash-n, ESC as backslash-u001b), so data can never move the cursor,
 * recolour or rewrite the screen.
 */
export function escapeControl(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (ch) => NAMED_CONTROLS[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A notice for people: stderr, and only on a terminal (scripts get clean streams). */
export function notice(io: IOStreams, text: string): void {
  if (io.isStderrTTY()) io.stderr.write(ce(io).gray(text) + '\n');
}
