/**
 * The table printer, after gh's (go-gh pkg/tableprinter): on a terminal a header line and columns two
 * spaces apart, fitted to the width: the widest text column is cut with `…`, columns marked optional
 * go when the terminal is narrow, no row ever wraps and no line is longer than the width. An id
 * column (`id: true`: what a person copies, ids and URLs alike) is never cut, however narrow the terminal: the others
 * give way first, and it is the last to go. Piped, one row a line, cells tab-separated, nothing cut.
 * Pure: spans in, lines out (src/lib/output.ts writes them). Hand-written rather than drawn by
 * cli-table3, which measures widths by older rules and draws slower: docs/architecture.md has the figures.
 */
import { cut, widthOf, type Span } from './text.ts';

export interface Column {
  header: string;
  /**
   * an id, what a person copies: never cut, not even when nothing else is left to give (a line is
   * then wider than the terminal rather than an id wrong); implies `cut: false`
   */
  id?: boolean;
  /** may be cut with `…` to fit (default true, ids never); dates and numbers say false */
  cut?: boolean;
  /** a cut column keeps this many columns (or its own width) before an optional column goes (default COMFORTABLE) */
  comfortable?: number;
  /** optional: goes when the table does not fit otherwise, lowest first */
  drop?: number;
  align?: 'left' | 'right';
}

/** Columns are this many spaces apart. */
export const GAP = 2;
/** A cut text column keeps this many columns (or its own width) before an optional column goes. */
export const COMFORTABLE = 20;
/** Below this a column is cut only when nothing else is left to give. */
const NARROWEST = 4;

/**
 * Which columns to show and how wide, for content `natural` columns wide, in `max` columns:
 * 1. the widest cuttable columns are cut, one column of width at a time, down to their comfortable width;
 * 2. if that is not enough, optional columns go (lowest `drop` first), each time trying 1 again;
 * 3. then cuttable columns are cut down to NARROWEST, then any column but an id is;
 * 4. then columns go from the right, ids last, until what is left fits (at one column of width
 *    each, ids whole); ids that do not fit even alone are shown whole.
 */
export function fitColumns(
  columns: readonly Column[],
  natural: readonly number[],
  max: number,
): { keep: number[]; widths: number[] } {
  const gaps = (keep: readonly number[]) => GAP * Math.max(0, keep.length - 1);
  const shrink = (keep: readonly number[], floor: (i: number) => number): number[] | null => {
    const widths = natural.slice();
    let total = keep.reduce((n, i) => n + widths[i]!, 0) + gaps(keep);
    while (total > max) {
      let widest = -1;
      for (const i of keep)
        if (widths[i]! > floor(i) && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
      if (widest < 0) return null;
      widths[widest]!--;
      total--;
    }
    return widths;
  };
  const isId = (i: number) => columns[i]!.id === true;
  const canCut = (i: number) => columns[i]!.cut !== false && !isId(i);
  const comfortable = (i: number) =>
    canCut(i) ? Math.min(natural[i]!, columns[i]!.comfortable ?? COMFORTABLE) : natural[i]!;
  const narrow = (i: number) => (canCut(i) ? Math.min(natural[i]!, NARROWEST) : natural[i]!);
  const any = (i: number) => (isId(i) ? natural[i]! : Math.min(natural[i]!, NARROWEST));
  const least = (i: number) => (isId(i) ? natural[i]! : 1);

  let keep = columns.map((_, i) => i);
  const done = (widths: number[] | null) =>
    widths ? { keep, widths: keep.map((i) => widths[i]!) } : null;
  let fitted = done(shrink(keep, comfortable));
  const optional = keep
    .filter((i) => columns[i]!.drop !== undefined)
    .sort((a, b) => columns[a]!.drop! - columns[b]!.drop!);
  for (const drop of optional) {
    if (fitted) return fitted;
    keep = keep.filter((i) => i !== drop);
    fitted = done(shrink(keep, comfortable));
  }
  fitted ??= done(shrink(keep, narrow)) ?? done(shrink(keep, any));
  // Columns go from the right, an id only when no other is left; then the rest at their least.
  const leastWidth = (k: readonly number[]) => k.reduce((n, i) => n + least(i), 0) + gaps(k);
  while (!fitted && keep.length > 1 && leastWidth(keep) > max) {
    const other = keep.findLastIndex((i) => !isId(i));
    keep = keep.filter((_, k) => k !== (other >= 0 ? other : keep.length - 1));
  }
  fitted ??= done(shrink(keep, least));
  if (fitted) return fitted;
  // Nothing fits: the first column alone, an id whole, anything else cut to the width.
  const only = keep[0]!;
  return { keep: [only], widths: [isId(only) ? natural[only]! : Math.max(1, max)] };
}

/**
 * The lines of a table on a terminal `max` columns wide; `paint` styles a span. The header line is
 * bold; `header: false` leaves it out (aligned lists under a heading of their own).
 */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly Span[])[][],
  max: number,
  paint: (s: Span) => string,
  opts: { header?: boolean } = {},
): string[] {
  const head = columns.map((c) => [{ text: c.header, style: 'bold', escaped: true }] as Span[]);
  const all = opts.header === false ? rows : [head, ...rows];
  const natural = columns.map((_, i) => Math.max(...all.map((r) => widthOf(r[i] ?? []))));
  const { keep, widths } = fitColumns(columns, natural, max);
  const last = keep.length - 1;
  return all.map((row) =>
    keep
      .map((col, k) => {
        const cell = cut(row[col] ?? [], widths[k]!);
        const pad = ' '.repeat(Math.max(0, widths[k]! - widthOf(cell)));
        const text = cell.map(paint).join('');
        if (columns[col]!.align === 'right') return pad + text;
        return k === last ? text : text + pad;
      })
      .join(' '.repeat(GAP))
      .trimEnd(),
  );
}

/**
 * Tab-separated lines, nothing cut: an empty cell is `-` so every row has its columns. Styled only
 * by a `paint` that styles (colour forced on a pipe); escaping keeps tabs and newlines out of cells.
 */
export function renderTsv(
  rows: readonly (readonly Span[])[][],
  paint: (s: Span) => string = (s) => s.text,
): string[] {
  return rows.map((row) =>
    row.map((cell) => (cell.length ? cell.map(paint).join('') : '-')).join('\t'),
  );
}
