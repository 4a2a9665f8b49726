/**
 * The table printer (src/lib/table.ts) and the text it is made of (src/lib/text.ts, escape.ts):
 * tables fitted to 60, 80, 100 and 120 columns never have a longer line, cut the widest text column
 * with `…`, drop optional columns in their order, count wide characters as two columns; piped rows
 * are never cut; every class of control character is escaped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeControl, safeJson } from '../src/lib/escape.ts';
import { fitColumns, renderTable, renderTsv, type Column } from '../src/lib/table.ts';
import {
  cut,
  displayWidth,
  loadDisplayWidths,
  spansOf,
  type Span,
  type Text,
} from '../src/lib/text.ts';
import { CONTROLS, ESCAPED, RAW_CONTROL } from './helpers/controls.ts';
import { ROOT } from './helpers/process.ts';

const paint = (s: Span) => s.text;
const cells = (rows: Text[][]) => rows.map((r) => r.map((v) => spansOf(v)));
const render = (columns: Column[], rows: Text[][], width: number) =>
  renderTable(columns, cells(rows), width, paint);

const LONG =
  'Northwind Ridgeline Packs Always-On Video, Spring and Summer Outdoor Push (EMEA + North America)';
const COLUMNS: Column[] = [
  { header: 'ID', cut: false },
  { header: 'NAME' },
  { header: 'STATUS', cut: false },
  { header: 'TYPE', drop: 3 },
  { header: 'BUDGET', cut: false, drop: 2 },
  { header: 'UPDATED', cut: false, drop: 1 },
];
const ROWS: Text[][] = [
  ['6b0302c1a2b3c4d5e6f70001', LONG, 'ready', 'DEMAND_GEN', '12000 total', '2026-11-22 15:25'],
  ['6b0302c1a2b3c4d5e6f70002', 'Short', 'draft', 'VIDEO', null, '2026-11-21 09:00'],
];

// On a terminal, main() loads the display-width rules before a command runs; so do these tests.
beforeAll(loadDisplayWidths);

describe('a table on a terminal', () => {
  for (const width of [60, 80, 100, 120]) {
    it(`at ${width} columns: no line is longer, no row wraps, the long name is cut with …, ids stay whole`, () => {
      const lines = render(COLUMNS, ROWS, width);
      expect(lines).toHaveLength(3);
      for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(width);
      expect(lines[0]).toMatch(/^ID {24}NAME/);
      expect(lines[1]).toContain('6b0302c1a2b3c4d5e6f70001');
      expect(lines[1]).toMatch(/  Northwind R[^…]*…  /);
      expect(lines[1]).not.toContain(LONG);
      expect(lines[2]).toMatch(/^6b0302c1a2b3c4d5e6f70002 {2}Short +draft/);
      // No trailing spaces: the last column is not padded.
      for (const l of lines) expect(l).toBe(l.trimEnd());
    });
  }

  it('optional columns go lowest first when the cut column would get narrower than comfortable', () => {
    const header = (width: number) => render(COLUMNS, ROWS, width)[0]!.split(/ {2,}/);
    expect(header(120)).toEqual(['ID', 'NAME', 'STATUS', 'TYPE', 'BUDGET', 'UPDATED']);
    expect(header(100)).toEqual(['ID', 'NAME', 'STATUS', 'TYPE', 'BUDGET', 'UPDATED']);
    expect(header(80)).toEqual(['ID', 'NAME', 'STATUS', 'TYPE', 'BUDGET']);
    expect(header(60)).toEqual(['ID', 'NAME', 'STATUS']);
    // A column may ask for more room before the optional ones go.
    const roomy = COLUMNS.map((c) => (c.header === 'NAME' ? { ...c, comfortable: 40 } : c));
    expect(renderTable(roomy, cells(ROWS), 100, paint)[0]!.split(/ {2,}/)).toEqual([
      'ID',
      'NAME',
      'STATUS',
      'TYPE',
      'BUDGET',
    ]);
  });

  it('fits the content when it is narrower than the terminal: nothing cut or dropped', () => {
    const lines = render(COLUMNS, [ROWS[1]!], 120);
    expect(lines[1]).toBe(
      '6b0302c1a2b3c4d5e6f70002  Short  draft   VIDEO          2026-11-21 09:00',
    );
  });

  it('the widest text column is cut first, down to the width of the next one', () => {
    const cols: Column[] = [{ header: 'A' }, { header: 'B' }];
    const { widths } = fitColumns(cols, [50, 30], 62);
    expect(widths).toEqual([30, 30]);
    expect(fitColumns(cols, [50, 10], 40).widths).toEqual([28, 10]);
  });

  it('ever narrower: still no line longer than the width, down to a single column', () => {
    for (const width of [40, 30, 20, 10, 5, 1]) {
      for (const l of render(COLUMNS, ROWS, width))
        expect(displayWidth(l), `${width}: ${l}`).toBeLessThanOrEqual(width);
    }
  });

  it('an id column is never cut at any width: the other columns are cut and dropped first, and it goes last', () => {
    const cols: Column[] = [
      { header: 'ID', id: true },
      { header: 'NAME' },
      { header: 'STATUS', cut: false },
      { header: 'SLOT', id: true, drop: 1 },
    ];
    const rows: Text[][] = ROWS.map((r, i) => [r[0], r[1], r[2], `6b0302c1a2b3c4d5e6f7100${i}`]);
    for (let width = 1; width <= 140; width++) {
      const lines = render(cols, rows, width);
      rows.forEach((r, i) => expect(lines[i + 1], `${width}`).toContain(r[0] as string));
      for (const l of lines.slice(1)) {
        // whole, or not there at all: never a part of an id
        expect(l, `${width}`).not.toMatch(/6b0302c1a2b3c4d5e6f7…/);
        expect(l.includes('6b0302c1a2b3c4d5e6f7100') ? l : '', `${width}`).not.toMatch(
          /6b0302c1a2b3c4d5e6f71…/,
        );
      }
      // within the width, unless the id alone is wider: then it is the line, whole
      for (const l of lines)
        if (displayWidth(l) > width) expect(l.trim(), `${width}`).toMatch(/^(?:ID|[0-9a-f]{24})$/);
    }
    // narrow: the name is cut and the optional SLOT goes before any id is touched
    expect(render(cols, rows, 60)[0]!.split(/ {2,}/)).toEqual(['ID', 'NAME', 'STATUS']);
    expect(render(cols, rows, 36)[1]).toMatch(/^6b0302c1a2b3c4d5e6f70001 {2}N\S*…/);
  });

  it('every id column of the commands says so (id: true): what a person copies is never cut', () => {
    /** Headers that sound like ids but hold names. */
    const NOT_IDS = new Set(['performance/print-report.ts: CAMPAIGN']);
    const sources = readdirSync(join(ROOT, 'src', 'commands'), {
      recursive: true,
      encoding: 'utf8',
    })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [f, readFileSync(join(ROOT, 'src', 'commands', f), 'utf8')] as const);
    let ids = 0;
    for (const [file, text] of sources)
      for (const m of text.matchAll(
        /\{ header: '([A-Z ]*(?:ID|SLOT|AUDIENCE|CAMPAIGN|CHANNEL|VIDEO))'[^}]*\}/g,
      )) {
        if (NOT_IDS.has(`${file}: ${m[1]}`)) continue;
        expect(m[0], `${file}: ${m[1]}`).toContain('id: true');
        ids++;
      }
    expect(ids).toBeGreaterThan(15);
  });

  it('wide characters count two columns, combining marks none; a cut never splits a character', () => {
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('🏔️ trail')).toBe(8);
    expect(displayWidth('e\u0301')).toBe(1);
    const lines = render(
      [{ header: 'ID', cut: false }, { header: 'NAME' }],
      [['x', '山の上のコーヒー焙煎所と登山用品の店 東京本店 🏔️🏔️🏔️']],
      30,
    );
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(30);
    expect(lines[1]).toMatch(/…$/);
    expect(
      cut(spansOf('日本語'), 4)
        .map((s) => s.text)
        .join(''),
    ).toBe('日…');
  });

  it('right-aligned numbers; styles are painted after the cut', () => {
    const lines = renderTable(
      [{ header: 'NAME' }, { header: 'CLICKS', align: 'right', cut: false }],
      cells([
        [{ text: 'a', style: 'bold', escaped: true }, '7'],
        ['bb', '1,234'],
      ]),
      40,
      (s) => (s.style ? `<${s.text}>` : s.text),
    );
    expect(lines).toEqual(['<NAME>  <CLICKS>', '<a>          7', 'bb     1,234']);
  });
});

describe('piped: tab-separated rows', () => {
  it('are never cut, have every column, and `-` for an empty cell', () => {
    expect(renderTsv(cells(ROWS))).toEqual([
      `6b0302c1a2b3c4d5e6f70001\t${LONG}\tready\tDEMAND_GEN\t12000 total\t2026-11-22 15:25`,
      '6b0302c1a2b3c4d5e6f70002\tShort\tdraft\tVIDEO\t-\t2026-11-21 09:00',
    ]);
  });
});

describe('control characters', () => {
  it('every class is written as a visible escape; other text is left as it is', () => {
    expect(escapeControl(CONTROLS)).toBe(ESCAPED);
    expect(escapeControl('Café ☕ 日本 — "quotes" \\ back\\slash')).toBe(
      'Café ☕ 日本 — "quotes" \\ back\\slash',
    );
    // Escaping is idempotent: text escaped twice reads the same.
    expect(escapeControl(escapeControl(CONTROLS))).toBe(ESCAPED);
  });

  it('in a table and in tab-separated rows a cell stays one cell on one line', () => {
    const rows = [['id1', CONTROLS, 'ready']];
    const tty = render([{ header: 'ID' }, { header: 'NAME' }, { header: 'STATUS' }], rows, 200);
    expect(tty[1]).toBe(`id1  ${ESCAPED}  ready`);
    const tsv = renderTsv(cells(rows));
    expect(tsv).toEqual([`id1\t${ESCAPED}\tready`]);
    expect(tsv[0]!.split('\t')).toHaveLength(3);
  });

  it('JSON keeps the value and escapes what JSON.stringify leaves raw (DEL, C1, bidi, U+2028/2029)', () => {
    const text = safeJson({ name: CONTROLS });
    expect(text).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(text)).toEqual({ name: CONTROLS });
  });
});
