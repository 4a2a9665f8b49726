import { Option, type Command } from 'commander';
import { AUDIENCE_KINDS, BOUNDS } from '../generated/contract.ts';
import type { Factory } from '../lib/factory.ts';
import { atMost, chars, limitOption } from '../lib/args.ts';
import { examples } from '../lib/help.ts';
import { waitFlags } from './wait-flags.ts';

const workspace = () => import('../commands/workspace.ts');
const audiences = () => import('../commands/audiences.ts');
const dataStores = () => import('../commands/data-stores.ts');
const brands = () => import('../commands/brands.ts');

/** What --wait on a data store waits out. */
const WHILE_COLLECTING = 'the data store collects';

/** A repeatable flag; after `--no-X` (false) the list starts again. */
export function repeat(value: string, previous: unknown): string[] {
  return [...(Array.isArray(previous) ? previous : []), value];
}

function listFlags(cmd: Command, opts: { name?: boolean } = {}): Command {
  cmd.addOption(limitOption(BOUNDS.listLimit)).option('--all', 'follow every page');
  if (opts.name !== false) cmd.option('--name <text>', 'only names containing this text');
  return cmd;
}

const idempotency = (cmd: Command, what = 'change') =>
  cmd.option(
    '--idempotency-key <key>',
    `make a retry of this exact ${what} safe, ${chars(BOUNDS.idempotencyKey)} (default: generated)`,
  );

const deleteFlags = (cmd: Command) =>
  cmd.option('-y, --yes', 'do not ask for confirmation (needed without a terminal)');

function audienceFlags(cmd: Command, update: boolean): Command {
  const replaces = update ? ' (replaces the list)' : '';
  cmd
    .option('--name <name>', `audience name, ${chars(BOUNDS.name)}`)
    .option('--description <text>', `description, ${chars(BOUNDS.description)}`)
    .addOption(
      new Option('--kind <kind>', `audience kind${update ? '' : ' (default custom)'}`).choices(
        AUDIENCE_KINDS,
      ),
    )
    .option(
      '--keyword <text>',
      `a keyword; repeat for several, ${atMost(BOUNDS.keywords)}${replaces}`,
      repeat,
    )
    .option('--topic <text>', `a topic; repeat for several${replaces}`, repeat)
    .option('--tag <text>', `a tag; repeat for several${replaces}`, repeat)
    .option(
      '--data-store <id>',
      `a data store the targeting is generated from; repeat for several, ${atMost(BOUNDS.dataStoreIds)}${replaces}`,
      repeat,
    );
  if (update) {
    cmd
      .option('--no-keyword', 'clear the keywords')
      .option('--no-topic', 'clear the topics')
      .option('--no-tag', 'clear the tags')
      .option('--no-data-store', 'clear the data stores');
  }
  return cmd;
}

function brandFlags(cmd: Command): Command {
  return cmd
    .option('--name <name>', `brand name, ${chars(BOUNDS.name)}`)
    .option('--website <url>', 'http(s) URL of the brand ("" clears it)')
    .option('--description <text>', `description, ${chars(BOUNDS.description)}`);
}

function dataStoreFlags(cmd: Command, update: boolean): Command {
  const replaces = update ? ' (replaces the list)' : '';
  cmd
    .option('--name <name>', `data store name, ${chars(BOUNDS.name)}`)
    .option('--description <text>', `description, ${chars(BOUNDS.description)}`)
    .option(
      '--channel <id>',
      `a channel to collect (UC…, with its videos); repeat for several, ${atMost(BOUNDS.channelIds)}${replaces}`,
      repeat,
    )
    .option(
      '--video <id>',
      `a single video to collect; repeat for several, ${atMost(BOUNDS.videoIds)}${replaces}`,
      repeat,
    );
  if (update)
    cmd
      .option('--no-channel', 'clear the channel sources')
      .option('--no-video', 'clear the video sources');
  return cmd;
}

const ID = '65f0c1d2e3a4b5c6d7e8f901';
const CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT';

export function registerResources(program: Command, f: Factory): void {
  examples(
    program
      .command('workspace')
      .description("Show the key's workspace: slug, counts and the newest campaigns")
      .action(async (_o, cmd) => (await workspace()).show(f, cmd)),
    'adcli workspace',
    'adcli workspace --json',
  );

  // audiences
  const a = examples(
    program
      .command('audiences')
      .description('List, inspect, create, change and delete saved audiences'),
    'adcli audiences list',
    'adcli audiences create --name "Home baristas" --keyword espresso --keyword "pour over"',
  );
  examples(
    listFlags(a.command('list').description('List saved audiences, newest first')).action(
      async (_o, cmd) => (await audiences()).list(f, cmd),
    ),
    'adcli audiences list',
    'adcli audiences list --name coffee --json',
  );
  examples(
    a
      .command('get')
      .description('Show one saved audience')
      .argument('<id>', 'audience id')
      .action(async (id, _o, cmd) => (await audiences()).get(f, id, cmd)),
    `adcli audiences get ${ID}`,
  );
  examples(
    idempotency(
      audienceFlags(
        a
          .command('create')
          .description('Create a saved audience (prompts for a missing name on a terminal)'),
        false,
      ),
      'create',
    ).action(async (_o, cmd) => (await audiences()).create(f, cmd)),
    'adcli audiences create --name "Home baristas" --kind affinity --keyword espresso --keyword "pour over"',
    `adcli audiences create --name "Trail runners" --data-store ${ID}`,
  );
  examples(
    idempotency(
      audienceFlags(
        a
          .command('update')
          .description('Change the given fields of a saved audience')
          .argument('<id>', 'audience id'),
        true,
      ),
    ).action(async (id, _o, cmd) => (await audiences()).update(f, id, cmd)),
    `adcli audiences update ${ID} --keyword espresso --keyword latte`,
    `adcli audiences update ${ID} --no-tag`,
  );
  examples(
    idempotency(
      deleteFlags(
        a
          .command('delete')
          .description('Delete a saved audience (campaigns that use it keep their copy)')
          .argument('<id>', 'audience id'),
      ),
      'delete',
    ).action(async (id, _o, cmd) => (await audiences()).remove(f, id, cmd)),
    `adcli audiences delete ${ID} --yes`,
  );

  // data stores
  const d = examples(
    program
      .command('data-stores')
      .description('List, inspect, create, fill and delete data stores of channels and videos'),
    'adcli data-stores list',
    `adcli data-stores create --name "Trail running channels" --channel ${CHANNEL} --wait`,
  );
  examples(
    listFlags(d.command('list').description('List data stores, newest first'))
      .option('--include-library', 'also list the shared library stores')
      .action(async (_o, cmd) => (await dataStores()).list(f, cmd)),
    'adcli data-stores list',
    'adcli data-stores list --include-library',
  );
  examples(
    waitFlags(
      d
        .command('get')
        .description('Show one data store (also a library store) with its status and counts')
        .argument('<id>', 'data store id'),
      WHILE_COLLECTING,
      'the data store',
    ).action(async (id, _o, cmd) => (await dataStores()).get(f, id, cmd)),
    `adcli data-stores get ${ID}`,
    `adcli data-stores get ${ID} --wait --wait-timeout 2m`,
  );
  examples(
    waitFlags(
      idempotency(
        dataStoreFlags(
          d
            .command('create')
            .description(
              'Create a data store; with --channel/--video it starts collecting (prompts for a missing name on a terminal)',
            ),
          false,
        ),
        'create',
      ),
      WHILE_COLLECTING,
      'the data store',
    ).action(async (_o, cmd) => (await dataStores()).create(f, cmd)),
    `adcli data-stores create --name "Trail running channels" --channel ${CHANNEL} --wait`,
    '# empty, to fill with adcli data-stores import',
    'adcli data-stores create --name "Imported creators"',
  );
  examples(
    idempotency(
      dataStoreFlags(
        d
          .command('update')
          .description('Rename a data store or replace its sources (collected again)')
          .argument('<id>', 'data store id'),
        true,
      ),
    ).action(async (id, _o, cmd) => (await dataStores()).update(f, id, cmd)),
    `adcli data-stores update ${ID} --name "Trail running (EU)"`,
    `adcli data-stores update ${ID} --channel ${CHANNEL} --no-video`,
  );
  examples(
    waitFlags(
      d
        .command('import')
        .description(
          'Import channels, videos and comments from JSON files: {channels, videos, comments}, a YouTube Data API list response, or an array of resources; sent in batches within the API limits' +
            ` (${BOUNDS.importChannels.max} channels, ${BOUNDS.importVideos.max} videos, ${BOUNDS.importComments.max} comments a request)`,
        )
        .argument('<id>', 'data store id')
        .option('-f, --file <path>', 'a JSON file, or - for stdin; repeat for several', repeat)
        .option(
          '--idempotency-key <key>',
          'make a retry of this exact import safe: batch N uses KEY-N (default: generated)',
        ),
      WHILE_COLLECTING,
      'the data store and the counts imported',
    ).action(async (id, _o, cmd) => (await dataStores()).importFiles(f, id, cmd)),
    `adcli data-stores import ${ID} --file channels.json --file videos.json`,
    `cat youtube-videos.json | adcli data-stores import ${ID} --file -`,
  );
  examples(
    listFlags(
      d
        .command('channels')
        .description("List a data store's channels")
        .argument('<id>', 'data store id'),
      { name: false },
    ).action(async (id, _o, cmd) => (await dataStores()).channels(f, id, cmd)),
    `adcli data-stores channels ${ID}`,
  );
  examples(
    listFlags(
      d
        .command('videos')
        .description("List a data store's videos")
        .argument('<id>', 'data store id'),
      { name: false },
    )
      .option('--channel <id>', 'only the videos of this channel')
      .action(async (id, _o, cmd) => (await dataStores()).videos(f, id, cmd)),
    `adcli data-stores videos ${ID} --channel ${CHANNEL}`,
  );
  examples(
    idempotency(
      deleteFlags(
        d
          .command('delete')
          .description(
            'Delete a data store (also from the audiences that name it); library stores cannot be deleted',
          )
          .argument('<id>', 'data store id'),
      ),
      'delete',
    ).action(async (id, _o, cmd) => (await dataStores()).remove(f, id, cmd)),
    `adcli data-stores delete ${ID} --yes`,
  );

  // brands
  const b = examples(
    program.command('brands').description('List, inspect, create, change and delete brands'),
    'adcli brands list',
    'adcli brands create --name "Northwind Outfitters" --website https://northwind.example',
  );
  examples(
    listFlags(b.command('list').description('List brands, newest first')).action(async (_o, cmd) =>
      (await brands()).list(f, cmd),
    ),
    'adcli brands list',
    'adcli brands list --name north --json',
  );
  examples(
    b
      .command('get')
      .description('Show one brand')
      .argument('<id>', 'brand id')
      .action(async (id, _o, cmd) => (await brands()).get(f, id, cmd)),
    `adcli brands get ${ID}`,
  );
  examples(
    idempotency(
      brandFlags(
        b
          .command('create')
          .description('Create a brand (prompts for a missing name on a terminal)'),
      ),
      'create',
    ).action(async (_o, cmd) => (await brands()).create(f, cmd)),
    'adcli brands create --name "Northwind Outfitters" --website https://northwind.example',
  );
  examples(
    idempotency(
      brandFlags(
        b
          .command('update')
          .description('Change the given fields of a brand')
          .argument('<id>', 'brand id'),
      ),
    ).action(async (id, _o, cmd) => (await brands()).update(f, id, cmd)),
    `adcli brands update ${ID} --description "Outdoor gear since 1984"`,
    `adcli brands update ${ID} --website ""`,
  );
  examples(
    idempotency(
      deleteFlags(
        b
          .command('delete')
          .description('Delete a brand (campaigns that used it go on without one)')
          .argument('<id>', 'brand id'),
      ),
      'delete',
    ).action(async (id, _o, cmd) => (await brands()).remove(f, id, cmd)),
    `adcli brands delete ${ID} --yes`,
  );
}
