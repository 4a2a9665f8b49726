/**
 * The ad-platform commands, declared together: `adcli ads` (the accounts a key may use, through the
 * API), `adcli serve ads` (the operator's simulated platform, on a data dir or database) and
 * `adcli backend ads` (the same platform through adcli serve's controls, with a workspace's key).
 * The group `adcli ads` itself is declared in ads.ts.
 */
import { Argument, InvalidArgumentError, type Command } from 'commander';
import { ADS_STATUSES, type AdsStatus } from '../../generated/contract.ts';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';
import { withBackendStore } from '../serve/store-flags.ts';

const backendAds = () => import('./backend-ads.ts');

/** An ad-platform status, any case. */
function adsStatusArg(value: string): AdsStatus {
  const s = value.toUpperCase();
  if (!(ADS_STATUSES as readonly string[]).includes(s))
    throw new InvalidArgumentError(`must be one of ${ADS_STATUSES.join(', ')}`);
  return s as AdsStatus;
}

/** `adcli ads accounts`, under the group ads.ts declares. */
export function registerAdsTree(ads: Command, f: Factory): void {
  examples(
    ads
      .command('accounts')
      .description('List the ad-platform accounts this key may use, the default first')
      .action(async (_o, cmd) => (await import('./ads-accounts.ts')).accounts(f, cmd)),
    'adcli ads accounts',
    'adcli ads accounts --json',
  );
}

/** `adcli serve ads list|set-status`; their options merge with serve's (see serve-tree.ts). */
export function registerServeAds(serve: Command, f: Factory): void {
  const ads = examples(
    serve
      .command('ads')
      .description(
        "Act in the ad platform on a data dir, as its operator: the simulation, or Google Ads with --ads-platform google-ads (a workspace's key uses adcli backend ads)",
      ),
    'adcli serve ads list',
    'adcli serve ads set-status 65f0c1d2e3a4b5c6d7e8f901 ENABLED',
  );
  const adsList = withBackendStore(
    ads
      .command('list')
      .description(
        'List the campaigns in the ad platform: their status there and when the service last synced them',
      ),
  )
    .option('--json', 'print JSON')
    .action(async (_opts, cmd: Command) =>
      (await import('./serve-ads.ts')).listCampaigns(f, cmd.optsWithGlobals()),
    );
  examples(adsList, 'adcli serve ads list', 'adcli serve ads list --json');
  const setStatus = withBackendStore(
    ads
      .command('set-status')
      .description(
        "Set a campaign's status in the ad platform (ENABLED starts spending); the service records it at the sync this starts",
      )
      .argument('<campaign>', 'service campaign id, or the ad-platform campaign id')
      .addArgument(new Argument('<status>', 'status in the ad platform').choices(ADS_STATUSES)),
  )
    .option('--json', 'print JSON')
    .action(async (campaign, status, _opts, cmd: Command) =>
      (await import('./serve-ads.ts')).setStatus(f, campaign, status, cmd.optsWithGlobals()),
    );
  examples(
    setStatus,
    'adcli serve ads set-status 65f0c1d2e3a4b5c6d7e8f901 ENABLED',
    'adcli serve ads set-status 65f0c1d2e3a4b5c6d7e8f901 PAUSED',
  );
  registerServeAdsLinks(ads, f);
}

/** `adcli serve ads link|unlink|links`: which Google Ads accounts each workspace may use. */
function registerServeAdsLinks(ads: Command, f: Factory): void {
  const store = (c: Command) => withBackendStore(c).option('--json', 'print JSON');
  for (const verb of ['link', 'unlink'] as const) {
    const c = store(
      ads
        .command(verb)
        .description(
          verb === 'link'
            ? 'Let a workspace use a Google Ads account (adcli serve --ads-platform google-ads); once any is linked, each workspace uses its linked accounts only'
            : 'Take a Google Ads account from a workspace; its campaigns there are left as they are',
        )
        .requiredOption('--workspace <slug>', 'the workspace')
        .requiredOption('--customer-id <id>', 'the Google Ads account, 123-456-7890'),
    ).action(async (_opts, cmd: Command) =>
      (await import('./serve-ads-links.ts'))[verb](f, cmd.optsWithGlobals()),
    );
    examples(c, `adcli serve ads ${verb} --workspace acme --customer-id 123-456-7890`);
  }
  const list = store(
    ads.command('links').description('List which Google Ads accounts each workspace may use'),
  ).action(async (_opts, cmd: Command) =>
    (await import('./serve-ads-links.ts')).links(f, cmd.optsWithGlobals()),
  );
  examples(list, 'adcli serve ads links', 'adcli serve ads links --json');
}

/** `adcli backend ads list|set-status`. */
export function registerBackendAds(backend: Command, f: Factory): void {
  const ads = examples(
    backend
      .command('ads')
      .description(
        'Act in the simulated ad platform as a person would there: list its campaigns, turn one on, pause or remove it',
      ),
    'adcli backend ads list',
    'adcli backend ads set-status 65f0c1d2e3a4b5c6d7e8f901 ENABLED',
  );
  examples(
    ads
      .command('list')
      .description(
        "List the workspace's campaigns in the ad platform: status there, whether each serves now (and why not), last sync",
      )
      .action(async (_o, cmd) => (await backendAds()).adsList(f, cmd)),
    'adcli backend ads list',
    'adcli backend ads list --json',
  );
  examples(
    ads
      .command('set-status')
      .description(
        'Turn a published campaign on (ENABLED), pause it (PAUSED) or remove it for good (REMOVED) in the ad platform\n\n' +
          'The API never turns a campaign on: in the real ad platform a person does. The campaign is the service campaign id ' +
          'or the ad-platform id (which still works after the service campaign was deleted).',
      )
      .argument('<campaign>', 'campaign id, or its ad-platform id')
      .addArgument(
        new Argument(
          '<status>',
          `the status to set, any case: {${ADS_STATUSES.join(', ')}}`,
        ).argParser(adsStatusArg),
      )
      .action(async (campaign, status, _o, cmd) =>
        (await backendAds()).adsSetStatus(f, campaign, status, cmd),
      ),
    'adcli backend ads set-status 65f0c1d2e3a4b5c6d7e8f901 ENABLED',
    'adcli backend ads set-status 65f0c1d2e3a4b5c6d7e8f901 REMOVED',
  );
}
