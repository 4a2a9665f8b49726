import type { Command } from 'commander';
import { BOUNDS, CAMPAIGN_TYPES } from '../../generated/contract.ts';
import type { Campaign } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { checkRequest } from '../../lib/validate.ts';
import { bodyFromFlags } from './campaign-settings.ts';
import { printCampaign } from './print-campaign.ts';
import { settle, type WaitFlags } from './wait-for-campaign.ts';

/** `campaigns create [--wait]`: what is missing is asked for on a terminal. */
export async function create(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags & Record<string, unknown>>(cmd);
  const prompter = f.prompter;
  const body = bodyFromFlags(o);
  if (body.name === undefined) {
    const { min, max } = BOUNDS.name;
    body.name = await prompter.ask('--name', 'Campaign name', {
      validate: (v) =>
        (v.length >= min && v.length <= max) || `between ${min} and ${max} characters`,
    });
    if (prompter.canPrompt()) {
      if (body.objective === undefined)
        body.objective = await prompter.ask(
          '--objective',
          'Objective (what it should achieve, for whom)',
          { default: '' },
        );
      if (body.campaignType === undefined)
        body.campaignType = await prompter.choose('--type', 'Campaign type', CAMPAIGN_TYPES);
      if (body.budget === undefined) {
        const b = await prompter.ask('--budget', 'Daily budget (empty for none)', { default: '' });
        if (b) {
          body.budget = Number(b);
          body.budgetType = body.budgetType ?? 'daily';
        }
      }
    }
  }
  await checkRequest('create_campaign', { body });
  const client = await f.apiClient(o);
  const campaign = await client.call<Campaign>('create_campaign', {
    body,
    idempotencyKey: o.idempotencyKey as string | undefined,
  });
  if (o.wait) await settle(f, o, client, campaign);
  else await printCampaign(f.io, o, campaign, client);
}
