import type { Command } from 'commander';
import { accountsOf, sameAccount } from '../lib/accounts.ts';
import { columnChart } from '../lib/chart.ts';
import { ApiCallError, type ApiClient } from '../lib/client.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT, usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import {
  bold,
  escapeControl,
  fields,
  gray,
  line,
  notice,
  paint,
  printCsv,
  printJson,
  statusText,
  table,
  type Column,
  type Text,
} from '../lib/output.ts';
import { checkRequest, operation, validateLocally } from '../lib/validate.ts';
import type { AdAccount, Campaign, PerformanceReport } from '../generated/responses.ts';

type Report = PerformanceReport;
type Account = AdAccount;
type Row = Report['campaigns'][number];
/** The figures a total sums. */
type Figures = Pick<Row, 'impressions' | 'clicks' | 'cost' | 'conversions'>;

/** A ratio, or null where its denominator is 0: there is none (the API's 0 would read as a real 0). */
const ratio = (a: number, b: number): number | null => (b ? a / b : null);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const roundOrNull = (n: number | null, d: number) => (n === null ? null : round(n, d));

/** What people read for a ratio without a denominator. */
export const NO_RATIO = '–';

/** Totals of the report, ratios recomputed from the sums (conversion value = roas × cost per campaign); null where there is none. */
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

/** A campaign row's ratios as the report's, null where the denominator is 0. */
function rowRatios(x: Row) {
  return {
    ctr: x.impressions ? x.ctr : null,
    cpc: x.clicks ? x.cpc : null,
    costPerConversion: x.conversions ? x.costPerConversion : null,
    roas: x.cost ? x.roas : null,
  };
}

/** A campaign that served nothing in the range: said so, not shown as a row of zeros. */
const didNotRun = (x: Row) => x.impressions === 0;

/** What a campaign row says beside its figures: did not run, deleted in the service. */
function notes(x: Row): string[] {
  return [...(didNotRun(x) ? ['did not run'] : []), ...(x.deletedInService ? ['deleted'] : [])];
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const money = (n: number | null, currency?: string) => {
  if (n === null) return NO_RATIO;
  const s = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${s} ${currency}` : s;
};
const pct = (n: number | null) => (n === null ? NO_RATIO : `${(n * 100).toFixed(2)}%`);
const dec = (n: number | null) =>
  n === null ? NO_RATIO : n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Whose daily figures a report holds: the account's (all its campaigns) or one campaign's. */
interface Scope {
  campaign: Row | null;
  label: string;
}

function scopeOf(r: Report, campaignId: string | undefined): Scope {
  const campaign = campaignId
    ? (r.campaigns.find((c) => c.campaignId === campaignId) ?? null)
    : null;
  return campaign
    ? { campaign, label: `campaign "${escapeControl(campaign.name)}" (${campaign.campaignId})` }
    : { campaign: null, label: `account ${r.customerId} (all its campaigns)` };
}

export async function show(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<{
    customerId?: string;
    dateRange?: string;
    csv?: boolean;
    campaign?: string;
  }>(cmd);
  const io = f.io;
  if (o.csv && o.json)
    throw usageError('--csv and --json (or --jq) are two different outputs: give one of them');
  const op = await operation('get_performance');
  if (o.campaign !== undefined)
    await checkRequest('get_campaign', { params: { campaignId: o.campaign } });
  const client = await f.apiClient(o);
  let accounts: Promise<Account[]> | undefined;
  const loadAccounts = () =>
    (accounts ??= client.call<{ data: Account[] }>('list_ads_accounts').then((r) => r.data));
  let customerId = o.customerId;
  if (!customerId && o.campaign) customerId = await accountOfCampaign(io, client, o.campaign);
  if (!customerId) {
    // The workspace's default account comes first.
    const first = (await loadAccounts())[0];
    if (!first) {
      throw usageError(
        '--customer-id is required: this workspace has no ad-platform account (see adcli ads accounts)',
      );
    }
    customerId = first.customerId;
    notice(
      io,
      `Account ${first.customerId} (${escapeControl(first.name)}), the workspace's default; --customer-id picks another.`,
    );
  }
  const query = { customerId, dateRange: o.dateRange, campaignId: o.campaign };
  await validateLocally(op.query!, query, 'query');
  // The account's name and currency label the figures; the report itself has neither.
  const [report, account] = await Promise.all([
    client.call<Report>('get_performance', { query }),
    o.json
      ? undefined
      : (accounts ?? accountsOf(client))
          .then((list) => list.find((a) => sameAccount(a.customerId, customerId)))
          .catch(() => undefined),
  ]);
  if (o.json) return printJson(io, report);
  const scope = scopeOf(report, o.campaign);
  if (o.csv) return printReportCsv(io, report, scope, account?.currencyCode);
  if (!io.isStdoutTTY()) return printRows(io, report, account?.currencyCode);
  printReport(io, report, account, scope);
}

/**
 * The account of `--campaign` when no --customer-id is given: the campaign's own. A campaign deleted
 * here is no longer known to the service: the workspace's default account is tried (its report keeps it).
 */
async function accountOfCampaign(
  io: IOStreams,
  client: ApiClient,
  id: string,
): Promise<string | undefined> {
  let c: Campaign;
  try {
    c = await client.call<Campaign>('get_campaign', { params: { campaignId: id } });
  } catch (e) {
    if (e instanceof ApiCallError && e.status === 404) {
      notice(
        io,
        `Campaign ${id} is not in this service (deleted?): looking in the workspace's default account; --customer-id picks another.`,
      );
      return undefined;
    }
    throw e;
  }
  if (!c.adsPlatform.campaignId || !c.adsPlatform.customerId) {
    throw new CliError(
      `campaign ${id} is not in the ad platform yet, so it has no performance: adcli campaigns publish ${id} creates it there`,
      EXIT.refused,
    );
  }
  return c.adsPlatform.customerId;
}

/**
 * Piped: tab-separated rows, each led by its kind so `awk '$1 == "day"'` picks one table:
 * `total impressions clicks cost conversions ctr cpc costPerConversion roas currency`,
 * `campaign id name status impressions clicks cost conversions ctr cpc costPerConversion roas currency notes`,
 * `day date impressions clicks cost conversions currency`. A ratio without a denominator is `–`;
 * notes are `did not run` (no impressions in the range) and `deleted` (in the service), or `-`.
 */
function printRows(io: IOStreams, r: Report, currency: string | undefined): void {
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
function printReportCsv(
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

/** The per-campaign columns; when the terminal is narrow the name is cut and the optional ones go, lowest first. */
function campaignColumns(currency: string | undefined): Column[] {
  const cur = currency ? ` ${currency}` : '';
  return [
    { header: 'CAMPAIGN' },
    { header: 'ID', cut: false, drop: 5 },
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
function campaignRow(x: Row): Text[] {
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
    money(x.cost),
    dec(x.conversions),
    money(q.cpc),
    money(q.costPerConversion),
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
    table(io, campaignColumns(cur), r.campaigns.map(campaignRow));
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
