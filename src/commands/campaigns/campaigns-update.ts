import type { Command } from 'commander';
import type { Campaign } from '../../generated/responses.ts';
import { sayingErrors } from '../../lib/cli-words.ts';
import { optionsOf } from '../../lib/context.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { checkRequest } from '../../lib/validate.ts';
import { bodyFromFlags, CAMPAIGN_FLAGS, CAMPAIGN_WORDS } from './campaign-settings.ts';
import { printCampaign } from './print-campaign.ts';

/** `campaigns update ID`: the settings given, nothing else. */
export async function update(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<Record<string, unknown>>(cmd);
  const body = bodyFromFlags(o);
  await checkRequest('update_campaign', {
    params: { campaignId: id },
    body,
    flags: CAMPAIGN_FLAGS,
  });
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to change: give at least one setting flag (see adcli campaigns update --help)',
    );
  }
  const client = await f.apiClient(o);
  const updated = await sayingErrors(CAMPAIGN_WORDS, () =>
    client.call<Campaign>('update_campaign', {
      params: { campaignId: id },
      body,
      idempotencyKey: o.idempotencyKey as string | undefined,
    }),
  );
  await printCampaign(f.io, o, updated, client);
}
