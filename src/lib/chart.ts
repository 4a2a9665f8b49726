/**
 * Terminal charts drawn with plain characters (unicode block elements and box lines), so they read
 * the same with or without colour and survive copy-paste. Pure: text in, lines out.
 */

/** Eighth blocks, from one eighth to a full cell. */
const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

export interface ColumnChartOptions {
  /** total width in characters, axis labels included (e.g. io.terminalWidth()) */
  width: number;
  /** rows of bars; default 6 */
  height?: number;
  /** formats the axis value labels; default a compact number */
  format?: (n: number) => string;
  /** a title line above the chart (cut to the width; colour escapes are kept whole) */
  title?: string;
}

/** 1234 → "1.2k", 1_250_000 → "1.3M", 12.5 → "12.5". */
export function compactNumber(n: number): string {
  const abs = Math.abs(n);
  const trim = (s: string) => s.replace(/\.0$/, '');
  if (abs >= 1e9) return trim((n / 1e9).toFixed(1)) + 'B';
  if (abs >= 1e6) return trim((n / 1e6).toFixed(1)) + 'M';
  if (abs >= 1e4) return trim((n / 1e3).toFixed(0)) + 'k';
  if (abs >= 1e3) return trim((n / 1e3).toFixed(1)) + 'k';
  if (Number.isInteger(n)) return String(n);
  return trim(n.toFixed(abs < 10 ? 2 : 1));
}

/**
 * Groups points into at most `slots` buckets of consecutive points: each bucket's value is the mean
 * of its points (so the scale keeps its meaning, "per day"), and its label the first point's label.
 */
export function bucket(
  points: readonly { label: string; value: number }[],
  slots: number,
): { label: string; value: number }[] {
  if (points.length <= slots || slots <= 0) return points.map((p) => ({ ...p }));
  const size = Math.ceil(points.length / slots);
  const out: { label: string; value: number }[] = [];
  for (let i = 0; i < points.length; i += size) {
    const group = points.slice(i, i + size);
    out.push({
      label: group[0]!.label,
      value: group.reduce((s, p) => s + p.value, 0) / group.length,
    });
  }
  return out;
}

/**
 * A column chart of a series, one column per point (bucketed when the width does not allow one
 * each), with the maximum and zero labelled on the y axis and the first, middle and last labels on
 * the x axis:
 *
 *     Clicks per day
 *      113 ┤   ▅ █       ▇
 *          │ ▆ █ █ ▇ ▆ █ █
 *          │ █ █ █ █ █ █ █
 *        0 └──────────────
 *           11-14     11-20
 *
 * Every line fits `width` (when width allows the axis at all). Values below zero count as zero.
 */
export function columnChart(
  points: readonly { label: string; value: number }[],
  opts: ColumnChartOptions,
): string[] {
  const height = Math.max(1, opts.height ?? 6);
  const format = opts.format ?? compactNumber;
  const lines: string[] = [];
  if (opts.title) lines.push(opts.title);
  if (points.length === 0) return [...lines, '(no data)'];

  const maxOf = (ps: readonly { value: number }[]) =>
    Math.max(0, ...ps.map((p) => (Number.isFinite(p.value) ? p.value : 0)));
  const zero = format(0);
  // The y label is the maximum drawn, which bucketing (means) can lower: size the axis for the raw
  // maximum, bucket, then once more if the drawn maximum's label is wider.
  let labelWidth = Math.max(format(maxOf(points)).length, zero.length);
  let room = Math.max(1, opts.width - labelWidth - 2);
  let series = bucket(points, room);
  if (format(maxOf(series)).length > labelWidth) {
    labelWidth = format(maxOf(series)).length;
    room = Math.max(1, opts.width - labelWidth - 2);
    series = bucket(points, room);
  }
  const max = maxOf(series);
  const top = format(max);
  labelWidth = Math.max(labelWidth, top.length);
  const prefix = labelWidth + 2; // label, space, axis character
  const n = series.length;
  const step = room >= n * 2 ? 2 : 1; // a gap between columns when there is room for it

  // Height of each column in eighths of a row; anything above zero shows at least one eighth.
  const eighths = series.map((p) => {
    const v = Number.isFinite(p.value) ? Math.max(0, p.value) : 0;
    if (max <= 0 || v <= 0) return 0;
    return Math.max(1, Math.round((v / max) * height * 8));
  });

  for (let row = height - 1; row >= 0; row--) {
    const label = row === height - 1 ? top : '';
    const axis = row === height - 1 ? '┤' : '│';
    let bars = '';
    for (const e of eighths) {
      const filled = e - row * 8;
      const cell = filled >= 8 ? BLOCKS[7] : filled > 0 ? BLOCKS[filled - 1]! : ' ';
      bars += step === 2 ? cell + ' ' : cell;
    }
    lines.push(`${label.padStart(labelWidth)} ${axis}${bars}`.trimEnd());
  }
  lines.push(`${zero.padStart(labelWidth)} └${'─'.repeat(Math.min(room, n * step))}`);
  lines.push(
    xAxisLabels(
      series.map((p) => p.label),
      step,
      prefix,
      opts.width,
    ),
  );
  return lines.map((l) => fitVisible(l, Math.max(0, opts.width)));
}

/**
 * A line cut to `width` visible characters; colour escapes (a painted title) do not count and are
 * all kept, so a cut title still ends its colour.
 */
function fitVisible(l: string, width: number): string {
  let out = '';
  let shown = 0;
  for (const [part] of l.matchAll(/\x1b\[[0-9;]*m|[\s\S]/gu)) {
    if (part.length > 1 && part.startsWith('\x1b[')) out += part;
    else if (shown < width) {
      out += part;
      shown++;
    }
  }
  return out;
}

/** The first, middle and last labels placed under their columns, as far as they fit. */
function xAxisLabels(labels: string[], step: number, prefix: number, width: number): string {
  const n = labels.length;
  const line = Array.from({ length: Math.max(0, width) }, () => ' ');
  const placed: [number, number][] = [];
  const place = (index: number, align: 'start' | 'center' | 'end') => {
    const text = labels[index] ?? '';
    const col = prefix + index * step;
    let from =
      align === 'start'
        ? col
        : align === 'end'
          ? col - text.length + 1
          : col - Math.floor(text.length / 2);
    from = Math.max(prefix, Math.min(from, width - text.length));
    const to = from + text.length; // exclusive
    if (from < 0 || to > width || !text) return;
    if (placed.some(([a, b]) => from < b + 2 && to + 2 > a)) return; // keep two spaces between labels
    placed.push([from, to]);
    for (let i = 0; i < text.length; i++) line[from + i] = text[i]!;
  };
  place(0, 'start');
  if (n > 1) place(n - 1, 'end');
  if (n > 2) place(Math.floor((n - 1) / 2), 'center');
  return line.join('').trimEnd();
}
