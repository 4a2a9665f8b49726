import type { IOStreams } from '../../lib/iostreams.ts';
import { bold, fields, table } from '../../lib/output.ts';
import { adsPlatformCell, statusCell } from '../campaigns/print-campaign.ts';
import { when } from '../../lib/crud.ts';
import { count } from '../../lib/numbers.ts';

/** The workspace as a person reads it: the slug and the counts, then its newest campaigns. */
export function printWorkspace(io: IOStreams, ws: any): void {
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
