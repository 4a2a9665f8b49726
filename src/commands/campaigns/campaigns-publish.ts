import type { Command } from 'commander';
import { accountsOf, currencyOf } from '../../lib/accounts.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { hint, printJson, say } from '../../lib/output.ts';
import { checkRequest } from '../../lib/validate.ts';
import { showCampaign } from './print-campaign.ts';

/** `campaigns publish ID`: the campaign created in the ad platform, paused. */
export async function publish(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ customerId?: string }>(cmd);
  const body = o.customerId ? { customerId: o.customerId } : {};
  await checkRequest('create_ads_campaign', { params: { campaignId: id }, body });
  const client = await f.apiClient(o);
  const r = await client.call<any>('create_ads_campaign', {
    params: { campaignId: id },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  if (o.json) printJson(f.io, r);
  else {
    showCampaign(f.io, r, currencyOf(await accountsOf(client), r.adsPlatform.customerId));
    say(
      f.io,
      `Created in the ad platform as campaign ${r.adsPlatform.campaignId}, PAUSED: nothing spends until someone turns it on there. Settings and targeting go over at the next sync.`,
    );
    hint(f.io, 'On adcli serve and the local profile, turn it on with:');
    hint(f.io, `  adcli backend ads set-status ${id} ENABLED`);
  }
}
