import type { Command } from 'commander';
import type { Campaign } from '../../generated/responses.ts';
import { ApiCallError, type ApiClient } from '../../lib/client.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { once } from '../../lib/once.ts';
import { escapeControl, hint, printJson, say, warn } from '../../lib/output.ts';
import { isLocal } from '../../lib/target.ts';
import { checkRequest } from '../../lib/validate.ts';

/** A campaign as people know it: its name (escaped) and its id. */
const named = (x: { name: string; id: string }) => `"${escapeControl(x.name)}" (${x.id})`;

/** `campaigns delete ID`: asks on a terminal, then says what stays in the ad platform. */
export async function remove(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  await checkRequest('delete_campaign', { params: { campaignId: id } });
  const client = once(() => f.apiClient(o));
  let seen: Campaign | undefined;
  // Asked on a terminal only: the question names the campaign and says when it runs in the ad platform.
  await f.prompter.confirmDelete(`campaign ${id}`, o.yes, async () => {
    const x = (seen = await (
      await client()
    ).call<Campaign>('get_campaign', { params: { campaignId: id } }));
    const ads = x.adsPlatform;
    const live = ads.campaignId && ads.status === 'ENABLED';
    return {
      warning: live
        ? `"${escapeControl(x.name)}" is live in the ad platform:\n` +
          `its campaign ${ads.campaignId}${ads.customerId ? ` (account ${ads.customerId})` : ''} is ENABLED.\n` +
          'Deleting it here does not stop it: it keeps running there;\npause it in the ad platform.'
        : undefined,
      question: `Delete campaign ${named(x)}${live ? ' anyway' : ''}?`,
    };
  });
  // Whether it is in the ad platform is read before the delete: afterwards the record is gone.
  const before = seen ?? (await recordOrUnknown(await client(), id));
  const r = await (await client()).call('delete_campaign', { params: { campaignId: id } });
  if (o.json) printJson(f.io, r);
  else say(f.io, `Deleted campaign ${id}.`);
  await sayWhatRemains(f.io, await client(), id, before);
}

/** The record, or undefined when this key may not read it (the delete still decides). */
async function recordOrUnknown(client: ApiClient, id: string): Promise<Campaign | undefined> {
  try {
    return await client.call<Campaign>('get_campaign', { params: { campaignId: id } });
  } catch (e) {
    if (e instanceof ApiCallError) return undefined;
    throw e;
  }
}

/**
 * A delete leaves the campaign's ad-platform campaign as it was (the contract): said on stderr, with
 * how to remove it there. On adcli serve that is its ad-platform control; elsewhere the platform itself.
 */
async function sayWhatRemains(
  io: IOStreams,
  client: ApiClient,
  id: string,
  before: Campaign | undefined,
): Promise<void> {
  if (before && !before.adsPlatform.campaignId) return;
  const ads = before?.adsPlatform;
  if (ads?.status === 'REMOVED') {
    say(io, `Its ad-platform campaign ${ads.campaignId} was already REMOVED there.`);
    return;
  }
  const how = await removalHint(client, id);
  if (!ads) {
    hint(
      io,
      `If it was in the ad platform, its campaign there is not deleted and keeps its status.\n${how}`,
    );
    return;
  }
  const where = `Its ad-platform campaign ${ads.campaignId}${ads.customerId ? ` (account ${ads.customerId})` : ''}`;
  if (ads.status === 'ENABLED')
    warn(io, `${where} is not deleted: it stays there ENABLED and keeps spending.\n${how}`);
  else
    say(
      io,
      `${where} is not deleted: it stays there ${ads.status ?? 'PAUSED'}, spending nothing unless it is turned on.\n${how}`,
    );
}

/** How to remove a platform campaign, a line that ends with the command when there is one: adcli serve's control (the local profile is one), else the platform itself. */
async function removalHint(client: ApiClient, id: string): Promise<string> {
  const command = `Remove it there with: adcli backend ads set-status ${id} REMOVED`;
  if (isLocal(client.target)) return command;
  try {
    await client.call('get_clock');
    return command;
  } catch (e) {
    if (e instanceof ApiCallError && e.status === 403)
      return `With a key that has the backend scope, remove it there: adcli backend ads set-status ${id} REMOVED`;
    if (e instanceof ApiCallError && e.status === 404)
      return 'This deployment is not adcli serve: remove it in the ad platform itself.';
    // The delete is done: a failed probe only leaves both ways open.
    return `Remove it in the ad platform itself; on adcli serve: adcli backend ads set-status ${id} REMOVED`;
  }
}
