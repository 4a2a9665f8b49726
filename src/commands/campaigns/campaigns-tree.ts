import { Option, type Command } from 'commander';
import { ADS_STATUS_FILTERS, BOUNDS, CAMPAIGN_STATUSES } from '../../generated/contract.ts';
import { limitOption } from '../../lib/args.ts';
import type { Factory } from '../../lib/factory.ts';
import { idempotencyFlag, waitFlags } from '../../lib/flags.ts';
import { examples } from '../../lib/help.ts';
import { withResourceFlags } from '../../lib/resource-flags.ts';
import { RESOURCE_FLAGS } from '../../generated/flags.ts';

const slots = () => import('./campaigns-audiences.ts');

/** What --wait on a campaign waits out. */
const WHILE_LOADING =
  'the campaign is loading (its data stores collect or its targeting generates)';

/**
 * Flags for every writable campaign setting, from its declaration (src/generated/flags.ts); on
 * update, --no-X clears a nullable one; create adds its data stores, saved audiences and account.
 */
const settingsFlags = (cmd: Command, update: boolean): Command =>
  withResourceFlags(cmd, RESOURCE_FLAGS.campaign, update ? 'update' : 'create');

/** `adcli campaigns …`, its audience slots included, under the group campaigns.ts declares. */
export function registerCampaignsTree(campaigns: Command, f: Factory): void {
  registerCampaignReads(campaigns, f);
  registerCampaignWrites(campaigns, f);
  registerCampaignAudiences(campaigns, f);
}

/** `campaigns list|get|open`. */
function registerCampaignReads(campaigns: Command, f: Factory): void {
  examples(
    campaigns
      .command('list')
      .description('List campaigns, newest first')
      .addOption(limitOption(BOUNDS.listLimit))
      .option('--all', 'follow every page')
      .option('--name <text>', 'only names containing this text')
      .addOption(
        new Option(
          '--status <status>',
          'only this data-readiness status (not whether it runs: see --ads-status)',
        ).choices(CAMPAIGN_STATUSES),
      )
      .addOption(
        new Option(
          '--ads-status <status>',
          'only this ad-platform status: ENABLED (running), PAUSED, REMOVED, or unpublished',
        ).choices(ADS_STATUS_FILTERS),
      )
      .action(async (_o, cmd) => (await import('./campaigns-list.ts')).list(f, cmd)),
    'adcli campaigns list',
    'adcli campaigns list --status ready --limit 10',
    '# the campaigns running in the ad platform',
    'adcli campaigns list --ads-status ENABLED',
    'adcli campaigns list --all --json',
  );
  examples(
    waitFlags(
      campaigns.command('get').description('Show one campaign').argument('<id>', 'campaign id'),
      WHILE_LOADING,
      'the campaign',
    )
      .option('--web', 'open the campaign page in a browser instead (as campaigns open)')
      .action(async (id, o, cmd) =>
        o.web
          ? (await import('./campaigns-open.ts')).openCampaign(f, id, cmd)
          : (await import('./campaigns-get.ts')).get(f, id, cmd),
      ),
    'adcli campaigns get 65f0c1d2e3a4b5c6d7e8f901',
    '# wait until its data stores are collected and its targeting generated',
    'adcli campaigns get 65f0c1d2e3a4b5c6d7e8f901 --wait',
  );
  examples(
    campaigns
      .command('open')
      .description(
        "Open the campaign's page in a browser (adcli serve: a one-time login link; elsewhere the campaign's url); prints the URL when no browser can be opened",
      )
      .argument('<id>', 'campaign id')
      .option('--no-browser', 'print the URL instead of opening a browser')
      .action(async (id, _o, cmd) =>
        (await import('./campaigns-open.ts')).openCampaign(f, id, cmd),
      ),
    'adcli campaigns open 65f0c1d2e3a4b5c6d7e8f901',
    'adcli campaigns open 65f0c1d2e3a4b5c6d7e8f901 --no-browser',
  );
}

/** `campaigns create|update|delete|publish`. */
function registerCampaignWrites(campaigns: Command, f: Factory): void {
  examples(
    waitFlags(
      idempotencyFlag(
        settingsFlags(
          campaigns
            .command('create')
            .description('Create a campaign (prompts for what is missing on a terminal)'),
          false,
        ),
        'create',
      ),
      WHILE_LOADING,
      'the campaign',
    ).action(async (_o, cmd) => (await import('./campaigns-create.ts')).create(f, cmd)),
    'adcli campaigns create --name "Spring launch" --type SEARCH --budget 50 --budget-type daily',
    'adcli campaigns create --name "Alps summer" --type VIDEO --location DE --location AT --language de --budget 5000 --budget-type total --end-date 2030-08-31',
    '# with the data stores to generate its targeting from; wait until it is ready',
    'adcli campaigns create --name "Trail runners" --data-store 65f0c1d2e3a4b5c6d7e8f901 --wait',
  );
  examples(
    idempotencyFlag(
      settingsFlags(
        campaigns
          .command('update')
          .description('Change the given settings of a campaign')
          .argument('<id>', 'campaign id'),
        true,
      ),
    ).action(async (id, _o, cmd) => (await import('./campaigns-update.ts')).update(f, id, cmd)),
    'adcli campaigns update 65f0c1d2e3a4b5c6d7e8f901 --budget 80 --bidding MAXIMIZE_CONVERSIONS',
    'adcli campaigns update 65f0c1d2e3a4b5c6d7e8f901 --no-budget --no-end-date',
  );
  examples(
    campaigns
      .command('delete')
      .description('Delete a campaign (a campaign in the ad platform is not touched there)')
      .argument('<id>', 'campaign id')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (id, _o, cmd) => (await import('./campaigns-delete.ts')).remove(f, id, cmd)),
    'adcli campaigns delete 65f0c1d2e3a4b5c6d7e8f901 --yes',
  );
  examples(
    idempotencyFlag(
      campaigns
        .command('publish')
        .description(
          'Create the campaign in the ad platform; always paused until someone turns it on there\n\n' +
            'On the local profile, and on adcli serve with its default simulated ad platform, you are that someone: ' +
            'adcli backend ads set-status CAMPAIGN ENABLED turns it on. A campaign whose end date has passed cannot be published.',
        )
        .argument('<id>', 'campaign id')
        .option(
          '--customer-id <id>',
          "ad-platform account (123-456-7890); default the campaign's own",
        ),
    ).action(async (id, _o, cmd) => (await import('./campaigns-publish.ts')).publish(f, id, cmd)),
    'adcli campaigns publish 65f0c1d2e3a4b5c6d7e8f901',
    'adcli campaigns publish 65f0c1d2e3a4b5c6d7e8f901 --customer-id 512-384-7260',
  );
}

/** `campaigns audiences list|add|update|remove`: the audience slots of one campaign. */
function registerCampaignAudiences(campaigns: Command, f: Factory): void {
  const audiences = examples(
    campaigns
      .command('audiences')
      .description(
        "List, add, change and remove a campaign's audience slots (each slot gets its own targeting)",
      ),
    'adcli campaigns audiences list 65f0c1d2e3a4b5c6d7e8f901',
    'adcli campaigns audiences add 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902',
  );
  examples(
    audiences
      .command('list')
      .description(
        "List a campaign's audience slots: the primary audience and the copies of saved audiences",
      )
      .argument('<campaign>', 'campaign id')
      .action(async (campaign, _o, cmd) => (await slots()).audiencesList(f, campaign, cmd)),
    'adcli campaigns audiences list 65f0c1d2e3a4b5c6d7e8f901',
  );
  examples(
    idempotencyFlag(
      withResourceFlags(
        audiences
          .command('add')
          .description(
            'Attach a copy of a saved audience (its name and data stores) to a campaign, as a new slot',
          )
          .argument('<campaign>', 'campaign id')
          .argument('<audience>', 'saved audience id (see adcli audiences list)'),
        RESOURCE_FLAGS.campaign_audience,
        'create',
      ),
    ).action(async (campaign, audience, _o, cmd) =>
      (await slots()).audiencesAdd(f, campaign, audience, cmd),
    ),
    'adcli campaigns audiences add 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --name "Home baristas"',
  );
  examples(
    idempotencyFlag(
      withResourceFlags(
        audiences
          .command('update')
          .description(
            "Rename an audience slot or replace its data stores (the primary audience's too)",
          )
          .argument('<campaign>', 'campaign id')
          .argument('<slot>', 'audience slot id (see adcli campaigns audiences list)'),
        RESOURCE_FLAGS.campaign_audience,
        'update',
      ),
    ).action(async (campaign, slot, _o, cmd) =>
      (await slots()).audiencesUpdate(f, campaign, slot, cmd),
    ),
    'adcli campaigns audiences update 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --data-store 65f0c1d2e3a4b5c6d7e8f903',
    'adcli campaigns audiences update 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --name "Espresso at home"',
  );
  examples(
    audiences
      .command('remove')
      .description(
        'Remove an attached audience and its targeting from a campaign (the primary audience stays)',
      )
      .argument('<campaign>', 'campaign id')
      .argument('<slot>', 'audience slot id (see adcli campaigns audiences list)')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (campaign, slot, _o, cmd) =>
        (await slots()).audiencesRemove(f, campaign, slot, cmd),
      ),
    'adcli campaigns audiences remove 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --yes',
  );
}
