import { Option, type Command } from 'commander';
import type { Factory } from '../lib/factory.ts';
import { intArg } from '../lib/args.ts';
import { waitFlags } from './wait-flags.ts';

/** The contract's audience kinds (server/schemas/records.ts AUDIENCE_KINDS; a test keeps them equal). */
export const AUDIENCE_KINDS = ['custom', 'affinity', 'in_market'];

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
  cmd.option('--limit <n>', 'page size (1-100)', intArg(1, 100)).option('--all', 'follow every page');
  if (opts.name !== false) cmd.option('--name <text>', 'only names containing this text');
  return cmd;
}

const idempotency = (cmd: Command, what = 'change') =>
  cmd.option('--idempotency-key <key>', `make a retry of this exact ${what} safe (default: generated)`);

function audienceFlags(cmd: Command, update: boolean): Command {
  cmd
    .option('--name <name>', 'audience name (1-160 chars)')
    .option('--description <text>', 'description (up to 4000 chars)')
    .addOption(new Option('--kind <kind>', 'audience kind (default custom)').choices(AUDIENCE_KINDS))
    .option('--keyword <text>', `a keyword; repeat for several${update ? ' (replaces the list)' : ''}`, repeat)
    .option('--topic <text>', `a topic; repeat for several${update ? ' (replaces the list)' : ''}`, repeat)
    .option('--tag <text>', `a tag; repeat for several${update ? ' (replaces the list)' : ''}`, repeat)
    .option('--data-store <id>', `a data store the targeting is generated from; repeat for several${update ? ' (replaces the list)' : ''}`, repeat);
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
    .option('--name <name>', 'brand name (1-160 chars)')
    .option('--website <url>', 'http(s) URL of the brand ("" clears it)')
    .option('--description <text>', 'description (up to 4000 chars)');
}

function dataStoreFlags(cmd: Command, update: boolean): Command {
  cmd
    .option('--name <name>', 'data store name (1-160 chars)')
    .option('--description <text>', 'description (up to 4000 chars)')
    .option('--channel <id>', `a channel to collect (UC…, with its videos); repeat for several${update ? ' (replaces the list)' : ''}`, repeat)
    .option('--video <id>', `a single video to collect; repeat for several${update ? ' (replaces the list)' : ''}`, repeat);
  if (update) cmd.option('--no-channel', 'clear the channel sources').option('--no-video', 'clear the video sources');
  return cmd;
}

export function registerResources(program: Command, f: Factory): void {
  program
    .command('workspace')
    .description("Show the key's workspace: slug, counts and the newest campaigns")
    .action(async (_o, cmd) => (await workspace()).show(f, cmd));

  // audiences
  const a = program.command('audiences').description('List, inspect, create, change and delete saved audiences');
  listFlags(a.command('list').description('List saved audiences, newest first')).action(async (_o, cmd) => (await audiences()).list(f, cmd));
  a.command('get')
    .description('Show one saved audience')
    .argument('<id>', 'audience id')
    .action(async (id, _o, cmd) => (await audiences()).get(f, id, cmd));
  idempotency(audienceFlags(a.command('create').description('Create a saved audience (prompts for a missing name on a terminal)'), false), 'create').action(
    async (_o, cmd) => (await audiences()).create(f, cmd),
  );
  idempotency(audienceFlags(a.command('update').description('Change the given fields of a saved audience').argument('<id>', 'audience id'), true)).action(
    async (id, _o, cmd) => (await audiences()).update(f, id, cmd),
  );
  idempotency(
    a
      .command('delete')
      .description('Delete a saved audience (campaigns that use it keep their copy)')
      .argument('<id>', 'audience id')
      .option('-y, --yes', 'do not ask for confirmation'),
    'delete',
  ).action(async (id, _o, cmd) => (await audiences()).remove(f, id, cmd));

  // data stores
  const d = program.command('data-stores').description('List, inspect, create, fill and delete data stores of channels and videos');
  listFlags(d.command('list').description('List data stores, newest first'))
    .option('--include-library', 'also list the shared library stores')
    .action(async (_o, cmd) => (await dataStores()).list(f, cmd));
  waitFlags(
    d.command('get').description('Show one data store (also a library store) with its status and counts').argument('<id>', 'data store id'),
    WHILE_COLLECTING,
    'the data store',
  ).action(async (id, _o, cmd) => (await dataStores()).get(f, id, cmd));
  waitFlags(
    idempotency(
      dataStoreFlags(d.command('create').description('Create a data store; with --channel/--video it starts collecting (prompts for a missing name on a terminal)'), false),
      'create',
    ),
    WHILE_COLLECTING,
    'the data store',
  ).action(async (_o, cmd) => (await dataStores()).create(f, cmd));
  idempotency(
    dataStoreFlags(d.command('update').description('Rename a data store or replace its sources (collected again)').argument('<id>', 'data store id'), true),
  ).action(async (id, _o, cmd) => (await dataStores()).update(f, id, cmd));
  waitFlags(
    d
      .command('import')
      .description(
        'Import channels, videos and comments from JSON files: {channels, videos, comments}, a YouTube Data API list response, or an array of resources; sent in batches within the API limits',
      )
      .argument('<id>', 'data store id')
      .option('-f, --file <path>', 'a JSON file, or - for stdin; repeat for several', repeat)
      .option('--idempotency-key <key>', 'make a retry of this exact import safe: batch N uses KEY-N (default: generated)'),
    WHILE_COLLECTING,
    'the data store and the counts imported',
  ).action(async (id, _o, cmd) => (await dataStores()).importFiles(f, id, cmd));
  listFlags(d.command('channels').description("List a data store's channels").argument('<id>', 'data store id'), { name: false }).action(async (id, _o, cmd) =>
    (await dataStores()).channels(f, id, cmd),
  );
  listFlags(d.command('videos').description("List a data store's videos").argument('<id>', 'data store id'), { name: false })
    .option('--channel <id>', 'only the videos of this channel')
    .action(async (id, _o, cmd) => (await dataStores()).videos(f, id, cmd));
  idempotency(
    d
      .command('delete')
      .description('Delete a data store (also from the audiences that name it); library stores cannot be deleted')
      .argument('<id>', 'data store id')
      .option('-y, --yes', 'do not ask for confirmation'),
    'delete',
  ).action(async (id, _o, cmd) => (await dataStores()).remove(f, id, cmd));

  // brands
  const b = program.command('brands').description('List, inspect, create, change and delete brands');
  listFlags(b.command('list').description('List brands, newest first')).action(async (_o, cmd) => (await brands()).list(f, cmd));
  b.command('get')
    .description('Show one brand')
    .argument('<id>', 'brand id')
    .action(async (id, _o, cmd) => (await brands()).get(f, id, cmd));
  idempotency(brandFlags(b.command('create').description('Create a brand (prompts for a missing name on a terminal)')), 'create').action(async (_o, cmd) =>
    (await brands()).create(f, cmd),
  );
  idempotency(brandFlags(b.command('update').description('Change the given fields of a brand').argument('<id>', 'brand id'))).action(async (id, _o, cmd) =>
    (await brands()).update(f, id, cmd),
  );
  idempotency(
    b
      .command('delete')
      .description('Delete a brand (campaigns that used it go on without one)')
      .argument('<id>', 'brand id')
      .option('-y, --yes', 'do not ask for confirmation'),
    'delete',
  ).action(async (id, _o, cmd) => (await brands()).remove(f, id, cmd));
}
