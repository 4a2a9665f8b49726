import type { Command } from 'commander';
import type { Campaign } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { checkRequest } from '../../lib/validate.ts';
import { printCampaign } from './print-campaign.ts';
import { settle, type WaitFlags } from './wait-for-campaign.ts';

/** `campaigns get ID [--wait]`. */
export async function get(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags>(cmd);
  await checkRequest('get_campaign', { params: { campaignId: id } });
  const client = await f.apiClient(o);
  const campaign = await client.call<Campaign>('get_campaign', { params: { campaignId: id } });
  if (o.wait) await settle(f, o, client, campaign);
  else await printCampaign(f.io, o, campaign, client);
}
