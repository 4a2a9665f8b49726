import { columnChart } from '../../lib/chart.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { amount, decimal, grouped, money, percent } from '../../lib/numbers.ts';
import {
  bold,
  escapeControl,
  fields,
  gray,
  line,
  paint,
  statusText,
  table,
  type Column,
  type Text,
} from '../../lib/output.ts';
import {
  didNotRun,
  NO_RATIO,
  notes,
  rowRatios,
  scopeOf,
  totals,
  type Account,
  type Report,
  type Row,
  type Scope,
} from './report-figures.ts';

// Figures as every command prints them (src/lib/numbers.ts); the report is for a terminal.
const int = grouped;
const pct = percent;
const dec = decimal;

/** The per-campaign columns; when the terminal is narrow the name is cut and the optional ones go, lowest first. */
function campaignColumns(currency: string | undefined): Column[] {
  const cur = currency ? ` ${currency}` : '';
  return [
    { header: 'CAMPAIGN' },
    { header: 'ID', id: true, drop: 5 },
    { header: 'STATUS', cut: false, drop: 8 },
    { header: 'IMPR.', cut: false, drop: 3, align: 'right' },
    { header: 'CLICKS', cut: false, align: 'right' },
    { header: 'CTR', cut: false, drop: 4, align: 'right' },
    { header: `COST${cur}`, cut: false, align: 'right' },
    { header: 'CONV.', cut: false, drop: 6, align: 'right' },
    { header: `CPC${cur}`, cut: false, drop: 1, align: 'right' },
    { header: `COST/CONV.${cur}`, cut: false, drop: 2, align: 'right' },
    { header: 'ROAS', cut: false, drop: 7, align: 'right' },
  ];
}

/** A campaign's table row: a campaign that did not run shows `–`, not zeros; notes follow its status. */
function campaignRow(x: Row, currency: string | undefined): Text[] {
  const said = notes(x);
  const status: Text = [statusText(x.status), said.length ? gray(` · ${said.join(', ')}`) : null];
  if (didNotRun(x)) return [x.name, x.campaignId, status, ...Array<string>(8).fill(NO_RATIO)];
  const q = rowRatios(x);
  return [
    x.name,
    x.campaignId,
    status,
    int(x.impressions),
    int(x.clicks),
    pct(q.ctr),
    amount(x.cost, currency),
    dec(x.conversions),
    amount(q.cpc, currency),
    amount(q.costPerConversion, currency),
    dec(q.roas),
  ];
}

/** Plain words wrapped to the width (adcli's own sentences; names in them are escaped by the caller). */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  return out;
}

/** The report for people, fitted to the terminal's width. */
export function printReport(
  io: IOStreams,
  r: Report,
  account: Account | undefined,
  scope: Scope = scopeOf(r, undefined),
): void {
  const columns = io.terminalWidth();
  const cur = account?.currencyCode;
  const t = totals(r);
  const accountText = `account ${r.customerId}${account ? ` (${escapeControl(account.name)})` : ''}`;
  if (scope.campaign) line(io, bold('Performance'), ` of ${scope.label}, in ${accountText}`);
  else line(io, bold('Performance'), ` of ${accountText}`);
  line(
    io,
    r.dateRange.preset,
    ' ',
    gray(
      `${r.dateRange.startDate} to ${r.dateRange.endDate}${account ? `, ${account.timeZone}` : ''}`,
    ),
  );
  line(io);
  fields(io, [
    ['Impressions', int(t.impressions)],
    ['Clicks', int(t.clicks)],
    ['CTR', pct(t.ctr)],
    ['Cost', money(t.cost, cur)],
    ['Avg. CPC', money(t.cpc, cur)],
    ['Conversions', dec(t.conversions)],
    ['Cost / conversion', money(t.costPerConversion, cur)],
    ['ROAS', dec(t.roas)],
  ]);
  line(io);
  const note = (text: string) => {
    for (const l of wrap(text, Math.max(20, columns))) line(io, gray(l));
  };
  if (r.campaigns.length === 0)
    line(
      io,
      gray(
        'No campaigns of this workspace in this account. adcli campaigns publish ID creates one there.',
      ),
    );
  else {
    table(
      io,
      campaignColumns(cur),
      r.campaigns.map((x) => campaignRow(x, cur)),
    );
    if (r.campaigns.some(didNotRun))
      note(
        'did not run: no impressions in this date range (only days a campaign is ENABLED have figures); its ratios are –.',
      );
    const deleted = r.campaigns.filter((x) => x.deletedInService);
    if (deleted.length) {
      note(
        'deleted: deleted in this service, but its ad-platform campaign lives on (spending while ENABLED) until it is removed there, e.g. with',
      );
      line(io, gray(`  adcli backend ads set-status ${deleted[0]!.campaignId} REMOVED`));
    }
  }
  if (r.daily.length === 0) return;
  const width = Math.max(30, Math.min(columns, 160));
  const label = (d: string) =>
    escapeControl(
      r.daily.length > 1 && r.dateRange.startDate.slice(0, 4) === r.dateRange.endDate.slice(0, 4)
        ? d.slice(5)
        : d,
    );
  // The charts are adcli's own drawing; their labels (dates from the API) and the scope are escaped above.
  const out = (l = '') => io.stdout.write(l + '\n');
  const of = `, ${scope.label}`;
  out();
  for (const l of columnChart(
    r.daily.map((d) => ({ label: label(d.date), value: d.clicks })),
    { width, height: 6, title: paint(io, bold(`Clicks per day${of}`)) },
  ))
    out(l);
  out();
  for (const l of columnChart(
    r.daily.map((d) => ({ label: label(d.date), value: d.cost })),
    { width, height: 6, title: paint(io, bold(`Cost per day${cur ? ` (${cur})` : ''}${of}`)) },
  ))
    out(l);
  if (r.daily.every((d) => d.clicks === 0 && d.cost === 0)) {
    note(
      scope.campaign
        ? 'This campaign did not run in this date range (only days it is ENABLED have figures).'
        : 'Nothing served in this date range (only days a campaign is ENABLED have figures).',
    );
  }
}
