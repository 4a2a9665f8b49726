import type { Command } from 'commander';
import { accountsOf, currencyOf } from '../../lib/accounts.ts';
import { sayingErrors, type Rewrite } from '../../lib/cli-words.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import type { Responses } from '../../generated/responses.ts';
import type { ApiClient } from '../../lib/client.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { hint, printJson, say, warn } from '../../lib/output.ts';
import { isLocal } from '../../lib/target.ts';
import { checkRequest } from '../../lib/validate.ts';
import { showCampaign } from './print-campaign.ts';

/**
 * What creating a campaign in the ad platform still needs, as the API lists it, said with the
 * commands that give it.
 */
export function publishWords(id: string): Rewrite[] {
  const update = `adcli campaigns update ${id}`;
  return [
    [
      /\bpass customerId \(list_ads_accounts lists them\)/g,
      'pass --customer-id (adcli ads accounts lists them)',
    ],
    [
      /\ba campaignType \(([^)]*)\): set it with update_campaign\b/g,
      `a campaign type ($1): set it with ${update} --type TYPE`,
    ],
    [
      /: set budget and budgetType with update_campaign\b/g,
      `: set it with ${update} --budget AMOUNT --budget-type daily`,
    ],
    [/; set locations with update_campaign\b/g, `; set them with ${update} --location CODE`],
    // the language's (the campaign type's is said after a colon)
    [/; set it with update_campaign\b/g, `; set it with ${update} --language CODE`],
    [
      /\bset a later endDate, or none, with update_campaign first\b/g,
      `set a later one with ${update} --end-date YYYY-MM-DD, or none with --no-end-date, first`,
    ],
  ];
}

/**
 * A warning on stderr when a campaign in the ad platform has no targeting at all (no slot holds an
 * item): the platform gets none, and once on it serves to anyone its settings allow. Said after
 * publishing and after turning it on; a campaign the key cannot read says nothing.
 */
export async function warnIfUntargeted(
  io: IOStreams,
  client: ApiClient,
  campaignId: string,
): Promise<void> {
  let t: Responses['get_targeting'];
  try {
    t = await client.call('get_targeting', { params: { campaignId } });
  } catch {
    return;
  }
  if (t.audiences.some((s) => s.items.length > 0)) return;
  warn(
    io,
    `Campaign ${campaignId} has no targeting: the ad platform gets none, and once turned on it serves to anyone its settings allow.\n` +
      `Generate it: adcli targeting generate ${campaignId} --wait`,
  );
}

/** `campaigns publish ID`: the campaign created in the ad platform, paused. */
export async function publish(f: Factory, id: string, cmd: Command): Promise<void> {
  await sayingErrors(publishWords(id), () => publishIt(f, id, cmd));
}

async function publishIt(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ customerId?: string }>(cmd);
  const body = o.customerId ? { customerId: o.customerId } : {};
  await checkRequest('create_ads_campaign', {
    params: { campaignId: id },
    body,
    flags: { customerId: '--customer-id' },
  });
  const client = await f.apiClient(o);
  const r = await client.call<any>('create_ads_campaign', {
    params: { campaignId: id },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  if (o.json) printJson(f.io, r);
  else {
    showCampaign(
      f.io,
      r,
      currencyOf(await accountsOf(client), r.adsPlatform.customerId),
      isLocal(client.target),
    );
    say(
      f.io,
      `Created in the ad platform as campaign ${r.adsPlatform.campaignId}, PAUSED: nothing spends until someone turns it on there. Its settings, and the targeting adcli targeting show ${id} lists, are sent there at each sync: the first runs now, later changes go at the next one.`,
    );
    await warnIfUntargeted(f.io, client, id);
    hint(f.io, 'On adcli serve and the local profile, turn it on with:');
    hint(f.io, `  adcli backend ads set-status ${id} ENABLED`);
  }
}
