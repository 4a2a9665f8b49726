import type { Command } from 'commander';
import { columnChart } from '../lib/chart.ts';
import { optionsOf } from '../lib/context.ts';
import { usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import { bold, escapeControl, fields, gray, line, notice, paint, printCsv, printJson, statusText, table, type Column } from '../lib/output.ts';
import { operation, validateLocally } from '../lib/validate.ts';
import type { AdAccount, PerformanceReport } from '../generated/responses.ts';

type Report = PerformanceReport;
type Account = AdAccount;
/** The figures a total sums. */
type Figures = Pick<Report['campaigns'][number], 'impressions' | 'clicks' | 'cost' | 'conversions'>;

const ratio = (a: number, b: number) => (b ? a / b : 0);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Totals of the report, ratios recomputed from the sums (conversion value = roas × cost per campaign). */
export function totals(r: Report) {
  const sum = (k: keyof Figures) => r.campaigns.reduce((s, x) => s + x[k], 0);
  const impressions = sum('impressions');
  const clicks = sum('clicks');
  const cost = round(sum('cost'));
  const conversions = round(sum('conversions'));
  const value = r.campaigns.reduce((s, x) => s + x.roas * x.cost, 0);
  return {
    impressions,
    clicks,
    cost,
    conversions,
    ctr: ratio(clicks, impressions),
    cpc: ratio(cost, clicks),
    costPerConversion: ratio(cost, conversions),
    roas: ratio(value, cost),
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const money = (n: number, currency?: string) => {
  const s = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${s} ${currency}` : s;
};
const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
const dec = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

export async function show(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<{ customerId?: string; dateRange?: string; csv?: boolean }>(cmd);
  const io = f.io;
  if (o.csv && o.json) throw usageError('--csv and --json (or --jq) are two different outputs: give one of them');
  const op = await operation('get_performance');
  const client = await f.apiClient(o);
  let customerId = o.customerId;
  let accounts: Account[] | undefined;
  const loadAccounts = async () => (accounts ??= (await client.call<{ data: Account[] }>('list_ads_accounts')).data);
  if (!customerId) {
    // The workspace's default account comes first.
    const first = (await loadAccounts())[0];
    if (!first) {
      throw usageError('--customer-id is required: this workspace has no ad-platform account (see adcli ads accounts)');
    }
    customerId = first.customerId;
    notice(io, `Account ${first.customerId} (${escapeControl(first.name)}), the workspace's default; --customer-id picks another.`);
  }
  const query = { customerId, dateRange: o.dateRange };
  await validateLocally(op.query!, query, 'query');
  const human = !o.json && !o.csv && io.isStdoutTTY();
  // On a terminal the account's name and currency label the figures; the report itself has neither.
  const [report, account] = await Promise.all([
    client.call<Report>('get_performance', { query }),
    human
      ? loadAccounts()
          .then((list) => list.find((a) => a.customerId.replace(/-/g, '') === customerId!.replace(/-/g, '')))
          .catch(() => undefined)
      : undefined,
  ]);
  if (o.json) return printJson(io, report);
  if (o.csv) return printReportCsv(io, report);
  if (!io.isStdoutTTY()) return printRows(io, report);
  printReport(io, report, account);
}

/**
 * Piped: tab-separated rows, each led by its kind so `awk '$1 == "day"'` picks one table:
 * `total impressions clicks cost conversions ctr cpc costPerConversion roas`,
 * `campaign id name status impressions clicks cost conversions ctr cpc costPerConversion roas`,
 * `day date impressions clicks cost conversions`.
 */
function printRows(io: IOStreams, r: Report): void {
  const t = totals(r);
  const rows: (string | number)[][] = [
    ['total', t.impressions, t.clicks, t.cost, t.conversions, round(t.ctr, 4), round(t.cpc, 4), round(t.costPerConversion, 4), round(t.roas, 4)],
    ...r.campaigns.map((x) => ['campaign', x.campaignId, x.name, x.status, x.impressions, x.clicks, x.cost, x.conversions, x.ctr, x.cpc, x.costPerConversion, x.roas]),
    ...r.daily.map((d) => ['day', d.date, d.impressions, d.clicks, d.cost, d.conversions]),
  ];
  table(io, [], rows);
}

/** The columns of --csv: one table for a spreadsheet, each row led by its kind (total, campaign, day). */
export const CSV_HEAD = ['kind', 'date', 'campaignId', 'name', 'status', 'impressions', 'clicks', 'cost', 'conversions', 'ctr', 'cpc', 'costPerConversion', 'roas'];

/** --csv: a header row, the total, each campaign and each day, with the same figures as the JSON report. */
function printReportCsv(io: IOStreams, r: Report): void {
  const t = totals(r);
  printCsv(io, CSV_HEAD, [
    ['total', null, null, null, null, t.impressions, t.clicks, t.cost, t.conversions, round(t.ctr, 4), round(t.cpc, 4), round(t.costPerConversion, 4), round(t.roas, 4)],
    ...r.campaigns.map((x) => ['campaign', null, x.campaignId, x.name, x.status, x.impressions, x.clicks, x.cost, x.conversions, x.ctr, x.cpc, x.costPerConversion, x.roas]),
    ...r.daily.map((d) => ['day', d.date, null, null, null, d.impressions, d.clicks, d.cost, d.conversions, null, null, null, null]),
  ]);
}

/** The per-campaign columns; when the terminal is narrow the name is cut and the optional ones go, lowest first. */
const CAMPAIGN_COLUMNS: Column[] = [
  { header: 'CAMPAIGN' },
  { header: 'ID', cut: false, drop: 5 },
  { header: 'STATUS', cut: false, drop: 8 },
  { header: 'IMPR.', cut: false, drop: 3, align: 'right' },
  { header: 'CLICKS', cut: false, align: 'right' },
  { header: 'CTR', cut: false, drop: 4, align: 'right' },
  { header: 'COST', cut: false, align: 'right' },
  { header: 'CONV.', cut: false, drop: 6, align: 'right' },
  { header: 'CPC', cut: false, drop: 1, align: 'right' },
  { header: 'COST/CONV.', cut: false, drop: 2, align: 'right' },
  { header: 'ROAS', cut: false, drop: 7, align: 'right' },
];

/** The report for people, fitted to the terminal's width. */
export function printReport(io: IOStreams, r: Report, account: Account | undefined): void {
  const columns = io.terminalWidth();
  const cur = account?.currencyCode;
  const t = totals(r);
  line(io, bold('Performance'), ` of account ${r.customerId}`, account ? ` (${account.name})` : null);
  line(io, r.dateRange.preset, ' ', gray(`${r.dateRange.startDate} to ${r.dateRange.endDate}${account ? `, ${account.timeZone}` : ''}`));
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
  if (r.campaigns.length === 0) line(io, gray('No campaigns of this workspace in this account. adcli campaigns publish ID creates one there.'));
  else {
    table(
      io,
      CAMPAIGN_COLUMNS,
      r.campaigns.map((x) => [
        x.name,
        x.campaignId,
        statusText(x.status),
        int(x.impressions),
        int(x.clicks),
        pct(x.ctr),
        money(x.cost),
        dec(x.conversions),
        money(x.cpc),
        money(x.costPerConversion),
        dec(x.roas),
      ]),
    );
  }
  if (r.daily.length === 0) return;
  const width = Math.max(30, Math.min(columns, 160));
  const label = (d: string) => escapeControl(r.daily.length > 1 && r.dateRange.startDate.slice(0, 4) === r.dateRange.endDate.slice(0, 4) ? d.slice(5) : d);
  // The charts are adcli's own drawing; their labels (dates from the API) are escaped above.
  const out = (l = '') => io.stdout.write(l + '\n');
  out();
  for (const l of columnChart(r.daily.map((d) => ({ label: label(d.date), value: d.clicks })), { width, height: 6, title: paint(io, bold('Clicks per day')) })) out(l);
  out();
  for (const l of columnChart(r.daily.map((d) => ({ label: label(d.date), value: d.cost })), { width, height: 6, title: paint(io, bold(`Cost per day${cur ? ` (${cur})` : ''}`)) })) out(l);
  if (r.daily.every((d) => d.clicks === 0 && d.cost === 0)) line(io, gray('Nothing served in this date range (only days a campaign is ENABLED have figures).'));
}
