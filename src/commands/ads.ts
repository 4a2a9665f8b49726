import type { Command } from 'commander';
import { clientFor, optionsOf } from '../lib/context.ts';
import { printJson, table } from '../lib/output.ts';

interface Account {
  customerId: string;
  name: string;
  currencyCode: string;
  timeZone: string;
}

/** The ad-platform accounts the key may use; the workspace's default account first. */
export async function accounts(cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const client = await clientFor(o);
  const r = await client.call<{ data: Account[] }>('list_ads_accounts');
  if (o.json) return printJson(r.data);
  table(
    ['CUSTOMER ID', 'NAME', 'CURRENCY', 'TIME ZONE', 'DEFAULT'],
    r.data.map((a, i) => [a.customerId, a.name, a.currencyCode, a.timeZone, i === 0 ? 'yes' : null]),
  );
}
