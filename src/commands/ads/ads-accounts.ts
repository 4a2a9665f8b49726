import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { printJson, table } from '../../lib/output.ts';
import type { AdAccount } from '../../generated/responses.ts';

type Account = AdAccount;

/** The ad-platform accounts the key may use; the workspace's default account first. */
export async function accounts(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const client = await f.apiClient(o);
  const r = await client.call<{ data: Account[] }>('list_ads_accounts');
  if (o.json) return printJson(f.io, r.data);
  table(
    f.io,
    [
      { header: 'CUSTOMER ID', id: true },
      'NAME',
      { header: 'CURRENCY', cut: false, drop: 2 },
      { header: 'TIME ZONE', drop: 1 },
      { header: 'DEFAULT', cut: false },
    ],
    r.data.map((a, i) => [
      a.customerId,
      a.name,
      a.currencyCode,
      a.timeZone,
      i === 0 ? 'yes' : null,
    ]),
    { empty: 'This key may use no ad-platform account.' },
  );
}
