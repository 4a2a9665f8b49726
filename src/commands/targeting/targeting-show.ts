import type { Command } from 'commander';
import type { Targeting } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { printTargeting } from './print-targeting.ts';
import { finish, waitForSlots } from './wait-for-slots.ts';

async function checkCampaignId(campaignId: string): Promise<void> {
  await validateLocally((await operation('get_targeting')).params!, { campaignId }, 'path');
}

/** `targeting show CAMPAIGN [--wait]`. */
export async function show(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ wait?: boolean; waitTimeout: number }>(cmd);
  await checkCampaignId(campaignId);
  const client = await f.apiClient(o);
  const t = await client.call<Targeting>('get_targeting', { params: { campaignId } });
  if (!o.wait) return printTargeting(f.io, o, t, client);
  const generating = t.audiences.filter((s) => s.status === 'generating').map((s) => s.id);
  const final = await waitForSlots(f, o, client, campaignId, generating, t);
  await finish(f.io, o, campaignId, final, generating, client);
}
