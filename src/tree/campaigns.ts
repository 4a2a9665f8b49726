import { Option, type Command } from 'commander';
import type { Factory } from '../lib/factory.ts';
import { collect, num } from '../lib/validate.ts';
import { intArg } from '../lib/args.ts';
import { waitFlags } from './wait-flags.ts';

export const CAMPAIGN_TYPES = ['SEARCH', 'DEMAND_GEN', 'VIDEO', 'DISPLAY'];
export const BUDGET_TYPES = ['daily', 'total'];
export const BIDDING_STRATEGIES = ['MAXIMIZE_CONVERSIONS', 'MAXIMIZE_CONVERSION_VALUE', 'TARGET_CPA', 'TARGET_ROAS', 'TARGET_CPC', 'TARGET_SPEND', 'MANUAL_CPC'];
export const CAMPAIGN_STATUSES = ['draft', 'loading', 'ready', 'error'];

const load = () => import('../commands/campaigns.ts');

/** What --wait on a campaign waits out. */
const WHILE_LOADING = 'the campaign is loading (its data stores collect or its targeting generates)';

/** Flags for every writable campaign setting; --no-X clears a nullable one. */
function settingsFlags(cmd: Command): Command {
  return cmd
    .option('--name <name>', 'campaign name (1-160 chars)')
    .option('--objective <text>', 'what the campaign should achieve and for whom (drives targeting)')
    .option('--brand <id>', 'brand id')
    .option('--no-brand', 'remove the brand')
    .option('--industry <text>', 'industry')
    .option('--language <code>', 'language code (default en)')
    .option('--location <code>', 'country or region code; repeat for several (replaces the list)', collect)
    .option('--success-metric <text>', 'a success metric; repeat for several (replaces the list)', collect)
    .addOption(new Option('--type <type>', 'campaign type').choices(CAMPAIGN_TYPES))
    .option('--budget <amount>', "budget in the account's currency", num)
    .option('--no-budget', 'clear the budget')
    .addOption(new Option('--budget-type <type>', 'daily, or total (needs --end-date)').choices(BUDGET_TYPES))
    .option('--end-date <YYYY-MM-DD>', 'last day (required for a total budget)')
    .option('--no-end-date', 'clear the end date')
    .addOption(new Option('--bidding <strategy>', 'bidding strategy').choices(BIDDING_STRATEGIES))
    .option('--no-bidding', 'clear the bidding strategy')
    .option('--target-cpa <amount>', 'target cost per acquisition', num)
    .option('--no-target-cpa', 'clear the target CPA')
    .option('--target-roas <ratio>', 'target return on ad spend', num)
    .option('--no-target-roas', 'clear the target ROAS');
}

export function registerCampaigns(program: Command, f: Factory): void {
  const campaigns = program.command('campaigns').description('List, inspect, create, change, delete and publish campaigns');
  campaigns
    .command('list')
    .description('List campaigns, newest first')
    .option('--limit <n>', 'page size (1-100)', intArg(1, 100))
    .option('--all', 'follow every page')
    .option('--name <text>', 'only names containing this text')
    .addOption(new Option('--status <status>', 'only this status').choices(CAMPAIGN_STATUSES))
    .action(async (_o, cmd) => (await load()).list(f, cmd));
  waitFlags(campaigns.command('get').description('Show one campaign').argument('<id>', 'campaign id'), WHILE_LOADING, 'the campaign').action(async (id, _o, cmd) =>
    (await load()).get(f, id, cmd),
  );
  waitFlags(
    settingsFlags(campaigns.command('create').description('Create a campaign (prompts for what is missing on a terminal)'))
      .option('--data-store <id>', "data store of the campaign's primary audience; repeat for several", collect)
      .option('--audience <id>', 'saved audience to attach a copy of; repeat for several', collect)
      .option('--idempotency-key <key>', 'make a retry of this exact create safe (default: generated)'),
    WHILE_LOADING,
    'the campaign',
  ).action(async (_o, cmd) => (await load()).create(f, cmd));
  settingsFlags(campaigns.command('update').description('Change the given settings of a campaign').argument('<id>', 'campaign id'))
    .option('--idempotency-key <key>', 'make a retry of this exact change safe (default: generated)')
    .action(async (id, _o, cmd) => (await load()).update(f, id, cmd));
  campaigns
    .command('delete')
    .description('Delete a campaign (a campaign in the ad platform is not touched there)')
    .argument('<id>', 'campaign id')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (id, _o, cmd) => (await load()).remove(f, id, cmd));
  campaigns
    .command('publish')
    .description('Create the campaign in the ad platform; always paused until someone turns it on there')
    .argument('<id>', 'campaign id')
    .option('--customer-id <id>', "ad-platform account (123-456-7890); default the campaign's own")
    .option('--idempotency-key <key>', 'make a retry safe (default: generated)')
    .action(async (id, _o, cmd) => (await load()).publish(f, id, cmd));
  registerCampaignAudiences(campaigns, f);
}

/** `campaigns audiences list|add|update|remove`: the audience slots of one campaign. */
function registerCampaignAudiences(campaigns: Command, f: Factory): void {
  const audiences = campaigns
    .command('audiences')
    .description("List, add, change and remove a campaign's audience slots (each slot gets its own targeting)");
  audiences
    .command('list')
    .description("List a campaign's audience slots: the primary audience and the copies of saved audiences")
    .argument('<campaign>', 'campaign id')
    .action(async (campaign, _o, cmd) => (await load()).audiencesList(f, campaign, cmd));
  audiences
    .command('add')
    .description('Attach a copy of a saved audience (its name and data stores) to a campaign, as a new slot')
    .argument('<campaign>', 'campaign id')
    .argument('<audience>', 'saved audience id (see adcli audiences list)')
    .option('--name <name>', "slot name (1-160 chars); default the saved audience's name")
    .option('--idempotency-key <key>', 'make a retry of this exact change safe (default: generated)')
    .action(async (campaign, audience, _o, cmd) => (await load()).audiencesAdd(f, campaign, audience, cmd));
  audiences
    .command('update')
    .description("Rename an audience slot or replace its data stores (the primary audience's too)")
    .argument('<campaign>', 'campaign id')
    .argument('<slot>', 'audience slot id (see adcli campaigns audiences list)')
    .option('--name <name>', 'slot name (1-160 chars)')
    .option('--data-store <id>', 'data store of the slot; repeat for several (replaces the list, at most 20)', collect)
    .option('--no-data-store', 'remove every data store from the slot')
    .option('--idempotency-key <key>', 'make a retry of this exact change safe (default: generated)')
    .action(async (campaign, slot, _o, cmd) => (await load()).audiencesUpdate(f, campaign, slot, cmd));
  audiences
    .command('remove')
    .description('Remove an attached audience and its targeting from a campaign (the primary audience stays)')
    .argument('<campaign>', 'campaign id')
    .argument('<slot>', 'audience slot id (see adcli campaigns audiences list)')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (campaign, slot, _o, cmd) => (await load()).audiencesRemove(f, campaign, slot, cmd));
}
