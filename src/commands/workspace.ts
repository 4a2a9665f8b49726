import type { Command } from 'commander';
import { clientFor, optionsOf } from '../lib/context.ts';
import { c, fields, printJson, status, table } from '../lib/output.ts';
import { when } from '../lib/crud.ts';

/** `adcli workspace`: the slug, the counts and the newest campaigns; --json the API's object. */
export async function show(cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const client = await clientFor(o);
  const ws = await client.call<any>('get_workspace');
  if (o.json) {
    printJson(ws);
    return;
  }
  fields([
    ['Workspace', c().bold(ws.slug)],
    ['Campaigns', ws.counts.campaigns],
    ['Audiences', ws.counts.audiences],
    ['Data stores', ws.counts.dataStores],
    ['Brands', ws.counts.brands],
  ]);
  if (ws.recentCampaigns.length) {
    process.stdout.write('\n');
    table(
      ['RECENT CAMPAIGN', 'NAME', 'STATUS', 'TYPE', 'AD PLATFORM', 'UPDATED'],
      ws.recentCampaigns.map((x: any) => [
        x.id,
        x.name,
        status(x.status),
        x.campaignType,
        x.adsPlatform?.campaignId ? `${status(x.adsPlatform.status)} ${x.adsPlatform.campaignId}` : null,
        when(x.updatedAt),
      ]),
    );
  }
}
