import type { Command } from 'commander';
import { BOUNDS } from '../../generated/contract.ts';
import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import type { Factory } from '../../lib/factory.ts';
import { deleteFlags, idempotencyFlag, listFlags, repeat, waitFlags } from '../../lib/flags.ts';
import { examples } from '../../lib/help.ts';
import { withResourceFlags } from '../../lib/resource-flags.ts';

const resource = () => import('./data-store-resource.ts');

/** What --wait on a data store waits out. */
const WHILE_COLLECTING = 'the data store collects';

const ID = '65f0c1d2e3a4b5c6d7e8f901';
const CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT';

/** The create and update flags, from the declaration (server/schemas/data-store.ts). */
const dataStoreFlags = (cmd: Command, update: boolean): Command =>
  withResourceFlags(cmd, RESOURCE_FLAGS.data_store, update ? 'update' : 'create');

/** `adcli data-stores list|get|create|update|import|…|delete`, under data-stores.ts's group. */
export function registerDataStoresTree(d: Command, f: Factory): void {
  examples(
    listFlags(d.command('list').description('List data stores, newest first'))
      .option('--include-library', 'also list the shared library stores')
      .action(async (_o, cmd) => (await resource()).list(f, cmd)),
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
    ).action(async (id, _o, cmd) => (await import('./data-stores-get.ts')).get(f, id, cmd)),
    `adcli data-stores get ${ID}`,
    `adcli data-stores get ${ID} --wait --wait-timeout 2m`,
  );
  examples(
    waitFlags(
      idempotencyFlag(
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
    ).action(async (_o, cmd) => (await import('./data-stores-create.ts')).create(f, cmd)),
    `adcli data-stores create --name "Trail running channels" --channel ${CHANNEL} --wait`,
    '# empty, to fill with adcli data-stores import',
    'adcli data-stores create --name "Imported creators"',
  );
  examples(
    idempotencyFlag(
      dataStoreFlags(
        d
          .command('update')
          .description('Rename a data store or replace its sources (collected again)')
          .argument('<id>', 'data store id'),
        true,
      ),
    ).action(async (id, _o, cmd) => (await resource()).update(f, id, cmd)),
    `adcli data-stores update ${ID} --name "Trail running (EU)"`,
    `adcli data-stores update ${ID} --channel ${CHANNEL} --no-video`,
  );
  registerContents(d, f);
  examples(
    idempotencyFlag(
      deleteFlags(
        d
          .command('delete')
          .description(
            'Delete a data store (also from the audiences that name it); library stores cannot be deleted',
          )
          .argument('<id>', 'data store id'),
      ),
      'delete',
    ).action(async (id, _o, cmd) => (await resource()).remove(f, id, cmd)),
    `adcli data-stores delete ${ID} --yes`,
  );
}

/** What goes into a data store by hand (`import`), and what it holds (`channels`, `videos`). */
function registerContents(d: Command, f: Factory): void {
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
    ).action(async (id, _o, cmd) =>
      (await import('./data-stores-import.ts')).importFiles(f, id, cmd),
    ),
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
    ).action(async (id, _o, cmd) =>
      (await import('./data-stores-channels.ts')).channels(f, id, cmd),
    ),
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
      .action(async (id, _o, cmd) => (await import('./data-stores-videos.ts')).videos(f, id, cmd)),
    `adcli data-stores videos ${ID} --channel ${CHANNEL}`,
  );
}
