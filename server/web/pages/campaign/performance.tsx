import type { FC } from 'hono/jsx';
import { BarChart } from '../../charts.tsx';
import type { Performance } from '../../data.ts';
import { int, money, NO_RATIO, percent } from '../format.ts';
import { DataTable } from '../parts.tsx';

/** The campaign's own figures: its totals, and charts and a table of its own days (not the account's). */
export const PerformanceCard: FC<{ p: Performance | null; note: string | null }> = ({
  p,
  note,
}) => (
  <section class="card" aria-labelledby="performance">
    <h2 id="performance">Performance, last 30 days</h2>
    {p ? (
      <>
        <p class="lede">
          This campaign's figures, {p.startDate} to {p.endDate}, days in the account's time zone;
          only days the campaign was ENABLED have figures.
          {p.totals.impressions === 0 ? ' It did not run in these days.' : ''}
        </p>
        <ul class="totals" aria-label="Totals of this campaign">
          <li>
            <span class="label">Impressions</span>
            <span class="value" data-total="impressions">
              {int(p.totals.impressions)}
            </span>
          </li>
          <li>
            <span class="label">Clicks</span>
            <span class="value" data-total="clicks">
              {int(p.totals.clicks)}
            </span>
          </li>
          <li>
            <span class="label">Cost</span>
            <span class="value" data-total="cost">
              {money(p.totals.cost, p.currency)}
            </span>
          </li>
          <li>
            <span class="label">Conversions</span>
            <span class="value">{p.totals.conversions.toLocaleString('en-US')}</span>
          </li>
          <li>
            <span class="label">CTR</span>
            <span class="value" data-total="ctr">
              {p.totals.ctr === null ? NO_RATIO : percent(p.totals.ctr)}
            </span>
          </li>
          <li>
            <span class="label">Avg. CPC</span>
            <span class="value" data-total="cpc">
              {p.totals.cpc === null ? NO_RATIO : money(p.totals.cpc, p.currency)}
            </span>
          </li>
          <li>
            <span class="label">Cost / conversion</span>
            <span class="value" data-total="cost-per-conversion">
              {p.totals.costPerConversion === null
                ? NO_RATIO
                : money(p.totals.costPerConversion, p.currency)}
            </span>
          </li>
        </ul>
        <div class="charts">
          <BarChart
            id="chart-impressions"
            title="Impressions of this campaign"
            kind="impressions"
            points={p.daily.map((d) => ({ date: d.date, value: d.impressions }))}
            format={int}
            total={int(p.totals.impressions)}
          />
          <BarChart
            id="chart-clicks"
            title="Clicks of this campaign"
            kind="clicks"
            points={p.daily.map((d) => ({ date: d.date, value: d.clicks }))}
            format={int}
            total={int(p.totals.clicks)}
          />
          <BarChart
            id="chart-cost"
            title={`Cost of this campaign${p.currency ? ` (${p.currency})` : ''}`}
            kind="cost"
            points={p.daily.map((d) => ({ date: d.date, value: d.cost }))}
            format={(n) => money(n, p.currency)}
            total={money(p.totals.cost, p.currency)}
          />
        </div>
        <details>
          <summary>The figures of each day of this campaign</summary>
          <DataTable
            label="Daily figures of this campaign"
            columns={[
              { title: 'Day' },
              { title: 'Impressions', num: true },
              { title: 'Clicks', num: true },
              { title: p.currency ? `Cost (${p.currency})` : 'Cost', num: true },
              { title: 'Conversions', num: true },
            ]}
            rows={p.daily.map((d) => ({
              cells: [
                d.date,
                int(d.impressions),
                int(d.clicks),
                money(d.cost, ''),
                d.conversions.toLocaleString('en-US'),
              ],
            }))}
          />
        </details>
      </>
    ) : (
      <p class="notice">{note}</p>
    )}
  </section>
);
