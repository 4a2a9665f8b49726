import type { Command } from 'commander';
import type { Campaign } from '../../generated/responses.ts';
import { accountsOf, sameAccount } from '../../lib/accounts.ts';
import { ApiCallError, type ApiClient } from '../../lib/client.ts';
import { sayingErrors, type Rewrite } from '../../lib/cli-words.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, EXIT, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { escapeControl, notice, printJson } from '../../lib/output.ts';
import { checkRequest, operation, validateLocally } from '../../lib/validate.ts';
import { printReport } from './print-report.ts';
import { scopeOf, type Account, type Report } from './report-figures.ts';
import { printReportCsv, printRows } from './report-rows.ts';

/** The next steps of get_performance's refusals, in its flags and commands. */
const PERFORMANCE_WORDS: readonly Rewrite[] = [
  [
    /\bcampaign (\S+) is not in the ad platform yet \(create_ads_campaign publishes it\), so it has no performance/g,
    'campaign $1 is not in the ad platform yet, so it has no performance; adcli campaigns publish $1 creates it there',
  ],
  [/\bpass customerId (\S+)$/g, 'pass --customer-id $1'],
];

/** `performance show`: the report for people, piped rows, CSV or JSON. */
export async function show(f: Factory, cmd: Command): Promise<void> {
  await sayingErrors(PERFORMANCE_WORDS, () => showReport(f, cmd));
}

async function showReport(f: Factory, cmd: Command): Promise<void> {
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
