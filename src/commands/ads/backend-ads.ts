/** `adcli backend ads list|set-status`: the simulated ad platform through adcli serve's controls. */
import type { Command } from 'commander';
import type { AdsStatus } from '../../generated/contract.ts';
import type { Responses } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { notice, printJson, say, statusText, table } from '../../lib/output.ts';
import { validateLocally } from '../../lib/validate.ts';
import { callControl, control } from '../backend/control-call.ts';
import { warnIfUntargeted } from '../campaigns/campaigns-publish.ts';

type PlatformCampaign = Responses['list_ads_campaigns']['data'][number];

/** `backend ads list`: the workspace's campaigns in the ad platform, as a person there sees them. */
export async function adsList(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const client = await f.apiClient(o);
  const { data } = await callControl<{ data: PlatformCampaign[] }>(client, 'list_ads_campaigns');
  if (o.json) return printJson(f.io, data);
  table(
    f.io,
    [
      { header: 'CAMPAIGN', id: true },
      'NAME',
      { header: 'STATUS', cut: false },
      { header: 'SERVING', cut: false },
      { header: 'AD PLATFORM ID', id: true, drop: 2 },
      { header: 'ACCOUNT', cut: false, drop: 3 },
      { header: 'LAST SYNC', cut: false, drop: 1 },
    ],
    data.map((c) => [
      c.deletedInService ? `${c.campaignId} (deleted)` : c.campaignId,
      c.name,
      statusText(c.status),
      c.serving.status === 'SERVING' ? 'yes' : c.serving.status.toLowerCase().replace('_', ' '),
      c.googleAdsCampaignId,
      `${c.customerId} (${c.currencyCode})`,
      c.lastSyncAt ? c.lastSyncAt.slice(0, 16).replace('T', ' ') : 'not yet',
    ]),
    {
      empty:
        'No campaign of this workspace is in the ad platform yet: adcli campaigns publish ID creates one there (paused).',
    },
  );
  // why a campaign does not serve is worth a line each on a terminal
  if (f.io.isStdoutTTY())
    for (const c of data)
      if (c.serving.reason && c.status === 'ENABLED')
        notice(f.io, `${c.campaignId}: not serving: ${c.serving.reason}`);
  // what the platform did not take is said wherever the table goes: the rest of the targeting went over
  for (const c of data)
    for (const problem of c.problems)
      say(f.io, `${c.campaignId}: not taken by the ad platform: ${problem}`);
}

/** `backend ads set-status CAMPAIGN STATUS`: what a person does in the ad platform. */
export async function adsSetStatus(
  f: Factory,
  campaign: string,
  status: AdsStatus,
  cmd: Command,
): Promise<void> {
  const o = optionsOf(cmd);
  await validateLocally(
    (await control('set_ads_status')).params!,
    { campaignId: campaign },
    'path',
  );
  const client = await f.apiClient(o);
  const r = await callControl<Responses['set_ads_status']>(client, 'set_ads_status', {
    params: { campaignId: campaign },
    body: { status },
  });
  if (o.json) return printJson(f.io, r);
  const what: Record<AdsStatus, string> = {
    ENABLED: 'it serves from now on, with the settings and targeting of its last sync',
    PAUSED: 'it stops serving until it is turned on again',
    REMOVED: 'it never serves again (a removed campaign cannot be turned back on)',
  };
  say(
    f.io,
    `Campaign ${r.campaignId} (ad platform ${r.googleAdsCampaignId}) is now ${r.status} in the ad platform: ${what[r.status]}. The service records it at the sync this started.`,
  );
  if (r.status === 'ENABLED') await warnIfUntargeted(f.io, client, r.campaignId);
}
