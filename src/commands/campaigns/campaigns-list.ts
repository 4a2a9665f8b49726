import type { Command } from 'commander';
import { accountsOf, currencyOf } from '../../lib/accounts.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { runList, type ListFlags } from '../../lib/list.ts';
import { table } from '../../lib/output.ts';
import { route } from '../../lib/route.ts';
import { adsPlatformCell, budgetText, statusCell } from './print-campaign.ts';

/** `campaigns list`: a table of campaigns, budgets in their accounts' currencies. */
export async function list(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags & { status?: string; adsStatus?: string }>(cmd);
  const io = f.io;
  const client = await f.apiClient(o);
  // Budgets are in their account's currency, said next to each (asked beside the list, not after it).
  const accounts = o.json ? undefined : accountsOf(client).catch(() => []);
  await runList<any>(
    io,
    client,
    route('list_campaigns').path,
    { name: o.name, status: o.status, adsStatus: o.adsStatus },
    o,
    {
      // Narrow terminals keep the id, the name (cut) and the status (with the delivery in the ad
      // platform: statusCell); the others go, last ones first.
      render: async (items) => {
        const known = (await accounts) ?? [];
        table(
          io,
          [
            { header: 'ID', id: true },
            { header: 'NAME', comfortable: 30 },
            { header: 'STATUS', cut: false },
            { header: 'TYPE', drop: 4 },
            { header: 'BUDGET', cut: false, drop: 3 },
            { header: 'AD PLATFORM', drop: 2 },
            { header: 'UPDATED', cut: false, drop: 1 },
          ],
          items.map((x) => [
            x.id,
            x.name,
            statusCell(io, x),
            x.campaignType,
            budgetText(x, currencyOf(known, x.adsPlatform.customerId)),
            adsPlatformCell(io, x),
            x.updatedAt?.slice(0, 16).replace('T', ' '),
          ]),
        );
      },
      empty: o.name || o.status || o.adsStatus ? 'No campaigns match.' : 'No campaigns yet.',
    },
  );
}
