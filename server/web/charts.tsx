/**
 * Bar charts drawn on the server as SVG: one bar a day, no script and no chart library in the
 * browser. Text (title, total, scale, dates) is HTML around the SVG, so it stays readable at any
 * width while the bars stretch; each bar has a <title> (a tooltip), and the figures are also a table.
 */
import type { FC } from 'hono/jsx';

export interface Point {
  date: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 130;
const TOP = 6;

export const BarChart: FC<{
  id: string;
  title: string;
  points: Point[];
  kind: 'impressions' | 'clicks' | 'cost';
  format: (n: number) => string;
  total: string;
}> = (p) => {
  const max = Math.max(0, ...p.points.map((x) => x.value));
  const n = Math.max(1, p.points.length);
  const step = WIDTH / n;
  const gap = Math.min(4, step * 0.2);
  const scale = max > 0 ? (HEIGHT - TOP) / max : 0;
  const first = p.points[0]?.date ?? '';
  const last = p.points.at(-1)?.date ?? '';
  const described = `${p.title} per day from ${first} to ${last}: ${p.total} in all, at most ${p.format(max)} a day`;
  return (
    <figure class="chart" id={p.id}>
      <figcaption>
        <span>{p.title}</span>
        <span>{p.total}</span>
      </figcaption>
      <div class="axis" aria-hidden="true">
        <span>max {p.format(max)}</span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={described}
        focusable="false"
      >
        <line class="gridline" x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} />
        <line class="gridline" x1="0" y1={TOP} x2={WIDTH} y2={TOP} />
        {p.points.map((x, i) => {
          const h = x.value * scale;
          return (
            <rect
              class={`bar-${p.kind}`}
              data-value={String(x.value)}
              x={(i * step + gap / 2).toFixed(2)}
              y={(HEIGHT - h).toFixed(2)}
              width={(step - gap).toFixed(2)}
              height={h.toFixed(2)}
            >
              <title>{`${x.date}: ${p.format(x.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div class="axis" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
    </figure>
  );
};
