import type { AdsStatus } from '../generated/contract.ts';
import type { Factory } from '../lib/factory.ts';
import { printJson, say, statusText, table } from '../lib/output.ts';
import type { StoreFlags } from '../lib/serve-store.ts';
import { withServices } from './keys.ts';

export async function setStatus(f: Factory, campaign: string, status: AdsStatus, opts: StoreFlags & { json?: boolean }): Promise<void> {
  const result = await withServices(f, opts, (s) => s.deps.store.write(() => s.ads.setStatus(campaign, status)));
  if (opts.json) printJson(f.io, result);
  else
    say(
      f.io,
      `Campaign ${result.campaignId} (ad platform ${result.googleAdsCampaignId}) is now ${result.status} in the ad platform; the service picks this up at its next sync.`,
    );
}

/**
 * The simulated platform's campaigns: status there, and when the service last synced each one. A
 * campaign deleted in the service is still listed (marked deleted): the platform campaign lives on.
 */
export async function listCampaigns(f: Factory, opts: StoreFlags & { json?: boolean }): Promise<void> {
  const io = f.io;
  const rows = await withServices(f, opts, (s) => s.deps.store.read(() => s.ads.listCreated()));
  if (opts.json) return printJson(io, rows);
  table(
    io,
    [
      { header: 'AD PLATFORM ID', cut: false },
      { header: 'STATUS', cut: false },
      { header: 'CAMPAIGN', cut: false },
      { header: 'WORKSPACE', drop: 2 },
      'NAME',
      { header: 'ACCOUNT', cut: false, drop: 3 },
      { header: 'LAST SYNC', cut: false, drop: 1 },
    ],
    rows.map((r) => [
      r.googleAdsCampaignId,
      statusText(r.status),
      r.deletedInService ? `${r.campaignId} (deleted)` : r.campaignId,
      r.workspace,
      r.name,
      r.customerId,
      r.lastSyncAt ?? 'not yet',
    ]),
    { empty: 'No campaigns in the ad platform yet: adcli campaigns publish ID creates one there.' },
  );
}
