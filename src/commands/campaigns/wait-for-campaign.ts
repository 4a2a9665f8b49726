import type { Campaign } from '../../generated/responses.ts';
import type { ApiClient } from '../../lib/client.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { escapeControl } from '../../lib/output.ts';
import type { Factory } from '../../lib/factory.ts';
import { follow } from '../../lib/wait.ts';
import { printCampaign } from './print-campaign.ts';

export type WaitFlags = { wait?: boolean; waitTimeout: number };

/**
 * `--wait` on a campaign: polls it while it is loading (its data stores collect or its targeting
 * generates), with the shared --wait; then prints it, and ends with exit 10 when it is in error.
 */
export async function settle(
  f: Factory,
  o: WaitFlags & { json?: boolean },
  client: ApiClient,
  campaign: Campaign,
): Promise<void> {
  const id = campaign.id;
  const x = await follow<Campaign>(f, {
    client,
    initial: campaign,
    poll: (signal) => client.call<Campaign>('get_campaign', { params: { campaignId: id }, signal }),
    settled: (c) => c.status !== 'loading',
    describe: (c) => `campaign ${id} ${c.status}`,
    spinnerText: (c) => `Loading campaign ${id}: ${c.status}`,
    timeoutMs: o.waitTimeout,
    json: o.json,
    job: 'the work',
    still: 'still loading',
    resume: `See it with adcli campaigns get ${id}, or keep waiting with adcli campaigns get ${id} --wait`,
  });
  await printCampaign(f.io, o, x, client);
  if (x.status === 'error') throw await campaignFailed(client, id);
}

/** Exit 10 naming the audience slots whose targeting failed, with their errors. */
async function campaignFailed(client: ApiClient, id: string): Promise<CliError> {
  const t = await client.call<{
    audiences: { id: string; name: string; status: string; error: string }[];
  }>('get_targeting', { params: { campaignId: id } });
  const failed = t.audiences.filter((s) => s.status === 'error');
  const what = failed.length
    ? `: targeting of ${failed.map((s) => `${escapeControl(s.name)} (slot ${s.id}): ${escapeControl(s.error || 'no reason given')}`).join('; ')}`
    : '';
  return new CliError(
    `campaign ${id} ended in error${what}. See adcli targeting show ${id}`,
    EXIT.jobFailed,
  );
}
