import type { Command } from 'commander';
import { columnChart } from '../lib/chart.ts';
import { optionsOf } from '../lib/context.ts';
import { usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import { c, fields, notice, printJson, status, table } from '../lib/output.ts';
import { operation, validateLocally } from '../lib/validate.ts';

interface Figures {
  impressions: number;
  clicks: number;
  cost: number;
  conversions: number;
}
interface ReportCampaign extends Figures {
  campaignId: string;
  name: string;
  googleAdsCampaignId: string;
  campaignType: string;
  status: string;
  ctr: number;
  cpc: number;
  costPerConversion: number;
  roas: number;
}
interface Report {
  customerId: string;
  dateRange: { preset: string; startDate: string; endDate: string };
  campaigns: ReportCampaign[];
  daily: (Figures & { date: string })[];
}
interface Account {
  customerId: string;
  name: string;
  currencyCode: string;
  timeZone: string;
}

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
  const o = optionsOf<{ customerId?: string; dateRange?: string }>(cmd);
  const io = f.io;
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
    notice(io, `Account ${first.customerId} (${first.name}), the workspace's default; --customer-id picks another.`);
  }
  const query = { customerId, dateRange: o.dateRange };
  await validateLocally(op.query!, query, 'query');
  const human = !o.json && io.isStdoutTTY();
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

/** The report for people, fitted to the terminal's width. */
export function printReport(io: IOStreams, r: Report, account: Account | undefined): void {
  const out = (line = '') => io.stdout.write(line + '\n');
  const cs = c(io);
  const columns = io.terminalWidth();
  const cur = account?.currencyCode;
  const t = totals(r);
  out(`${cs.bold('Performance')} of account ${r.customerId}${account ? ` (${account.name})` : ''}`);
  out(`${r.dateRange.preset} ${cs.gray(`${r.dateRange.startDate} to ${r.dateRange.endDate}${account ? `, ${account.timeZone}` : ''}`)}`);
  out();
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
  out();
  if (r.campaigns.length === 0) out(cs.gray('No campaigns of this workspace in this account. adcli campaigns publish ID creates one there.'));
  else {
    const head = ['CAMPAIGN', 'STATUS', 'IMPR.', 'CLICKS', 'CTR', 'COST', 'CONV.', 'CPC', 'COST/CONV.', 'ROAS'];
    const rows = r.campaigns.map((x) => [
      `${x.name}\n${cs.gray(x.campaignId)}`,
      status(io, x.status),
      int(x.impressions),
      int(x.clicks),
      pct(x.ctr),
      money(x.cost),
      dec(x.conversions),
      money(x.cpc),
      money(x.costPerConversion),
      dec(x.roas),
    ]);
    // Fit the terminal: the name wraps; CPC, cost/conv., impressions, CTR, conversions, ROAS and status go, in that order, when it is narrow.
    const fit = fitColumns(head, rows, columns, [7, 8, 2, 4, 6, 9, 1]);
    table(
      io,
      fit.keep.map((i) => head[i]!),
      rows.map((row) => fit.keep.map((i) => row[i])),
      { widths: fit.widths },
    );
  }
  if (r.daily.length === 0) return;
  const width = Math.max(30, Math.min(columns, 160));
  const label = (d: string) => (r.daily.length > 1 && r.dateRange.startDate.slice(0, 4) === r.dateRange.endDate.slice(0, 4) ? d.slice(5) : d);
  out();
  for (const line of columnChart(r.daily.map((d) => ({ label: label(d.date), value: d.clicks })), { width, height: 6, title: cs.bold('Clicks per day') })) out(line);
  out();
  for (const line of columnChart(r.daily.map((d) => ({ label: label(d.date), value: d.cost })), { width, height: 6, title: cs.bold(`Cost per day${cur ? ` (${cur})` : ''}`) })) out(line);
  if (r.daily.every((d) => d.clicks === 0 && d.cost === 0)) out(cs.gray('Nothing served in this date range (only days a campaign is ENABLED have figures).'));
}

const visible = (v: string) => Math.max(...v.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.length));

/**
 * Column widths (cli-table3's: content plus one space of padding each side) that fit `columns`:
 * column 0 (the name) takes what is left and wraps, down to 26 (an id); when even that does not fit, the
 * columns in `dropOrder` go, one at a time. Answers the kept column indexes and their widths.
 */
export function fitColumns(head: string[], rows: string[][], columns: number, dropOrder: number[]): { keep: number[]; widths: number[] } {
  const natural = head.map((h, i) => 2 + Math.max(h.length, ...rows.map((r) => visible(r[i] ?? ''))));
  let keep = head.map((_, i) => i);
  const total = (k: number[]) => k.reduce((s, i) => s + natural[i]!, 0) + k.length + 1;
  const MIN_NAME = 26; // a campaign id (24) never gets cut
  for (const drop of dropOrder) {
    if (total(keep) - natural[0]! + MIN_NAME <= columns) break;
    keep = keep.filter((i) => i !== drop);
  }
  const others = total(keep) - natural[0]!;
  const widths = keep.map((i) => (i === 0 ? Math.max(MIN_NAME, Math.min(natural[0]!, columns - others)) : natural[i]!));
  return { keep, widths };
}
