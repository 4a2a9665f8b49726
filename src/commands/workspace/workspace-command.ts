import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { bold, fields, printJson, table } from '../../lib/output.ts';
import { adsPlatformCell, statusCell } from '../campaigns/print-campaign.ts';
import { when } from '../../lib/crud.ts';
import { count } from '../../lib/numbers.ts';

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
    ['Campaigns', count(io, ws.counts.campaigns)],
    ['Audiences', count(io, ws.counts.audiences)],
    ['Data stores', count(io, ws.counts.dataStores)],
    ['Brands', count(io, ws.counts.brands)],
  ]);
  if (ws.recentCampaigns.length) {
    io.stdout.write('\n');
    table(
      io,
      [
        { header: 'RECENT CAMPAIGN', id: true },
        'NAME',
        { header: 'STATUS', cut: false },
        { header: 'TYPE', drop: 3 },
        { header: 'AD PLATFORM', drop: 2 },
        { header: 'UPDATED', cut: false, drop: 1 },
      ],
      ws.recentCampaigns.map((x: any) => [
        x.id,
        x.name,
        statusCell(io, x),
        x.campaignType,
        adsPlatformCell(io, x),
        when(x.updatedAt),
      ]),
    );
  }
}
