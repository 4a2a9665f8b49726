import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { bold, fields, printJson, statusText, table } from '../../lib/output.ts';
import { when } from '../../lib/crud.ts';

/** `adcli workspace`: the slug, the counts and the newest campaigns; --json the API's object. */
export async function show(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  const client = await f.apiClient(o);
  const ws = await client.call<any>('get_workspace');
  if (o.json) {
    printJson(io, ws);
    return;
  }
  fields(io, [
    ['Workspace', bold(ws.slug)],
    ['Campaigns', ws.counts.campaigns],
    ['Audiences', ws.counts.audiences],
    ['Data stores', ws.counts.dataStores],
    ['Brands', ws.counts.brands],
  ]);
  if (ws.recentCampaigns.length) {
    io.stdout.write('\n');
    table(
      io,
      [
        { header: 'RECENT CAMPAIGN', cut: false },
        'NAME',
        { header: 'STATUS', cut: false },
        { header: 'TYPE', drop: 3 },
        { header: 'AD PLATFORM', drop: 2 },
        { header: 'UPDATED', cut: false, drop: 1 },
      ],
      ws.recentCampaigns.map((x: any) => [
        x.id,
        x.name,
        statusText(x.status),
        x.campaignType,
        x.adsPlatform?.campaignId
          ? [statusText(x.adsPlatform.status), ` ${x.adsPlatform.campaignId}`]
          : null,
        when(x.updatedAt),
      ]),
    );
  }
}
