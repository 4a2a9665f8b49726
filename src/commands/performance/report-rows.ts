/** The report for programs: tab-separated rows when piped, or CSV for a spreadsheet. */
import type { IOStreams } from '../../lib/iostreams.ts';
import { printCsv, table } from '../../lib/output.ts';
import {
  NO_RATIO,
  notes,
  round,
  roundOrNull,
  rowRatios,
  totals,
  type Report,
  type Scope,
} from './report-figures.ts';

/**
 * Piped: tab-separated rows, each led by its kind so `awk '$1 == "day"'` picks one table:
 * `total impressions clicks cost conversions ctr cpc costPerConversion roas currency`,
 * `campaign id name status impressions clicks cost conversions ctr cpc costPerConversion roas currency notes`,
 * `day date impressions clicks cost conversions currency`. A ratio without a denominator is `–`;
 * notes are `did not run` (no impressions in the range) and `deleted` (in the service), or `-`.
 */
export function printRows(io: IOStreams, r: Report, currency: string | undefined): void {
  const t = totals(r);
  const shown = (n: number | null) => (n === null ? NO_RATIO : round(n, 4));
  const cur = currency ?? null;
  const rows: (string | number | null)[][] = [
    [
      'total',
      t.impressions,
      t.clicks,
      t.cost,
      t.conversions,
      shown(t.ctr),
      shown(t.cpc),
      shown(t.costPerConversion),
      shown(t.roas),
      cur,
    ],
    ...r.campaigns.map((x) => {
      const q = rowRatios(x);
      return [
        'campaign',
        x.campaignId,
        x.name,
        x.status,
        x.impressions,
        x.clicks,
        x.cost,
        x.conversions,
        shown(q.ctr),
        shown(q.cpc),
        shown(q.costPerConversion),
        shown(q.roas),
        cur,
        notes(x).join(', ') || null,
      ];
    }),
    ...r.daily.map((d) => ['day', d.date, d.impressions, d.clicks, d.cost, d.conversions, cur]),
  ];
  table(io, [], rows);
}

/** The columns of --csv: one table for a spreadsheet, each row led by its kind (total, campaign, account day or campaign day). */
export const CSV_HEAD = [
  'kind',
  'date',
  'campaignId',
  'name',
  'status',
  'impressions',
  'clicks',
  'cost',
  'conversions',
  'ctr',
  'cpc',
  'costPerConversion',
  'roas',
  'currency',
  'notes',
];

/**
 * --csv: a header row, the total, each campaign and each day, with the same figures as the JSON
 * report. A ratio without a denominator is an empty cell (a spreadsheet leaves it out of sums and
 * averages); day rows say whose days they are: `account day` or `campaign day` (with its id and name).
 */
export function printReportCsv(
  io: IOStreams,
  r: Report,
  scope: Scope,
  currency: string | undefined,
): void {
  const t = totals(r);
  const cur = currency ?? null;
  const c = scope.campaign;
  const dayKind = c ? 'campaign day' : 'account day';
  printCsv(io, CSV_HEAD, [
    [
      'total',
      null,
      null,
      null,
      null,
      t.impressions,
      t.clicks,
      t.cost,
      t.conversions,
      roundOrNull(t.ctr, 4),
      roundOrNull(t.cpc, 4),
      roundOrNull(t.costPerConversion, 4),
      roundOrNull(t.roas, 4),
      cur,
      null,
    ],
    ...r.campaigns.map((x) => {
      const q = rowRatios(x);
      return [
        'campaign',
        null,
        x.campaignId,
        x.name,
        x.status,
        x.impressions,
        x.clicks,
        x.cost,
        x.conversions,
        q.ctr,
        q.cpc,
        q.costPerConversion,
        q.roas,
        cur,
        notes(x).join('; ') || null,
      ];
    }),
    ...r.daily.map((d) => [
      dayKind,
      d.date,
      c?.campaignId ?? null,
      c?.name ?? null,
      null,
      d.impressions,
      d.clicks,
      d.cost,
      d.conversions,
      null,
      null,
      null,
      null,
      cur,
      null,
    ]),
  ]);
}
