import { when } from '../../lib/crud.ts';
import type { Campaign } from '../../generated/responses.ts';
import { accountsOf, currencyOf } from '../../lib/accounts.ts';
import type { ApiClient } from '../../lib/client.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { money } from '../../lib/numbers.ts';
import { isLocal } from '../../lib/target.ts';
import { fields, printJson, span, statusText, table, type Text } from '../../lib/output.ts';
import { declaredFields } from '../../lib/resource-flags.ts';
import { RESOURCE_FLAGS, type ResourceFlag } from '../../generated/flags.ts';

/** `50.00 USD daily`: the amount, its account's currency (when known) and the budget type. */
export function budgetText(
  x: { budget: number | null; budgetType: string | null },
  currency: string | undefined,
): string | null {
  return x.budget === null
    ? null
    : `${money(x.budget, currency)}${x.budgetType ? ` ${x.budgetType}` : ''}`;
}

/**
 * A campaign's status cell in a table on a terminal: its data readiness, and once it is in the ad
 * platform its delivery there (`draft · ENABLED`). The ad-platform column is optional and goes first
 * on a narrow terminal; this cell never goes, so a campaign that runs is never shown as only `draft`.
 * Piped, the status stays the readiness alone (scripts read the ad-platform column).
 */
export function statusCell(
  io: IOStreams,
  x: { status: string; adsPlatform?: { campaignId: string | null; status: string | null } | null },
): Text {
  const delivery = x.adsPlatform?.campaignId ? x.adsPlatform.status : null;
  if (!io.isStdoutTTY() || !delivery) return statusText(x.status);
  return [statusText(x.status), ' · ', statusText(delivery)];
}

/** The ad-platform cell of a campaign table: on a terminal its id there (the status is in statusCell), piped both. */
export function adsPlatformCell(
  io: IOStreams,
  x: { adsPlatform?: { campaignId: string | null; status: string | null } | null },
): Text {
  const p = x.adsPlatform;
  if (!p?.campaignId) return null;
  return io.isStdoutTTY() ? p.campaignId : [statusText(p.status), ` ${p.campaignId}`];
}

/** What a setting's line says where it says more than the value; the type is said with the budget. */
function saidOf(x: any, currency: string | undefined): Record<string, Text | undefined> {
  return {
    brandId: x.brandId ? `${x.brand.name} (${x.brandId})` : null,
    successMetrics: x.successMetrics.join('; '),
    budget: budgetText(x, currency),
    budgetType: undefined,
    targetCpa: x.targetCpa === null ? null : money(x.targetCpa, currency),
  };
}

/**
 * The settings' lines in their declared order (src/generated/flags.ts), the status after the name:
 * a setting declared since is shown as its value.
 */
function settingLines(x: any, currency: string | undefined): [string, Text][] {
  const said = saidOf(x, currency);
  const flags: readonly ResourceFlag[] = RESOURCE_FLAGS.campaign;
  return flags.flatMap((f): [string, Text][] => {
    const lines: [string, Text][] = !(f.field in said)
      ? declaredFields([f], x)
      : f.label && said[f.field] !== undefined
        ? [[f.label, said[f.field]!]]
        : [];
    return f.field === 'name' ? [...lines, ['Status', statusText(x.status)]] : lines;
  });
}

/**
 * A campaign for people; `currency` is its account's (list_ads_accounts), for the amounts. On the
 * local profile (`local`) its `url` names the in-process backend, which serves no page: the URL line
 * says how to see the page instead (adcli serve, then campaigns open).
 */
export function showCampaign(io: IOStreams, x: any, currency?: string, local = false): void {
  fields(io, [
    ['ID', x.id],
    ...settingLines(x, currency),
    [
      'Ad platform',
      x.adsPlatform.campaignId
        ? [statusText(x.adsPlatform.status), ` campaign ${x.adsPlatform.campaignId}`]
        : 'not created there',
    ],
    [
      'Account',
      x.adsPlatform.customerId
        ? `${x.adsPlatform.customerId} ${x.adsPlatform.accountName ?? ''}`.trim()
        : null,
    ],
    [
      'URL',
      local
        ? `none on the local profile: run adcli serve on this data, then adcli campaigns open ${x.id}`
        : x.url,
    ],
    ['Created', when(x.createdAt)],
    ['Updated', when(x.updatedAt)],
  ]);
  if (x.audiences.length) {
    io.stdout.write('\n');
    showSlots(io, x);
  }
}

/**
 * The audience slots of a campaign, as a table. Ids are never cut: on a terminal each data store
 * id has a line of its own (the slot's first, the others under it), and the saved audience's
 * column goes first when narrow; piped, one row a slot, its data stores space-separated.
 */
export function showSlots(io: IOStreams, x: Campaign): void {
  const tty = io.isStdoutTTY();
  const blank = span(' ');
  table(
    io,
    [
      { header: 'AUDIENCE SLOT', id: true },
      'NAME',
      { header: 'SAVED AUDIENCE', id: true, drop: 1 },
      { header: 'DATA STORES', id: true },
    ],
    x.audiences.flatMap((a) => {
      const saved = a.audienceId ?? '(primary)';
      if (!tty || a.dataStoreIds.length <= 1)
        return [[a.id, a.name, saved, a.dataStoreIds.join(' ')]];
      const [first, ...more] = a.dataStoreIds;
      return [[a.id, a.name, saved, first], ...more.map((d) => [blank, blank, blank, d])];
    }),
    { empty: `Campaign ${x.id} has no audience slots.` },
  );
}

/** A campaign record: the API's JSON, or for people with the currency of its account. */
export async function printCampaign(
  io: IOStreams,
  o: { json?: boolean },
  record: Campaign,
  client: ApiClient,
): Promise<void> {
  if (o.json) printJson(io, record);
  else
    showCampaign(
      io,
      record,
      currencyOf(await accountsOf(client), record.adsPlatform.customerId),
      isLocal(client.target),
    );
}
